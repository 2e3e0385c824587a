import { useId, useState } from 'react';
import { galleryImages } from '../../../content/gallery';
import { GalleryFilters } from './GalleryFilters';
import { GalleryGrid } from './GalleryGrid';
import { ALL_IMAGES, filterGallery, type GalleryFilter } from './galleryFilter';
import { Lightbox } from './Lightbox';

/** Filters, the grid and the lightbox of the gallery page. */
export function Gallery() {
  const [filter, setFilter] = useState<GalleryFilter>(ALL_IMAGES);
  const [shown, setShown] = useState<number | null>(null);
  const gridId = useId();
  const images = filterGallery(galleryImages, filter);

  return (
    <div className="gallery">
      <GalleryFilters selected={filter} onSelect={setFilter} controls={gridId} />
      <GalleryGrid id={gridId} images={images} onOpen={setShown} />
      <Lightbox images={images} position={shown} onShow={setShown} onClose={() => setShown(null)} />
    </div>
  );
}
