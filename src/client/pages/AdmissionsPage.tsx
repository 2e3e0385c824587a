import { Link } from 'wouter';
import { programPath } from '#shared/routeTable.ts';
import { ArrowRightIcon } from '#client/ui/icons/index.tsx';
import { PageHeader } from '#client/ui/PageHeader.tsx';
import type { PageProps } from '#client/app/pageRegistry.ts';
import { usePageData } from '#client/app/pageData.tsx';

export default function AdmissionsPage({ route }: PageProps) {
  const { page: admissionsPage, ageGroups, steps: admissionSteps } = usePageData('admissions', route);
  return (
    <>
      <PageHeader title={admissionsPage.heading} intro={admissionsPage.intro} />

      <section className="section" aria-labelledby="age-groups">
        <div className="container">
          <h2 id="age-groups" className="section-title">
            {admissionsPage.ageGroupsHeading}
          </h2>
          <ul className="age-groups grid grid--4" role="list">
            {ageGroups.map((group) => (
              <li key={group.program} className="age-groups__item card">
                <h3 className="age-groups__title">
                  <Link href={programPath(group.program)}>{group.title}</Link>
                </h3>
                <p className="age-groups__age">{group.ageLabel}</p>
                <p>{group.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--sand" aria-labelledby="admission-steps">
        <div className="container">
          <h2 id="admission-steps" className="section-title">
            {admissionsPage.stepsHeading}
          </h2>
          <ol className="steps" role="list">
            {admissionSteps.map((step) => (
              <li key={step.title} className="steps__item">
                <h3 className="steps__title">{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <div className="section">
        <div className="container terms-note">
          <p className="terms-note__text">{admissionsPage.termsNote}</p>
          <Link href={admissionsPage.cta.path} className="button button--accent">
            {admissionsPage.cta.label}
            <ArrowRightIcon size={18} />
          </Link>
        </div>
      </div>
    </>
  );
}
