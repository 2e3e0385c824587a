import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database, EnquiryMailRecipient } from '#server/storage/schema.ts';
import { invitationStart } from './readInvitation';
import type { EnquiryKind } from '#shared/enquiries/kinds.ts';
import { schoolToday } from '#shared/time.ts';

/** How the mail server refused a mail for good. */
type Refusal = { id: number; to: string; subject: string; attempts: number; error: string; failedAt: string };

type EnquiryMail = { enquiryKind: EnquiryKind; enquiryId: number; recipientRole: EnquiryMailRecipient };

/**
 * A mail the worker gave up on, as the dashboard lists it: an enquiry's own (the office's notice,
 * the parent's acknowledgement), a visit's email to the parent, with when its visit starts and
 * whether that has come (null, and over, for a reminder whose visit was moved or cancelled since), or the
 * office's morning list of follow-ups, by its day. A staff link's mail shows on the Staff tab.
 */
export type UndeliveredMail = Refusal &
  (
    | ({ what: 'enquiry' } & EnquiryMail)
    | ({ what: 'visit'; visitStartsAt: string | null; visitOver: boolean } & EnquiryMail)
    | { what: 'follow-ups'; day: string }
  );

/** How many undelivered mails the dashboard lists (newest first); more means something larger is wrong. */
const LIST_LIMIT = 50;

const refusedForGood = (db: Kysely<Database>) =>
  db.selectFrom('outbox').where('failed_at', 'is not', null).where('sent_at', 'is', null);

/** The mails given up and not sent since: an enquiry's, a visit's, and the morning lists. */
const givenUp = (db: Kysely<Database>) =>
  refusedForGood(db).where((eb) => eb.or([eb('enquiry_id', 'is not', null), eb('recipient_role', '=', 'follow-ups')]));

/**
 * Those of them that may be sent again: an enquiry's or a visit's (visitStart says which visits
 * are still ahead). A morning list is not, the list of a day gone by being out of date (the next
 * morning's repeats what is still due), nor a staff link's mail, whose link was erased when it
 * was given up (decision 0027).
 */
const sendableAgain = (db: Kysely<Database>) => refusedForGood(db).where('enquiry_id', 'is not', null);

/** The columns that tell when a visit email's visit starts: its invitation, or the booking a reminder (none) was written for. */
const visitColumns = (eb: ExpressionBuilder<Database, 'outbox'>) => [
  eb.ref('topic').as('topic'),
  eb.ref('calendar').as('calendar'),
  eb
    .selectFrom('visit_bookings')
    .innerJoin('visit_slots', 'visit_slots.id', 'visit_bookings.slot_id')
    .select('visit_slots.starts_at')
    .whereRef('visit_bookings.enquiry_id', '=', 'outbox.enquiry_id')
    .whereRef('visit_bookings.reminded_at', '=', 'outbox.created_at')
    .where('visit_bookings.cancelled_at', 'is', null)
    .limit(1)
    .as('reminded_visit_at'),
];

/**
 * When the visit a visit email tells of starts (ISO, UTC): its invitation's start; for a reminder,
 * its open booking's, found by the time it was reminded, which a move clears: null once the
 * booking was moved or cancelled since.
 */
function visitStart(row: { calendar: string | null; reminded_visit_at: string | null }): string | null {
  return row.calendar === null ? row.reminded_visit_at : invitationStart(row.calendar);
}

/** A visit email whose visit has begun or passed (or, a reminder, was moved or cancelled since) would mislead the family if sent now. */
const visitOver = (start: string | null, now: string) => start === null || start <= now;

/** The newest given-up mails, and how many there are in all (the list may show fewer). */
export async function listUndeliveredMail(
  db: Kysely<Database>,
  now: string,
): Promise<{ mails: UndeliveredMail[]; total: number }> {
  const rows = await givenUp(db)
    .select([
      'id',
      'enquiry_kind',
      'enquiry_id',
      'recipient_role',
      'to_address',
      'subject',
      'attempts',
      'last_error',
      'failed_at',
      'created_at',
    ])
    .select(visitColumns)
    .$narrowType<{ failed_at: string }>()
    .orderBy('failed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  const { total } = await givenUp(db)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const mails = rows.map((row): UndeliveredMail => {
    const refusal = {
      id: row.id,
      to: row.to_address,
      subject: row.subject,
      attempts: row.attempts,
      error: row.last_error ?? '',
      failedAt: row.failed_at,
    };
    if (
      row.enquiry_kind !== null &&
      row.enquiry_id !== null &&
      (row.recipient_role === 'office' || row.recipient_role === 'parent')
    ) {
      const enquiry = { enquiryKind: row.enquiry_kind, enquiryId: row.enquiry_id, recipientRole: row.recipient_role };
      if (row.topic === 'enquiry') return { ...refusal, what: 'enquiry', ...enquiry };
      const visitStartsAt = visitStart(row);
      return { ...refusal, what: 'visit', ...enquiry, visitStartsAt, visitOver: visitOver(visitStartsAt, now) };
    }
    // A morning list is made and queued at once, on its day at the school (follow_up_mornings).
    return { ...refusal, what: 'follow-ups', day: schoolToday(new Date(row.created_at)) };
  });
  return { mails, total };
}

/** Why a visit's email is not sent again: its visit has begun or passed, or (a reminder) was moved or cancelled since. */
export type StaleVisitMail = 'visit-over' | 'visit-changed';

/** The given-up mails (or the one `only`) that may be sent again now, and why the visits' emails left out are (the first's). */
async function sendableNow(
  trx: Kysely<Database>,
  now: string,

  only?: number,
): Promise<{ ids: number[]; stale: StaleVisitMail | undefined }> {
  const query = sendableAgain(trx).select('id').select(visitColumns);
  const rows = await (only === undefined ? query : query.where('id', '=', only)).execute();
  const starts = rows.map((row) => ({
    id: row.id,
    start: row.topic === 'visit' ? visitStart(row) : undefined,
  }));
  const over = starts.filter(({ start }) => start !== undefined && visitOver(start, now));
  return {
    ids: starts.filter((row) => !over.includes(row)).map((row) => row.id),
    stale: over[0] && (over[0].start === null ? 'visit-changed' : 'visit-over'),
  };
}

/**
 * Puts a given-up enquiry or visit mail back in the queue, due at `now`, with its refusals
 * forgotten: 'queued'; a visit's whose visit is over or changed is not (StaleVisitMail);
 * 'not-given-up' when it is not given up, or never sent again (sendableAgain).
 */
export async function retryUndeliveredMail(
  db: Kysely<Database>,
  id: number,
  now: string,
): Promise<'queued' | StaleVisitMail | 'not-given-up'> {
  return db.transaction().execute(async (trx) => {
    const sendable = await sendableNow(trx, now, id);
    if (sendable.stale) return sendable.stale;
    return (await requeue(trx, sendable.ids, now)) > 0 ? 'queued' : 'not-given-up';
  });
}

/** Puts every given-up mail that may be sent again now back in the queue, as retryUndeliveredMail does one; answers how many. */
export async function retryAllUndeliveredMail(db: Kysely<Database>, now: string): Promise<number> {
  return db.transaction().execute(async (trx) => requeue(trx, (await sendableNow(trx, now)).ids, now));
}

async function requeue(trx: Kysely<Database>, ids: number[], dueAt: string): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await trx
    .updateTable('outbox')
    .set({ failed_at: null, rejections: 0, next_attempt_at: dueAt })
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The mail still to send (not given up), and since when the oldest has waited. */
export async function waitingMail(db: Kysely<Database>): Promise<{ waiting: number; oldestSince: string | null }> {
  const { waiting, oldestSince } = await db
    .selectFrom('outbox')
    .select((eb) => [eb.fn.countAll<number>().as('waiting'), eb.fn.min('created_at').as('oldestSince')])
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { waiting, oldestSince: oldestSince ?? null };
}
