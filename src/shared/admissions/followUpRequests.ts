import { z } from 'zod';
import { followUpDayPattern, isCalendarDay } from './followUp';

/** A follow-up date from the card: a real calendar day, or null to clear it. The server checks it with this schema. */
export const followUpChangeSchema = z.object({
  id: z.number().int().positive(),
  followUpOn: z
    .string()
    .regex(followUpDayPattern, 'Please enter the follow-up date as a day, month and year.')
    .refine(isCalendarDay, 'Please enter a follow-up date that exists.')
    .nullable(),
});

export type FollowUpChange = z.infer<typeof followUpChangeSchema>;

export const admissionRefSchema = z.object({ id: z.number().int().positive() });

export const followUpMessages = {
  enrolled:
    'This child is enrolled: no follow-up is needed. Move the card back to another stage to call the family again.',
} as const;
