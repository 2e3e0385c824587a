/** The school's time zone: dates shown to the office and "today" for birth dates are in it. */
export const SCHOOL_TIME_ZONE = 'Asia/Kolkata';

/**
 * The school's offset from UTC in minutes: India Standard Time, UTC+05:30, which Asia/Kolkata has
 * kept since 1945, with no daylight saving (time.test.ts checks it against the time zone).
 */
export const SCHOOL_UTC_OFFSET_MINUTES = 330;

/** The months' names in English, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * Today's calendar date at the school, as YYYY-MM-DD, whatever the server's or browser's zone.
 * By arithmetic, not Intl: the admission form's page calls it while it hydrates, and the first
 * Intl formatter of a fresh page starts the browser's locale data, tens of milliseconds (decision 0006).
 */
export function schoolToday(now: Date = new Date()): string {
  return new Date(now.getTime() + SCHOOL_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/**
 * Orders ISO dates and timestamps, which sort as their characters do. Not localeCompare, which
 * starts the browser's locale data on a public page.
 */
export const compareIso = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
