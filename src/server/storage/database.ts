import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { migrationProvider } from './migrations';
import type { Database } from './schema';

export type Storage = {
  db: Kysely<Database>;
  /** The underlying connection, for the few things Kysely cannot express (checkpoints, pragmas). */
  sqlite: SqliteDatabase.Database;
  file: string;
  close(): Promise<void>;
};

export const DATABASE_FILE_NAME = 'school.sqlite';

/**
 * Opens (creating on first start) the SQLite database under dataDir and brings its schema
 * up to date. WAL lets the dashboard read while enquiries are written; synchronous=FULL makes
 * a commit durable on disk before the visitor is told it was received.
 */
export async function openStorage(dataDir: string): Promise<Storage> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DATABASE_FILE_NAME);
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');

  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    await db.destroy();
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }

  return {
    db,
    sqlite,
    file,
    close: () => db.destroy(),
  };
}
