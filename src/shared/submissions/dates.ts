import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { SCHOOL_TIME_ZONE } from '../time';

/** Dates in the dashboard table, at the school (spec section 2). */
export const DASHBOARD_DATE_FORMAT = 'MMM d, yyyy h:mm a';
/** Dates in CSV files, at the school (spec section 9). */
export const CSV_DATE_FORMAT = 'yyyy-MM-dd HH:mm:ss';

function atSchool(instant: string | Date): TZDate {
  return new TZDate(typeof instant === 'string' ? new Date(instant).getTime() : instant.getTime(), SCHOOL_TIME_ZONE);
}

/** "Nov 21, 2026 2:08 PM" for an ISO timestamp, in Asia/Kolkata whatever the browser's zone. */
export function formatDashboardDate(instant: string | Date): string {
  return format(atSchool(instant), DASHBOARD_DATE_FORMAT);
}

/** "2026-11-21 14:08:32" for an ISO timestamp, in Asia/Kolkata. */
export function formatCsvDate(instant: string | Date): string {
  return format(atSchool(instant), CSV_DATE_FORMAT);
}

/**
 * The instant a school calendar day (YYYY-MM-DD) begins, as an ISO timestamp in UTC;
 * `dayAfter` gives the start of the following day (an exclusive upper bound).
 */
export function schoolDayStart(day: string, { dayAfter = false } = {}): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(TZDate.tz(SCHOOL_TIME_ZONE, year, month - 1, date + (dayAfter ? 1 : 0)).getTime()).toISOString();
}
