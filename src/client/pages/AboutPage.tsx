import { Link } from 'wouter';
import { areasServed, areasServedSection } from '#content/areasServed.ts';
import type { PageProps } from '#client/app/pageRegistry.ts';
import { usePageData } from '#client/app/pageData.tsx';
import { useSiteData } from '#client/app/siteData.tsx';
import { CallToAction } from '#client/ui/CallToAction.tsx';
import {
  ArrowRightIcon,
  ClockIcon,
  ExternalLinkIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
} from '#client/ui/icons/index.tsx';
import { NEW_TAB_HINT } from '#client/ui/newTab.ts';
import { PhoneLink, EmailLink } from '#client/ui/ContactLinks.tsx';
import { PageHeader } from '#client/ui/PageHeader.tsx';

export default function AboutPage({ route }: PageProps) {
  const { aboutPage, whoWeAre, image, closingCta } = usePageData('about', route);
  const { school } = useSiteData();
  return (
    <>
      <PageHeader title={aboutPage.heading} intro={aboutPage.intro} />

      <section className="section" aria-labelledby="who-we-are">
        <div className="container about-story">
          <div className="about-story__text">
            <h2 id="who-we-are">{whoWeAre.title}</h2>
            {whoWeAre.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <img
            className="about-story__image"
            src={image.src}
            alt={image.alt}
            width={image.width}
            height={image.height}
            decoding="async"
          />
        </div>
      </section>

      <div className="section section--sand">
        <div className="container">
          <ul className="link-cards grid grid--3" role="list">
            {aboutPage.subPageLinks.map((link) => (
              <li key={link.path} className="link-cards__item card">
                <p>{link.text}</p>
                <Link href={link.path} className="button button--primary link-cards__button">
                  {link.label}
                  <ArrowRightIcon size={18} />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <section className="section" aria-labelledby="visit-us">
        <div className="container location">
          <div className="location__contact card">
            <h2 id="visit-us">{aboutPage.locationHeading}</h2>
            <ul className="contact-lines" role="list">
              <li>
                <MapPinIcon className="contact-lines__icon" />
                <address className="contact-lines__address">
                  {school.name}
                  {school.addressLines.map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </address>
              </li>
              {school.phones.map((phone) => (
                <li key={phone.e164}>
                  <PhoneIcon className="contact-lines__icon" />
                  <span>
                    <span className="contact-lines__label">{phone.label}</span>
                    <PhoneLink phone={phone} />
                  </span>
                </li>
              ))}
              <li>
                <MailIcon className="contact-lines__icon" />
                <EmailLink email={school.email} />
              </li>
              <li>
                <ClockIcon className="contact-lines__icon" />
                <span>
                  {school.officeHours.map((hours) => (
                    <span key={hours} className="contact-lines__line">
                      {hours}
                    </span>
                  ))}
                </span>
              </li>
            </ul>
            <a className="button button--primary" href={school.mapsUrl} target="_blank" rel="noopener noreferrer">
              {aboutPage.mapsLinkLabel}
              <span className="visually-hidden">{` ${NEW_TAB_HINT}`}</span>
              <ExternalLinkIcon size={18} />
            </a>
          </div>

          <div className="location__areas">
            <h2>{areasServedSection.heading}</h2>
            <p>{areasServedSection.intro}</p>
            <div className="areas">
              {areasServed.map((group) => (
                <div key={group.title} className="areas__group">
                  <h3 className="areas__title">{group.title}</h3>
                  <ul className="areas__list" role="list">
                    {group.places.map((place) => (
                      <li key={place}>{place}</li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          </div>
        </div>
      </section>

      <CallToAction
        title={closingCta.title}
        text={closingCta.text}
        actions={[closingCta.primary, closingCta.secondary]}
      />
    </>
  );
}
