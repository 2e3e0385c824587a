import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { DATABASE_FILE_NAME } from './database';
import { databaseFiles, restrictIfPresent } from '#server/platform/privateFiles.ts';

/**
 * How the copy advances. 'stepwise' copies 100 pages per turn of the event loop and is for the
 * server's own connection: SQLite applies that connection's writes to the copy as it goes, so
 * enquiries keep flowing. 'at-once' copies in one step and is for another process: there every
 * commit by the server would restart a stepwise copy, which under load might never finish, while
 * one step reads a single snapshot, which in WAL mode never blocks the server's writes.
 */
export type BackupPace = 'stepwise' | 'at-once';

const pagesPerStep: Record<BackupPace, number> = { stepwise: 100, 'at-once': 0x7fffffff };

/**
 * Bearer secrets that must not travel with a backup: the session ids and the generated signing
 * key would together let whoever holds an off-site copy act as a signed-in member of staff.
 */
const tablesLeftOutOfBackups = ['staff_sessions', 'staff_secrets'] as const;

/**
 * Why a link email in a backup was not sent, as the Staff tab shows it after a restore (after "could
 * not be delivered:"). Its link, a password in clear while the email waits, is left out of backups
 * (decision 0011); the row is kept, given up, so the Owner sees that a new link is needed.
 */
export const LINK_LEFT_OUT_OF_BACKUP =
  'it was still waiting when the backup was taken, and a backup does not keep the link';

/**
 * Takes the links out of the link emails still waiting (the mail server was down) and gives those
 * emails up, as the worker does after refusals: a given-up row is never sent, so no email with a
 * blank link goes out after a restore. Databases from before migration 015 have no links.
 */
function leaveOutWaitingLinks(copy: SqliteDatabase.Database, now: Date): void {
  const columns = copy.prepare("select name from pragma_table_info('outbox')").pluck().all() as string[];
  if (!columns.includes('secret_link')) return;
  copy
    .prepare(
      'update outbox set secret_link = null, failed_at = coalesce(failed_at, ?), last_error = ? where secret_link is not null',
    )
    .run(now.toISOString(), LINK_LEFT_OUT_OF_BACKUP);
}

/** Opens the live database of another process (the running server's) to copy it. */
export function openLiveDatabase(dataDir: string): SqliteDatabase.Database {
  const file = path.join(dataDir, DATABASE_FILE_NAME);
  if (!fs.existsSync(file))
    throw new Error(
      `There is no database at ${file} to back up. Check DATA_DIR (the server creates the database when it first starts).`,
    );
  for (const companion of databaseFiles(file)) restrictIfPresent(companion);
  const sqlite = new SqliteDatabase(file, { fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

/**
 * Copies the database into `destination` with SQLite's online backup API: a consistent snapshot
 * of everything committed, even while the server writes (a plain file copy misses commits still
 * in the -wal, or catches a page half-written). The copy is one self-contained file (rollback
 * journal, not WAL) without the staff sessions and signing key, nor the links of unsent emails.
 */
export async function copyDatabase(
  source: SqliteDatabase.Database,
  destination: string,
  pace: BackupPace,
  now: Date,
): Promise<void> {
  await source.backup(destination, { progress: () => pagesPerStep[pace] });
  const copy = new SqliteDatabase(destination, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    // Deleted rows are overwritten with zeros, not merely unlinked from the b-tree.
    copy.pragma('secure_delete = ON');
    const present = new Set(
      copy.prepare("select name from sqlite_schema where type = 'table'").pluck().all() as string[],
    );
    copy.transaction(() => {
      for (const table of tablesLeftOutOfBackups) if (present.has(table)) copy.prepare(`delete from ${table}`).run();
      if (present.has('outbox')) leaveOutWaitingLinks(copy, now);
    })();
  } finally {
    copy.close();
  }
}
