import SqliteDatabase from 'better-sqlite3';

/**
 * Failures of the store the server expects to pass, so a client should send the same request
 * again later rather than give it up: the disk or the database is full (the operator frees room,
 * old logs rotate away), another writer holds the lock, the device failed a read or a write, the
 * process ran out of open files. Not among them: a read-only, missing, unreadable or damaged
 * database (SQLITE_READONLY, CANTOPEN, PERM, CORRUPT, NOTADB), which waits for a person and is a
 * plain failure (500), and every error of a query itself.
 */
const passingSqliteCode = /^SQLITE_(FULL|BUSY|LOCKED|IOERR)/;
const passingSystemCodes: ReadonlySet<string> = new Set([
  'ENOSPC',
  'EDQUOT',
  'EIO',
  'EBUSY',
  'EAGAIN',
  'EMFILE',
  'ENFILE',
]);

/** How long a client is asked to wait before sending again (Retry-After); the forms' outbox retries on its own schedule too. */
export const RETRY_AFTER_SECONDS = 60;

/** Whether this error, or one it was caused by, is a storage failure expected to pass. */
export function isPassingFailure(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    if (cause instanceof SqliteDatabase.SqliteError) return passingSqliteCode.test(cause.code);
    const { code } = cause as NodeJS.ErrnoException;
    if (code !== undefined && passingSystemCodes.has(code)) return true;
  }
  return false;
}
