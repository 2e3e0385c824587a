import type { Kysely } from 'kysely';
import type { Database } from '#server/storage/schema.ts';

/** The relay's answer to an address it does not know, as nodemailer reports it. */
const refusedAddress = (to: string) =>
  `Error: Can't send mail - all recipients were rejected: 550 5.1.1 <${to}>: Recipient address rejected`;

/** The outbox's columns of a mail refused 5 times, given up at `failedAt`. */
const givenUp = (to: string, queuedAt: string, failedAt: string) => ({
  to_address: to,
  attempts: 5,
  rejections: 5,
  next_attempt_at: failedAt,
  failed_at: failedAt,
  last_error: refusedAddress(to),
  created_at: queuedAt,
});

/**
 * The office's morning list of follow-ups of Fri 27 Nov 2026 (queued at 8:00 AM at the school,
 * given up at 8:10), as the undelivered list shows it, without Try again.
 */
export async function insertGivenUpMorningList(
  db: Kysely<Database>,
  { to, due }: { to: string; due: number },
): Promise<void> {
  await db
    .insertInto('outbox')
    .values({
      enquiry_kind: null,
      enquiry_id: null,
      recipient_role: 'follow-ups',
      subject: `Follow-ups due today, Fri 27 Nov: ${due}`,
      text_body: 'Good morning',
      ...givenUp(to, '2026-11-27T02:30:00.000Z', '2026-11-27T02:40:00.000Z'),
    })
    .execute();
}

/** A visit's invitation as a calendar reads it, in UTC: only its start matters to the undelivered list. */
const invitation = (startsAt: string, to: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tests//Visits//EN',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `UID:visit-${Date.parse(startsAt)}@example.in`,
    'DTSTAMP:20261101T000000Z',
    `DTSTART:${startsAt.replace(/[-:]|\.\d{3}/g, '')}`,
    `DTEND:${new Date(Date.parse(startsAt) + 45 * 60_000).toISOString().replace(/[-:]|\.\d{3}/g, '')}`,
    'SUMMARY:School visit',
    'LOCATION:The school',
    `ATTENDEE;CN=Parent:mailto:${to}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');

/**
 * A parent's email about an admission enquiry or a contact message, given up at `failedAt`; with
 * `visitStartsAt`, a visit's confirmation carrying its invitation.
 */
export async function insertGivenUpParentMail(
  db: Kysely<Database>,
  mail: {
    enquiryKind: 'contact' | 'admission';
    enquiryId: number;
    to: string;
    subject: string;
    failedAt: string;
    visitStartsAt?: string;
  },
): Promise<void> {
  await db
    .insertInto('outbox')
    .values({
      enquiry_kind: mail.enquiryKind,
      enquiry_id: mail.enquiryId,
      recipient_role: 'parent',
      subject: mail.subject,
      text_body: 'Thank you',
      ...(mail.visitStartsAt ? { topic: 'visit' as const, calendar: invitation(mail.visitStartsAt, mail.to) } : {}),
      ...givenUp(mail.to, mail.failedAt, mail.failedAt),
    })
    .execute();
}
