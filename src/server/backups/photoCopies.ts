import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PHOTO_FILE_NAME } from '../photos/photoFiles';

/** The photo copies in a folder (none if there is no folder); half-written files and anything else are left out. */
export function photoFilesIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((name) => PHOTO_FILE_NAME.test(name));
}

export type PhotoCopyResult = { copied: string[]; missing: string[] };

/**
 * Copies the named photo files from `from` into `to` (which must exist) where `to` lacks them.
 * A copy's name never changes with its content, so one already there is the same file and is
 * not copied again: backups after the first copy only the new photos. Each file is written
 * under a temporary name, flushed and renamed, so a file with a copy's name is always whole.
 * Answers those copied and those `from` lacks.
 */
export async function copyPhotoFiles(from: string, to: string, names: readonly string[], mode: number): Promise<PhotoCopyResult> {
  const copied: string[] = [];
  const missing: string[] = [];
  for (const name of names) {
    const target = path.join(to, name);
    if (fs.existsSync(target)) continue;
    const source = path.join(from, name);
    if (!fs.existsSync(source)) {
      missing.push(name);
      continue;
    }
    const temporary = path.join(to, `.${name}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
    try {
      await fs.promises.copyFile(source, temporary, fs.constants.COPYFILE_EXCL);
      await fs.promises.chmod(temporary, mode);
      const handle = await fs.promises.open(temporary, 'r');
      await handle.sync().finally(() => handle.close());
      await fs.promises.rename(temporary, target);
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
    copied.push(name);
  }
  return { copied, missing };
}
