import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** The school's time zone: dates shown to the office and "today" for birth dates are in it. */
export const SCHOOL_TIME_ZONE = 'Asia/Kolkata';

/** Today's calendar date at the school, as YYYY-MM-DD, whatever the server's or browser's zone. */
export function schoolToday(now: Date = new Date()): string {
  return format(new TZDate(now, SCHOOL_TIME_ZONE), 'yyyy-MM-dd');
}
