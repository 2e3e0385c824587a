/**
 * What Parents' Corner's events and notices share: each item a title, a school date and a few
 * sentences, edited as a list; each list a part of its own (events.ts, notices.ts).
 */
import { withAdmissionsYear } from '../../../content/format';
import { school } from '../../../content/school';
import { parseCalendarDate } from '../../enquiries/birthDate';
import { z } from '../../zod';
import { contentPart, withKey, withoutKey, type Keyed } from './part';

/** The fields of each event and notice. */
export const datedItemLabels = { title: 'Title', date: 'Date', text: 'Text' } as const;

/** At most this many events, and as many notices: a page a parent reads, not an archive. */
export const LIST_MAX_ITEMS = 30;

export const datedItemMessages = {
  titleTooLong: 'Please keep the title under 120 characters.',
  itemTextTooLong: 'Please keep the text under 600 characters.',
} as const;

type ItemMessages = { titleMissing: string; dateInvalid: string; textMissing: string; tooMany: string };

/** One event or notice: its title, its school date (YYYY-MM-DD) and a few sentences. */
function datedItemSchema(messages: ItemMessages) {
  return z.object({
    title: z.string().trim().min(1, messages.titleMissing).max(120, datedItemMessages.titleTooLong),
    date: z
      .string()
      .trim()
      .refine((value) => parseCalendarDate(value) !== undefined, messages.dateInvalid),
    text: z.string().trim().min(1, messages.textMissing).max(600, datedItemMessages.itemTextTooLong),
  });
}

export type DatedItem = { title: string; date: string; text: string };

/** The lists that ship in src/content, the year's mark filled in: the office edits the words it sees. */
const startingItems = (items: readonly DatedItem[]): DatedItem[] =>
  items.map((item) => ({ ...item, text: withAdmissionsYear(item.text, school.admissionsYear) }));

/** How the dashboard names a list's items, what Add says and what the list's hint tells. */
export type DatedListTexts = { label: string; item: string; add: string; hint: string };

/** A list of dated items as a part. Content stored before the lists could be edited has none: it gets the starting ones, which the site showed then. */
export function datedItemsPart(texts: DatedListTexts, messages: ItemMessages, shipped: readonly DatedItem[]) {
  const starting = () => startingItems(shipped);
  return contentPart({
    label: texts.label,
    schema: z.array(datedItemSchema(messages)).max(LIST_MAX_ITEMS, messages.tooMany).default(starting),
    starting,
    formOf: (items: DatedItem[]) => items.map((item) => withKey(item)),
    contentOf: (entries: Keyed<DatedItem>[]) => entries.map(withoutKey),
  });
}
