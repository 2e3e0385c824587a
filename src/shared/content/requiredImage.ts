import { photoMessages, siteImageSchema } from './photos';
import { z } from '#shared/zod.ts';

/**
 * An image field that must be filled: the site image schema's own options, with the plain
 * "Please choose a photo." where no image was chosen (the union alone says "Invalid input").
 */
export const requiredImageSchema = z.union(siteImageSchema.options, {
  error: (issue) => (issue.input === undefined || issue.input === null ? photoMessages.photoMissing : undefined),
});
