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

describe('migration 032: parent events and documents', () => {
  it("seeds the spec's events and documents, or the office's published events when there are some", async () => {
    storage = await openStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'mig032-')));
    const { db } = storage;
    const titles = async () =>
      (await db.selectFrom('parent_events').select(['title', 'day']).orderBy('id').execute()).map(
        (event) => `${event.day} ${event.title}`,
      );
    expect(await titles()).toEqual([
      '2025-05-15 Parent-Teacher Conference',
      '2025-06-05 Annual Day Celebration',
      '2025-04-30 Summer Camp Registration',
    ]);
    expect((await db.selectFrom('parent_documents').select('title').execute()).map((row) => row.title)).toEqual([
      'School Calendar 2024-2025',
      'Parent Handbook',
      'Fee Structure',
      'Admission Form',
    ]);

    const migrator = new Migrator({ db, provider: migrationProvider });
    // Down to the one before, whatever came after it.
    expect((await migrator.migrateTo('031-parents-corner')).error).toBeUndefined();
    await db
      .insertInto('content_revisions')
      .values({
        published_at: '2026-01-01T00:00:00.000Z',
        account_id: null,
        actor: 'Office',
        content: JSON.stringify({
          events: [{ title: 'Pongal Fair', date: '2027-01-14', text: 'Sugarcane and kolams.' }],
        }),
        changed: '["events"]',
        restored_from: null,
      })
      .execute();
    expect((await migrator.migrateTo('032-parent-events-documents')).error).toBeUndefined();
    expect(await titles()).toEqual(['2027-01-14 Pongal Fair']);
  });
});
