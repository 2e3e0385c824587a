import { TZDate } from '@date-fns/tz';
import { SCHOOL_TIME_ZONE } from '#shared/time.ts';

// Apart from shared/time.ts: TZDate patches Date's methods when loaded, so a module that imports
// it cannot be left out of a bundle, and the admission form's page needs only schoolToday.

/** The first time the school's clocks show `hour`:00 strictly after `now` (0 is the coming midnight). */
export function nextSchoolHour(now: Date, hour: number): Date {
  const here = new TZDate(now.getTime(), SCHOOL_TIME_ZONE);
  const today = TZDate.tz(SCHOOL_TIME_ZONE, here.getFullYear(), here.getMonth(), here.getDate(), hour);
  const next =
    today.getTime() > now.getTime()
      ? today
      : TZDate.tz(SCHOOL_TIME_ZONE, here.getFullYear(), here.getMonth(), here.getDate() + 1, hour);
  return new Date(next.getTime());
}

/** The last time, at or before `now`, the school's clocks showed `hour`:00 on `weekday` (0 Sunday … 6 Saturday). */
export function lastSchoolWeekdayHour(now: Date, weekday: number, hour: number): Date {
  const here = new TZDate(now.getTime(), SCHOOL_TIME_ZONE);
  const daysBack = (here.getDay() - weekday + 7) % 7;
  const at = (back: number) =>
    TZDate.tz(SCHOOL_TIME_ZONE, here.getFullYear(), here.getMonth(), here.getDate() - back, hour).getTime();
  return new Date(at(daysBack) <= now.getTime() ? at(daysBack) : at(daysBack + 7));
}
