import { team, teamPage } from '../../content/team';
import { TeamGrid } from '../features/team/TeamGrid';
import { CallToAction } from '../ui/CallToAction';

export default function OurTeamPage() {
  const { cta } = teamPage;
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1>{teamPage.heading}</h1>
          <p>{teamPage.intro}</p>
        </div>
      </header>
      <section className="section">
        <div className="container">
          <TeamGrid members={team} />
        </div>
      </section>
      <CallToAction title={cta.title} text={cta.text} actions={[{ label: cta.buttonLabel, path: cta.path }]} />
    </>
  );
}
