import { describe, expect, it } from 'vitest';
import { compareIso, MONTH_NAMES, SCHOOL_TIME_ZONE, schoolToday } from './time';

const schoolCalendar = new Intl.DateTimeFormat('en-US', {
  timeZone: SCHOOL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The school's date as the time zone database gives it. */
const intlDate = (at: Date) => {
  const parts = schoolCalendar.formatToParts(at);
  const part = (type: string) => parts.find((each) => each.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
};

describe('schoolToday', () => {
  it('gives the date at the school, which turns at 18:30 UTC', () => {
    expect(schoolToday(new Date('2026-11-26T18:29:59.999Z'))).toBe('2026-11-26');
    expect(schoolToday(new Date('2026-11-26T18:30:00.000Z'))).toBe('2026-11-27');
    expect(schoolToday(new Date('2026-12-31T18:30:00.000Z'))).toBe('2027-01-01');
    expect(schoolToday(new Date('2028-02-28T18:30:00.000Z'))).toBe('2028-02-29');
  });

  it('agrees with the time zone database every few hours from 1946 to 2100, and at each day turn', () => {
    const mismatches: string[] = [];
    for (let at = Date.UTC(1946, 0, 1); at < Date.UTC(2100, 0, 1); at += 7 * 3_600_000 + 13 * 60_000) {
      const when = new Date(at);
      if (schoolToday(when) !== intlDate(when)) mismatches.push(when.toISOString());
    }
    for (let day = Date.UTC(1946, 0, 1); day < Date.UTC(2100, 0, 1); day += 86_400_000 * 37) {
      for (const at of [day + 18.5 * 3_600_000 - 1, day + 18.5 * 3_600_000]) {
        if (schoolToday(new Date(at)) !== intlDate(new Date(at))) mismatches.push(new Date(at).toISOString());
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('does not depend on the clock zone of the machine', () => {
    const original = process.env.TZ;
    try {
      for (const zone of ['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC']) {
        process.env.TZ = zone;
        expect(schoolToday(new Date('2026-03-01T20:00:00Z'))).toBe('2026-03-02');
      }
    } finally {
      process.env.TZ = original;
    }
  });
});

describe('MONTH_NAMES', () => {
  it('names the months as the locale data does, January first', () => {
    const english = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });
    expect(MONTH_NAMES).toEqual(Array.from({ length: 12 }, (_, month) => english.format(Date.UTC(2026, month, 1))));
  });
});

describe('compareIso', () => {
  it('orders dates and timestamps as the calendar does', () => {
    const shuffled = ['2026-12-01', '2025-01-31', '2026-02-10', '2026-02-09T23:59:59.999Z', '2026-02-09'];
    expect([...shuffled].sort(compareIso)).toEqual([
      '2025-01-31',
      '2026-02-09',
      '2026-02-09T23:59:59.999Z',
      '2026-02-10',
      '2026-12-01',
    ]);
    expect(compareIso('2026-01-01', '2026-01-01')).toBe(0);
  });
});
