import { parentsCorner } from '../../content/parentsCorner';
import { ParentsCorner } from '../features/parents-corner/ParentsCorner';

export default function ParentsCornerPage() {
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1>{parentsCorner.heading}</h1>
          <p>{parentsCorner.intro}</p>
        </div>
      </header>
      <section className="section">
        <div className="container">
          <ParentsCorner />
        </div>
      </section>
    </>
  );
}
