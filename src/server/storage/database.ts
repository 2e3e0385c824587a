import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  SqliteDialect,
  SqliteDriver,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase as KyselySqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';
import { Migrator } from 'kysely/migration';
import {
  databaseFiles,
  ensurePrivateDir,
  ensurePrivateFile,
  restrictIfPresent,
} from '#server/platform/privateFiles.ts';
import { migrationProvider } from './migrations';
import type { Database } from './schema';
import { createWriteHealth, type WriteHealth } from './writeHealth';

export type Storage = {
  db: Kysely<Database>;
  /** The underlying connection, for the few things Kysely cannot express (checkpoints, pragmas). */
  sqlite: SqliteDatabase.Database;
  file: string;
  /** Whether writes work (disk full, I/O errors), for /healthz. */
  writes: WriteHealth;
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

/** The same connection, telling `report` of every statement that fails. */
function reportingFailures(connection: DatabaseConnection, report: (error: unknown) => void): DatabaseConnection {
  return {
    // Kysely's SQLite connection throws synchronously, so the call itself sits in the try.
    async executeQuery<R>(query: CompiledQuery) {
      try {
        return await connection.executeQuery<R>(query);
      } catch (error) {
        report(error);
        throw error;
      }
    },
    async *streamQuery(query, chunkSize) {
      try {
        yield* connection.streamQuery(query, chunkSize);
      } catch (error) {
        report(error);
        throw error;
      }
    },
  };
}

/**
 * Kysely's SQLite driver, changed for failures of the store itself (disk full, I/O errors). Every
 * failed statement is reported (storage/writeHealth.ts keeps those that matter). And on some of
 * them SQLite rolls the whole transaction back itself (SQLITE_FULL or SQLITE_IOERR while
 * committing, for one): Kysely then sent ROLLBACK anyway, which failed with "cannot rollback - no
 * transaction is active", and that error replaced the real one in every log. Only a transaction
 * still open is rolled back here, so the real error is the one that surfaces.
 */
class FailureAwareDriver extends SqliteDriver {
  #connection: DatabaseConnection | undefined;

  constructor(
    config: SqliteDialectConfig,
    private readonly sqlite: SqliteDatabase.Database,
    private readonly reportFailure: (error: unknown) => void,
  ) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    // The driver has one connection, and Kysely tells connections apart by identity: one wrapper.
    this.#connection ??= reportingFailures(connection, this.reportFailure);
    return this.#connection;
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.sqlite.inTransaction) await super.rollbackTransaction(connection);
  }
}

class Dialect extends SqliteDialect {
  constructor(
    private readonly dialectConfig: SqliteDialectConfig,
    private readonly sqlite: SqliteDatabase.Database,
    private readonly reportFailure: (error: unknown) => void,
  ) {
    super(dialectConfig);
  }

  override createDriver(): Driver {
    return new FailureAwareDriver(this.dialectConfig, this.sqlite, this.reportFailure);
  }
}

/**
 * Opens (creating on first start) the SQLite database under dataDir and brings its schema
 * up to date. WAL lets the dashboard read while enquiries are written; synchronous=FULL makes
 * a commit durable on disk before the visitor is told it was received; secure_delete overwrites
 * what is deleted with zeros, so an erased enquiry does not linger in free pages or free space
 * within a page (decision 0023). The folder is owner-only
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
  sqlite.pragma('secure_delete = ON');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');

  const db: Kysely<Database> = new Kysely<Database>({
    dialect: new Dialect({ database: withStatementCache(sqlite) }, sqlite, (error) => writes.noteFailure(error)),
  });
  const writes = createWriteHealth(db, dataDir);
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
    writes,
    close: () => db.destroy(),
  };
}

/**
 * Copies the write-ahead log into the database and empties it. Until then the -wal file still
 * holds earlier versions of the pages an erasure changed (with secure_delete, the database file
 * itself holds zeros). Answers false when a reader (a backup in another process) kept it from
 * finishing; the next purge tries again.
 */
export function truncateWriteAheadLog(sqlite: SqliteDatabase.Database): boolean {
  const [result] = sqlite.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
  return result?.busy === 0;
}
