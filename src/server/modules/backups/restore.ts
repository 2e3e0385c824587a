import fs from 'node:fs';
import path from 'node:path';
import {
  databaseFiles,
  ensurePrivateDir,
  ensurePrivateFile,
  sideFileSuffixes,
  syncToDisk,
} from '#server/platform/privateFiles.ts';
import {
  copyCheckedBackup,
  DATABASE_FILE_NAME,
  knownMigrations,
  lockForRestore,
  photosListedIn,
  RestoreRefused,
  type BackupContents,
} from './repository';
import { photoFileNames, photosDir } from '#server/modules/photos/service.ts';
import { backupPhotosDir, fileTimestamp, photoChecksumPath } from './backupFiles';
import {
  backupOfChecksumFile,
  changedSinceBackup,
  checkBackupAgainstChecksums,
  checksumFileOf,
  type Checksums,
} from './checksums';
import { copyPhotoFiles } from './photoCopies';

export type RestoreResult = BackupContents & {
  database: string;
  replacedKeptAs: string | undefined;
  /** The photo copies brought back from the photos folder beside the backup, and those it lacked. */
  photos: { from: string; copied: string[]; missing: string[] };
};

/**
 * Brings back into DATA_DIR/photos the copies of every photo the restored database lists that
 * are not there, from the photos folder beside the backup, each checked against the backup's
 * checksums as it is read. Copies already there are the same files (their names come from their
 * content) and stay; others (photos uploaded since) stay too.
 */
async function restorePhotoFiles(
  backup: string,
  checksums: Checksums,
  database: string,
  dataDir: string,
): Promise<RestoreResult['photos']> {
  const from = backupPhotosDir(path.dirname(backup));
  const names = photosListedIn(database).flatMap((photo) => photoFileNames(photo.id, photo.width));
  if (names.length === 0) return { from, copied: [], missing: [] };
  const to = photosDir(dataDir);
  const madeFolder = !fs.existsSync(to);
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  let result: Awaited<ReturnType<typeof copyPhotoFiles>>;
  try {
    result = await copyPhotoFiles(from, to, names, (source, name, sha256) => {
      const expected = checksums.get(photoChecksumPath(name));
      if (expected !== undefined && expected !== sha256) throw changedSinceBackup(source, checksumFileOf(backup));
    });
  } catch (error) {
    // A refused restore leaves the data folder as it found it (copyPhotoFiles took its copies back).
    if (madeFolder) fs.rmSync(to, { recursive: true, force: true });
    throw error;
  }
  const { copied, missing } = result;
  syncToDisk(to);
  return { from, copied: [...copied.keys()], missing };
}

/**
 * Puts a backup in place of the database under DATA_DIR, with the server stopped. The backup is
 * checked against its checksum file and by SQLite, and copied into the data folder first (flushed
 * to disk), then renamed over the live file in one step, so the database is at every moment
 * either the old one or the new one. The
 * replaced database stays beside it (school.sqlite.replaced-<time>), with anything SQLite had
 * kept next to it, so a stale -wal can never be applied to the restored file. The photos it lists
 * come back from the photos folder beside the backup (BACKUP_DIR/photos).
 */
export async function restoreBackup({
  file,
  dataDir,
  now,
}: {
  file: string;
  dataDir: string;
  now: Date;
}): Promise<RestoreResult> {
  const backup = path.resolve(file);
  const checksummed = backupOfChecksumFile(backup);
  if (checksummed !== undefined) {
    throw new RestoreRefused(
      `${backup} is the checksum file of a backup, not the backup. Restore the backup beside it: npm run restore -- ${checksummed}`,
    );
  }
  if (!fs.existsSync(backup) || !fs.statSync(backup).isFile())
    throw new RestoreRefused(`There is no backup file at ${backup}.`);
  const checksums = await checkBackupAgainstChecksums(backup);
  ensurePrivateDir(dataDir);
  const live = path.join(dataDir, DATABASE_FILE_NAME);
  const incoming = path.join(dataDir, `.${DATABASE_FILE_NAME}.restoring-${process.pid}`);
  const discardIncoming = () => {
    for (const leftover of databaseFiles(incoming)) fs.rmSync(leftover, { force: true });
  };

  discardIncoming();
  let guard: ReturnType<typeof lockForRestore>;
  let contents: BackupContents;
  try {
    ensurePrivateFile(incoming);
    contents = await copyCheckedBackup(backup, incoming, await knownMigrations(), now);
    syncToDisk(incoming);
    guard = fs.existsSync(live) ? lockForRestore(live) : undefined;
  } catch (error) {
    discardIncoming();
    throw error;
  }

  // With the lock held (no server runs), before the swap: the restored database never lists a photo whose copies were not tried.
  let photos: RestoreResult['photos'];
  try {
    photos = await restorePhotoFiles(backup, checksums, incoming, dataDir);
  } catch (error) {
    guard?.close();
    discardIncoming();
    throw error;
  }

  // Synchronous from here to the end: nothing else runs in between.
  const aside = path.join(dataDir, `${DATABASE_FILE_NAME}.replaced-${fileTimestamp(now)}`);
  const hadDatabase = fs.existsSync(live);
  try {
    if (hadDatabase) fs.linkSync(live, aside);
    fs.renameSync(incoming, live);
  } catch (error) {
    guard?.close();
    discardIncoming();
    throw error;
  }
  guard?.close();
  for (const suffix of sideFileSuffixes) {
    if (fs.existsSync(`${live}${suffix}`)) fs.renameSync(`${live}${suffix}`, `${aside}${suffix}`);
  }
  syncToDisk(dataDir);
  return { ...contents, database: live, replacedKeptAs: hadDatabase ? aside : undefined, photos };
}
