import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME, openStorage } from '../database';
import { migrationProvider } from '.';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A data folder whose database stops at `migration`, as an older version of the server left it. */
async function databaseAt(migration: string): Promise<{ dataDir: string; db: Kysely<Before006>; migrator: Migrator }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'migration-003-'));
  dirs.push(dataDir);
  const db = new Kysely<Before006>({
    dialect: new SqliteDialect({ database: new SqliteDatabase(path.join(dataDir, DATABASE_FILE_NAME)) }),
  });
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error } = await migrator.migrateTo(migration);
  if (error) throw error;
  return { dataDir, db, migrator };
}

const contact = {
  created_at: '2026-11-20T04:30:00.000Z',
  name: 'Arun Kumar',
  email: 'arun@example.in',
  country_code: '+91',
  phone: '9840012345',
  type: 'general',
  message: 'Could we visit on Saturday?',
  ip: '127.0.0.1',
  user_agent: null,
  idempotency_key: 'before-003-contact',
};

/** The contact table as migrations 001 to 005 left it (006 renamed it contact_enquiries). */
type Before006 = { contact_submissions: typeof contact & { id?: number; spam_reasons?: string | null } };

describe('migration 004-spam', () => {
  it('keeps every existing enquiry, outside the Spam folder', async () => {
    const before = await databaseAt('002-staff');
    await before.db.insertInto('contact_submissions').values(contact).execute();
    await before.db.destroy();

    const storage = await openStorage(before.dataDir);
    try {
      const rows = await storage.db.selectFrom('contact_enquiries').selectAll().execute();
      expect(rows).toEqual([expect.objectContaining({ ...contact, status: 'pending', spam_reasons: null })]);
      expect(() => storage.sqlite.prepare(`update contact_enquiries set spam_reasons = '[]'`).run()).toThrow(
        /CHECK constraint failed/,
      );
    } finally {
      await storage.close();
    }
  });

  it('keeps the office lists on their indexes, which now leave spam out', async () => {
    const storage = await openStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'migration-003-')));
    dirs.push(path.dirname(storage.file));
    try {
      const plan = (query: string) =>
        (storage.sqlite.prepare(`explain query plan ${query}`).all() as { detail: string }[])
          .map((step) => step.detail)
          .join('\n');
      expect(
        plan(`select count(*) from admission_enquiries where spam_reasons is null and status = 'pending'`),
      ).toMatch(/COVERING INDEX admission_enquiries_status_created_at/);
      expect(plan(`select count(*) from contact_enquiries where is_read = 0 and spam_reasons is null`)).toMatch(
        /COVERING INDEX contact_enquiries_unread/,
      );
      expect(plan(`select count(*) from contact_enquiries where spam_reasons is null`)).toMatch(/COVERING INDEX/);
      // A page deep in the list walks the index in order: no sort of every row before the OFFSET.
      const deepPage = plan(
        `select id, name from contact_enquiries where spam_reasons is null order by created_at desc, id desc limit 25 offset 50000`,
      );
      expect(deepPage).toMatch(/INDEX contact_enquiries_created_at/);
      expect(deepPage).not.toMatch(/TEMP B-TREE/);
      expect(
        plan(
          `select id from admission_enquiries where spam_reasons is null and program_of_interest = 'primary' and status = 'pending' order by created_at desc, id desc limit 25`,
        ),
      ).not.toMatch(/TEMP B-TREE/);
      expect(
        plan(`select id from contact_enquiries where spam_reasons is not null and created_at < '2026-01-01'`),
      ).toMatch(/INDEX contact_enquiries_spam_created_at/);
    } finally {
      await storage.close();
    }
  });

  it('can be undone, keeping the enquiries', async () => {
    const database = await databaseAt('004-spam');
    await database.db
      .insertInto('contact_submissions')
      .values({ ...contact, spam_reasons: '["honeypot"]' })
      .execute();
    const { error } = await database.migrator.migrateDown();
    expect(error).toBeUndefined();
    const columns = (await database.db.introspection.getTables())
      .find((table) => table.name === 'contact_submissions')
      ?.columns.map((column) => column.name);
    expect(columns).not.toContain('spam_reasons');
    expect(await database.db.selectFrom('contact_submissions').select('name').execute()).toEqual([
      { name: 'Arun Kumar' },
    ]);
    await database.db.destroy();
  });
});
