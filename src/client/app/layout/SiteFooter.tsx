import { Link } from 'wouter';
import {
  ClockIcon,
  ExternalLinkIcon,
  FacebookIcon,
  InstagramIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
} from '#client/ui/icons/index.tsx';
import { COPYRIGHT_YEAR_ID, useCopyrightYear } from './copyrightYear';
import { ExternalLink } from '#client/ui/ExternalLink.tsx';
import { shellText } from './shellText';
import { PhoneLink, EmailLink } from '#client/ui/ContactLinks.tsx';
import { useSiteData } from '../siteData';

export function SiteFooter() {
  const { school, footerLinkGroups } = useSiteData();
  const year = useCopyrightYear();
  const socialLinks = [
    { name: 'Facebook', url: school.social.facebook, Icon: FacebookIcon },
    { name: 'Instagram', url: school.social.instagram, Icon: InstagramIcon },
  ] as const;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__about" aria-labelledby="footer-school">
          <h2 id="footer-school" className="site-footer__school">
            <img src="/favicon.svg" alt="" width={40} height={40} className="site-footer__logo" />
            {school.name}
          </h2>
          <p className="site-footer__tagline">{school.tagline}</p>
          <ul className="site-footer__contact">
            <li>
              <MapPinIcon size={18} />
              <address>
                {school.addressLines.map((line) => (
                  <span key={line} className="site-footer__address-line">
                    {line}
                  </span>
                ))}
              </address>
            </li>
            {school.phones.map((phone) => (
              <li key={phone.e164}>
                <PhoneIcon size={18} />
                <span>
                  <span className="site-footer__label">{phone.label}: </span>
                  <PhoneLink phone={phone} />
                </span>
              </li>
            ))}
            <li>
              <MailIcon size={18} />
              <EmailLink email={school.email} />
            </li>
            <li>
              <ClockIcon size={18} />
              <span>
                <span className="site-footer__label">{shellText.officeHoursLabel}: </span>
                {school.officeHoursText}
              </span>
            </li>
          </ul>
        </section>

        {footerLinkGroups.map((group) => (
          <nav
            key={group.title}
            className="site-footer__group"
            aria-label={`${shellText.footerNavPrefix}: ${group.title}`}
          >
            <h2 className="site-footer__heading">{group.title}</h2>
            <ul className="site-footer__links">
              {group.links.map((link) => (
                <li key={link.path}>
                  <Link href={link.path}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}

        <div className="site-footer__group site-footer__group--network">
          <section aria-labelledby="footer-network">
            <h2 id="footer-network" className="site-footer__heading">
              {shellText.networkHeading}
            </h2>
            <ul className="site-footer__links">
              {school.sisterSchools.map((sister) => (
                <li key={sister.url}>
                  <ExternalLink href={sister.url} className="site-footer__external">
                    {sister.name}
                    <ExternalLinkIcon size={14} />
                  </ExternalLink>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="footer-social">
            <h2 id="footer-social" className="site-footer__heading">
              {shellText.socialHeading}
            </h2>
            <ul className="site-footer__social">
              {socialLinks.map(({ name, url, Icon }) => (
                <li key={name}>
                  <ExternalLink href={url} className="site-footer__social-link">
                    <Icon size={22} />
                    <span className="visually-hidden">{name}</span>
                  </ExternalLink>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
      <div className="site-footer__bottom">
        <p className="container">
          ©{' '}
          <time id={COPYRIGHT_YEAR_ID} dateTime={String(year)}>
            {year}
          </time>{' '}
          {school.name}. {shellText.rightsReserved}
        </p>
      </div>
    </footer>
  );
}
