import fs from 'node:fs';
import path from 'node:path';
import { writeAtomically } from '#server/modules/photos/service.ts';
import { sha256OfBytes } from './checksums';

/** The copies made, each with the SHA-256 of its bytes, and the names `from` lacks. */
export type PhotoCopyResult = { copied: Map<string, string>; missing: string[] };

/**
 * Copies the named photo files from `from` into `to` (which must exist) where `to` lacks them,
 * owner-only. A copy's name never changes with its content, so one already there is the same file
 * and is not copied again: backups after the first copy only the new photos. Each is written as
 * the server writes a photo (writeAtomically), so a file with a copy's name is always whole.
 * `check` sees each file's SHA-256 before it is written, and may refuse it by throwing: all or
 * nothing, the copies this call made are then removed again.
 */
export async function copyPhotoFiles(
  from: string,
  to: string,
  names: readonly string[],
  check: (source: string, name: string, sha256: string) => void = () => undefined,
): Promise<PhotoCopyResult> {
  const copied = new Map<string, string>();
  const missing: string[] = [];
  try {
    for (const name of names) {
      if (fs.existsSync(path.join(to, name))) continue;
      const source = path.join(from, name);
      if (!fs.existsSync(source)) {
        missing.push(name);
        continue;
      }
      // A copy is at most 1600 pixels wide, well under a few MB: read whole, its checksum is of the very bytes written.
      const bytes = await fs.promises.readFile(source);
      const sha256 = sha256OfBytes(bytes);
      check(source, name, sha256);
      await writeAtomically(to, name, bytes);
      copied.set(name, sha256);
    }
  } catch (error) {
    for (const name of copied.keys()) fs.rmSync(path.join(to, name), { force: true });
    throw error;
  }
  return { copied, missing };
}
