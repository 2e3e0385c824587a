import type { GalleryItem } from '#shared/content/gallery.ts';
import { galleryCategories, type GalleryCategory } from '#content/galleryCategories.ts';

export const ALL_IMAGES = 'all';
export type GalleryFilter = typeof ALL_IMAGES | GalleryCategory;

/** The filter buttons in order: All, then the categories in the spec's order. */
export const galleryFilters: readonly GalleryFilter[] = [ALL_IMAGES, ...galleryCategories];

/** The images a filter shows, in content order. */
export function filterGallery(images: readonly GalleryItem[], filter: GalleryFilter): GalleryItem[] {
  return filter === ALL_IMAGES ? [...images] : images.filter((image) => image.category === filter);
}

/** Images in the grid's first row load eagerly (they are in view at once); the rest lazily. */
export const EAGER_IMAGE_COUNT = 4;

/** How wide a grid picture shows (gallery.css): a quarter of the 1160px container, a third, or half of a phone. */
export const GRID_IMAGE_SIZES = '(min-width: 1000px) 280px, (min-width: 700px) 33vw, 50vw';
