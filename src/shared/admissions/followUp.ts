import type { AdmissionStage } from './stages';

/** A school calendar day, YYYY-MM-DD (the shape of follow_up_on). */
export const followUpDayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** A school calendar day that exists: not 2026-02-30, nor 2026-13-01 (which Date cannot even read). */
export function isCalendarDay(day: string): boolean {
  if (!followUpDayPattern.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

const asDate = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date));
};

const asDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The rule is pure: the school's holidays (the office's list, table school_holidays) are handed in
 * by whoever asks, as their days (YYYY-MM-DD). Days before the one counted from may be left out.
 */
export type HolidayDays = ReadonlySet<string>;

/** The office works Monday to Saturday, except the school's holidays. */
export const isWorkingDay = (day: string, holidays: HolidayDays): boolean =>
  asDate(day).getUTCDay() !== 0 && !holidays.has(day);

/** The working day `count` working days after `day` (which itself need not be one). */
export function addWorkingDays(day: string, count: number, holidays: HolidayDays): string {
  const date = asDate(day);
  for (let left = count; left > 0;) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (isWorkingDay(asDay(date), holidays)) left -= 1;
  }
  return asDay(date);
}

/** Working days from the day something happened to its suggested follow-up (issue 24). */
const workingDaysToFollowUp = { newEnquiry: 2, visited: 1 } as const;

/** The follow-up suggested for a new admission enquiry that arrived (or left the Spam folder) on `today`. */
export const followUpForNewEnquiry = (today: string, holidays: HolidayDays): string =>
  addWorkingDays(today, workingDaysToFollowUp.newEnquiry, holidays);

/**
 * The follow-up a move to `stage` on `today` sets, or undefined when the move leaves the date as it
 * is: after a visit the family is called the next working day.
 */
export const followUpAfterStageMove = (
  stage: AdmissionStage,
  today: string,
  holidays: HolidayDays,
): string | undefined =>
  stage === 'visited' ? addWorkingDays(today, workingDaysToFollowUp.visited, holidays) : undefined;
