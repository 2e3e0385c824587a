import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { isCalendarDay } from '#shared/admissions/followUp.ts';
import { DATABASE_FILE_NAME } from '../database';
import { migrationProvider } from '.';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

type Holidays = { school_holidays: { day: string; name: string } };

async function databaseAt(migration: string): Promise<{ db: Kysely<Holidays>; migrator: Migrator }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'migration-024-'));
  dirs.push(dataDir);
  const db = new Kysely<Holidays>({
    dialect: new SqliteDialect({ database: new SqliteDatabase(path.join(dataDir, DATABASE_FILE_NAME)) }),
  });
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error } = await migrator.migrateTo(migration);
  if (error) throw error;
  return { db, migrator };
}

const tableNames = async (db: Kysely<Holidays>) => (await db.introspection.getTables()).map((table) => table.name);

describe('migration 024-school-holidays', () => {
  it('makes the holidays a table, seeded with the list the code held: real calendar days, each once', async () => {
    const { db } = await databaseAt('024-school-holidays');
    try {
      const rows = await db.selectFrom('school_holidays').selectAll().orderBy('day').execute();
      expect(rows).toHaveLength(24);
      expect(rows.filter((row) => !isCalendarDay(row.day))).toEqual([]);
      expect(rows.filter((row) => row.name.length === 0)).toEqual([]);
      expect(rows).toContainEqual({ day: '2026-12-25', name: 'Christmas' });
      expect(rows.at(-1)).toEqual({ day: '2027-05-01', name: 'May Day' });
      await expect(
        db.insertInto('school_holidays').values({ day: '2026-12-25', name: 'Christmas again' }).execute(),
      ).rejects.toThrow(/UNIQUE constraint failed/);
    } finally {
      await db.destroy();
    }
  });

  it('can be undone and done again, keeping the office’s list as it was: the days it added and without those it removed', async () => {
    const { db, migrator } = await databaseAt('024-school-holidays');
    try {
      await db.insertInto('school_holidays').values({ day: '2027-06-03', name: 'School reopens late' }).execute();
      await db.deleteFrom('school_holidays').where('day', '=', '2026-12-25').execute();
      const kept = await db.selectFrom('school_holidays').selectAll().orderBy('day').execute();
      expect((await migrator.migrateDown()).error).toBeUndefined();
      expect(
        (await migrator.getMigrations()).find((migration) => migration.name === '024-school-holidays')?.executedAt,
      ).toBeUndefined();
      // The code before 024 reads no such table: leaving it costs nothing, and a failed upgrade loses none of the office's days.
      expect(await tableNames(db)).toContain('school_holidays');
      expect((await migrator.migrateUp()).error).toBeUndefined();
      expect(await db.selectFrom('school_holidays').selectAll().orderBy('day').execute()).toEqual(kept);
    } finally {
      await db.destroy();
    }
  });
});
