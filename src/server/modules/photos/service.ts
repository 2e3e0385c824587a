import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { AuditWriter } from '#server/modules/audit/service.ts';
import type { Config } from '#server/config.ts';
import type { StaffScope } from '#server/requestScope.ts';
import type { Logger } from '#server/log.ts';
import type { PhotoRepository, StoredPhoto } from './repository';
import { restrictIfPresent, syncToDisk } from '#server/platform/privateFiles.ts';
import { inspectPhoto } from './inspectPhoto';
import { makeCopies } from './makeCopies';
import { hasAllCopies, PHOTO_FILE_NAME, PHOTO_TEMPORARY_NAME, photoFileNames, photosDir } from './photoFiles';
import { photoIdOf } from './photoId';

/** What the backups and restores use of the photo folder (the copies' names, where they live, how one is written). */
export { PHOTO_TEMPORARY_NAME, photoFileNames, photosDir, writeAtomically } from './photoFiles';

export type PhotoLibrary = {
  /**
   * Checks an upload and makes its copies, then records it. The same file again answers the photo
   * already made, each upload goes into the audit trail. Throws PhotoRefused, with the office's
   * words, for a file that is not taken. A photo is recorded at its request's time, not when its
   * turn to be made came.
   */
  add(scope: StaffScope, bytes: Buffer): Promise<StoredPhoto>;
};

/**
 * At start, before any upload: removes the copies a crash left half-written, and the whole copies
 * of an upload stopped before its photo was recorded (copies are made first, the row written
 * last), which no page, backup or restore would ever use. Only this server writes the folder, and
 * a restore, which cannot run beside it. Makes the copies older versions wrote 0644 owner-only.
 */
function tidyPhotosFolder(dir: string, repository: PhotoRepository, log: Logger): void {
  if (!fs.existsSync(dir)) return;
  const recorded = new Set(repository.recorded().flatMap((photo) => photoFileNames(photo.id, photo.width)));
  let halfWritten = 0;
  let unrecorded = 0;
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    if (PHOTO_TEMPORARY_NAME.test(name)) {
      fs.rmSync(file, { force: true });
      halfWritten += 1;
    } else if (PHOTO_FILE_NAME.test(name) && !recorded.has(name)) {
      fs.rmSync(file, { force: true });
      unrecorded += 1;
    } else if (PHOTO_FILE_NAME.test(name)) {
      restrictIfPresent(file);
    }
  }
  if (halfWritten > 0) log.info('Removed half-written photo copies', { dir, count: halfWritten });
  if (unrecorded > 0)
    log.info('Removed the copies of photos never recorded (an upload stopped midway)', { dir, count: unrecorded });
}

/**
 * The uploaded photos. libvips works off the event loop, but a photo still takes a core for a
 * second or two: uploads are processed one at a time, each on one libvips thread, so the other
 * core keeps serving pages. Its operation cache is off: uploads are never processed twice.
 */
export function createPhotoLibrary({
  config,
  repository,
  log,
  audit,
}: {
  config: Config;
  repository: PhotoRepository;
  log: Logger;
  audit: AuditWriter;
}): PhotoLibrary {
  sharp.concurrency(1);
  sharp.cache(false);
  const dir = photosDir(config.dataDir);
  tidyPhotosFolder(dir, repository, log);
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };

  const addOne = async ({ at, asker }: StaffScope, bytes: Buffer): Promise<StoredPhoto> => {
    const id = photoIdOf(bytes);
    const known = await repository.find(id);
    // Copies lost (a data folder restored without them) are made again from the new upload.
    if (known && hasAllCopies(dir, id, known.width)) return known;
    const inspected = await inspectPhoto(bytes);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const started = performance.now();
    const { width, height } = await makeCopies(bytes, inspected, id, dir);
    syncToDisk(dir);
    await repository.add({
      id,
      width,
      height,
      uploadedAt: at.toISOString(),
      accountId: asker.account.id,
      uploadBytes: bytes.byteLength,
    });
    log.info('Photo processed', {
      photoId: id,
      width,
      height,
      uploadBytes: bytes.byteLength,
      ms: Math.round(performance.now() - started),
    });
    const stored = await repository.find(id);
    if (!stored) throw new Error(`Photo ${id} was not recorded`);
    return stored;
  };

  return {
    async add(scope, bytes) {
      const photo = await oneAtATime(() => addOne(scope, bytes));
      await audit(scope, 'photo-uploaded', { photo: photo.photoId });
      return photo;
    },
  };
}
