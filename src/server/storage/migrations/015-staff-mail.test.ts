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

/** A database before 015: an enquiry's two emails (one sent, one given up) after a third was deleted, so the id sequence is ahead of the rows. */
async function databaseBefore015(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'migration-015-'));
  dirs.push(dataDir);
  const db = new Kysely<unknown>({
    dialect: new SqliteDialect({ database: new SqliteDatabase(path.join(dataDir, DATABASE_FILE_NAME)) }),
  });
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo('013-staff-links');
  if (error) throw error;
  await sql`insert into outbox (enquiry_kind, enquiry_id, recipient_role, to_address, subject, text_body, next_attempt_at, created_at, sent_at, failed_at, rejections) values
    ('contact', 7, 'office', 'office@aranya.test', 'New contact message', 'Body', '2026-11-20T04:30:00.000Z', '2026-11-20T04:30:00.000Z', '2026-11-20T04:30:01.000Z', null, 0),
    ('contact', 7, 'parent', 'parent@example.in', 'We have received your message', 'Body', '2026-11-20T04:37:30.000Z', '2026-11-20T04:30:00.000Z', null, '2026-11-20T04:37:30.000Z', 5),
    ('admission', 3, 'office', 'office@aranya.test', 'Erased since', 'Body', '2026-11-20T05:00:00.000Z', '2026-11-20T05:00:00.000Z', '2026-11-20T05:00:01.000Z', null, 0)`.execute(
    db,
  );
  await sql`delete from outbox where id = 3`.execute(db);
  await db.destroy();
  return dataDir;
}

describe('migration 015-staff-mail', () => {
  it('keeps every email with its id, and gives a new one an id never used', async () => {
    const storage = await openStorage(await databaseBefore015());
    try {
      expect(
        storage.sqlite
          .prepare(
            'select id, enquiry_kind, enquiry_id, staff_account_id, recipient_role, sent_at, failed_at, rejections, secret_link from outbox order by id',
          )
          .all(),
      ).toEqual([
        {
          id: 1,
          enquiry_kind: 'contact',
          enquiry_id: 7,
          staff_account_id: null,
          recipient_role: 'office',
          sent_at: '2026-11-20T04:30:01.000Z',
          failed_at: null,
          rejections: 0,
          secret_link: null,
        },
        {
          id: 2,
          enquiry_kind: 'contact',
          enquiry_id: 7,
          staff_account_id: null,
          recipient_role: 'parent',
          sent_at: null,
          failed_at: '2026-11-20T04:37:30.000Z',
          rejections: 5,
          secret_link: null,
        },
      ]);
      const { id } = storage.sqlite
        .prepare(
          `insert into outbox (enquiry_kind, enquiry_id, recipient_role, to_address, subject, text_body, next_attempt_at, created_at) values ('contact', 8, 'office', 'o@a.test', 's', 'b', 'x', 'x') returning id`,
        )
        .get() as { id: number };
      expect(id).toBe(4);
      expect(
        storage.sqlite
          .prepare(
            `select name from sqlite_schema where type = 'index' and tbl_name = 'outbox' and name not like 'sqlite_%' order by name`,
          )
          .all(),
      ).toEqual([
        { name: 'outbox_due' },
        { name: 'outbox_failed' },
        // Since 022 the rule of one email per enquiry and recipient is a partial index (a visit's emails are many).
        { name: 'outbox_one_mail_per_role' },
        { name: 'outbox_staff' },
      ]);
    } finally {
      await storage.close();
    }
  });

  it('refuses a row that is neither one enquiry’s nor one staff account’s, and a link in an enquiry’s email', async () => {
    const storage = await openStorage(await databaseBefore015());
    try {
      storage.sqlite
        .prepare(
          `insert into staff_accounts (email, name, role, created_at, updated_at) values ('priya@example.in', 'Priya', 'office', 'x', 'x')`,
        )
        .run();
      const insert = storage.sqlite.prepare(
        `insert into outbox (enquiry_kind, enquiry_id, staff_account_id, recipient_role, to_address, subject, text_body, secret_link, next_attempt_at, created_at) values (?, ?, ?, ?, 'to@example.in', 's', 'b', ?, 'x', 'x')`,
      );
      insert.run(null, null, 1, 'staff', 'https://example.in/admin#set-password=secret');
      expect(() => insert.run('contact', 9, 1, 'staff', null)).toThrow(/CHECK/);
      expect(() => insert.run(null, null, null, 'staff', null)).toThrow(/CHECK/);
      expect(() => insert.run(null, null, 1, 'office', null)).toThrow(/CHECK/);
      expect(() => insert.run('contact', 9, null, 'parent', 'https://example.in/admin#set-password=secret')).toThrow(
        /CHECK/,
      );
      expect(() => insert.run(null, null, 99, 'staff', null)).toThrow(/FOREIGN KEY/);
    } finally {
      await storage.close();
    }
  });

  it('goes back to enquiries’ emails only, keeping them', async () => {
    const storage = await openStorage(await databaseBefore015());
    try {
      storage.sqlite
        .prepare(
          `insert into staff_accounts (email, name, role, created_at, updated_at) values ('priya@example.in', 'Priya', 'office', 'x', 'x')`,
        )
        .run();
      storage.sqlite
        .prepare(
          `insert into outbox (staff_account_id, recipient_role, to_address, subject, text_body, next_attempt_at, created_at) values (1, 'staff', 'priya@example.in', 's', 'b', 'x', 'x')`,
        )
        .run();
      const { error } = await new Migrator({ db: storage.db, provider: migrationProvider }).migrateTo(
        '013-staff-links',
      );
      expect(error).toBeUndefined();
      expect(storage.sqlite.prepare('select id, recipient_role from outbox order by id').all()).toEqual([
        { id: 1, recipient_role: 'office' },
        { id: 2, recipient_role: 'parent' },
      ]);
      expect(() =>
        storage.sqlite
          .prepare(
            `insert into outbox (recipient_role, to_address, subject, text_body, next_attempt_at, created_at) values ('staff', 't', 's', 'b', 'x', 'x')`,
          )
          .run(),
      ).toThrow(/NOT NULL/);
    } finally {
      await storage.close();
    }
  });
});
