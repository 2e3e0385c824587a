import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME } from '../database';
import { migrationProvider } from '.';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('migration 028-message-ids', () => {
  it('gives every email still to be sent its own Message-ID, and none to those already sent', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'migration-028-'));
    dirs.push(dataDir);
    const db = new Kysely<unknown>({
      dialect: new SqliteDialect({ database: new SqliteDatabase(path.join(dataDir, DATABASE_FILE_NAME)) }),
    });
    const migrator = new Migrator({ db, provider: migrationProvider });
    try {
      expect((await migrator.migrateTo('024-school-holidays')).error).toBeUndefined();
      await sql`insert into outbox (enquiry_kind, enquiry_id, recipient_role, to_address, subject, text_body, next_attempt_at, created_at, sent_at, failed_at) values
        ('contact', 1, 'office', 'o@a.test', 's', 'b', 'x', 'x', 'x', null),
        ('contact', 1, 'parent', 'p@a.test', 's', 'b', 'x', 'x', null, null),
        ('contact', 2, 'parent', 'q@a.test', 's', 'b', 'x', 'x', null, 'x')`.execute(db);

      expect((await migrator.migrateTo('028-message-ids')).error).toBeUndefined();
      const rows = (
        await sql<{ id: number; message_id: string | null }>`select id, message_id from outbox order by id`.execute(db)
      ).rows;
      expect(rows).toEqual([
        { id: 1, message_id: null },
        { id: 2, message_id: expect.stringMatching(/^<[0-9a-f-]{36}@www\.aranyamontessori\.in>$/) },
        { id: 3, message_id: expect.stringMatching(/^<[0-9a-f-]{36}@www\.aranyamontessori\.in>$/) },
      ]);
      expect(rows[1]!.message_id).not.toBe(rows[2]!.message_id);

      expect((await migrator.migrateTo('024-school-holidays')).error).toBeUndefined();
      expect(
        (await sql<{ name: string }>`select name from pragma_table_info('outbox')`.execute(db)).rows.map(
          (column) => column.name,
        ),
      ).not.toContain('message_id');
    } finally {
      await db.destroy();
    }
  });
});
