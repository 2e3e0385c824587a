import { schoolToday } from '#shared/time.ts';

// No zod and no date library here: the admission form's page imports this module (decision 0006).

/** The spec's window: a child's birth date lies within the last 16 years, up to today. */
export const BIRTH_DATE_WINDOW_YEARS = 16;

/**
 * Parses YYYY-MM-DD strictly, as local midnight: 2025-02-30 is not a date, nor is the year 0
 * (1 BC to date libraries). The years 0001 to 9999.
 */
export function parseCalendarDate(value: string): Date | undefined {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!parts) return undefined;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])];
  const date = new Date(0);
  // setFullYear, not the constructor, which reads the years 0 to 99 as 1900 to 1999.
  date.setFullYear(year, month, day);
  date.setHours(0, 0, 0, 0);
  return year > 0 && date.getFullYear() === year && date.getMonth() === month && date.getDate() === day
    ? date
    : undefined;
}

export const twoDigits = (value: number) => String(value).padStart(2, '0');
export const fourDigits = (value: number) => String(value).padStart(4, '0');
export const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
/** Earliest and latest selectable birth dates (YYYY-MM-DD), with today taken at the school. */
export function birthDateWindow(now: Date = new Date()): { earliest: string; latest: string } {
  const latest = schoolToday(now);
  const [year, month, day] = latest.split('-').map(Number) as [number, number, number];
  // The same day BIRTH_DATE_WINDOW_YEARS years before; 29 February becomes the 28th in a common year.
  const earliestYear = year - BIRTH_DATE_WINDOW_YEARS;
  return {
    earliest: `${fourDigits(earliestYear)}-${twoDigits(month)}-${twoDigits(Math.min(day, daysIn(earliestYear, month)))}`,
    latest,
  };
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

type Day = { year: number; month: number; day: number };

const dayOf = (date: string): Day | undefined => {
  if (!parseCalendarDate(date)) return undefined;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};

/**
 * Whole months from `born` to `today`: a month is complete on the same day of the month, so a
 * child born on the 31st (or on 29 February) completes it a day later where the month is shorter,
 * as date-fns' differenceInYears counts years (birthDate.test.ts compares the two).
 */
const wholeMonths = (born: Day, today: Day) =>
  (today.year - born.year) * 12 + today.month - born.month - (today.day < born.day ? 1 : 0);

/** Days since the start of the calendar, whatever the zone; setUTCFullYear reads the years 0 to 99 as written. */
function dayNumber({ year, month, day }: Day): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return Math.round(date.getTime() / 86_400_000);
}

/**
 * The exact age shown to the parent under the birth-date field: years and months from one year
 * on, months from one month on, otherwise days. Calendar arithmetic rather than a date library,
 * since the admission form's page shows it (decision 0006).
 */
export function exactAgeText(birthDate: string, now: Date = new Date()): string | undefined {
  const born = dayOf(birthDate);
  const today = dayOf(schoolToday(now))!;
  if (!born || dayNumber(born) > dayNumber(today)) return undefined;
  const months = wholeMonths(born, today);
  const years = Math.floor(months / 12);
  if (years >= 1) {
    const extraMonths = months - years * 12;
    return extraMonths > 0 ? `${plural(years, 'year')} ${plural(extraMonths, 'month')}` : plural(years, 'year');
  }
  if (months >= 1) return plural(months, 'month');
  return plural(dayNumber(today) - dayNumber(born), 'day');
}

/** Whole months of age today at the school, or undefined for no date or one still to come. */
export function ageInWholeMonths(birthDate: string, now: Date = new Date()): number | undefined {
  const born = dayOf(birthDate);
  const today = dayOf(schoolToday(now))!;
  return born && dayNumber(born) <= dayNumber(today) ? wholeMonths(born, today) : undefined;
}

/** Whole years, as the dashboard shows a child's age. */
export function ageInWholeYears(birthDate: string, now: Date = new Date()): number | undefined {
  const born = dayOf(birthDate);
  return born ? Math.floor(wholeMonths(born, dayOf(schoolToday(now))!) / 12) : undefined;
}

/** The spec shows staff a child's age in whole years; a baby under one reads better as such than as "0 years". */
export function ageInYearsText(years: number | undefined): string | undefined {
  if (years === undefined) return undefined;
  if (years < 1) return 'Under 1 year';
  return years === 1 ? '1 year' : `${years} years`;
}
