import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { photoWidths, type PhotoFormat } from '#shared/content/photos.ts';
import { PHOTO_MAX_PIXELS } from '#shared/content/photoUploads.ts';
import type { InspectedPhoto } from './inspectPhoto';
import { photoFileName, writeAtomically } from './photoFiles';
import { PhotoRefused } from './photoRefused';

/**
 * Encoder settings: near-equal looks at each format, AVIF the smallest (about 60% of the JPEG).
 * AVIF's default effort (4) took 14 s for one 1600-wide copy on this machine's one core, effort 2
 * under 3 s for files about a quarter larger (decision 0029).
 */
const encoders: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 78, effort: 4 }),
  // JPEG has no transparency: a PNG's transparent parts become white, as on the page.
  jpeg: (image) => image.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }),
};

/** The size of a photo as content records it: its largest copy's, upright. */
export type CopiedPhoto = { width: number; height: number };

/**
 * Decodes the upload once, upright (EXIF orientation applied), in sRGB, at the largest width it
 * has a copy at, into raw pixels; then makes every copy from those pixels, each width in AVIF,
 * WebP and JPEG. Raw pixels carry no metadata and sharp writes none unless asked, so no copy keeps
 * the EXIF (place, time, camera), XMP, IPTC or ICC profile of the upload.
 */
export async function makeCopies(
  bytes: Buffer,
  inspected: InspectedPhoto,
  photoId: string,
  dir: string,
): Promise<CopiedPhoto> {
  const widths = photoWidths(inspected.width);
  const largest = widths.at(-1) ?? inspected.width;
  let upright: { data: Buffer; info: OutputInfo };
  try {
    upright = await sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, autoOrient: true, failOn: 'error' })
      .resize({ width: largest })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new PhotoRefused('unreadable');
  }
  const { width, height, channels } = upright.info;
  const pixels = () => sharp(upright.data, { raw: { width, height, channels } });
  for (const copyWidth of widths) {
    for (const format of Object.keys(encoders) as PhotoFormat[]) {
      const copy = await encoders[format](
        copyWidth === width ? pixels() : pixels().resize({ width: copyWidth }),
      ).toBuffer();
      await writeAtomically(dir, photoFileName(photoId, copyWidth, format), copy);
    }
  }
  return { width, height };
}
