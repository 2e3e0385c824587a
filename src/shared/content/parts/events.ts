/** Parents' Corner's events: each shown until its day has passed. */
import { parentEvents } from '../../../content/parentsCorner';
import { datedItemsPart, LIST_MAX_ITEMS, type DatedItem } from './datedItems';

export const eventMessages = {
  eventTitleMissing: 'Please give the event a title.',
  eventDateInvalid: 'Please give the day of the event, such as 2026-12-05.',
  eventTextMissing: 'Please say a few words about the event.',
  tooManyEvents: `Please list at most ${LIST_MAX_ITEMS} events.`,
} as const;

/** Beside the date of an event the dashboard still lists but the site no longer shows. */
export const pastEventNote = 'This day has passed: the event is no longer on the site.';

export const eventsTexts = {
  label: 'Events',
  item: 'event',
  add: 'Add an event',
  hint: "An event shows on Parents' Corner until its day has passed, then drops off by itself.",
} as const;

export const eventsPart = datedItemsPart(
  eventsTexts,
  {
    titleMissing: eventMessages.eventTitleMissing,
    dateInvalid: eventMessages.eventDateInvalid,
    textMissing: eventMessages.eventTextMissing,
    tooMany: eventMessages.tooManyEvents,
  },
  parentEvents,
);

/** The events still to come on this school day (today's included): a past event drops off by itself. Notices stay until removed. */
export function eventsOn(events: readonly DatedItem[], today: string): DatedItem[] {
  return events.filter((event) => event.date >= today);
}
