import { describe, expect, it } from 'vitest';
import { addDays, differenceInDays, differenceInMonths, differenceInYears, format, parseISO } from 'date-fns';
import { ageInWholeYears, birthDateWindow, exactAgeText, parseCalendarDate } from './birthDate';
import { datesBetweenPattern } from './birthDatePattern';

/** Noon at the school on 21 November 2026. */
const now = new Date('2026-11-21T06:30:00Z');

describe('birth date window', () => {
  it('runs from 16 years ago to today at the school', () => {
    expect(birthDateWindow(now)).toEqual({ earliest: '2010-11-21', latest: '2026-11-21' });
  });

  it("turns at the school's midnight, and keeps 29 February where the earliest year has it", () => {
    expect(birthDateWindow(new Date('2026-11-20T18:29:59Z')).latest).toBe('2026-11-20');
    expect(birthDateWindow(new Date('2026-11-20T18:30:00Z')).latest).toBe('2026-11-21');
    expect(birthDateWindow(new Date('2024-02-29T06:30:00Z'))).toEqual({ earliest: '2008-02-29', latest: '2024-02-29' });
    expect(birthDateWindow(new Date('2116-02-29T06:30:00Z'))).toEqual({ earliest: '2100-02-28', latest: '2116-02-29' });
  });

  it('parses only real calendar dates', () => {
    expect(parseCalendarDate('2024-02-29')).toBeInstanceOf(Date);
    expect(parseCalendarDate('2023-02-29')).toBeUndefined();
    expect(parseCalendarDate('2024-2-9')).toBeUndefined();
    expect(parseCalendarDate('0000-01-01')).toBeUndefined();
    expect(parseCalendarDate('0004-02-29')).toBeInstanceOf(Date);
  });

  it('states the window as a pattern that takes exactly the dates the server takes', () => {
    for (const [earliest, latest] of [
      ['2010-11-21', '2026-11-21'],
      ['2008-02-29', '2024-02-29'],
      ['2011-01-01', '2011-03-01'],
    ] as const) {
      const pattern = new RegExp(datesBetweenPattern(earliest, latest), 'u');
      const inWindow = (value: string) =>
        parseCalendarDate(value) !== undefined && value >= earliest && value <= latest;
      for (
        let day = new Date(`${earliest.slice(0, 4)}-01-01T00:00:00`);
        day.getFullYear() <= Number(latest.slice(0, 4));
        day = addDays(day, 1)
      ) {
        const date = format(day, 'yyyy-MM-dd');
        expect(pattern.test(date), date).toBe(inWindow(date));
      }
      for (const notADate of [
        '2023-02-29',
        '2012-02-30',
        '2012-04-31',
        '2012-13-01',
        '2012-00-10',
        '2012-1-10',
        ` ${latest}`,
        `${latest}T00:00`,
      ]) {
        expect(pattern.test(notADate), notADate).toBe(false);
      }
    }
  });
});

describe('age shown under the field', () => {
  it('gives years and months from one year on', () => {
    expect(exactAgeText('2022-08-15', now)).toBe('4 years 3 months');
    expect(exactAgeText('2025-10-01', now)).toBe('1 year 1 month');
  });

  it('gives whole years alone when there are no extra months', () => {
    expect(exactAgeText('2023-11-21', now)).toBe('3 years');
    expect(exactAgeText('2025-11-21', now)).toBe('1 year');
  });

  it('gives months under a year', () => {
    expect(exactAgeText('2026-05-10', now)).toBe('6 months');
    expect(exactAgeText('2026-10-21', now)).toBe('1 month');
  });

  it('gives days under a month', () => {
    expect(exactAgeText('2026-11-01', now)).toBe('20 days');
    expect(exactAgeText('2026-11-20', now)).toBe('1 day');
    expect(exactAgeText('2026-11-21', now)).toBe('0 days');
  });

  it('gives nothing for a future or impossible date', () => {
    expect(exactAgeText('2026-11-22', now)).toBeUndefined();
    expect(exactAgeText('2026-02-30', now)).toBeUndefined();
  });

  it('counts as date-fns does: years always, months and days wherever the birthday falls on the 28th or before', () => {
    for (const today of ['2026-11-21', '2025-02-28', '2024-02-29', '2026-03-01', '2026-01-31']) {
      const at = new Date(`${today}T06:30:00Z`);
      for (let day = parseISO('2010-01-01'); format(day, 'yyyy-MM-dd') <= today; day = addDays(day, 1)) {
        const born = format(day, 'yyyy-MM-dd');
        const [years, months, days] = [
          differenceInYears(parseISO(today), day),
          differenceInMonths(parseISO(today), day),
          differenceInDays(parseISO(today), day),
        ];
        expect(ageInWholeYears(born, at), `${born} to ${today}`).toBe(years);
        if (day.getDate() > 28) continue;
        const extra = months - years * 12;
        const expected =
          years >= 1
            ? `${years} year${years === 1 ? '' : 's'}${extra > 0 ? ` ${extra} month${extra === 1 ? '' : 's'}` : ''}`
            : months >= 1
              ? `${months} month${months === 1 ? '' : 's'}`
              : `${days} day${days === 1 ? '' : 's'}`;
        expect(exactAgeText(born, at), `${born} to ${today}`).toBe(expected);
      }
    }
  });

  it('completes a month born on the 31st a day later in a shorter month', () => {
    expect(exactAgeText('2026-01-31', new Date('2026-02-28T06:30:00Z'))).toBe('28 days');
    expect(exactAgeText('2026-01-31', new Date('2026-03-01T06:30:00Z'))).toBe('1 month');
  });

  it('counts whole years for the dashboard', () => {
    expect(ageInWholeYears('2022-08-15', now)).toBe(4);
    expect(ageInWholeYears('not a date', now)).toBeUndefined();
  });
});
