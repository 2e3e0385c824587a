import type { Kysely } from 'kysely';
import type { Database, EnquiryMailRecipient } from './schema';
import type { EnquiryKind } from '../../shared/enquiries/kinds';

/** An enquiry's mail the worker gave up on, as the dashboard lists it (a staff link's mail shows on the Staff tab). */
export type UndeliveredMail = {
  id: number;
  enquiryKind: EnquiryKind;
  enquiryId: number;
  recipientRole: EnquiryMailRecipient;
  to: string;
  attempts: number;
  error: string;
  failedAt: string;
};

/** How many undelivered mails the dashboard lists (newest first); more means something larger is wrong. */
const LIST_LIMIT = 50;

/** The enquiry mails given up and not sent since (a staff link's mail is never sent again: decision 0027). */
const givenUp = (db: Kysely<Database>) =>
  db.selectFrom('outbox').where('failed_at', 'is not', null).where('sent_at', 'is', null).where('enquiry_id', 'is not', null);

/** The newest given-up mails, and how many there are in all (the list may show fewer). */
export async function listUndeliveredMail(db: Kysely<Database>): Promise<{ mails: UndeliveredMail[]; total: number }> {
  const rows = await givenUp(db)
    .select(['id', 'enquiry_kind', 'enquiry_id', 'recipient_role', 'to_address', 'attempts', 'last_error', 'failed_at'])
    .$narrowType<{ enquiry_kind: EnquiryKind; enquiry_id: number; recipient_role: EnquiryMailRecipient }>()
    .orderBy('failed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  const { total } = await givenUp(db).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const mails = rows.map((row) => ({
    id: row.id,
    enquiryKind: row.enquiry_kind,
    enquiryId: row.enquiry_id,
    recipientRole: row.recipient_role,
    to: row.to_address,
    attempts: row.attempts,
    error: row.last_error ?? '',
    failedAt: row.failed_at ?? '',
  }));
  return { mails, total };
}

/**
 * Puts a given-up enquiry mail back in the queue, due at `dueAt`, with its refusals forgotten.
 * False when it is not given up. A staff link's mail is never sent again: its link was erased
 * when it was given up, and the Owner makes a new link instead (decision 0027).
 */
export async function retryUndeliveredMail(db: Kysely<Database>, id: number, dueAt: string): Promise<boolean> {
  const result = await requeue(db, dueAt).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Puts every given-up enquiry mail back in the queue, as retryUndeliveredMail does one; answers how many. */
export async function retryAllUndeliveredMail(db: Kysely<Database>, dueAt: string): Promise<number> {
  const result = await requeue(db, dueAt).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

const requeue = (db: Kysely<Database>, dueAt: string) =>
  db
    .updateTable('outbox')
    .set({ failed_at: null, rejections: 0, next_attempt_at: dueAt })
    .where('id', 'in', givenUp(db).select('id'));

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
