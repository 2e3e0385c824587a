import type { PageProps } from '#client/app/pageRegistry.ts';
import { usePageData } from '#client/app/pageData.tsx';
import { PageHeader } from '#client/ui/PageHeader.tsx';

/** The privacy notice: what the forms collect, why, for how long, who receives it, and the visitor's rights. */
export default function PrivacyPage({ route }: PageProps) {
  const { page, sections } = usePageData('privacy', route);
  return (
    <>
      <PageHeader title={page.heading} intro={page.intro} />
      <div className="section">
        <div className="container privacy">
          {sections.map((section, index) => (
            <section key={section.title} className="privacy__section" aria-labelledby={`privacy-section-${index}`}>
              <h2 id={`privacy-section-${index}`}>{section.title}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {section.list ? (
                <ul>
                  {section.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
              {section.after?.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
