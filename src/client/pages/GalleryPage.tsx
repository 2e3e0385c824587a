import type { PageProps } from '../app/pageRegistry';
import { usePageData } from '../app/pageData';
import { Gallery } from '../features/gallery/Gallery';
import { CallToAction } from '../ui/CallToAction';
import { PageHeader } from '../ui/PageHeader';

export default function GalleryPage({ route }: PageProps) {
  const { page, images } = usePageData('gallery', route);
  const { heading, intro, cta } = page;
  return (
    <>
      <PageHeader title={heading} intro={intro} />
      <div className="section">
        <div className="container">
          <Gallery images={images} labels={page} />
        </div>
      </div>
      <CallToAction title={cta.title} actions={[{ label: cta.buttonLabel, path: cta.path }]} />
    </>
  );
}
