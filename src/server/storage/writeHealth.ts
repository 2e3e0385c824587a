import fs from 'node:fs/promises';
import SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

export type Writability = { writable: true } | { writable: false; reason: string };

/**
 * Whether the store takes writes, for /healthz. A write that failed because of the store (disk
 * full, I/O error, read-only file system) is remembered at once; the probe clears it only when it
 * passes: a real committed write to the health_probe row (it goes through the file system, the
 * WAL and fsync), and room for the database to grow. The second half matters because the probe
 * rewrites a page that already exists, which can succeed on a full disk while every new enquiry,
 * which needs new pages, fails.
 */
export type WriteHealth = {
  /** Sees every failed statement (storage/database.ts); keeps the ones that mean the store cannot take writes. */
  noteFailure(error: unknown): void;
  /** Runs the probe when the last one is older than PROBE_INTERVAL_MS, then answers what is known. */
  check(now: Date): Promise<Writability>;
};

/** /healthz is public: at most one probe (one fsync) in this time, however often it is asked. */
const PROBE_INTERVAL_MS = 5_000;

/** Pages an enquiry with its outbox rows and search index entries can need, with a margin. */
const MIN_ROOM_PAGES = 64;

/** SQLite result codes that say the store itself cannot take writes (not a bad query, a constraint or a busy lock). */
const storageFailureCode = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|CORRUPT|NOTADB|PERM)/;

function isStorageFailure(error: unknown): error is SqliteDatabase.SqliteError {
  return error instanceof SqliteDatabase.SqliteError && storageFailureCode.test(error.code);
}

type SizePragma = 'page_count' | 'max_page_count' | 'freelist_count' | 'page_size' | 'wal_autocheckpoint';

async function pragma(db: Kysely<Database>, name: SizePragma): Promise<number> {
  const { rows } = await sql<Record<SizePragma, number>>`${sql.raw(`pragma ${name}`)}`.execute(db);
  return Number(rows[0]?.[name]);
}

/** Room to grow: SQLite's own page limit, and the disk, which must hold what the WAL collects before a checkpoint. */
async function roomToGrow(db: Kysely<Database>, dataDir: string): Promise<Writability> {
  const roomPages =
    (await pragma(db, 'max_page_count')) - (await pragma(db, 'page_count')) + (await pragma(db, 'freelist_count'));
  if (roomPages < MIN_ROOM_PAGES)
    return { writable: false, reason: 'database or disk is full: the database has reached max_page_count' };
  const neededBytes = (await pragma(db, 'wal_autocheckpoint')) * (await pragma(db, 'page_size'));
  const { bavail, bsize } = await fs.statfs(dataDir);
  if (bavail * bsize < neededBytes)
    return {
      writable: false,
      reason: `database or disk is full: ${bavail * bsize} bytes free on the disk of ${dataDir}`,
    };
  return { writable: true };
}

async function probe(db: Kysely<Database>, dataDir: string, now: Date): Promise<Writability> {
  const checkedAt = now.toISOString();
  try {
    await db.transaction().execute((trx) =>
      trx
        .insertInto('health_probe')
        .values({ id: 1, checked_at: checkedAt })
        .onConflict((conflict) => conflict.column('id').doUpdateSet({ checked_at: checkedAt }))
        .execute(),
    );
    return await roomToGrow(db, dataDir);
  } catch (error) {
    return { writable: false, reason: String(error) };
  }
}

export function createWriteHealth(db: Kysely<Database>, dataDir: string): WriteHealth {
  let failure: string | undefined;
  let lastProbeAt = Number.NEGATIVE_INFINITY;
  let probing: Promise<void> | undefined;

  return {
    noteFailure(error) {
      if (isStorageFailure(error)) failure = String(error);
    },
    async check(now) {
      if (now.getTime() - lastProbeAt >= PROBE_INTERVAL_MS) {
        lastProbeAt = now.getTime();
        probing ??= probe(db, dataDir, now).then((result) => {
          failure = result.writable ? undefined : result.reason;
          probing = undefined;
        });
      }
      await probing;
      return failure === undefined ? { writable: true } : { writable: false, reason: failure };
    },
  };
}
