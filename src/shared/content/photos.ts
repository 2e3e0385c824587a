/**
 * The photos the office uploads (issue 11) as content refers to them, and the addresses of their
 * processed copies. The server (src/server/photos) makes the copies; the pages show them through
 * the Picture primitive (src/client/ui/Picture.tsx) with srcset and sizes.
 */
import type { Image } from '#content/images.ts';
import { z } from '#shared/zod.ts';

// The addresses of the copies live apart, without zod, so that Picture (on public pages) does not bring zod to the browser.
export * from './photoCopies';

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
