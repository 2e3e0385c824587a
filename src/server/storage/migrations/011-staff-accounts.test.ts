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

/** A database as the server left it with one shared password: an open session, and a history entry made with it. */
async function databaseBefore011(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'migration-011-'));
  dirs.push(dataDir);
  const db = new Kysely<unknown>({
    dialect: new SqliteDialect({ database: new SqliteDatabase(path.join(dataDir, DATABASE_FILE_NAME)) }),
  });
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo('010-guardian-confirmation');
  if (error) throw error;
  await sql`insert into staff_credentials (id, password_hash, version, updated_at) values (1, '$scrypt$the-shared-hash', 3, '2026-11-01T00:00:00.000Z')`.execute(
    db,
  );
  await sql`insert into staff_sessions (id, created_at, last_seen_at, expires_at, credential_version) values
    ('open-session', '2026-11-25T04:00:00.000Z', '2026-11-25T04:10:00.000Z', '2026-11-25T12:00:00.000Z', 3)`.execute(
    db,
  );
  await sql`insert into contact_enquiries (created_at, name, email, country_code, phone, type, message, idempotency_key)
    values ('2026-11-20T04:30:00.000Z', 'Arun Kumar', 'arun@example.in', '+91', '9840012345', 'general', 'Could we visit on Saturday?', 'before-011')`.execute(
    db,
  );
  await sql`insert into enquiry_history (enquiry_kind, enquiry_id, field, old_value, new_value, changed_at, session_id)
    values ('contact', 1, 'status', 'pending', 'responded', '2026-11-20T06:00:00.000Z', 'open-session')`.execute(db);
  await db.destroy();
  return dataDir;
}

describe('migration 011-staff-accounts', () => {
  it('makes the shared password the first Owner’s, keeps their open session and names them in the history, which stays append-only', async () => {
    const storage = await openStorage(await databaseBefore011());
    try {
      expect(
        storage.sqlite
          .prepare(
            'select id, email, name, role, password_hash, version, from_environment, disabled_at from staff_accounts',
          )
          .all(),
      ).toEqual([
        {
          id: 1,
          email: null,
          name: 'Owner',
          role: 'owner',
          password_hash: '$scrypt$the-shared-hash',
          version: 3,
          from_environment: 1,
          disabled_at: null,
        },
      ]);
      expect(storage.sqlite.prepare(`select name from sqlite_schema where name = 'staff_credentials'`).all()).toEqual(
        [],
      );
      expect(storage.sqlite.prepare('select account_id, credential_version from staff_sessions').all()).toEqual([
        { account_id: 1, credential_version: 3 },
      ]);
      expect(storage.sqlite.prepare('select account_id from enquiry_history').all()).toEqual([{ account_id: 1 }]);
      expect(() => storage.sqlite.prepare('update enquiry_history set account_id = 2').run()).toThrow(/append-only/);
    } finally {
      await storage.close();
    }
  });

  it('refuses a second account with the same email in another letter case, and a second first Owner', async () => {
    const storage = await openStorage(await databaseBefore011());
    try {
      const insert = storage.sqlite.prepare(
        `insert into staff_accounts (email, name, role, from_environment, created_at, updated_at) values (?, 'Someone', 'office', ?, '2026-11-25T00:00:00Z', '2026-11-25T00:00:00Z')`,
      );
      insert.run('priya@example.in', 0);
      expect(() => insert.run('Priya@Example.IN', 0)).toThrow(/UNIQUE/);
      expect(() => insert.run('second.owner@example.in', 1)).toThrow(/UNIQUE/);
      expect(() => storage.sqlite.prepare(`update staff_accounts set role = 'admin' where id = 1`).run()).toThrow(
        /CHECK/,
      );
    } finally {
      await storage.close();
    }
  });
});
