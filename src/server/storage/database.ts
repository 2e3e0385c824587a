import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type SqliteDatabase as KyselySqliteDatabase } from 'kysely';
import { databaseFiles, ensurePrivateDir, ensurePrivateFile, restrictIfPresent } from './privateFiles';
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

/** Distinct statements kept prepared; beyond this (lists of ids of many lengths) the cache starts afresh. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew; preparing is a large share of a small
 * query's cost. Statements are reused by their SQL text. Safe because Kysely runs one query at a
 * time on this single connection (a streamed query holds it until the stream ends).
 */
function withStatementCache(sqlite: SqliteDatabase.Database): KyselySqliteDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * Opens (creating on first start) the SQLite database under dataDir and brings its schema
 * up to date. WAL lets the dashboard read while enquiries are written; synchronous=FULL makes
 * a commit durable on disk before the visitor is told it was received. The folder is owner-only
 * and the database file is created 0600 before SQLite opens it: SQLite gives its -wal and -shm
 * the database file's mode.
 */
export async function openStorage(dataDir: string): Promise<Storage> {
  ensurePrivateDir(dataDir);
  const file = path.join(dataDir, DATABASE_FILE_NAME);
  for (const companion of databaseFiles(file)) restrictIfPresent(companion);
  ensurePrivateFile(file);
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');

  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
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
