import { useLocation } from 'wouter';
import type { ProgramName } from '#content/programs.ts';
import { programPath } from '#shared/routeTable.ts';
import type { PageProps } from '#client/app/pageRegistry.ts';
import { usePageData } from '#client/app/pageData.tsx';
import { LocalSeoBox } from '#client/features/programs/LocalSeoBox.tsx';
import { ProgramTabs } from '#client/features/programs/ProgramTabs.tsx';
import { programsHeading, selectedProgram, showsLocalSeo } from '#client/features/programs/programsRules.ts';
import { CallToAction } from '#client/ui/CallToAction.tsx';
import { PageHeader } from '#client/ui/PageHeader.tsx';

/**
 * Programs, also shown at /curriculum and /programs/{anything}. The selected tab lives in the
 * address: choosing a tab replaces it with /programs/{tab} (so Back leaves the page).
 */
export default function ProgramsPage({ route }: PageProps) {
  const [location, navigate] = useLocation();
  const selected = selectedProgram(route.params.program);
  const { page, programs, details } = usePageData('programs', route);
  const { intro, applyCta, localSeo } = page;

  const select = (program: ProgramName) => {
    if (route.params.program !== program) navigate(programPath(program), { replace: true });
  };

  return (
    <>
      <PageHeader title={programsHeading(location, page)} intro={intro} />
      <div className="section programs-section">
        <div className="container">
          <ProgramTabs selected={selected} onSelect={select} programs={programs} details={details} />
        </div>
      </div>
      {showsLocalSeo(location) && <LocalSeoBox title={localSeo.title} text={localSeo.text} />}
      <CallToAction
        title={applyCta.title}
        text={applyCta.text}
        actions={[{ label: applyCta.buttonLabel, path: applyCta.path }]}
      />
    </>
  );
}
