import { areasServed, areasServedSection } from '#content/areasServed.ts';
import { contactPage } from '#content/contact.ts';
import { MapFacade } from '#client/features/enquiry/contact/MapFacade.tsx';
import { ContactForm } from '#client/features/enquiry/contact/ContactForm.tsx';
import { WhatsAppCard } from '#client/features/enquiry/contact/WhatsAppCard.tsx';
import { ClockIcon, FacebookIcon, InstagramIcon, MailIcon, MapPinIcon, PhoneIcon } from '#client/ui/icons/index.tsx';
import { NEW_TAB_HINT } from '#client/ui/newTab.ts';
import { PhoneLink, EmailLink } from '#client/ui/ContactLinks.tsx';
import { PageHeader } from '#client/ui/PageHeader.tsx';
import { useSiteData } from '#client/app/siteData.tsx';

const { infoCards } = contactPage;

function InfoPanel() {
  const { school } = useSiteData();
  // A long address may wrap on a narrow card: let it break after the @, not inside a word.
  const [emailLocalPart, emailDomain] = school.email.split('@');
  const socialLinks = [
    { label: infoCards.facebookLabel, url: school.social.facebook, Icon: FacebookIcon },
    { label: infoCards.instagramLabel, url: school.social.instagram, Icon: InstagramIcon },
  ];
  return (
    <section className="section contact-info" aria-labelledby="contact-info-heading">
      <div className="container">
        <div className="contact-info__intro">
          <h2 id="contact-info-heading">{contactPage.seoBlock.title}</h2>
          <p>{contactPage.seoBlock.text}</p>
        </div>
        <div className="grid grid--3 contact-info__cards">
          <article className="card contact-card" aria-labelledby="contact-card-school">
            <h3 id="contact-card-school">{school.name}</h3>
            <p className="contact-card__tagline">{school.tagline}</p>
            <ul className="contact-card__lines">
              <li>
                <MapPinIcon className="contact-card__icon" />
                <address className="contact-card__address">
                  {school.addressLines.map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </address>
              </li>
              {school.phones.map((phone) => (
                <li key={phone.e164}>
                  <PhoneIcon className="contact-card__icon" />
                  <span>
                    <span className="contact-card__label">{phone.label}</span>
                    <PhoneLink phone={phone} className="contact-card__link" />
                  </span>
                </li>
              ))}
            </ul>
          </article>
          <article className="card contact-card" aria-labelledby="contact-card-contact">
            <h3 id="contact-card-contact">{infoCards.contactTitle}</h3>
            <ul className="contact-card__lines">
              <li>
                <MailIcon className="contact-card__icon" />
                <span>
                  <span className="contact-card__label">{infoCards.emailLabel}</span>
                  <EmailLink email={school.email} className="contact-card__link">
                    {emailLocalPart}@
                    <wbr />
                    {emailDomain}
                  </EmailLink>
                </span>
              </li>
              <li>
                <ClockIcon className="contact-card__icon" />
                <span>
                  <span className="contact-card__label">{infoCards.hoursLabel}</span>
                  {school.officeHours.map((hours) => (
                    <span key={hours} className="contact-card__hours">
                      {hours}
                    </span>
                  ))}
                </span>
              </li>
            </ul>
          </article>
          <article className="card contact-card" aria-labelledby="contact-card-connect">
            <h3 id="contact-card-connect">{infoCards.connectTitle}</h3>
            <p className="contact-card__social-text">News, events and photos from everyday school life.</p>
            <ul className="contact-card__social">
              {socialLinks.map(({ label, url, Icon }) => (
                <li key={label}>
                  <a
                    href={url}
                    className="contact-card__social-link"
                    target="_blank"
                    rel="noopener"
                    aria-label={`${label} ${NEW_TAB_HINT}`}
                  >
                    <Icon size={24} />
                  </a>
                </li>
              ))}
            </ul>
          </article>
        </div>
      </div>
    </section>
  );
}

function AreasServed() {
  return (
    <section className="section contact-areas" aria-labelledby="areas-served-heading">
      <div className="container">
        <div className="section__header">
          <h2 id="areas-served-heading">{areasServedSection.heading}</h2>
          <p className="lead">{areasServedSection.intro}</p>
        </div>
        <div className="grid grid--3">
          {areasServed.map((group) => (
            <div key={group.title} className="card contact-areas__group">
              <h3>{group.title}</h3>
              <ul className="contact-areas__places">
                {group.places.map((place) => (
                  <li key={place}>{place}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

export default function ContactPage() {
  const { school } = useSiteData();
  return (
    <>
      <PageHeader title={contactPage.heading} intro={contactPage.tagline} />
      <InfoPanel />
      <section className="section section--sand contact-form-section">
        <div className="container contact-form-section__layout">
          <div className="card contact-form-section__form">
            <ContactForm />
          </div>
          <WhatsAppCard schoolName={school.name} admissionsPhone={school.phones[0]} />
        </div>
      </section>
      <AreasServed />
      <MapFacade addressLines={school.addressLines} mapsUrl={school.mapsUrl} mapsEmbedUrl={school.mapsEmbedUrl} />
    </>
  );
}
