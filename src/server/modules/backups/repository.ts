import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { DEFAULT_MIGRATION_TABLE } from 'kysely/migration';
import { DATABASE_FILE_NAME } from '#server/storage/database.ts';
import { migrationProvider } from '#server/storage/migrations/index.ts';
import { databaseFiles, restrictIfPresent } from '#server/platform/privateFiles.ts';

/**
 * The SQL of backups and restores: copying, checking and locking whole SQLite files, with
 * better-sqlite3 (not kysely: they are files outside the server's connection), under the name the
 * server opens its database by.
 */
export { DATABASE_FILE_NAME };

/** A database connection a backup copies from: the server's own, or one opened on the live file. */
export type LiveDatabase = SqliteDatabase.Database;

/** The names of the schema versions this version of the site knows, to refuse a backup from a newer one. */
export async function knownMigrations(): Promise<string[]> {
  return Object.keys(await migrationProvider.getMigrations());
}

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

/**
 * The tables whose new rows are carried, in this order (an enquiry before the mail it queued), and
 * which of their rows: the outbox's staff mails carry links to accounts the backup may not have.
 */
const carriedTables = { contact_enquiries: '', admission_enquiries: '', outbox: 'and enquiry_id is not null' } as const;

export type CarriedRows = Record<keyof typeof carriedTables, number>;

function columnsOf(database: SqliteDatabase.Database, table: string, schema: 'main' | 'newer'): string[] {
  return database.prepare('select name from pragma_table_info(?, ?)').pluck().all(table, schema) as string[];
}

/**
 * Copies into the database `into` (a backup just restored) the enquiries that the database `from`
 * (the one it replaced) received after the backup was taken, with the mail they queued: every row
 * of those tables whose id is above the highest id in `into` (ids are AUTOINCREMENT, so a row the
 * backup lacks has a higher id than every row it has). Only the columns both schemas have are
 * copied, so a newer schema's rows fit an older one; a row that cannot fit (a column the older
 * schema requires is missing) stops the whole copy, all or nothing, with SQLite's reason.
 * Triggers on `into` keep its search index in step.
 */
export function carryEnquiries({ from, into }: { from: string; into: string }): CarriedRows {
  const database = new SqliteDatabase(into, { fileMustExist: true });
  try {
    database.prepare('attach database ? as newer').run(from);
    return database.transaction(() => {
      const carried: CarriedRows = { contact_enquiries: 0, admission_enquiries: 0, outbox: 0 };
      for (const [table, which] of Object.entries(carriedTables) as [keyof CarriedRows, string][]) {
        const olderColumns = new Set(columnsOf(database, table, 'main'));
        const shared = columnsOf(database, table, 'newer').filter((column) => olderColumns.has(column));
        if (shared.length === 0) throw new Error(`The table ${table} is missing from one of the two databases.`);
        const list = shared.map((column) => `"${column}"`).join(', ');
        carried[table] = database
          .prepare(
            `insert into main.${table} (${list}) select ${list} from newer.${table} where id > (select coalesce(max(id), 0) from main.${table}) ${which} order by id`,
          )
          .run().changes;
      }
      return carried;
    })();
  } finally {
    database.close();
  }
}
