import { clockTimeSchema } from '#shared/admissions/visits.ts';
import { parseCalendarDate } from '#shared/enquiries/birthDate.ts';
import { z } from '#shared/zod.ts';
import type { ParentEvent } from './parentsCorner';

/** The school's events in the Parents' Corner (issue 37): what the office writes, and the words it reads. */

export const parentEventMessages = {
  titleMissing: 'Please give the event a title.',
  titleTooLong: 'Please keep the title under 120 characters.',
  dateInvalid: 'Please give the day of the event, such as 2026-12-05.',
  placeTooLong: 'Please keep the place under 120 characters.',
  textMissing: 'Please say a few words about the event.',
  textTooLong: 'Please keep the text under 600 characters.',
  gone: 'This event is no longer in the Parents’ Corner.',
} as const;

export const parentEventLabels = {
  title: 'Title',
  date: 'Date',
  wholeDay: 'The whole day',
  time: 'Time',
  place: 'Place',
  text: 'Text',
} as const;

/** An event as the office writes it: `time` null for an event of the whole day, `place` empty when it is at school. */
export const parentEventSchema = z.object({
  title: z.string().trim().min(1, parentEventMessages.titleMissing).max(120, parentEventMessages.titleTooLong),
  date: z
    .string()
    .trim()
    .refine((value) => parseCalendarDate(value) !== undefined, parentEventMessages.dateInvalid),
  time: clockTimeSchema.nullable(),
  place: z.string().trim().max(120, parentEventMessages.placeTooLong),
  text: z.string().trim().min(1, parentEventMessages.textMissing).max(600, parentEventMessages.textTooLong),
});

export type ParentEventInput = z.infer<typeof parentEventSchema>;

export const editParentEventSchema = parentEventSchema.extend({ id: z.number().int().positive() });

/** An event as the office's list shows it: past ones too, with who changed it last. */
export type OfficeParentEvent = ParentEvent & { updatedAt: string; updatedBy: string | null };

/** The calendar feed's address: its key rides in the query string, which neither our log nor the proxy's keeps. */
export const PARENT_CALENDAR_PATH = '/api/parents/calendar.ics';

export const parentCalendarUrl = (publicUrl: string, key: string) => `${publicUrl}${PARENT_CALENDAR_PATH}?key=${key}`;

/** How far back the feed reaches: a parent's calendar keeps the year's events after their day. */
export const PARENT_CALENDAR_PAST_DAYS = 365;
