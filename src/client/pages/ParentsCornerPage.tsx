import type { PageProps } from '../app/pageRegistry';
import { usePageData } from '../app/pageData';
import { ParentsCorner } from '../features/parents-corner/ParentsCorner';
import { PageHeader } from '../ui/PageHeader';

export default function ParentsCornerPage({ route }: PageProps) {
  const { texts, events, notices } = usePageData('parentsCorner', route);
  return (
    <>
      <PageHeader title={texts.heading} intro={texts.intro} />
      <section className="section">
        <div className="container">
          <ParentsCorner texts={texts} events={events} notices={notices} />
        </div>
      </section>
    </>
  );
}
