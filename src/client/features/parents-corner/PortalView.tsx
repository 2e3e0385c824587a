import type { Ref } from 'react';
import { Link } from 'wouter';
import type { ParentsCornerEntry, ParentsCornerTexts } from '../../../content/parentsCorner';
import { compareIso } from '../../../shared/time';
import { DateText } from '../../ui/DateText';
import { ClockIcon, MailIcon, PhoneIcon } from '../../ui/icons';
import { portalTexts } from './texts';
import { PhoneLink, EmailLink } from '../../ui/ContactLinks';

const byDate = (a: ParentsCornerEntry, b: ParentsCornerEntry) => compareIso(a.date, b.date);
const newestFirst = (a: ParentsCornerEntry, b: ParentsCornerEntry) => compareIso(b.date, a.date);

type PortalViewProps = {
  parentsCorner: ParentsCornerTexts;
  /** As published and shown today: past ones are already gone. */
  events: ParentsCornerEntry[];
  notices: ParentsCornerEntry[];
  onLogout: () => void;
  /** Receives focus when the visitor has just logged in. */
  headingRef: Ref<HTMLHeadingElement>;
};

/** What a logged-in parent sees: events, notices, documents, office contact and links. */
export function PortalView({ parentsCorner, events, notices, onLogout, headingRef }: PortalViewProps) {
  const { contact } = parentsCorner;
  /** Soonest first. */
  const upcomingEvents = [...events].sort(byDate);
  /** Newest first. */
  const latestNotices = [...notices].sort(newestFirst);
  return (
    <div className="portal">
      <div className="portal__bar">
        <h2 className="portal__welcome" ref={headingRef} tabIndex={-1}>
          {parentsCorner.welcome}
        </h2>
        <button type="button" className="button button--outline" onClick={onLogout}>
          {parentsCorner.logoutLabel}
        </button>
      </div>
      <p className="portal__note">{portalTexts.generalInformationNote}</p>

      <div className="portal__layout">
        <div className="portal__main">
          <section className="portal__panel card" aria-labelledby="portal-events">
            <h3 id="portal-events">{parentsCorner.eventsHeading}</h3>
            {upcomingEvents.length ? (
              <ul className="portal-events" role="list">
                {upcomingEvents.map((event, index) => (
                  <li key={`${index}-${event.title}`} className="portal-events__item">
                    <DateText date={event.date} className="portal-events__date" />
                    <h4 className="portal-events__title">{event.title}</h4>
                    <p>{event.text}</p>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{parentsCorner.noEvents}</p>
            )}
          </section>

          <section className="portal__panel card" aria-labelledby="portal-notices">
            <h3 id="portal-notices">{parentsCorner.noticesHeading}</h3>
            {latestNotices.length ? (
              <ul className="portal-notices" role="list">
                {latestNotices.map((notice, index) => (
                  <li key={`${index}-${notice.title}`} className="portal-notices__item">
                    <h4 className="portal-notices__title">{notice.title}</h4>
                    <p className="portal-notices__date">
                      <DateText date={notice.date} />
                    </p>
                    <p>{notice.text}</p>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{parentsCorner.noNotices}</p>
            )}
          </section>
        </div>

        <div className="portal__aside">
          <section className="portal__panel card" aria-labelledby="portal-documents">
            <h3 id="portal-documents">{parentsCorner.documentsHeading}</h3>
            <p className="portal__small">{portalTexts.documentsNote}</p>
            <ul className="portal-documents" role="list">
              {parentsCorner.documents.map((parentDocument) => (
                <li key={parentDocument.title} className="portal-documents__item">
                  <span className="portal-documents__title">{parentDocument.title}</span>
                  <span className="portal-documents__description">{parentDocument.description}</span>
                  <span className="portal-documents__status">{portalTexts.documentAvailability}</span>
                </li>
              ))}
            </ul>
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
              {parentsCorner.links.map((link) => (
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
