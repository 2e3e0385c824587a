import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME, openStorage } from '../database';
import { enquiryListQuerySchema } from '#shared/dashboard/index.ts';
import { listEnquiries } from '#server/modules/enquiries/listRepository.ts';
import { migrationProvider } from '.';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A database as the server left it before 006, with one enquiry of each kind and a history entry. */
async function databaseBefore006(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'migration-006-'));
  dirs.push(dataDir);
  const db = new Kysely<unknown>({
    dialect: new SqliteDialect({ database: new SqliteDatabase(path.join(dataDir, DATABASE_FILE_NAME)) }),
  });
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo('005-outbox-failures');
  if (error) throw error;
  await sql`insert into contact_submissions (created_at, name, email, country_code, phone, type, message, idempotency_key)
    values ('2026-11-20T04:30:00.000Z', 'Arun Kumar', 'arun@example.in', '+91', '9840012345', 'general', 'Could we visit on Saturday?', 'before-006-c')`.execute(
    db,
  );
  await sql`insert into admission_enquiries (created_at, student_name, birth_date, parent_name, email, country_code, phone, program, idempotency_key)
    values ('2026-11-20T05:30:00.000Z', 'Kavya', '2022-03-03', 'Deepa Krishnan', 'deepa@example.in', '+91', '9876500000', 'toddler', 'before-006-a')`.execute(
    db,
  );
  await sql`insert into submission_history (submission_kind, submission_id, field, old_value, new_value, changed_at)
    values ('contact', 1, 'status', 'pending', 'responded', '2026-11-20T06:00:00.000Z')`.execute(db);
  await db.destroy();
  return dataDir;
}

describe('migration 006-one-vocabulary', () => {
  it('renames the tables and columns to the glossary and keeps every row, its search and its history', async () => {
    const storage = await openStorage(await databaseBefore006());
    try {
      const contacts = await listEnquiries(
        storage.db,
        enquiryListQuerySchema.parse({ kind: 'contact', search: 'Arun' }),
      );
      expect(contacts.rows).toEqual([
        expect.objectContaining({
          name: 'Arun Kumar',
          countryCode: '+91',
          phone: '9840012345',
          message: 'Could we visit on Saturday?',
        }),
      ]);
      // The search index was rebuilt under the new table: a phone search finds the row too.
      expect(
        (await listEnquiries(storage.db, enquiryListQuerySchema.parse({ kind: 'contact', search: '98400' }))).total,
      ).toBe(1);
      const toddlers = await listEnquiries(
        storage.db,
        enquiryListQuerySchema.parse({ kind: 'admission', program: 'toddler' }),
      );
      expect(toddlers.rows).toEqual([
        expect.objectContaining({ studentName: 'Kavya', birthDate: '2022-03-03', programOfInterest: 'toddler' }),
      ]);
      const history = await storage.db.selectFrom('enquiry_history').selectAll().execute();
      expect(history).toEqual([
        expect.objectContaining({ enquiry_kind: 'contact', enquiry_id: 1, field: 'status', new_value: 'responded' }),
      ]);
      expect(() => storage.sqlite.prepare(`delete from enquiry_history`).run()).toThrow(/append-only/);
      expect(() => storage.sqlite.prepare(`update enquiry_history set enquiry_kind = 'other'`).run()).toThrow(
        /append-only|CHECK/,
      );
      const names = storage.sqlite
        .prepare(`select name from sqlite_schema where name like '%submission%'`)
        .pluck()
        .all();
      expect(names).toEqual([]);
      const plan = storage.sqlite
        .prepare(`explain query plan select count(*) from contact_enquiries where is_read = 0 and spam_reasons is null`)
        .all() as { detail: string }[];
      expect(plan.map((step) => step.detail).join('\n')).toMatch(/COVERING INDEX contact_enquiries_unread/);
    } finally {
      await storage.close();
    }
  });

  it('can be undone, keeping the enquiries under their old names', async () => {
    const dataDir = await databaseBefore006();
    const db = new Kysely<unknown>({
      dialect: new SqliteDialect({ database: new SqliteDatabase(path.join(dataDir, DATABASE_FILE_NAME)) }),
    });
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('006-one-vocabulary')).error).toBeUndefined();
    expect((await migrator.migrateTo('005-outbox-failures')).error).toBeUndefined();
    const { rows } = await sql<{
      name: string;
      program: string;
    }>`select c.name, a.program from contact_submissions c, admission_enquiries a`.execute(db);
    expect(rows).toEqual([{ name: 'Arun Kumar', program: 'toddler' }]);
    const { rows: found } = await sql<{
      rowid: number;
    }>`select rowid from contact_submissions_search where contact_submissions_search match '"Arun"'`.execute(db);
    expect(found).toHaveLength(1);
    await db.destroy();
  });
});
