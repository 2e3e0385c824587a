import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { photoFormats, photoSrc, photoWidths, type PhotoFormat } from '#shared/content/photos.ts';
import { writePrivateFile } from '#server/platform/privateFiles.ts';

/** The processed copies live here, under the data folder (not in the build), and go into every backup. */
export function photosDir(dataDir: string): string {
  return path.join(dataDir, 'photos');
}

/** What a copy's name can be (photoSrc's last part): the id, the width, the format. Nothing else is ever served or restored from the folder. */
export const PHOTO_FILE_NAME = /^[0-9a-f]{24}-[1-9][0-9]{0,4}\.(avif|webp|jpg)$/;

/**
 * A copy being written: `.<name>.<pid>-<random>.tmp`, renamed to `<name>` once whole. One left by a
 * crash is removed: in DATA_DIR/photos when the server starts, in the backups' photos folder by a
 * later backup (photoLibrary.ts, backupFiles.ts).
 */
export const PHOTO_TEMPORARY_NAME = new RegExp(`^\\.${PHOTO_FILE_NAME.source.slice(1, -1)}\\.\\d+-[0-9a-f]{8}\\.tmp$`);

const formatOfExtension: Readonly<Record<string, PhotoFormat>> = { avif: 'avif', webp: 'webp', jpg: 'jpeg' };

/** The Content-Type of a copy, by the extension photoSrc gave its name. */
export function photoFileType(name: string): string | undefined {
  const format = formatOfExtension[path.extname(name).slice(1)];
  return format && photoFormats[format];
}

/** The file name of a copy, as its address (photoSrc) ends. */
export function photoFileName(photoId: string, width: number, format: PhotoFormat): string {
  return path.posix.basename(photoSrc(photoId, width, format));
}

/** Every copy a photo of this (largest) width has: each width in each format. */
export function photoFileNames(photoId: string, width: number): string[] {
  return photoWidths(width).flatMap((copyWidth) =>
    (Object.keys(photoFormats) as PhotoFormat[]).map((format) => photoFileName(photoId, copyWidth, format)),
  );
}

export function hasAllCopies(dir: string, photoId: string, width: number): boolean {
  return photoFileNames(photoId, width).every((name) => fs.existsSync(path.join(dir, name)));
}

/**
 * Writes a copy (owner-only) under a temporary name, flushes it, then renames it into place: a
 * file with a copy's name is always whole, so the server never sends half a photo.
 */
export async function writeAtomically(dir: string, name: string, bytes: Uint8Array): Promise<void> {
  const temporary = path.join(dir, `.${name}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writePrivateFile(temporary, bytes, { flush: true });
    await fs.promises.rename(temporary, path.join(dir, name));
  } catch (error) {
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
}
