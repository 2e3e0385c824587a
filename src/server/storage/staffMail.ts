import type { Kysely, Transaction } from 'kysely';
import type { StaffLinkMailState } from '#shared/staff/accounts.ts';
import { newMessageId } from './messageId';
import type { Database } from './schema';

/**
 * Staff mail in the outbox (migration 015, decision 0027): the email that carries a link to
 * choose a password. The worker sends it like any other row; these are the writes and reads
 * particular to it.
 */

/** A staff mail as it is stored: the link is not in it, LINK_PLACEHOLDER (mail/secretLink.ts) stands in its place. */
export type StaffLinkMessage = { to: string; subject: string; text: string; html: string; replyTo: string };

/** Queues a link's email, due at once, inside the transaction that stores the link. */
export async function queueStaffLinkMail(
  trx: Transaction<Database> | Kysely<Database>,
  mail: {
    accountId: number;
    message: StaffLinkMessage;
    link: string | null;
    at: string;
    kind?: 'one-time-code' | 'guessing-alert';
  },
): Promise<void> {
  const { accountId, message, link, at, kind } = mail;
  await trx
    .insertInto('outbox')
    .values({
      enquiry_kind: null,
      enquiry_id: null,
      staff_account_id: accountId,
      recipient_role: 'staff',
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      reply_to: message.replyTo,
      secret_link: link,
      staff_mail: kind ?? null,
      message_id: newMessageId(),
      next_attempt_at: at,
      created_at: at,
    })
    .execute();
}

/**
 * Deletes an account's link emails not sent yet (waiting, or given up): their link has just
 * stopped working (a newer link, or the link was used), so they must not go out.
 */
export async function withdrawStaffLinkMail(trx: Transaction<Database>, accountId: number): Promise<void> {
  await trx
    .deleteFrom('outbox')
    .where('staff_account_id', '=', accountId)
    .where('staff_mail', 'is', null)
    .where('sent_at', 'is', null)
    .execute();
}

/** The latest link email of each account that has one, for the Staff tab. */
export async function latestStaffLinkMail(db: Kysely<Database>): Promise<Map<number, StaffLinkMailState>> {
  const rows = await db
    .selectFrom('outbox')
    .select(['staff_account_id', 'to_address', 'attempts', 'sent_at', 'failed_at', 'last_error', 'created_at'])
    .where('staff_account_id', 'is not', null)
    .where('staff_mail', 'is', null)
    .$narrowType<{ staff_account_id: number }>()
    .orderBy('id')
    .execute();
  const latest = new Map<number, StaffLinkMailState>();
  for (const row of rows) {
    const state = row.sent_at ? 'sent' : row.failed_at ? 'failed' : 'waiting';
    latest.set(row.staff_account_id, {
      state,
      to: row.to_address,
      at: row.sent_at ?? row.failed_at ?? row.created_at,
      attempts: row.attempts,
      error: row.last_error,
    });
  }
  return latest;
}

/**
 * Deletes link emails never sent whose link has expired (made before `createdBefore`): waiting
 * behind an SMTP outage, or given up. They could only carry a dead link. Answers how many.
 */
export async function deleteUnsentStaffMailBefore(db: Kysely<Database>, createdBefore: string): Promise<number> {
  const result = await db
    .deleteFrom('outbox')
    .where('staff_account_id', 'is not', null)
    .where('sent_at', 'is', null)
    .where('created_at', '<', createdBefore)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
