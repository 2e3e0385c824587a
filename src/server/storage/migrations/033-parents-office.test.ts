import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '../database';
import { migrationProvider } from './index';

let storage: Storage | undefined;
afterEach(async () => {
  await storage?.close();
  storage = undefined;
});

describe('migration 033: the office’s Parents’ Corner', () => {
  it('counts the seeded notices as mailed, and goes down and up again', async () => {
    storage = await openStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'mig033-')));
    const { db } = storage;
    const seeded = await db.selectFrom('parent_notices').select(['mailed_at', 'created_at']).execute();
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.every((notice) => notice.mailed_at === notice.created_at)).toBe(true);
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('031-parents-corner')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const columns = await db.introspection.getTables();
    const families = columns.find((table) => table.name === 'parent_families');
    expect(families?.columns.map((column) => column.name)).toContain('enquiry_id');
  });
});
