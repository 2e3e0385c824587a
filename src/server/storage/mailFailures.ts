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

export async function listUndeliveredMail(db: Kysely<Database>): Promise<UndeliveredMail[]> {
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'enquiry_kind', 'enquiry_id', 'recipient_role', 'to_address', 'attempts', 'last_error', 'failed_at'])
    .where('failed_at', 'is not', null)
    .where('sent_at', 'is', null)
    .where('enquiry_id', 'is not', null)
    .$narrowType<{ enquiry_kind: EnquiryKind; enquiry_id: number; recipient_role: EnquiryMailRecipient }>()
    .orderBy('failed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    enquiryKind: row.enquiry_kind,
    enquiryId: row.enquiry_id,
    recipientRole: row.recipient_role,
    to: row.to_address,
    attempts: row.attempts,
    error: row.last_error ?? '',
    failedAt: row.failed_at ?? '',
  }));
}

/**
 * Puts a given-up enquiry mail back in the queue, due at `dueAt`, with its refusals forgotten.
 * False when it is not given up. A staff link's mail is never sent again: its link was erased
 * when it was given up, and the Owner makes a new link instead (decision 0027).
 */
export async function retryUndeliveredMail(db: Kysely<Database>, id: number, dueAt: string): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ failed_at: null, rejections: 0, next_attempt_at: dueAt })
    .where('id', '=', id)
    .where('failed_at', 'is not', null)
    .where('sent_at', 'is', null)
    .where('enquiry_id', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
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
