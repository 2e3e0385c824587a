/**
 * The gallery as the office edits it (issue 11): photos in the office's order, each with a caption
 * and one of the six categories. The starting gallery is the one that ships in src/content.
 */
import { galleryImages } from '#content/gallery.ts';
import { galleryCategories } from '#content/galleryCategories.ts';
import { imageIdentity } from './imageIdentity';
import { requiredImageSchema } from './requiredImage';
import { z } from '#shared/zod.ts';

export const GALLERY_MAX_ITEMS = 60;
export const CAPTION_MAX_CHARS = 80;

/** The dashboard's labels of an item's fields, and of the list. The picture's group is named after its item: a page's groups need names of their own. */
export const galleryLabels = {
  image: (position: number) => `Picture for photo ${position}`,
  title: 'Caption',
  category: 'Category',
} as const;
export const galleryList = {
  item: 'photo',
  add: 'Add a photo',
  hint: 'The Gallery page shows the photos in this order; visitors can show one category at a time.',
  chooseCategory: 'Choose a category',
} as const;

export const galleryMessages = {
  captionMissing: 'Please write a caption for the photo.',
  captionTooLong: `Please keep the caption under ${CAPTION_MAX_CHARS} characters.`,
  categoryMissing: 'Please choose the category the photo belongs to.',
  photoTwice: 'This photo is already in the gallery. Please choose another one.',
  tooMany: `Please keep at most ${GALLERY_MAX_ITEMS} photos in the gallery.`,
  empty: 'Please keep at least one photo in the gallery.',
} as const;

export const galleryItemSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, galleryMessages.captionMissing)
    .max(CAPTION_MAX_CHARS, galleryMessages.captionTooLong),
  category: z.enum(galleryCategories, { error: galleryMessages.categoryMissing }),
  image: requiredImageSchema,
});

export type GalleryItem = z.output<typeof galleryItemSchema>;

export const gallerySchema = z
  .array(galleryItemSchema)
  .min(1, galleryMessages.empty)
  .max(GALLERY_MAX_ITEMS, galleryMessages.tooMany)
  .superRefine((items, context) => {
    const seen = new Set<string>();
    for (const [index, { image }] of items.entries()) {
      const identity = imageIdentity(image);
      if (seen.has(identity))
        context.addIssue({ code: 'custom', message: galleryMessages.photoTwice, path: [index, 'image'] });
      seen.add(identity);
    }
  });

/** The gallery that ships in src/content, as the schema reads it (its keys in the schema's order: changedParts compares JSON). */
export const startingGallery = (): GalleryItem[] =>
  gallerySchema.parse(galleryImages.map(({ title, category, image }) => ({ title, category, image })));
