import type { PageProps } from '../app/pageRegistry';
import { usePageData } from '../app/pageData';
import { TeamGrid } from '../features/team/TeamGrid';
import { CallToAction } from '../ui/CallToAction';
import { PageHeader } from '../ui/PageHeader';

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
