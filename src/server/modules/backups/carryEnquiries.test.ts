import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { carryEnquiries } from './repository';
import { DATABASE_FILE_NAME, openStorage } from '#server/storage/database.ts';
import { insertTestAdmissions, insertTestContacts } from '#test/support/testEnquiries.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** A migrated database with one contact message, copied: `older` as a backup is, `newer` to receive more. */
async function twoDatabases(): Promise<{ older: string; newer: string }> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'carry-'));
  folders.push(folder);
  const storage = await openStorage(folder);
  await insertTestContacts(storage.db, [{ name: 'Before the backup' }]);
  await storage.close();
  const older = path.join(folder, 'older.sqlite');
  fs.copyFileSync(path.join(folder, DATABASE_FILE_NAME), older);
  return { older, newer: path.join(folder, DATABASE_FILE_NAME) };
}

const rows = (file: string, sql: string) => {
  const database = new SqliteDatabase(file, { readonly: true });
  try {
    return database.prepare(sql).all();
  } finally {
    database.close();
  }
};

describe('carryEnquiries', () => {
  it('copies the enquiries received after the backup, and their mail, in the columns both schemas have, and finds them by search', async () => {
    const { older, newer } = await twoDatabases();
    const storage = await openStorage(path.dirname(newer));
    await storage.sqlite.exec('alter table contact_enquiries add column newer_note text');
    const [contactId] = await insertTestContacts(storage.db, [{ name: 'Meenakshi Sundaram' }]);
    await insertTestAdmissions(storage.db, [{ studentName: 'Ishaan' }]);
    storage.sqlite
      .prepare(
        "insert into outbox (enquiry_kind, enquiry_id, recipient_role, to_address, subject, text_body, next_attempt_at, created_at) values ('contact', ?, 'office', 'office@example.com', 'New', 'Body', '2026-11-20', '2026-11-20')",
      )
      .run(contactId);
    await storage.close();

    expect(carryEnquiries({ from: newer, into: older })).toEqual({
      contact_enquiries: 1,
      admission_enquiries: 1,
      outbox: 1,
    });
    expect(rows(older, 'select id, name from contact_enquiries order by id')).toEqual([
      { id: 1, name: 'Before the backup' },
      { id: contactId, name: 'Meenakshi Sundaram' },
    ]);
    expect(
      rows(older, "select rowid from contact_enquiries_search where contact_enquiries_search match 'Sundaram'"),
    ).toEqual([{ rowid: contactId }]);
    expect(rows(older, 'select enquiry_id from outbox')).toEqual([{ enquiry_id: contactId }]);
  });

  it('copies nothing, all or nothing, when the older database refuses a row', async () => {
    const { older, newer } = await twoDatabases();
    const storage = await openStorage(path.dirname(newer));
    await insertTestContacts(storage.db, [{ name: 'After the backup' }]);
    await insertTestAdmissions(storage.db, [{ studentName: 'Refused' }]);
    await storage.close();
    const database = new SqliteDatabase(older);
    database.exec(
      "create trigger refuse before insert on admission_enquiries begin select raise(abort, 'does not fit'); end",
    );
    database.close();

    expect(() => carryEnquiries({ from: newer, into: older })).toThrow('does not fit');
    expect(rows(older, 'select name from contact_enquiries')).toEqual([{ name: 'Before the backup' }]);
  });
});
