import type { PageProps } from '../app/pageRegistry';
import { usePageData } from '../app/pageData';
import { ParentsCorner } from '../features/parents-corner/ParentsCorner';
import { PageHeader } from '../ui/PageHeader';

export default function ParentsCornerPage({ route }: PageProps) {
  const { texts } = usePageData('parentsCorner', route);
  return (
    <>
      <PageHeader title={texts.heading} intro={texts.intro} />
      <section className="section">
        <div className="container">
          <ParentsCorner texts={texts} />
        </div>
      </section>
    </>
  );
}
