/**
 * Where an uploaded photo's copies are and what sizes they have: what Picture needs on public
 * pages. No zod here (photos.ts has the schemas and re-exports this), so a page that shows a
 * picture does not download a validation library.
 */
import type { Image } from '#content/images.ts';

/** What the copies' addresses depend on: an uploaded photo (photos.ts's Photo) has these. */
type PhotoCopies = { photoId: string; width: number; height: number };

/** The widths each photo is resized to; a photo narrower than one of them is not enlarged. */
export const PHOTO_WIDTHS = [480, 960, 1600] as const;

/** The formats of each width, best first: the browser takes the first it knows; JPEG is the fallback. */
export const photoFormats = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' } as const;
export type PhotoFormat = keyof typeof photoFormats;

/** Where the copies are served; their names never change (the id is a hash of the upload), so they are cached as immutable. */
export const PHOTO_PATH_PREFIX = '/media/photos';

export const isPhoto = <I extends Image | PhotoCopies>(image: I): image is Extract<I, PhotoCopies> =>
  'photoId' in image;

/** The widths a photo has copies at: those of PHOTO_WIDTHS below its own width, and its own width. */
export function photoWidths(width: number): number[] {
  const largest = Math.min(width, PHOTO_WIDTHS.at(-1) ?? width);
  return [...PHOTO_WIDTHS.filter((candidate) => candidate < largest), largest];
}

export function photoSrc(photoId: string, width: number, format: PhotoFormat): string {
  return `${PHOTO_PATH_PREFIX}/${photoId}-${width}.${format === 'jpeg' ? 'jpg' : format}`;
}

/** The size of a photo's copy at a width, its height in proportion. */
export function photoHeightAt(photo: Pick<PhotoCopies, 'width' | 'height'>, width: number): number {
  return Math.round((photo.height * width) / photo.width);
}
