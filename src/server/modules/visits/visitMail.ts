import { TZDate } from '@date-fns/tz';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { school } from '#content/school.ts';
import type { SchoolContact } from '#content/schoolFacts.ts';
import type { AdmissionEnquiry } from '#shared/enquiries/enquiry.ts';
import { formatPhone } from '#shared/enquiries/fields.ts';
import { SCHOOL_TIME_ZONE } from '#shared/time.ts';
import { formatSchoolTime } from '#shared/schoolTimes.ts';
import type { OutboxMessage } from '#server/modules/mail/service.ts';
import { schoolCalendarZone } from '#server/platform/calendarZone.ts';
import { htmlDocument, oneLine } from '#server/modules/mail/service.ts';
import { acknowledgement, officeNotice, type Field } from '#server/modules/mail/service.ts';

/** Where a visit happens: the school's published address on one line, the same in the email, the invitation and the page. */
export const visitLocation = (contact: SchoolContact) => [school.name, ...contact.address.lines].join(', ');

/** A visit as its emails tell it. `at` orders the invitation's versions: a later one replaces an earlier in the parent's calendar. */
export type VisitMailFacts = {
  enquiry: AdmissionEnquiry;
  bookingId: number;
  startsAt: string;
  minutes: number;
  manageUrl: string;
  contact: SchoolContact;
  at: string;
};

/**
 * The invitation (or its withdrawal), one event per booking (a move updates it; a visit booked
 * after a cancellation is a new one), on the site's own host (PUBLIC_URL, which the link names).
 */
export function visitInvitation(
  { enquiry, bookingId, startsAt, minutes, manageUrl, contact, at }: VisitMailFacts,
  cancelled = false,
): string {
  const calendar = ical({
    prodId: { company: school.name, product: 'School visits' },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    timezone: schoolCalendarZone,
  });
  const start = new Date(startsAt);
  calendar.createEvent({
    id: `visit-${bookingId}@${new URL(manageUrl).hostname}`,
    sequence: Math.floor(Date.parse(at) / 1000),
    stamp: new Date(at),
    start: new TZDate(start.getTime(), SCHOOL_TIME_ZONE),
    end: new TZDate(start.getTime() + minutes * 60_000, SCHOOL_TIME_ZONE),
    timezone: SCHOOL_TIME_ZONE,
    summary: `School visit, ${school.name}`,
    location: visitLocation(contact),
    description: `Your visit to ${school.name}. To move or cancel it: ${manageUrl}`,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: school.name, email: contact.email },
    attendees: [{ email: enquiry.email, name: enquiry.parentName, rsvp: false }],
  });
  return calendar.toString();
}

function parentMail(
  enquiry: AdmissionEnquiry,
  contact: SchoolContact,
  subject: string,
  paragraphs: string[],
  calendar?: string,
): OutboxMessage {
  const { text, html } = acknowledgement(paragraphs, contact, `Hello ${enquiry.parentName},`);
  return {
    recipientRole: 'parent',
    to: enquiry.email,
    subject,
    text,
    html: htmlDocument(subject, html),
    replyTo: contact.email,
    visit: calendar ? { calendar } : {},
  };
}

const whenAndWhere = (facts: VisitMailFacts) =>
  `${formatSchoolTime(facts.startsAt, { from: facts.at })} (India time), for about ${facts.minutes} minutes, at ${visitLocation(facts.contact)}.`;

const changeHint = (facts: VisitMailFacts) =>
  `To move or cancel the visit, open your booking link until 12 hours before it: ${facts.manageUrl}\nAfter that, please call us on ${facts.contact.phones[0].display}.`;

/** The parent's confirmation of a booked or moved visit, with the invitation for their calendar. */
export function visitConfirmation(facts: VisitMailFacts, moved: boolean): OutboxMessage[] {
  return [
    parentMail(
      facts.enquiry,
      facts.contact,
      `Your school visit: ${formatSchoolTime(facts.startsAt, { from: facts.at })} - ${school.name}`,
      [
        `${moved ? 'Your visit has moved' : 'Thank you for booking a visit'} (admission #${facts.enquiry.id}). We look forward to meeting you on ${whenAndWhere(facts)}`,
        'The invitation attached adds the visit to your calendar.',
        changeHint(facts),
      ],
      visitInvitation(facts),
    ),
  ];
}

/** The parent's note that their visit is cancelled, withdrawing the invitation. */
export function visitCancellation(facts: VisitMailFacts): OutboxMessage[] {
  return [
    parentMail(
      facts.enquiry,
      facts.contact,
      `Your school visit is cancelled - ${school.name}`,
      [
        `Your visit on ${formatSchoolTime(facts.startsAt, { from: facts.at })} is cancelled (admission #${facts.enquiry.id}).`,
        `You can book another time with the same link: ${facts.manageUrl}`,
      ],
      visitInvitation(facts, true),
    ),
  ];
}

/** The reminder the day before. */
export function visitReminder(facts: VisitMailFacts): OutboxMessage[] {
  return [
    parentMail(
      facts.enquiry,
      facts.contact,
      `Reminder: your school visit tomorrow, ${formatSchoolTime(facts.startsAt, { from: facts.at })} - ${school.name}`,
      [
        `A reminder of your visit to ${school.name} (admission #${facts.enquiry.id}): ${whenAndWhere(facts)}`,
        changeHint(facts),
      ],
    ),
  ];
}

/** What the family did on the booking page, as the office's email names it. */
export type VisitChange = { change: 'booked' } | { change: 'moved'; was: string } | { change: 'cancelled' };

/**
 * The office's note of a family's own change on the booking page (to NOTIFY_EMAIL, Reply-To the
 * parent): without it a cancellation the evening before goes unseen until the visit's day.
 */
export function visitOfficeNotice(facts: VisitMailFacts, change: VisitChange, office: string): OutboxMessage {
  const { enquiry } = facts;
  const when = formatSchoolTime(facts.startsAt);
  const family = `${enquiry.parentName} (${enquiry.studentName})`;
  const verb = { booked: 'booked', moved: 'moved', cancelled: 'cancelled' }[change.change];
  const subject = oneLine(`Visit ${verb}: ${family}, ${when}`);
  const fields: Field[] = [
    { label: 'Parent', value: enquiry.parentName },
    { label: 'Child', value: enquiry.studentName },
    { label: change.change === 'cancelled' ? 'Visit cancelled' : 'Visit', value: `${when}, ${facts.minutes} minutes` },
    ...(change.change === 'moved' ? [{ label: 'Was', value: formatSchoolTime(change.was) }] : []),
    { label: 'Phone', value: formatPhone(enquiry.countryCode, enquiry.phone) },
  ];
  const { text, html } = officeNotice(
    `${family} ${verb} ${change.change === 'booked' ? 'a' : 'their'} school visit with their booking link (admission #${enquiry.id}).`,
    fields,
    `Reply to this email to write to ${enquiry.parentName}. The visit is also in the staff dashboard, under Visits.`,
  );
  return {
    recipientRole: 'office',
    to: office,
    subject,
    text,
    html: htmlDocument(subject, html),
    replyTo: enquiry.email,
    visit: {},
  };
}
