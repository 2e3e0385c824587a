import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME, openStorage } from '../database';
import { migrationProvider } from './index';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A database as the server left it before 009: a contact enquiry with two history entries, an admission enquiry with one. */
async function databaseBefore009(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'migration-009-'));
  dirs.push(dataDir);
  const db = new Kysely<unknown>({
    dialect: new SqliteDialect({ database: new SqliteDatabase(path.join(dataDir, DATABASE_FILE_NAME)) }),
  });
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo('006-one-vocabulary');
  if (error) throw error;
  await sql`insert into contact_enquiries (created_at, name, email, country_code, phone, type, message, idempotency_key)
    values ('2026-11-20T04:30:00.000Z', 'Arun Kumar', 'arun@example.in', '+91', '9840012345', 'general', 'Could we visit on Saturday?', 'before-009-c')`.execute(
    db,
  );
  await sql`insert into admission_enquiries (created_at, student_name, birth_date, parent_name, email, country_code, phone, program_of_interest, idempotency_key)
    values ('2026-11-20T05:30:00.000Z', 'Kavya', '2022-03-03', 'Deepa Krishnan', 'deepa@example.in', '+91', '9876500000', 'toddler', 'before-009-a')`.execute(
    db,
  );
  await sql`insert into enquiry_history (enquiry_kind, enquiry_id, field, old_value, new_value, changed_at, session_id) values
    ('contact', 1, 'status', 'pending', 'responded', '2026-11-20T06:00:00.000Z', 'session-a'),
    ('admission', 1, 'remarks', '', 'Called Deepa', '2026-11-20T06:05:00.000Z', 'session-a'),
    ('contact', 1, 'remarks', '', 'Visit on Saturday', '2026-11-20T06:10:00.000Z', 'session-b')`.execute(db);
  await db.destroy();
  return dataDir;
}

const tombstone = (kind: string, id: number) =>
  `insert into enquiry_history (enquiry_kind, enquiry_id, field, old_value, new_value, changed_at, session_id)
   values ('${kind}', ${id}, 'erased', '{}', 'request', '2026-11-21T04:00:00.000Z', 'session-c')`;

describe('migration 009-erasure', () => {
  it('keeps every history entry with its id, and still refuses edits and deletions of a live enquiry’s history', async () => {
    const storage = await openStorage(await databaseBefore009());
    try {
      const history = storage.sqlite
        .prepare('select id, enquiry_kind, enquiry_id, field, new_value, session_id from enquiry_history order by id')
        .all();
      expect(history).toEqual([
        {
          id: 1,
          enquiry_kind: 'contact',
          enquiry_id: 1,
          field: 'status',
          new_value: 'responded',
          session_id: 'session-a',
        },
        {
          id: 2,
          enquiry_kind: 'admission',
          enquiry_id: 1,
          field: 'remarks',
          new_value: 'Called Deepa',
          session_id: 'session-a',
        },
        {
          id: 3,
          enquiry_kind: 'contact',
          enquiry_id: 1,
          field: 'remarks',
          new_value: 'Visit on Saturday',
          session_id: 'session-b',
        },
      ]);
      expect(() =>
        storage.sqlite.prepare(`update enquiry_history set new_value = 'pending' where id = 1`).run(),
      ).toThrow(/append-only/);
      expect(() => storage.sqlite.prepare('delete from enquiry_history where id = 1').run()).toThrow(/append-only/);
      // An enquiry with a history cannot simply be deleted: its tombstone comes first.
      expect(() => storage.sqlite.prepare('delete from contact_enquiries where id = 1').run()).toThrow(/tombstone/);
      // A tombstone does not free the history of an enquiry that is still there.
      storage.sqlite.prepare(tombstone('contact', 1)).run();
      expect(() => storage.sqlite.prepare('delete from enquiry_history where id = 1').run()).toThrow(/append-only/);
      // The index that lists an enquiry's history survived the rebuild, and ids go on from the last one.
      const plan = storage.sqlite
        .prepare(
          `explain query plan select * from enquiry_history where enquiry_kind = 'contact' and enquiry_id = 1 order by id`,
        )
        .all() as { detail: string }[];
      expect(plan.map((step) => step.detail).join('\n')).toMatch(/enquiry_history_row/);
      expect(storage.sqlite.prepare(`select max(id) from enquiry_history`).pluck().get()).toBe(4);
    } finally {
      await storage.close();
    }
  });

  it('lets an enquiry and its history go once its tombstone is written, and keeps the tombstone for good', async () => {
    const storage = await openStorage(await databaseBefore009());
    try {
      const erase = storage.sqlite.transaction(() => {
        storage.sqlite.prepare(tombstone('contact', 1)).run();
        storage.sqlite.prepare('delete from contact_enquiries where id = 1').run();
        storage.sqlite
          .prepare(
            `delete from enquiry_history where enquiry_kind = 'contact' and enquiry_id = 1 and field <> 'erased'`,
          )
          .run();
      });
      erase();
      const left = storage.sqlite
        .prepare('select enquiry_kind, enquiry_id, field from enquiry_history order by id')
        .all();
      expect(left).toEqual([
        { enquiry_kind: 'admission', enquiry_id: 1, field: 'remarks' },
        { enquiry_kind: 'contact', enquiry_id: 1, field: 'erased' },
      ]);
      expect(() => storage.sqlite.prepare(`delete from enquiry_history where field = 'erased'`).run()).toThrow(
        /append-only/,
      );
      expect(() =>
        storage.sqlite.prepare(`update enquiry_history set new_value = 'retention' where field = 'erased'`).run(),
      ).toThrow(/append-only/);
      expect(() => storage.sqlite.prepare(tombstone('contact', 1)).run()).toThrow(/UNIQUE/);
      // The other enquiry's history is untouched and still protected.
      expect(() =>
        storage.sqlite.prepare(`delete from enquiry_history where enquiry_kind = 'admission'`).run(),
      ).toThrow(/append-only/);
      // The search index forgot the row's terms at once.
      expect(
        storage.sqlite
          .prepare(`select count(*) from contact_enquiries_search where contact_enquiries_search match '"Arun"'`)
          .pluck()
          .get(),
      ).toBe(0);
      expect(
        storage.sqlite.prepare(`select v from contact_enquiries_search_config where k = 'secure-delete'`).pluck().get(),
      ).toBe(1);
    } finally {
      await storage.close();
    }
  });

  it('can be undone while no enquiry has been erased, and refuses once one has', async () => {
    const dataDir = await databaseBefore009();
    const database = new SqliteDatabase(path.join(dataDir, DATABASE_FILE_NAME));
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database }) });
    const migrator = new Migrator({ db, provider: migrationProvider });
    try {
      expect((await migrator.migrateTo('009-erasure')).error).toBeUndefined();
      expect((await migrator.migrateTo('006-one-vocabulary')).error).toBeUndefined();
      expect(() => database.prepare(tombstone('contact', 1)).run()).toThrow(/CHECK/);
      expect(() => database.prepare('delete from enquiry_history').run()).toThrow(/append-only/);
      expect(database.prepare('select count(*) from enquiry_history').pluck().get()).toBe(3);

      expect((await migrator.migrateTo('009-erasure')).error).toBeUndefined();
      database.prepare(tombstone('admission', 1)).run();
      const undo = await migrator.migrateTo('006-one-vocabulary');
      expect(String(undo.error)).toMatch(/tombstones/);
    } finally {
      await db.destroy();
    }
  });
});
