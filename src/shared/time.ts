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

/** "Sat 5 Dec" for a school calendar date (YYYY-MM-DD): how Chennai parents and the office read a day. */
export function formatSchoolDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return format(new Date(Date.UTC(year, month - 1, date, 12)), 'EEE d MMM');
}

/** "Sat 5 Dec, 10:00 AM" for an instant, on the school's clocks whatever the device's zone: how a visit's time reads. */
export function formatSchoolTime(instant: Date | string): string {
  return format(new TZDate(new Date(instant).getTime(), SCHOOL_TIME_ZONE), 'EEE d MMM, h:mm a');
}

/** The instant the school's clocks show `time` (HH:MM) on `day` (YYYY-MM-DD). */
export function schoolInstant(day: string, time: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return new Date(TZDate.tz(SCHOOL_TIME_ZONE, year, month - 1, date, hour, minute).getTime());
}
