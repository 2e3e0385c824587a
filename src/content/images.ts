/**
 * Shared image type and the standard sizes of every image slot on the site.
 * Photos live in public/images/<folder>/ and are referenced by their public path.
 */

export type Image = {
  /** Public path, e.g. '/images/gallery/garden-harvest.svg' */
  src: string;
  /** Describes what the picture shows, for screen readers and search engines */
  alt: string;
  width: number;
  height: number;
};

export const imageSizes = {
  hero: { width: 1600, height: 900 },
  team: { width: 400, height: 400 },
  awards: { width: 800, height: 600 },
  gallery: { width: 800, height: 600 },
  blog: { width: 1200, height: 630 },
} as const;

export type ImageFolder = keyof typeof imageSizes;

/** Builds the Image for an illustration in public/images/<folder>/<name>.svg */
export function illustration(folder: ImageFolder, name: string, alt: string): Image {
  return { src: `/images/${folder}/${name}.svg`, alt, ...imageSizes[folder] };
}
