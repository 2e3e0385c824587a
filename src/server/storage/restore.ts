import SqliteDatabase from 'better-sqlite3';
import { DEFAULT_MIGRATION_TABLE } from 'kysely/migration';
import { copyDatabase } from './backup';

/** A restore that must not go ahead; the message says why in plain words, and nothing was changed. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export type BackupContents = { contactMessages: number; admissionEnquiries: number; migrations: string[] };

const sqliteCode = (error: unknown) => (error instanceof SqliteDatabase.SqliteError ? error.code : undefined);

function inspect(source: SqliteDatabase.Database, file: string, knownMigrations: readonly string[]): BackupContents {
  const problems = source.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
  if (problems.length !== 1 || problems[0]?.integrity_check !== 'ok') {
    const listed = problems.slice(0, 5).map((problem) => problem.integrity_check);
    throw new RestoreRefused(`${file} is damaged. SQLite's integrity check found: ${listed.join('; ')}`);
  }
  const hasMigrations = source
    .prepare("select 1 from sqlite_schema where type = 'table' and name = ?")
    .get(DEFAULT_MIGRATION_TABLE);
  const migrations = hasMigrations
    ? (source.prepare(`select name from ${DEFAULT_MIGRATION_TABLE} order by name`).pluck().all() as string[])
    : [];
  if (migrations.length === 0)
    throw new RestoreRefused(`${file} is not a backup of this site's database (it records no schema version).`);
  const unknown = migrations.filter((name) => !knownMigrations.includes(name));
  if (unknown.length > 0) {
    throw new RestoreRefused(
      `${file} was made by a newer version of the site: its schema includes ${unknown.join(', ')}, which this version does not know. Install that version (or a newer one), then restore.`,
    );
  }
  const count = (table: string) => source.prepare(`select count(*) from ${table}`).pluck().get() as number;
  return { contactMessages: count('contact_enquiries'), admissionEnquiries: count('admission_enquiries'), migrations };
}

/**
 * Checks a backup (SQLite's integrity check; a schema this version knows) and copies it into
 * `destination` with the backup API, as one self-contained file. The backup itself is only read.
 */
export async function copyCheckedBackup(
  file: string,
  destination: string,
  knownMigrations: readonly string[],
  now: Date,
): Promise<BackupContents> {
  let source: SqliteDatabase.Database | undefined;
  try {
    source = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    const contents = inspect(source, file, knownMigrations);
    await copyDatabase(source, destination, 'at-once', now);
    return contents;
  } catch (error) {
    if (error instanceof RestoreRefused || sqliteCode(error) === undefined) throw error;
    throw new RestoreRefused(`${file} cannot be read as a SQLite database (${(error as Error).message}).`, {
      cause: error,
    });
  } finally {
    source?.close();
  }
}

/**
 * Takes SQLite's exclusive lock on the live database and folds its -wal into it, leaving one
 * self-contained file. A server keeps a shared lock on its WAL database for as long as it has it
 * open, and the kernel drops that lock when the process ends, even by kill -9, so the lock is
 * refused exactly while a server (or a backup) has the database open: no pid file to go stale.
 * Answers undefined when the live file is not a readable database (it is then kept aside as it is).
 */
export function lockForRestore(live: string): SqliteDatabase.Database | undefined {
  const guard = new SqliteDatabase(live, { fileMustExist: true, timeout: 1000 });
  try {
    guard.pragma('locking_mode = EXCLUSIVE');
    guard.exec('BEGIN EXCLUSIVE; COMMIT');
    guard.pragma('wal_checkpoint(TRUNCATE)');
    const mode = guard.pragma('journal_mode = DELETE', { simple: true });
    if (mode !== 'delete') throw new Error(`the database stayed in ${String(mode)} mode`);
    return guard;
  } catch (error) {
    guard.close();
    const code = sqliteCode(error) ?? '';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
      throw new RestoreRefused(
        `The database ${live} is open in another process. Stop the server (and let any backup finish), then run the restore again. Nothing was changed.`,
      );
    }
    if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')) return undefined;
    throw error;
  }
}

/** The photos a database lists (none in one from before migration 017), to bring their copies back with it. */
export function photosListedIn(file: string): { id: string; width: number }[] {
  const database = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const hasPhotos = database.prepare("select 1 from sqlite_schema where type = 'table' and name = 'photos'").get();
    return hasPhotos
      ? (database.prepare('select id, width from photos order by id').all() as { id: string; width: number }[])
      : [];
  } finally {
    database.close();
  }
}
