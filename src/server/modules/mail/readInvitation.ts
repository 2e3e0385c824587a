import ICAL from 'ical.js';
import type { EmailedInvitation } from '#shared/dashboard/index.ts';
import { schoolIsoTime } from '#shared/schoolTimes.ts';

/**
 * What a visit's invitation (visitMail.ts) says, read back from its iCalendar text as a calendar
 * application reads it: for the family's copy of their data, which holds the text and its facts.
 */
export function readInvitation(calendar: string): EmailedInvitation {
  const root = new ICAL.Component(ICAL.parse(calendar));
  const event = new ICAL.Event(root.getFirstSubcomponent('vevent') ?? undefined);
  const [attendee] = event.attendees;
  return {
    calendar,
    method: String(root.getFirstPropertyValue('method')).toUpperCase() === 'CANCEL' ? 'cancel' : 'request',
    summary: event.summary,
    startsAt: schoolIsoTime(event.startDate.toJSDate()),
    endsAt: schoolIsoTime(event.endDate.toJSDate()),
    location: event.location,
    attendee: {
      name: String(attendee?.getParameter('cn') ?? ''),
      email: String(attendee?.getFirstValue() ?? '').replace(/^mailto:/i, ''),
    },
  };
}

/** When the visit an invitation tells of starts, as an ISO instant (UTC). */
export const invitationStart = (calendar: string): string => new Date(readInvitation(calendar).startsAt).toISOString();
