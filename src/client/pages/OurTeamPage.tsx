import type { PageProps } from '#client/app/pageRegistry.ts';
import { usePageData } from '#client/app/pageData.tsx';
import { TeamGrid } from '#client/features/team/TeamGrid.tsx';
import { CallToAction } from '#client/ui/CallToAction.tsx';
import { PageHeader } from '#client/ui/PageHeader.tsx';

export default function OurTeamPage({ route }: PageProps) {
  const { page: teamPage, team } = usePageData('ourTeam', route);
  const { cta } = teamPage;
  return (
    <>
      <PageHeader title={teamPage.heading} intro={teamPage.intro} />
      <div className="section">
        <div className="container">
          <TeamGrid members={team} />
        </div>
      </div>
      <CallToAction title={cta.title} text={cta.text} actions={[{ label: cta.buttonLabel, path: cta.path }]} />
    </>
  );
}
