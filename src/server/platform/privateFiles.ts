import fs from 'node:fs';

/**
 * Files that hold the school's data: owner-only, and made durable before anyone is told they exist.
 *
 * The data folder, the database and the backups hold the staff password hash, the session
 * signing key and children's details: only the user running the server may read them.
 * Modes are set explicitly (not left to the umask, which can only take permissions away) and
 * existing files are tightened, since older versions created them world-readable.
 */
const PRIVATE_DIR_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;

/** The files SQLite keeps beside a database (file name + suffix) while it is open or after a crash. */
export const sideFileSuffixes = ['-wal', '-shm', '-journal'] as const;

/** A database file and its side files. */
export function databaseFiles(file: string): string[] {
  return [file, ...sideFileSuffixes.map((suffix) => `${file}${suffix}`)];
}

function restrict(target: string, mode: number): void {
  const current = fs.statSync(target).mode & 0o777;
  if (current === mode) return;
  try {
    fs.chmodSync(target, mode);
  } catch (error) {
    throw new Error(
      `${target} has mode ${current.toString(8)}, and it cannot be changed to ${mode.toString(8)} (owner only): ${String(error)}. Give it to the user that runs the server (chown).`,
      { cause: error },
    );
  }
}

/** Creates the folder (and any missing parents) owner-only, or makes an existing one so. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  restrict(dir, PRIVATE_DIR_MODE);
}

/** Creates an empty owner-only file, or makes an existing one owner-only. */
export function ensurePrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  restrict(file, PRIVATE_FILE_MODE);
}

/** Makes the file owner-only if it exists. */
export function restrictIfPresent(file: string): void {
  if (fs.existsSync(file)) restrict(file, PRIVATE_FILE_MODE);
}

/**
 * Writes a new file (it must not exist yet) owner-only, like every file the server writes: the
 * published pages, the photo copies, the backups' checksums. With `flush`, its bytes are on disk
 * before this answers (to rename it into place next).
 */
export async function writePrivateFile(
  file: string,
  bytes: Uint8Array | string,
  { flush = false }: { flush?: boolean } = {},
): Promise<void> {
  const handle = await fs.promises.open(file, 'wx', PRIVATE_FILE_MODE);
  try {
    await handle.writeFile(bytes);
    if (flush) await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Flushes a file, or a folder's list of names (after a rename), to disk. */
export function syncToDisk(target: string): void {
  const descriptor = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(descriptor);
  } finally {
    fs.closeSync(descriptor);
  }
}
