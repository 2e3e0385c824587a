/** The school's time zone: dates shown to the office and "today" for birth dates are in it. */
export const SCHOOL_TIME_ZONE = 'Asia/Kolkata';

const schoolCalendar = new Intl.DateTimeFormat('en-US', { timeZone: SCHOOL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * Today's calendar date at the school, as YYYY-MM-DD, whatever the server's or browser's zone.
 * With Intl alone, so that the admission form's page needs no date library (decision 0006).
 */
export function schoolToday(now: Date = new Date()): string {
  const part = (type: Intl.DateTimeFormatPartTypes) => schoolCalendar.formatToParts(now).find((each) => each.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}
