import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '../database';
import { migrationProvider } from './index';

let storage: Storage | undefined;
afterEach(async () => {
  await storage?.close();
  storage = undefined;
});

describe('migration 031: parents corner', () => {
  it('lets a guardian link mail into the outbox, keeps the other shapes, and goes down and up again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mig031-'));
    storage = await openStorage(dir);
    const { db } = storage;
    await sql`insert into parent_families (child_name, class_name, program, created_at) values ('Anu', 'Primary A', 'primary', '2026-01-01')`.execute(
      db,
    );
    await sql`insert into parent_guardians (family_id, email, name, phone, invited_at) values (1, 'p@example.com', 'P', '1', '2026-01-01')`.execute(
      db,
    );
    const guardianMail = sql`insert into outbox (recipient_role, to_address, subject, text_body, next_attempt_at, created_at, secret_link, message_id, parent_guardian_id)
      values ('guardian', 'p@example.com', 's', 't', '2026-01-01', '2026-01-01', 'https://x/#link', 'm1', 1)`;
    await guardianMail.execute(db);
    await expect(
      sql`insert into outbox (recipient_role, to_address, subject, text_body, next_attempt_at, created_at, message_id) values ('guardian', 'p@example.com', 's', 't', '2026-01-01', '2026-01-01', 'm2')`.execute(
        db,
      ),
    ).rejects.toThrow(/CHECK/);
    const indexes = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'index' and tbl_name = 'outbox' and sql is not null order by name`.execute(
      db,
    );
    expect(indexes.rows.map((row) => row.name)).toContain('outbox_due');

    const migrator = new Migrator({ db, provider: migrationProvider });
    // Down past 031, whatever migrations came after it.
    const down = await migrator.migrateTo('030-history-visit-time');
    expect(down.error).toBeUndefined();
    const columns = await sql<{ name: string }>`select name from pragma_table_info('outbox')`.execute(db);
    expect(columns.rows.map((row) => row.name)).not.toContain('parent_guardian_id');
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
  });
});
