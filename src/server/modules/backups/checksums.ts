import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { RestoreRefused } from './repository';

/**
 * Each backup's SHA-256 checksums, in the file `<backup>.sha256` beside it, as `sha256sum` writes
 * them: one line per file, `<64 hex digits>  <path from the backup folder>`, for the database copy
 * and each photo file it lists (`photos/<name>`). A person checks a backup with
 * `cd BACKUP_DIR && sha256sum -c school-….sqlite.sha256`; restore checks it the same way first.
 * SQLite's integrity check sees a damaged page, not a changed byte inside a row (decision 0011).
 */

/** Relative path → SHA-256 (hex). */
export type Checksums = Map<string, string>;

export function checksumFileOf(backup: string): string {
  return `${backup}.sha256`;
}

/** The backup a checksum file belongs to, or undefined when `file` is not named as one. */
export function backupOfChecksumFile(file: string): string | undefined {
  const backup = file.replace(/\.sha256$/, '');
  return backup !== file && checksumFileOf(backup) === file ? backup : undefined;
}

export function sha256OfBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Read as a stream: a database of many megabytes never holds the event loop nor the memory. */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

export function formatChecksums(checksums: Checksums): string {
  return [...checksums].map(([file, sha256]) => `${sha256}  ${file}\n`).join('');
}

/** sha256sum's line, in text (two spaces) or binary (` *`) mode. */
const CHECKSUM_LINE = /^([0-9a-fA-F]{64}) [ *](.+)$/;

/** The lines of a checksum file, or undefined when a line is not one. */
export function parseChecksums(text: string): Checksums | undefined {
  const checksums: Checksums = new Map();
  for (const line of text.split(/\r?\n/)) {
    if (line === '') continue;
    const match = CHECKSUM_LINE.exec(line);
    if (!match) return undefined;
    checksums.set(match[2]!, match[1]!.toLowerCase());
  }
  return checksums;
}

/** The checksums of an earlier backup, to carry forward; none when it has no readable file. */
export function readChecksumsIfAny(backup: string): Checksums {
  const file = checksumFileOf(backup);
  return (fs.existsSync(file) && parseChecksums(fs.readFileSync(file, 'utf8'))) || new Map();
}

/** What a restore says of a file whose bytes are not those its checksum was taken of. */
export function changedSinceBackup(file: string, checksumFile: string): RestoreRefused {
  return new RestoreRefused(
    `${file} does not match its checksum in ${checksumFile}: it has changed since the backup was taken (a failing disk, or an incomplete copy). The restore stopped before replacing the database. Restore an earlier backup, or copy this one again from where it is kept.`,
  );
}

/**
 * Reads the backup's checksum file and checks the database copy against it. Answers the checksums,
 * for the photos to be checked as they are copied. Refuses, saying what to do, when the file is
 * missing (a backup from before checksums, or one that was not finished), unreadable, or does not
 * list the backup, and when the backup's bytes do not match.
 */
export async function checkBackupAgainstChecksums(backup: string): Promise<Checksums> {
  const file = checksumFileOf(backup);
  const name = path.basename(backup);
  if (!fs.existsSync(file)) {
    throw new RestoreRefused(
      `There is no checksum file beside ${backup} (${path.basename(file)}), so it cannot be checked for damage. Every backup is written with one, last: this one was not finished, or was taken before backups had checksums. If you trust it, make its checksum and run the restore again: cd ${path.dirname(backup)} && sha256sum ${name} > ${name}.sha256`,
    );
  }
  const checksums = parseChecksums(fs.readFileSync(file, 'utf8'));
  const expected = checksums?.get(name);
  if (!checksums || expected === undefined) {
    throw new RestoreRefused(
      `${file} is not a checksum file for ${name} (sha256sum's lines, one of them for ${name}). Nothing was changed.`,
    );
  }
  if ((await sha256OfFile(backup)) !== expected) throw changedSinceBackup(backup, file);
  return checksums;
}
