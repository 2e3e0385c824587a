import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** The school's time zone: dates shown to the office and "today" for birth dates are in it. */
export const SCHOOL_TIME_ZONE = 'Asia/Kolkata';

/** Today's calendar date at the school, as YYYY-MM-DD, whatever the server's or browser's zone. */
export function schoolToday(now: Date = new Date()): string {
  return format(new TZDate(now, SCHOOL_TIME_ZONE), 'yyyy-MM-dd');
}

/** The first time the school's clocks show `hour`:00 strictly after `now` (0 is the coming midnight). */
export function nextSchoolHour(now: Date, hour: number): Date {
  const here = new TZDate(now.getTime(), SCHOOL_TIME_ZONE);
  const today = TZDate.tz(SCHOOL_TIME_ZONE, here.getFullYear(), here.getMonth(), here.getDate(), hour);
  const next = today.getTime() > now.getTime() ? today : TZDate.tz(SCHOOL_TIME_ZONE, here.getFullYear(), here.getMonth(), here.getDate() + 1, hour);
  return new Date(next.getTime());
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
