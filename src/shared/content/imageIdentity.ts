import type { Image } from '#content/images.ts';
import { isPhoto } from './photoCopies';

/**
 * What tells two images of the site content apart: an uploaded photo's id, an illustration's
 * address. No zod here: the gallery's grid keys its pictures by it in the browser.
 */
export const imageIdentity = (image: Image | { photoId: string; width: number; height: number }): string =>
  isPhoto(image) ? image.photoId : image.src;
