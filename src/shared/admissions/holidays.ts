import { z } from '#shared/zod.ts';
import { typedText } from '#shared/enquiries/fields.ts';
import { formatSchoolDay } from '#shared/schoolTimes.ts';
import { followUpDayPattern, isCalendarDay } from './followUp';

/**
 * A day the school office is closed besides Sundays (decision 0039): a follow-up is never suggested
 * for one. The office keeps the list under "Due today" (table school_holidays, migration 024).
 */
export type SchoolHoliday = { day: string; name: string };

export const HOLIDAY_NAME_MAX = 80;

/** A holiday the office adds; the server checks it with the same schema. */
export const schoolHolidaySchema = z.object({
  day: z
    .string()
    .regex(followUpDayPattern, 'Please enter the holiday’s date as a day, month and year.')
    .refine(isCalendarDay, 'Please enter a date that exists.'),
  name: typedText()
    .trim()
    .min(1, 'Please enter the holiday’s name.')
    .max(HOLIDAY_NAME_MAX, `Please keep the name to ${HOLIDAY_NAME_MAX} characters or fewer.`),
});

/** The holiday the office removes, by its day. */
export const holidayDaySchema = schoolHolidaySchema.pick({ day: true });

/** "Fri 25 Dec 2026": the holidays reach into the next year, so the year is said. */
export const holidayDayText = (day: string): string => formatSchoolDay(day, { withYear: true });

export const holidayMessages = {
  taken: (holiday: SchoolHoliday) => `${holidayDayText(holiday.day)} is already in the list, as ${holiday.name}.`,
  passed: 'This day has passed. Please enter today or a later day.',
  gone: 'This holiday is no longer in the list.',
} as const;
