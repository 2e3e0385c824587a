/** The gallery's six categories, in display order (fixed by the spec; every photo has one). */
export const galleryCategories = [
  'Toddler Program',
  'Primary Program',
  'Elementary Program',
  'Adolescent Program',
  'Garden',
  'Workshops',
] as const;

export type GalleryCategory = (typeof galleryCategories)[number];
