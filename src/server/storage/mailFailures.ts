import type { Kysely } from 'kysely';
import type { Database, EnquiryMailRecipient } from './schema';
import type { EnquiryKind } from '../../shared/enquiries/kinds';
import { schoolToday } from '../../shared/time';

/** How the mail server refused a mail for good. */
type Refusal = { id: number; to: string; subject: string; attempts: number; error: string; failedAt: string };

/**
 * A mail the worker gave up on, as the dashboard lists it: an enquiry's own (the office's notice,
 * the parent's acknowledgement), a visit's email to the parent, or the office's morning list of
 * follow-ups, by its day. A staff link's mail shows on the Staff tab.
 */
export type UndeliveredMail = Refusal &
  ({ what: 'enquiry' | 'visit'; enquiryKind: EnquiryKind; enquiryId: number; recipientRole: EnquiryMailRecipient } | { what: 'follow-ups'; day: string });

/** How many undelivered mails the dashboard lists (newest first); more means something larger is wrong. */
const LIST_LIMIT = 50;

const refusedForGood = (db: Kysely<Database>) => db.selectFrom('outbox').where('failed_at', 'is not', null).where('sent_at', 'is', null);

/** The mails given up and not sent since: an enquiry's, a visit's, and the morning lists. */
const givenUp = (db: Kysely<Database>) => refusedForGood(db).where((eb) => eb.or([eb('enquiry_id', 'is not', null), eb('recipient_role', '=', 'follow-ups')]));

/**
 * Those of them that can be sent again: an enquiry's or a visit's. A morning list is not, the
 * list of a day gone by being out of date (the next morning's repeats what is still due), nor a
 * staff link's mail, whose link was erased when it was given up (decision 0027).
 */
const sendableAgain = (db: Kysely<Database>) => refusedForGood(db).where('enquiry_id', 'is not', null);

/** The newest given-up mails, and how many there are in all (the list may show fewer). */
export async function listUndeliveredMail(db: Kysely<Database>): Promise<{ mails: UndeliveredMail[]; total: number }> {
  const rows = await givenUp(db)
    .select(['id', 'enquiry_kind', 'enquiry_id', 'recipient_role', 'topic', 'to_address', 'subject', 'attempts', 'last_error', 'failed_at', 'created_at'])
    .$narrowType<{ failed_at: string }>()
    .orderBy('failed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  const { total } = await givenUp(db).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const mails = rows.map((row): UndeliveredMail => {
    const refusal = { id: row.id, to: row.to_address, subject: row.subject, attempts: row.attempts, error: row.last_error ?? '', failedAt: row.failed_at };
    if (row.enquiry_kind !== null && row.enquiry_id !== null && (row.recipient_role === 'office' || row.recipient_role === 'parent')) {
      return { ...refusal, what: row.topic, enquiryKind: row.enquiry_kind, enquiryId: row.enquiry_id, recipientRole: row.recipient_role };
    }
    // A morning list is made and queued at once, on its day at the school (follow_up_mornings).
    return { ...refusal, what: 'follow-ups', day: schoolToday(new Date(row.created_at)) };
  });
  return { mails, total };
}

/**
 * Puts a given-up enquiry or visit mail back in the queue, due at `dueAt`, with its refusals
 * forgotten. False when it is not given up, or cannot be sent again (sendableAgain).
 */
export async function retryUndeliveredMail(db: Kysely<Database>, id: number, dueAt: string): Promise<boolean> {
  const result = await requeue(db, dueAt).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Puts every given-up mail that can be sent again back in the queue, as retryUndeliveredMail does one; answers how many. */
export async function retryAllUndeliveredMail(db: Kysely<Database>, dueAt: string): Promise<number> {
  const result = await requeue(db, dueAt).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

const requeue = (db: Kysely<Database>, dueAt: string) =>
  db
    .updateTable('outbox')
    .set({ failed_at: null, rejections: 0, next_attempt_at: dueAt })
    .where('id', 'in', sendableAgain(db).select('id'));

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
