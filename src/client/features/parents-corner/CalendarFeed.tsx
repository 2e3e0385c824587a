import { useEffect, useId, useRef, useState } from 'react';
import { ParentRequestError, refusalText } from './parentRequests';
import { portalRequests } from './portalRequests';
import { portalTexts } from './texts';

const texts = portalTexts.view;

/** The same address for calendar apps that subscribe from a link (iPhone, Mac, Outlook). */
const subscribeHref = (url: string) => url.replace(/^https?:/, 'webcal:');

/**
 * The parent's private calendar feed: made when first asked for, then the link that subscribes,
 * the address to copy into Google Calendar, and a way to replace it if it was shared.
 */
export function CalendarFeed({
  url: firstUrl,
  onSessionEnded,
}: {
  url: string | null;
  onSessionEnded: (message: string) => void;
}) {
  const id = useId();
  const addressRef = useRef<HTMLInputElement>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const [url, setUrl] = useState(firstUrl);
  const [said, setSaid] = useState('');
  const [sending, setSending] = useState(false);
  /** The button pressed is gone once the address is made: the cursor goes to the link that took its place. */
  const [made, setMade] = useState(false);
  useEffect(() => {
    if (made) linkRef.current?.focus();
  }, [made]);

  const replace = async (message: string) => {
    setSending(true);
    try {
      setUrl((await portalRequests.replaceCalendarFeed()).calendarFeedUrl);
      setSaid(message);
      if (!url) setMade(true);
    } catch (refused) {
      if (refused instanceof ParentRequestError && refused.status === 401) onSessionEnded(refused.message);
      else setSaid(refusalText(refused, portalTexts.unreachable));
    } finally {
      setSending(false);
    }
  };

  const copy = (address: string) =>
    navigator.clipboard.writeText(address).then(
      () => setSaid(texts.copied),
      () => {
        addressRef.current?.select();
        setSaid(texts.copyByHand);
      },
    );

  return (
    <div className="portal__calendar">
      {url ? (
        <>
          <p className="portal__calendar-link">
            <a href={subscribeHref(url)} ref={linkRef}>
              {texts.calendarLink}
            </a>
            <span className="portal__small">{texts.calendarHint}</span>
          </p>
          <label className="field__label" htmlFor={`${id}-address`}>
            {texts.calendarAddressLabel}
          </label>
          <p className="portal__small" id={`${id}-hint`}>
            {texts.calendarAddressHint}
          </p>
          <div className="portal__calendar-address">
            <input
              id={`${id}-address`}
              ref={addressRef}
              className="field__input"
              readOnly
              value={url}
              aria-describedby={`${id}-hint`}
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className="button button--outline" onClick={() => void copy(url)}>
              {texts.copyLabel}
            </button>
          </div>
          <p className="portal__small">
            <button
              type="button"
              className="button button--link"
              disabled={sending}
              onClick={() => void replace(texts.replaced)}
            >
              {texts.replaceLabel}
            </button>{' '}
            {texts.replaceHint}
          </p>
        </>
      ) : (
        <p className="portal__calendar-link">
          <button
            type="button"
            className="button button--outline"
            disabled={sending}
            onClick={() => void replace(texts.calendarReady)}
          >
            {texts.calendarLink}
          </button>
          <span className="portal__small">{texts.calendarHint}</span>
        </p>
      )}
      <p role="status" className="portal__small">
        {said}
      </p>
    </div>
  );
}
