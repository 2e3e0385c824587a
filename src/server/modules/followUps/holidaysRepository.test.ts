import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '#server/storage/database.ts';
import { addHoliday, holidayDaysFrom, holidaysFrom, removeHoliday } from './holidaysRepository';

describe('the school holidays in the SQLite file', () => {
  let dataDir: string;
  let storage: Storage;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-holidays-'));
    storage = await openStorage(dataDir);
  });
  afterAll(async () => {
    await storage.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with the list the code held, and lists from a day on, in date order', async () => {
    const coming = await holidaysFrom(storage.db, '2026-12-01');
    expect(coming[0]).toEqual({ day: '2026-12-25', name: 'Christmas' });
    expect(coming.at(-1)).toEqual({ day: '2027-05-01', name: 'May Day' });
    expect(coming.map((holiday) => holiday.day)).toEqual(coming.map((holiday) => holiday.day).sort());
    // With migration 026's Mahavir Jayanthi of 2027 (issue 35).
    expect(await holidayDaysFrom(storage.db, '2027-04-14')).toEqual(
      new Set(['2027-04-14', '2027-04-18', '2027-05-01']),
    );
  });

  it('adds a day once: the same day again is answered with the holiday already on it, unchanged', async () => {
    expect(await addHoliday(storage.db, { day: '2026-12-05', name: 'Founders’ Day' })).toEqual({
      added: { day: '2026-12-05', name: 'Founders’ Day' },
    });
    expect(await addHoliday(storage.db, { day: '2026-12-05', name: 'Sports Day' })).toEqual({
      taken: { day: '2026-12-05', name: 'Founders’ Day' },
    });
    expect((await holidaysFrom(storage.db, '2026-12-01')).slice(0, 2)).toEqual([
      { day: '2026-12-05', name: 'Founders’ Day' },
      { day: '2026-12-25', name: 'Christmas' },
    ]);
  });

  it('removes a day, and answers nothing for a day not listed', async () => {
    expect(await removeHoliday(storage.db, '2026-12-05')).toEqual({ day: '2026-12-05', name: 'Founders’ Day' });
    expect(await removeHoliday(storage.db, '2026-12-05')).toBeUndefined();
    expect((await holidayDaysFrom(storage.db, '2026-12-01')).has('2026-12-05')).toBe(false);
  });

  it('refuses, in the database itself, a day not written as YYYY-MM-DD and an empty or overlong name', () => {
    const insert = storage.sqlite.prepare('insert into school_holidays (day, name) values (?, ?)');
    expect(() => insert.run('5 Dec 2026', 'Holiday')).toThrow(/CHECK constraint failed/);
    expect(() => insert.run('2026-12-06', '')).toThrow(/CHECK constraint failed/);
    expect(() => insert.run('2026-12-06', 'x'.repeat(81))).toThrow(/CHECK constraint failed/);
  });
});
