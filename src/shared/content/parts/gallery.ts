/** The gallery as a part: in the form, an item's photo and category may still be missing. */
import type { GalleryCategory } from '#content/galleryCategories.ts';
import { gallerySchema, startingGallery, type GalleryItem } from '../gallery';
import type { SiteImage } from '../photos';
import { contentPart, withKey, withoutKey, type Keyed } from './part';

export type GalleryFormItem = { title: string; category: GalleryCategory | ''; image: SiteImage | undefined };

export const galleryPart = contentPart({
  label: 'Gallery',
  schema: gallerySchema.default(startingGallery),
  starting: startingGallery,
  formOf: (gallery: GalleryItem[]): Keyed<GalleryFormItem>[] => gallery.map((item) => withKey<GalleryFormItem>(item)),
  /** A blank category is no category. */
  contentOf: (entries: Keyed<GalleryFormItem>[]) =>
    entries.map(withoutKey).map(({ category, ...item }) => ({ ...item, category: category || undefined })),
});
