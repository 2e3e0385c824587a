import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { ParentsCornerTexts } from '#content/parentsCorner.ts';
import type { ParentNotice } from '#shared/parents/parentsCorner.ts';
import { DateText } from '#client/ui/DateText.tsx';
import { EmailLink, PhoneLink } from '#client/ui/ContactLinks.tsx';
import { ClockIcon, MailIcon, PhoneIcon } from '#client/ui/icons/index.tsx';
import { CalendarFeed } from './CalendarFeed';
import { NoticeList } from './NoticeList';
import { ParentRequestError, type ParentViewAnswer } from './parentRequests';
import { portalRequests } from './portalRequests';
import { clockText } from './schoolClock';
import { portalTexts } from './texts';
import { YourAccount } from './YourAccount';

type PortalViewProps = {
  texts: ParentsCornerTexts;
  view: ParentViewAnswer;
  /** Log Out was pressed. */
  onLogout: () => void;
  /** The session is gone (logged out everywhere, or ended on the server): back to the form, with these words. */
  onSessionEnded: (message: string) => void;
  /** Just signed in (or back from the account): the heading takes focus. */
  focusHeading: boolean;
};

/**
 * What a signed-in parent sees, from one answer of the server: events, notices, documents, the
 * office's contact and links; or, one button away, their own account. Loaded only once the
 * server has said this browser is signed in, so the page's first scripts stay the login form's.
 */
export default function PortalView({ texts, view, onLogout, onSessionEnded, focusHeading }: PortalViewProps) {
  const [notices, setNotices] = useState(view.notices);
  const [noticeMail, setNoticeMail] = useState(view.noticeMail);
  const [inAccount, setInAccount] = useState(false);
  const [swapped, setSwapped] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusHeading || swapped) headingRef.current?.focus();
  }, [inAccount]);

  const opened = (notice: ParentNotice) => {
    setNotices((current) => current.map((each) => (each.id === notice.id ? { ...each, unread: false } : each)));
    portalRequests.markRead({ noticeId: notice.id }).catch((refused: unknown) => {
      if (refused instanceof ParentRequestError && refused.status === 401) onSessionEnded(refused.message);
    });
  };
  const showAccount = (shown: boolean) => {
    setSwapped(true);
    setInAccount(shown);
  };

  if (inAccount)
    return (
      <YourAccount
        onBack={() => showAccount(false)}
        onSessionEnded={onSessionEnded}
        noticeMail={noticeMail}
        onNoticeMailSaved={setNoticeMail}
      />
    );

  const { contact } = texts;
  return (
    <div className="portal">
      <div className="portal__bar">
        <div>
          <h2 className="portal__welcome" ref={headingRef} tabIndex={-1}>
            {texts.welcome}
          </h2>
          <p className="portal__family">{portalTexts.view.family(view.childName, view.className)}</p>
        </div>
        <div className="portal__actions">
          <button type="button" className="button button--outline" onClick={() => showAccount(true)}>
            {portalTexts.view.accountLink}
          </button>
          <button type="button" className="button button--outline" onClick={onLogout}>
            {texts.logoutLabel}
          </button>
        </div>
      </div>

      <div className="portal__layout">
        <div className="portal__main">
          <section className="portal__panel card" aria-labelledby="portal-events">
            <h3 id="portal-events">{texts.eventsHeading}</h3>
            {view.events.length ? (
              <ul className="portal-events" role="list">
                {view.events.map((event) => (
                  <li key={event.id} className="portal-events__item">
                    <p className="portal-events__when">
                      <DateText date={event.date} className="portal-events__date" />
                      {event.time ? <span className="portal-events__time">{clockText(event.time)}</span> : null}
                    </p>
                    <h4 className="portal-events__title">{event.title}</h4>
                    <p className="portal-events__place">{event.place}</p>
                    {event.text ? <p>{event.text}</p> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p>{texts.noEvents}</p>
            )}
            <CalendarFeed url={view.calendarFeedUrl} onSessionEnded={onSessionEnded} />
          </section>

          <section className="portal__panel card" aria-labelledby="portal-notices">
            <h3 id="portal-notices">{texts.noticesHeading}</h3>
            <NoticeList notices={notices} emptyText={texts.noNotices} onOpened={opened} />
          </section>
        </div>

        <div className="portal__aside">
          <section className="portal__panel card" aria-labelledby="portal-documents">
            <h3 id="portal-documents">{texts.documentsHeading}</h3>
            {view.documents.length ? (
              <ul className="portal-documents" role="list">
                {view.documents.map((parentDocument) => (
                  <li key={parentDocument.id} className="portal-documents__item">
                    <a className="portal-documents__title" href={parentDocument.href}>
                      {parentDocument.title}
                    </a>
                    <span className="portal-documents__description">{parentDocument.description}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="portal__small">{portalTexts.view.noDocuments}</p>
            )}
          </section>

          <section className="portal__panel card" aria-labelledby="portal-contact">
            <h3 id="portal-contact">{contact.heading}</h3>
            <ul className="contact-lines" role="list">
              <li>
                <PhoneIcon className="contact-lines__icon" />
                <span>
                  <span className="visually-hidden">{portalTexts.phoneLabel}: </span>
                  <PhoneLink phone={contact.phone} />
                </span>
              </li>
              <li>
                <MailIcon className="contact-lines__icon" />
                <span>
                  <span className="visually-hidden">{portalTexts.emailLabel}: </span>
                  <EmailLink email={contact.email} />
                </span>
              </li>
              <li>
                <ClockIcon className="contact-lines__icon" />
                <span>
                  <span className="visually-hidden">{portalTexts.officeHoursLabel}: </span>
                  {contact.officeHours}
                </span>
              </li>
            </ul>
          </section>

          <nav className="portal__panel card" aria-labelledby="portal-links">
            <h3 id="portal-links">{portalTexts.linksHeading}</h3>
            <ul className="portal-links" role="list">
              {texts.links.map((link) => (
                <li key={link.path}>
                  <Link href={link.path}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </div>
  );
}
