import { useId } from 'react';

/** The 'Montessori programs in Perungudi, OMR' box shown within the /programs section. */
export function LocalSeoBox({ title, text }: { title: string; text: string }) {
  const headingId = useId();
  return (
    <section className="section local-seo" aria-labelledby={headingId}>
      <div className="container">
        <div className="local-seo__box">
          <h2 id={headingId}>{title}</h2>
          <p>{text}</p>
        </div>
      </div>
    </section>
  );
}
