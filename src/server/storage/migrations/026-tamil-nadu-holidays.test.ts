import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME } from '../database';
import { migrationProvider } from '.';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

type Holidays = { school_holidays: { day: string; name: string } };

describe('migration 026-tamil-nadu-holidays', () => {
  it('adds the public holidays of the Tamil Nadu order the first list lacked, and keeps a day the office changed', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'migration-026-'));
    dirs.push(dataDir);
    const db = new Kysely<Holidays>({
      dialect: new SqliteDialect({ database: new SqliteDatabase(path.join(dataDir, DATABASE_FILE_NAME)) }),
    });
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('024-school-holidays')).error).toBeUndefined();
      // The office renamed a day of its own: the migration leaves it as the office wrote it.
      await db.updateTable('school_holidays').set({ name: 'Tamil Puthandu' }).where('day', '=', '2027-04-14').execute();
      expect((await migrator.migrateTo('026-tamil-nadu-holidays')).error).toBeUndefined();
      const rows = await db.selectFrom('school_holidays').selectAll().orderBy('day').execute();
      expect(rows).toEqual(
        expect.arrayContaining([
          { day: '2026-03-19', name: 'Telugu New Year' },
          { day: '2026-03-21', name: 'Ramzan' },
          { day: '2026-03-31', name: 'Mahavir Jayanthi' },
          { day: '2026-04-14', name: 'Tamil New Year and Ambedkar Jayanthi' },
          { day: '2027-03-10', name: 'Ramzan' },
          { day: '2027-04-07', name: 'Telugu New Year' },
          { day: '2027-04-14', name: 'Tamil Puthandu' },
          { day: '2027-04-18', name: 'Mahavir Jayanthi' },
        ]),
      );
      expect(new Set(rows.map((row) => row.day)).size).toBe(rows.length);
    } finally {
      await db.destroy();
    }
  });
});
