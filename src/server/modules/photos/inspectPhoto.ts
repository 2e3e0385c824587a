import sharp, { type Metadata } from 'sharp';
import { PHOTO_MAX_PIXELS } from '#shared/content/photoUploads.ts';
import { uploadFormatOf, type UploadFormat } from './photoFormat';
import { PhotoRefused } from './photoRefused';

export type InspectedPhoto = { format: UploadFormat; width: number; height: number };

/**
 * What an upload is, read from its header alone, before any pixel is decoded: its format by its
 * signature (and libvips must agree), and its upright size. A file declaring more than
 * PHOTO_MAX_PIXELS (a decompression bomb: a few KB that would decode to gigabytes) is refused here.
 */
export async function inspectPhoto(bytes: Buffer): Promise<InspectedPhoto> {
  const format = uploadFormatOf(bytes);
  if (!format) throw new PhotoRefused('notAPhoto');
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRefused('unreadable');
  }
  if (metadata.format !== format) throw new PhotoRefused('notAPhoto');
  if (metadata.width * metadata.height > PHOTO_MAX_PIXELS) throw new PhotoRefused('tooManyPixels');
  return { format, width: metadata.autoOrient.width, height: metadata.autoOrient.height };
}
