import { Link } from 'wouter';
import type { PageProps } from '#client/app/pageRegistry.ts';
import { usePageData } from '#client/app/pageData.tsx';
import { CallToAction } from '#client/ui/CallToAction.tsx';
import { PageHeader } from '#client/ui/PageHeader.tsx';

export default function OurApproachPage({ route }: PageProps) {
  const { aboutPage, ourApproach, closingCta } = usePageData('ourApproach', route);
  const otherAboutPages = aboutPage.subPageLinks.filter((link) => link.path !== route.path);
  return (
    <>
      <PageHeader title={ourApproach.title} intro={ourApproach.intro} />

      <section className="section">
        <div className="container">
          <ol className="approach-list grid grid--3" role="list">
            {ourApproach.sections.map((section, index) => (
              <li key={section.title} className="approach-list__item card">
                <span className="approach-list__number" aria-hidden="true">
                  {String(index + 1).padStart(2, '0')}
                </span>
                <h2 className="approach-list__title">{section.title}</h2>
                <p>{section.text}</p>
              </li>
            ))}
          </ol>
          <nav className="related-links" aria-label={aboutPage.heading}>
            <ul className="button-row" role="list">
              <li>
                <Link href="/about" className="button button--outline">
                  {aboutPage.heading}
                </Link>
              </li>
              {otherAboutPages.map((link) => (
                <li key={link.path}>
                  <Link href={link.path} className="button button--outline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
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
