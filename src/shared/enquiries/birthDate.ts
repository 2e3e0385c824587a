import { differenceInDays, differenceInMonths, differenceInYears, isValid, parseISO, subYears, format } from 'date-fns';
import { schoolToday } from '../time';

/** The spec's window: a child's birth date lies within the last 16 years, up to today. */
export const BIRTH_DATE_WINDOW_YEARS = 16;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Parses YYYY-MM-DD strictly: 2025-02-30 is not a date. */
export function parseCalendarDate(value: string): Date | undefined {
  if (!isoDate.test(value)) return undefined;
  const date = parseISO(value);
  return isValid(date) && format(date, 'yyyy-MM-dd') === value ? date : undefined;
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
