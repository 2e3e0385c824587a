import { useId, useState } from 'react';
import type { galleryPage } from '../../../content/gallery';
import type { GalleryItem } from '../../../shared/content/gallery';
import { GalleryFilters } from './GalleryFilters';
import { GalleryGrid } from './GalleryGrid';
import { ALL_IMAGES, filterGallery, type GalleryFilter } from './galleryFilter';
import { Lightbox } from './Lightbox';

/** The texts the gallery shows besides the photos. */
export type GalleryLabels = Pick<typeof galleryPage, 'allLabel' | 'emptyText'>;

/** Filters, the grid and the lightbox of the gallery page. */
export function Gallery({ images: allImages, labels }: { images: readonly GalleryItem[]; labels: GalleryLabels }) {
  const [filter, setFilter] = useState<GalleryFilter>(ALL_IMAGES);
  const [shown, setShown] = useState<number | null>(null);
  const gridId = useId();
  const images = filterGallery(allImages, filter);

  return (
    <div className="gallery">
      <GalleryFilters selected={filter} onSelect={setFilter} controls={gridId} allLabel={labels.allLabel} />
      <GalleryGrid id={gridId} images={images} onOpen={setShown} emptyText={labels.emptyText} />
      <Lightbox images={images} position={shown} onShow={setShown} onClose={() => setShown(null)} />
    </div>
  );
}
