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

const officeNotice = {
  title: 'Bus route change',
  date: '2026-11-20',
  text: 'The bus for {admissions year} stops at Adyar.',
};
const content = (notices: unknown[], events: unknown[], admissionsYear = '2026-27') =>
  JSON.stringify({ admissionsYear, announcement: { text: 'Hello', shown: false }, notices, events });

/** The database as it was before migration 034, with the site content the office had published. */
async function before034(revisions: { content: string; changed: string[] }[], draft?: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mig034-'));
  storage = await openStorage(dir);
  const { db } = storage;
  const migrator = new Migrator({ db, provider: migrationProvider });
  // Down to the one before 034, whatever came after it.
  expect((await migrator.migrateTo('033-parents-office')).error).toBeUndefined();
  for (const revision of revisions)
    await sql`insert into content_revisions (published_at, content, changed) values ('2026-11-20T10:00:00.000Z', ${revision.content}, ${JSON.stringify(revision.changed)})`.execute(
      db,
    );
  if (draft)
    await sql`insert into content_draft (id, content, updated_at) values (1, ${draft}, '2026-11-21')`.execute(db);
  expect((await migrator.migrateTo('034-parents-private')).error).toBeUndefined();
  return db;
}

const notices = async (db: Storage['db']) =>
  (await db.selectFrom('parent_notices').select(['title', 'body', 'publish_at']).orderBy('id').execute()).map(
    (row) => row.title,
  );

describe("migration 034: the Parents' Corner's content leaves the site content", () => {
  it('keeps the spec notices of 031 when the office never published', async () => {
    const db = await before034([]);
    expect(await notices(db)).toEqual([
      'Summer Vacation Schedule',
      'New Health and Safety Protocols',
      'Updated Fee Structure',
    ]);
    const columns = await sql<{ name: string }>`select name from pragma_table_info('parent_sessions')`.execute(db);
    expect(columns.rows.map((column) => column.name)).toEqual(expect.arrayContaining(['last_used_at', 'user_agent']));
  });

  it("replaces them with the office's published notices, and takes both parts out of the draft and every revision", async () => {
    const event = { title: 'Annual Day', date: '2026-12-05', text: 'Songs.' };
    const db = await before034(
      [
        { content: content([], [event]), changed: ['announcement'] },
        { content: content([], [event]), changed: ['events'] },
        { content: content([officeNotice], [event]), changed: ['notices', 'admissionsYear'] },
      ],
      content([officeNotice, { ...officeNotice, title: 'Draft only' }], [event]),
    );
    const rows = await db.selectFrom('parent_notices').selectAll().execute();
    expect(rows.map((row) => row.title)).toEqual(['Bus route change']);
    expect(rows[0]).toMatchObject({
      body: 'The bus for 2026-27 stops at Adyar.',
      audience: 'all',
      publish_at: '2026-11-20T00:00:00.000Z',
    });
    const revisions = await db.selectFrom('content_revisions').select(['content', 'changed']).orderBy('id').execute();
    // The revision that changed only the events now repeats the one before it: it goes.
    expect(revisions.map((revision) => JSON.parse(revision.changed))).toEqual([['announcement'], ['admissionsYear']]);
    const stored = [
      ...revisions.map((revision) => revision.content),
      (await db.selectFrom('content_draft').select('content').executeTakeFirstOrThrow()).content,
    ];
    for (const json of stored) {
      expect(Object.keys(JSON.parse(json))).not.toContain('notices');
      expect(json).not.toContain('Annual Day');
      expect(json).not.toContain('Bus route change');
    }
  });
});
