import { differenceInDays, differenceInMonths, differenceInYears, parseISO, subYears, format } from 'date-fns';
import { schoolToday } from '../time';
import { z } from '../zod';

/** The spec's window: a child's birth date lies within the last 16 years, up to today. */
export const BIRTH_DATE_WINDOW_YEARS = 16;

/**
 * YYYY-MM-DD, a real calendar date (2025-02-30 is not), of the years 0001 to 9999: zod's ISO
 * date but the year 0, which date-fns reads as 1 BC. A pattern, so schemas can state it.
 */
export const calendarDatePattern = new RegExp(`^(?!0000)${z.regexes.date.source.slice(1)}`);

/** Parses YYYY-MM-DD strictly: 2025-02-30 is not a date. */
export function parseCalendarDate(value: string): Date | undefined {
  return calendarDatePattern.test(value) ? parseISO(value) : undefined;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');
const fourDigits = (value: number) => String(value).padStart(4, '0');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const allDays: Record<number, string> = { 28: '(?:0[1-9]|1\\d|2[0-8])', 29: '(?:0[1-9]|[12]\\d)', 30: '(?:0[1-9]|[12]\\d|30)', 31: '(?:0[1-9]|[12]\\d|3[01])' };

/** The days `first` to `last` of a month of `inMonth` days. */
function daysPattern(first: number, last: number, inMonth: number): string {
  if (first === 1 && last === inMonth) return allDays[inMonth]!;
  return `(?:${Array.from({ length: last - first + 1 }, (_, index) => twoDigits(first + index)).join('|')})`;
}

/** The dates of one year from month/day to month/day. */
function yearPattern(year: number, [firstMonth, firstDay]: [number, number], [lastMonth, lastDay]: [number, number]): string {
  const months: string[] = [];
  for (let month = firstMonth; month <= lastMonth; month++) {
    const inMonth = daysIn(year, month);
    months.push(`${twoDigits(month)}-${daysPattern(month === firstMonth ? firstDay : 1, month === lastMonth ? lastDay : inMonth, inMonth)}`);
  }
  return `${fourDigits(year)}-(?:${months.join('|')})`;
}

/**
 * The calendar dates from `earliest` to `latest` (YYYY-MM-DD, both included) as one pattern:
 * JSON Schema cannot compare dates, so the REST document states the birth-date window this way.
 */
export function datesBetweenPattern(earliest: string, latest: string): string {
  const [fromYear, fromMonth, fromDay] = earliest.split('-').map(Number) as [number, number, number];
  const [toYear, toMonth, toDay] = latest.split('-').map(Number) as [number, number, number];
  if (fromYear === toYear) return `^${yearPattern(fromYear, [fromMonth, fromDay], [toMonth, toDay])}$`;
  const options = [yearPattern(fromYear, [fromMonth, fromDay], [12, 31]), yearPattern(toYear, [1, 1], [toMonth, toDay])];
  const wholeYears = Array.from({ length: toYear - fromYear - 1 }, (_, index) => fromYear + 1 + index);
  for (const leap of [false, true]) {
    const years = wholeYears.filter((year) => (daysIn(year, 2) === 29) === leap);
    const yearRound = Array.from({ length: 12 }, (_, index) => `${twoDigits(index + 1)}-${allDays[daysIn(leap ? 2000 : 2001, index + 1)]}`);
    if (years.length > 0) options.push(`(?:${years.map(fourDigits).join('|')})-(?:${yearRound.join('|')})`);
  }
  return `^(?:${options.join('|')})$`;
}

/** Earliest and latest selectable birth dates (YYYY-MM-DD), with today taken at the school. */
export function birthDateWindow(now: Date = new Date()): { earliest: string; latest: string } {
  const latest = schoolToday(now);
  const today = parseISO(latest);
  return { earliest: format(subYears(today, BIRTH_DATE_WINDOW_YEARS), 'yyyy-MM-dd'), latest };
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * The exact age shown to the parent under the birth-date field: years and months from one year
 * on, months from one month on, otherwise days.
 */
export function exactAgeText(birthDate: string, now: Date = new Date()): string | undefined {
  const born = parseCalendarDate(birthDate);
  if (!born) return undefined;
  const today = parseISO(schoolToday(now));
  if (born > today) return undefined;
  const years = differenceInYears(today, born);
  const months = differenceInMonths(today, born);
  if (years >= 1) {
    const extraMonths = months - years * 12;
    return extraMonths > 0 ? `${plural(years, 'year')} ${plural(extraMonths, 'month')}` : plural(years, 'year');
  }
  if (months >= 1) return plural(months, 'month');
  return plural(differenceInDays(today, born), 'day');
}

/** Whole years, as the dashboard shows a child's age. */
export function ageInWholeYears(birthDate: string, now: Date = new Date()): number | undefined {
  const born = parseCalendarDate(birthDate);
  return born ? differenceInYears(parseISO(schoolToday(now)), born) : undefined;
}

/** The spec shows staff a child's age in whole years; a baby under one reads better as such than as "0 years". */
export function ageInYearsText(years: number | undefined): string | undefined {
  if (years === undefined) return undefined;
  if (years < 1) return 'Under 1 year';
  return years === 1 ? '1 year' : `${years} years`;
}
