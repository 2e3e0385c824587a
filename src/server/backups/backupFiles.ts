import fs from 'node:fs';
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import { copyDatabase, type BackupPace } from '../storage/backup';
import { databaseFiles, ensurePrivateDir, ensurePrivateFile, syncToDisk } from '../storage/privateFiles';
import { copyPhotoFiles, photoFilesIn } from './photoCopies';

/** school-2025-01-31T02-00-00Z.sqlite: UTC, sortable by name, no colons (which some file systems and remotes refuse). */
const BACKUP_NAME = /^school-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.sqlite$/;
/** A copy still being written, or left by a process that died while writing it. */
const PARTIAL_NAME = /^\.school-.*\.partial-\d+$/;
const STALE_PARTIAL_MS = 24 * 3_600_000;

/** A moment as it appears in file names: 2025-01-31T02-00-00Z. */
export function fileTimestamp(moment: Date): string {
  return moment.toISOString().replace(/\.\d{3}Z$/, 'Z').replaceAll(':', '-');
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

/** Deletes all but the newest `keep` backups, and copies abandoned mid-write; answers the names deleted. Other files are left alone. */
export function pruneBackups(dir: string, keep: number, now: Date): string[] {
  const old = listBackups(dir).slice(keep).map((backup) => backup.name);
  const abandoned = fs
    .readdirSync(dir)
    .filter((name) => PARTIAL_NAME.test(name) && now.getTime() - fs.statSync(path.join(dir, name)).mtimeMs > STALE_PARTIAL_MS);
  for (const name of [...old, ...abandoned]) fs.rmSync(path.join(dir, name), { force: true });
  return old;
}

/**
 * The uploaded photos' copies in the backup folder, one folder for every backup: a copy's name
 * never changes with its content, so each backup adds only the photos uploaded since the last.
 */
export function backupPhotosDir(backupDir: string): string {
  return path.join(backupDir, 'photos');
}

export type BackupResult = { file: string; bytes: number; removed: string[]; photosCopied: number };

/**
 * Writes a consistent copy of the database into the backup folder (owner-only), then the photo
 * copies it does not have yet from `photos` (DATA_DIR/photos) into its photos folder, then keeps
 * the newest `keep` databases. The database comes first: every photo it lists was on disk before
 * its row was written, so the photos folder has all of them. Each file is written under a hidden
 * name, flushed to disk and renamed, so a file with a backup's name is always complete.
 */
export async function takeBackup(
  source: SqliteDatabase.Database,
  { dir, keep, photos }: { dir: string; keep: number; photos: string },
  now: Date,
  pace: BackupPace,
): Promise<BackupResult> {
  ensurePrivateDir(dir);
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
  const photoFiles = photoFilesIn(photos);
  let photosCopied = 0;
  if (photoFiles.length > 0) {
    ensurePrivateDir(backupPhotosDir(dir));
    photosCopied = (await copyPhotoFiles(photos, backupPhotosDir(dir), photoFiles, 0o600)).copied.length;
    syncToDisk(backupPhotosDir(dir));
  }
  return { file, bytes: fs.statSync(file).size, removed: pruneBackups(dir, keep, now), photosCopied };
}
