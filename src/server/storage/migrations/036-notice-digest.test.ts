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

describe("migration 036: each guardian's choice of notice emails", () => {
  it('keeps every guardian there before at once, refuses another word, and goes down and up again', async () => {
    storage = await openStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'mig036-')));
    const { db } = storage;
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('035-parent-sign-in-codes')).error).toBeUndefined();
    await sql`insert into parent_families (child_name, class_name, program, created_at) values ('Anika', 'Rose', 'primary', '2026-11-01')`.execute(
      db,
    );
    await sql`insert into parent_guardians (family_id, email, name, phone, invited_at) values (1, 'a@example.com', 'A', '9840012345', '2026-11-01')`.execute(
      db,
    );
    expect((await migrator.migrateTo('036-notice-digest')).error).toBeUndefined();
    expect(
      await db.selectFrom('parent_guardians').select(['notice_mail', 'digest_covered_to']).executeTakeFirst(),
    ).toEqual({ notice_mail: 'at-once', digest_covered_to: null });
    await expect(
      db
        .updateTable('parent_guardians')
        .set({ notice_mail: 'daily' as 'weekly' })
        .execute(),
    ).rejects.toThrow();
    expect((await migrator.migrateTo('035-parent-sign-in-codes')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
