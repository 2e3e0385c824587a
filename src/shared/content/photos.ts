/**
 * The photos the office uploads (issue 11) as content refers to them, and the addresses of their
 * processed copies. The server (src/server/photos) makes the copies; the pages show them through
 * the Picture primitive (src/client/ui/Picture.tsx) with srcset and sizes.
 */
import type { Image } from '../../content/images';
import { z } from '../zod';

/** The widths each photo is resized to; a photo narrower than one of them is not enlarged. */
export const PHOTO_WIDTHS = [480, 960, 1600] as const;

/** The formats of each width, best first: the browser takes the first it knows; JPEG is the fallback. */
export const photoFormats = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' } as const;
export type PhotoFormat = keyof typeof photoFormats;

/** Where the copies are served; their names never change (the id is a hash of the upload), so they are cached as immutable. */
export const PHOTO_PATH_PREFIX = '/media/photos';

export const photoMessages = {
  altMissing: 'Please describe the photo for people who cannot see it.',
  altTooLong: 'Please keep the description under 250 characters.',
  photoMissing: 'Please choose a photo.',
} as const;

/** A hash of the uploaded file's bytes: the same photo uploaded twice is one photo. */
export const photoIdSchema = z.string().regex(/^[0-9a-f]{24}$/);

const altSchema = z.string().trim().min(1, photoMessages.altMissing).max(250, photoMessages.altTooLong);
const sizeSchema = z.number().int().positive().max(20_000);

/** An uploaded photo: its id and its upright size (the largest copy's). */
export const photoSchema = z.object({ photoId: photoIdSchema, width: sizeSchema, height: sizeSchema, alt: altSchema });
export type Photo = z.output<typeof photoSchema>;

/** An illustration that ships with the site (public/images), as the starting content uses. */
export const illustrationSchema = z.object({
  src: z.string().regex(/^\/images\/[a-z0-9/-]+\.(svg|png|jpg|webp)$/),
  width: sizeSchema,
  height: sizeSchema,
  alt: altSchema,
});

/** What an image field of the site content holds: one of the site's own illustrations, or an uploaded photo. Alt text is required either way. */
export const siteImageSchema = z.union([photoSchema, illustrationSchema]);
export type SiteImage = Image | Photo;

export const isPhoto = (image: SiteImage): image is Photo => 'photoId' in image;

/** The widths a photo has copies at: those of PHOTO_WIDTHS below its own width, and its own width. */
export function photoWidths(width: number): number[] {
  const largest = Math.min(width, PHOTO_WIDTHS.at(-1) ?? width);
  return [...PHOTO_WIDTHS.filter((candidate) => candidate < largest), largest];
}

export function photoSrc(photoId: string, width: number, format: PhotoFormat): string {
  return `${PHOTO_PATH_PREFIX}/${photoId}-${width}.${format === 'jpeg' ? 'jpg' : format}`;
}

/** The size of a photo's copy at a width, its height in proportion. */
export function photoHeightAt(photo: Pick<Photo, 'width' | 'height'>, width: number): number {
  return Math.round((photo.height * width) / photo.width);
}
