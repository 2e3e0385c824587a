import fs from 'node:fs';
import path from 'node:path';
import {
  databaseFiles,
  ensurePrivateDir,
  ensurePrivateFile,
  syncToDisk,
  writePrivateFile,
} from '#server/platform/privateFiles.ts';
import { copyDatabase, photosListedIn, type BackupPace, type LiveDatabase } from './repository';
import { PHOTO_TEMPORARY_NAME, photoFileNames } from '#server/modules/photos/service.ts';
import { checksumFileOf, formatChecksums, readChecksumsIfAny, sha256OfFile, type Checksums } from './checksums';
import { copyPhotoFiles } from './photoCopies';

/** school-2025-01-31T02-00-00Z.sqlite: UTC, sortable by name, no colons (which some file systems and remotes refuse). */
const BACKUP_NAME = /^school-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.sqlite$/;
/** A copy still being written, or left by a process that died while writing it. */
const PARTIAL_NAME = /^\.school-.*\.partial-\d+$/;
const STALE_PARTIAL_MS = 24 * 3_600_000;

/** A moment as it appears in file names: 2025-01-31T02-00-00Z. */
export function fileTimestamp(moment: Date): string {
  return moment
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
}

export function backupFileName(moment: Date): string {
  return `school-${fileTimestamp(moment)}.sqlite`;
}

/** The backups in the folder, newest first, with the moment each was taken. */
export function listBackups(dir: string): { name: string; takenAt: Date }[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .flatMap((name) => {
      const match = BACKUP_NAME.exec(name);
      return match ? [{ name, takenAt: new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`) }] : [];
    })
    .sort((a, b) => b.name.localeCompare(a.name));
}

/**
 * Deletes all but the newest `keep` backups (each with its checksum file), and files abandoned
 * mid-write (databases, checksums, photo copies) a day old, which no backup still running can be
 * writing; answers the names of the backups deleted. Other files are left alone.
 */
export function pruneBackups(dir: string, keep: number, now: Date): string[] {
  const old = listBackups(dir)
    .slice(keep)
    .map((backup) => backup.name);
  const abandonedIn = (folder: string, pattern: RegExp) =>
    (fs.existsSync(folder) ? fs.readdirSync(folder) : [])
      .filter(
        (name) => pattern.test(name) && now.getTime() - fs.statSync(path.join(folder, name)).mtimeMs > STALE_PARTIAL_MS,
      )
      .map((name) => path.join(folder, name));
  const files = [
    ...old.flatMap((name) => [path.join(dir, name), checksumFileOf(path.join(dir, name))]),
    ...abandonedIn(dir, PARTIAL_NAME),
    ...abandonedIn(backupPhotosDir(dir), PHOTO_TEMPORARY_NAME),
  ];
  for (const file of files) fs.rmSync(file, { force: true });
  return old;
}

const BACKUP_PHOTOS_FOLDER = 'photos';

/**
 * The uploaded photos' copies in the backup folder, one folder for every backup: a copy's name
 * never changes with its content, so each backup adds only the photos uploaded since the last.
 */
export function backupPhotosDir(backupDir: string): string {
  return path.join(backupDir, BACKUP_PHOTOS_FOLDER);
}

/** A photo copy's line in a backup's checksum file: its path from the backup folder. */
export function photoChecksumPath(name: string): string {
  return `${BACKUP_PHOTOS_FOLDER}/${name}`;
}

export type BackupResult = { file: string; bytes: number; removed: string[]; photosCopied: number };

/**
 * The checksums of a new backup: its database copy, and each photo file it lists that the photos
 * folder has. A photo's is the one taken of the bytes copied, or carried forward from the previous
 * backup's file: one that has since changed on the backup disk is then caught, not blessed anew.
 * Photos copied before backups had checksums are read once more.
 */
async function checksumsOf(
  file: string,
  dir: string,
  copied: Map<string, string>,
  previous: Checksums,
): Promise<Checksums> {
  const checksums: Checksums = new Map([[path.basename(file), await sha256OfFile(file)]]);
  const photosFolder = backupPhotosDir(dir);
  for (const photo of photosListedIn(file)) {
    for (const name of photoFileNames(photo.id, photo.width)) {
      const line = photoChecksumPath(name);
      const known = copied.get(name) ?? previous.get(line);
      if (known) checksums.set(line, known);
      else if (fs.existsSync(path.join(photosFolder, name)))
        checksums.set(line, await sha256OfFile(path.join(photosFolder, name)));
    }
  }
  return checksums;
}

/** Written last, under a hidden name then renamed: a backup with its checksum file is a finished one. */
async function writeChecksums(file: string, checksums: Checksums): Promise<void> {
  const target = checksumFileOf(file);
  const partial = path.join(path.dirname(file), `.${path.basename(target)}.partial-${process.pid}`);
  await fs.promises.rm(partial, { force: true });
  try {
    await writePrivateFile(partial, formatChecksums(checksums), { flush: true });
    await fs.promises.rename(partial, target);
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
}

/**
 * Writes a consistent copy of the database into the backup folder (owner-only), then the photo
 * copies it does not have yet from `photos` (DATA_DIR/photos) into its photos folder, then the
 * checksums of both beside the database (`<backup>.sha256`), then keeps the newest `keep`
 * databases. The database comes first: every photo it lists was on disk before its row was
 * written, so the photos folder has all of them. Each file is written under a hidden name, flushed
 * to disk and renamed, so a file with a backup's name is always complete.
 */
export async function takeBackup(
  source: LiveDatabase,
  { dir, keep, photos }: { dir: string; keep: number; photos: string },
  now: Date,
  pace: BackupPace,
): Promise<BackupResult> {
  ensurePrivateDir(dir);
  const previous = listBackups(dir)[0];
  const file = path.join(dir, backupFileName(now));
  const partial = path.join(dir, `.${path.basename(file)}.partial-${process.pid}`);
  const discardPartial = () => {
    for (const leftover of databaseFiles(partial)) fs.rmSync(leftover, { force: true });
  };
  discardPartial();
  try {
    ensurePrivateFile(partial);
    await copyDatabase(source, partial, pace, now);
    syncToDisk(partial);
    fs.renameSync(partial, file);
    syncToDisk(dir);
  } catch (error) {
    discardPartial();
    throw error;
  }
  // Only the copies of the photos this backup lists: an upload stopped before its row was written
  // leaves copies no database has, and a photo uploaded meanwhile goes into the next backup.
  const photoFiles = photosListedIn(file).flatMap((photo) => photoFileNames(photo.id, photo.width));
  let copied = new Map<string, string>();
  if (photoFiles.length > 0) {
    ensurePrivateDir(backupPhotosDir(dir));
    ({ copied } = await copyPhotoFiles(photos, backupPhotosDir(dir), photoFiles));
    syncToDisk(backupPhotosDir(dir));
  }
  const previousChecksums =
    previous && previous.name !== path.basename(file)
      ? readChecksumsIfAny(path.join(dir, previous.name))
      : new Map<string, string>();
  await writeChecksums(file, await checksumsOf(file, dir, copied, previousChecksums));
  syncToDisk(dir);
  return { file, bytes: fs.statSync(file).size, removed: pruneBackups(dir, keep, now), photosCopied: copied.size };
}
