import type { PageProps } from '#client/app/pageRegistry.ts';
import { usePageData } from '#client/app/pageData.tsx';
import { Gallery } from '#client/features/gallery/Gallery.tsx';
import { CallToAction } from '#client/ui/CallToAction.tsx';
import { PageHeader } from '#client/ui/PageHeader.tsx';

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
