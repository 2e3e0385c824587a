import { galleryPage } from '../../content/gallery';
import { Gallery } from '../features/gallery/Gallery';
import { CallToAction } from '../ui/CallToAction';
import { PageHeader } from '../ui/PageHeader';

export default function GalleryPage() {
  const { heading, intro, cta } = galleryPage;
  return (
    <>
      <PageHeader title={heading} intro={intro} />
      <div className="section">
        <div className="container">
          <Gallery />
        </div>
      </div>
      <CallToAction title={cta.title} actions={[{ label: cta.buttonLabel, path: cta.path }]} />
    </>
  );
}
