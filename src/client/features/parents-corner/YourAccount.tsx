import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { DateText } from '#client/ui/DateText.tsx';
import type { NoticeMailChoice } from '#shared/parents/parentMessages.ts';
import { newPasswordHint } from './ChoosePassword';
import { NoticeMailForm } from './NoticeMailForm';
import { ParentRequestError, refusalText, type ParentDevicesAnswer } from './parentRequests';
import { FormOutcome, type Outcome } from './FormOutcome';
import { portalRequests } from './portalRequests';
import { clockText, schoolMoment } from './schoolClock';
import { portalTexts } from './texts';

const texts = portalTexts.account;

/** A moment as 'March 18, 2025, 9:30 AM' at the school. */
function Moment({ instant }: { instant: string }) {
  const { day, time } = schoolMoment(instant);
  return (
    <>
      <DateText date={day} />, {clockText(time)}
    </>
  );
}

/** The parent's own account: a new password, how notice emails come, the devices logged in, and logging out everywhere. */
export function YourAccount({
  onBack,
  onSessionEnded,
  noticeMail,
  onNoticeMailSaved,
}: {
  onBack: () => void;
  onSessionEnded: (message: string) => void;
  noticeMail: NoticeMailChoice;
  onNoticeMailSaved: (choice: NoticeMailChoice) => void;
}) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [devices, setDevices] = useState<ParentDevicesAnswer | undefined>(undefined);
  const [outcome, setOutcome] = useState<Outcome>(undefined);
  const [sending, setSending] = useState(false);

  const ended = (refused: unknown) => {
    if (refused instanceof ParentRequestError && refused.status === 401) {
      onSessionEnded(refused.message);
      return true;
    }
    return false;
  };
  const loadDevices = () => portalRequests.devices().then(setDevices, ended);

  useEffect(() => {
    headingRef.current?.focus();
    void loadDevices();
  }, []);

  async function changePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSending(true);
    setOutcome(undefined);
    try {
      const { message } = await portalRequests.changePassword({
        currentPassword: String(form.get('current') ?? ''),
        newPassword: String(form.get('new') ?? ''),
      });
      formRef.current?.reset();
      setOutcome({ done: message });
      void loadDevices();
    } catch (refused) {
      if (!ended(refused)) setOutcome({ error: refusalText(refused, portalTexts.unreachable) });
    } finally {
      setSending(false);
    }
  }

  async function signOutEverywhere() {
    try {
      onSessionEnded((await portalRequests.signOutEverywhere()).message);
    } catch (refused) {
      if (!ended(refused)) setOutcome({ error: refusalText(refused, portalTexts.unreachable) });
    }
  }

  return (
    <div className="portal portal-account">
      <div className="portal__bar">
        <h2 className="portal__welcome" ref={headingRef} tabIndex={-1}>
          {texts.heading}
        </h2>
        <button type="button" className="button button--outline" onClick={onBack}>
          {texts.backLabel}
        </button>
      </div>
      <div className="portal__layout">
        <section className="portal__panel card" aria-labelledby={`${id}-password`}>
          <h3 id={`${id}-password`}>{texts.passwordHeading}</h3>
          <form ref={formRef} aria-labelledby={`${id}-password`} onSubmit={changePassword}>
            <FormOutcome outcome={outcome} />
            <div className="field">
              <label className="field__label" htmlFor={`${id}-current`}>
                {texts.currentLabel}
              </label>
              <input
                className="field__input"
                id={`${id}-current`}
                name="current"
                type="password"
                autoComplete="current-password"
                required
              />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-new`}>
                {texts.newLabel}
              </label>
              <input
                className="field__input"
                id={`${id}-new`}
                name="new"
                type="password"
                autoComplete="new-password"
                aria-describedby={`${id}-hint`}
                required
              />
              <span id={`${id}-hint`} className="field__hint">
                {newPasswordHint}
              </span>
            </div>
            <button type="submit" className="button button--primary" disabled={sending}>
              {texts.submitLabel}
            </button>
          </form>
        </section>

        <NoticeMailForm noticeMail={noticeMail} onSaved={onNoticeMailSaved} ended={ended} />

        <section className="portal__panel card" aria-labelledby={`${id}-devices`}>
          <h3 id={`${id}-devices`}>{texts.devicesHeading}</h3>
          {devices ? (
            <ul className="portal-devices" role="list">
              {devices.map((device, index) => (
                <li key={`${index}-${device.signedInAt}`} className="portal-devices__item">
                  <span className="portal-devices__browser">
                    {device.browser}
                    {device.current ? <span className="portal-devices__current">{texts.thisDevice}</span> : null}
                  </span>
                  <span className="portal__small">
                    {texts.signedInAt} <Moment instant={device.signedInAt} />. {texts.lastUsedAt}{' '}
                    <Moment instant={device.lastUsedAt} />.
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p role="status">{portalTexts.loading}</p>
          )}
          <p className="portal__small" id={`${id}-everywhere`}>
            {texts.signOutEverywhereHint}
          </p>
          <button
            type="button"
            className="button button--outline"
            aria-describedby={`${id}-everywhere`}
            onClick={signOutEverywhere}
          >
            {texts.signOutEverywhere}
          </button>
        </section>
      </div>
    </div>
  );
}
