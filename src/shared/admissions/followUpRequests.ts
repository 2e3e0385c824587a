import { z } from 'zod';
import { followUpDayPattern } from './followUp';

const isCalendarDay = (day: string) => new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;

/** A follow-up date from the card: a real calendar day, or null to clear it. The server checks it with this schema. */
export const followUpChangeSchema = z.object({
  id: z.number().int().positive(),
  followUpOn: z
    .string()
    .regex(followUpDayPattern, 'Please enter the follow-up date as a day, month and year.')
    .refine((day) => followUpDayPattern.test(day) && isCalendarDay(day), 'Please enter a follow-up date that exists.')
    .nullable(),
});

export type FollowUpChange = z.infer<typeof followUpChangeSchema>;

export const admissionRefSchema = z.object({ id: z.number().int().positive() });
