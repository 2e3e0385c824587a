import { describe, expect, it } from 'vitest';
import { ageInWholeYears, birthDateWindow, exactAgeText, parseCalendarDate } from './birthDate';

/** Noon at the school on 21 November 2026. */
const now = new Date('2026-11-21T06:30:00Z');

describe('birth date window', () => {
  it('runs from 16 years ago to today at the school', () => {
    expect(birthDateWindow(now)).toEqual({ earliest: '2010-11-21', latest: '2026-11-21' });
  });

  it('parses only real calendar dates', () => {
    expect(parseCalendarDate('2024-02-29')).toBeInstanceOf(Date);
    expect(parseCalendarDate('2023-02-29')).toBeUndefined();
    expect(parseCalendarDate('2024-2-9')).toBeUndefined();
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

  it('counts whole years for the dashboard', () => {
    expect(ageInWholeYears('2022-08-15', now)).toBe(4);
    expect(ageInWholeYears('not a date', now)).toBeUndefined();
  });
});
