import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { SCHOOL_TIME_ZONE } from './time';

/*
 * Days and times as the school reads them, with date-fns and its time-zone date: apart from
 * time.ts, whose schoolToday the admission form's page uses without a date library (decision 0006).
 */

/**
 * "Sat 5 Dec" for a school calendar date (YYYY-MM-DD): how Chennai parents and the office read a
 * day; "Sat 5 Dec 2026" with the year, for a list reaching into the next year (the holidays). Read
 * on UTC's clocks, not the device's: noon UTC is already the next day east of UTC+12.
 */
export function formatSchoolDay(day: string, { withYear = false }: { withYear?: boolean } = {}): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return format(new TZDate(Date.UTC(year, month - 1, date, 12), 'UTC'), withYear ? 'EEE d MMM yyyy' : 'EEE d MMM');
}

const onSchoolClocks = (instant: Date | string) => new TZDate(new Date(instant).getTime(), SCHOOL_TIME_ZONE);

/** Whether an instant falls in another year than `from` on the school's clocks: its date then needs the year. */
const inAnotherYear = (instant: Date | string, from: Date | string | undefined) =>
  from !== undefined && onSchoolClocks(instant).getFullYear() !== onSchoolClocks(from).getFullYear();

/**
 * "Sat 5 Dec, 10:00 AM" for an instant, on the school's clocks whatever the device's zone: how a
 * visit's time reads; "Wed 20 Jan 2027, 10:00 AM" when it is in another year than `from` (now).
 */
export function formatSchoolTime(instant: Date | string, { from }: { from?: Date | string } = {}): string {
  return format(onSchoolClocks(instant), inAnotherYear(instant, from) ? 'EEE d MMM yyyy, h:mm a' : 'EEE d MMM, h:mm a');
}

/** "Thursday 3 December" (with the year when it is another than `from`'s): an instant's day in full, as a group of times is named. */
export function formatSchoolDayInFull(instant: Date | string, { from }: { from?: Date | string } = {}): string {
  return format(onSchoolClocks(instant), inAnotherYear(instant, from) ? 'EEEE d MMMM yyyy' : 'EEEE d MMMM');
}

/** "10:00 AM": an instant's time of day on the school's clocks. */
export function formatSchoolClock(instant: Date | string): string {
  return format(onSchoolClocks(instant), 'h:mm a');
}

/** "2026-12-05T10:00+05:30": an instant in ISO 8601 as the school's clocks show it, with their offset, for files people and programs both read. */
export function schoolIsoTime(instant: Date | string): string {
  return format(onSchoolClocks(instant), "yyyy-MM-dd'T'HH:mmxxx");
}

/** The instant the school's clocks show `time` (HH:MM) on `day` (YYYY-MM-DD). */
export function schoolInstant(day: string, time: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return new Date(TZDate.tz(SCHOOL_TIME_ZONE, year, month - 1, date, hour, minute).getTime());
}
