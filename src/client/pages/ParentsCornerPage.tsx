import { parentsCorner } from '../../content/parentsCorner';
import { ParentsCorner } from '../features/parents-corner/ParentsCorner';
import { PageHeader } from '../ui/PageHeader';

export default function ParentsCornerPage() {
  return (
    <>
      <PageHeader title={parentsCorner.heading} intro={parentsCorner.intro} />
      <section className="section">
        <div className="container">
          <ParentsCorner />
        </div>
      </section>
    </>
  );
}
