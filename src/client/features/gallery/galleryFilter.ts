import type { GalleryImage } from '../../../content/gallery';
import { galleryCategories, type GalleryCategory } from '../../../content/galleryCategories';

export const ALL_IMAGES = 'all';
export type GalleryFilter = typeof ALL_IMAGES | GalleryCategory;

/** The filter buttons in order: All, then the categories in the spec's order. */
export const galleryFilters: readonly GalleryFilter[] = [ALL_IMAGES, ...galleryCategories];

/** The images a filter shows, in content order. */
export function filterGallery(images: readonly GalleryImage[], filter: GalleryFilter): GalleryImage[] {
  return filter === ALL_IMAGES ? [...images] : images.filter((image) => image.category === filter);
}

/** Images in the grid's first row load eagerly (they are in view at once); the rest lazily. */
export const EAGER_IMAGE_COUNT = 4;
