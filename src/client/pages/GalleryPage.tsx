import { useId } from 'react';
import { Link } from 'wouter';
import { galleryPage } from '../../content/gallery';
import { Gallery } from '../features/gallery/Gallery';

export default function GalleryPage() {
  const { heading, intro, cta } = galleryPage;
  const ctaHeadingId = useId();
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1>{heading}</h1>
          <p>{intro}</p>
        </div>
      </header>
      <div className="section">
        <div className="container">
          <Gallery />
        </div>
      </div>
      <section className="call-to-action section section--primary" aria-labelledby={ctaHeadingId}>
        <div className="container call-to-action__inner">
          <h2 id={ctaHeadingId}>{cta.title}</h2>
          <div className="button-row call-to-action__buttons">
            <Link href={cta.path} className="button button--light">
              {cta.buttonLabel}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
