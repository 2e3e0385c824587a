import { lazy, Suspense, useId, useState } from 'react';
import type { galleryPage } from '#content/gallery.ts';
import type { GalleryItem } from '#shared/content/gallery.ts';
import { GalleryFilters } from './GalleryFilters';
import { GalleryGrid } from './GalleryGrid';
import { ALL_IMAGES, filterGallery, type GalleryFilter } from './galleryFilter';

/** The texts the gallery shows besides the photos. */
export type GalleryLabels = Pick<typeof galleryPage, 'allLabel' | 'emptyText'>;

// The lightbox's code comes when a visitor reaches for a picture, not with the page: the page stays within its JavaScript budget (decision 0006).
const loadLightbox = () => import('./Lightbox');
const Lightbox = lazy(() => loadLightbox().then(({ Lightbox: component }) => ({ default: component })));

/** Filters, the grid and the lightbox of the gallery page. */
export function Gallery({ images: allImages, labels }: { images: readonly GalleryItem[]; labels: GalleryLabels }) {
  const [filter, setFilter] = useState<GalleryFilter>(ALL_IMAGES);
  const [shown, setShown] = useState<number | null>(null);
  // Once opened, the lightbox stays mounted (closed between pictures), as its dialog element would in a page that shipped it.
  const [opened, setOpened] = useState(false);
  const openAt = (position: number) => {
    setOpened(true);
    setShown(position);
  };
  const gridId = useId();
  const images = filterGallery(allImages, filter);

  return (
    // A pointer over the grid, or focus in it, fetches the lightbox before the picture is opened.
    <div className="gallery" onPointerOver={() => void loadLightbox()} onFocus={() => void loadLightbox()}>
      <GalleryFilters selected={filter} onSelect={setFilter} controls={gridId} allLabel={labels.allLabel} />
      <GalleryGrid id={gridId} images={images} onOpen={openAt} emptyText={labels.emptyText} />
      {/* Mounted from the first picture opened, so no boundary or closed dialog sits in the prerendered page. */}
      {opened && (
        <Suspense fallback={null}>
          <Lightbox images={images} position={shown} onShow={setShown} onClose={() => setShown(null)} />
        </Suspense>
      )}
    </div>
  );
}
