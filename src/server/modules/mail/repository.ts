import type { Selectable, Transaction } from 'kysely';
import type { EnquiryKind } from '#shared/enquiries/kinds.ts';
import type { Storage } from '#server/storage/database.ts';
import { truncateWriteAheadLog } from '#server/storage/database.ts';
import { newMessageId } from '#server/storage/messageId.ts';
import type { Database, EnquiryMailRecipient, OutboxTable } from '#server/storage/schema.ts';

/** What the outbox needs of the storage: the database, and the file itself to empty its write-ahead log. */
export type MailStorage = Pick<Storage, 'db' | 'sqlite'>;

export type OutboxRow = Selectable<OutboxTable>;

/** One email to send after the change that queues it is committed; stored in the outbox in the same transaction. */
export type OutboxMessage = {
  recipientRole: EnquiryMailRecipient;
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo: string | undefined;
  /** A visit's email (one of many an enquiry may have), and the iCalendar invitation it carries. */
  visit?: { calendar?: string };
};

/** Writes an enquiry's emails to the outbox, due at `createdAt`, inside the caller's transaction. */
export async function insertOutbox(
  trx: Transaction<Database>,
  kind: EnquiryKind,
  enquiryId: number,
  createdAt: string,
  messages: OutboxMessage[],
): Promise<void> {
  if (messages.length === 0) return;
  await trx
    .insertInto('outbox')
    .values(
      messages.map((message) => ({
        enquiry_kind: kind,
        enquiry_id: enquiryId,
        recipient_role: message.recipientRole,
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html,
        reply_to: message.replyTo ?? null,
        topic: message.visit ? ('visit' as const) : ('enquiry' as const),
        calendar: message.visit?.calendar ?? null,
        message_id: newMessageId(),
        next_attempt_at: createdAt,
        created_at: createdAt,
      })),
    )
    .execute();
}

/** An email to the office about no one enquiry (the morning's list of follow-ups due). */
export type OfficeMail = { to: string; subject: string; text: string; html: string };

/** Writes an office email about no one enquiry to the outbox, due at `createdAt`, inside the caller's transaction; answers its row's id. */
export async function insertOfficeMail(
  trx: Transaction<Database>,
  recipientRole: 'follow-ups',
  mail: OfficeMail,
  createdAt: string,
): Promise<number> {
  const row = await trx
    .insertInto('outbox')
    .values({
      enquiry_kind: null,
      enquiry_id: null,
      staff_account_id: null,
      recipient_role: recipientRole,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      reply_to: null,
      secret_link: null,
      message_id: newMessageId(),
      next_attempt_at: createdAt,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The outbox queue. A row is claimed by pushing its next_attempt_at past a lease in one
 * conditional update: a row can be claimed by only one worker (or tick) at a time, so it is
 * never sent twice at once; if the process dies mid-send the lease runs out and it is tried again.
 * Rows are claimed one at a time, so a crash holds back only the mail being sent.
 */
export type OutboxRepository = {
  /** Takes the oldest row due at `now` (not given up) for sending until `leaseUntil`. */
  claimNext(now: string, leaseUntil: string): Promise<OutboxRow | undefined>;
  /** Records a row sent; a staff mail's link is erased (decision 0027). */
  markSent(row: OutboxRow, sentAt: string): Promise<void>;
  /** Records a failed attempt; `failedAt` set means the worker gives the row up, and a staff mail's link is erased. */
  markFailed(
    row: OutboxRow,
    failure: { attempts: number; rejections: number; nextAttemptAt: string; error: string; failedAt: string | null },
  ): Promise<void>;
  /**
   * Makes due at `now` the rows waiting out a backoff, never refused by the relay (a refusal keeps
   * its spacing before the email is given up). A row due before `leaseUntil` keeps its time: it
   * may be claimed by another sender, and a claim looks the same. Answers how many.
   */
  bringForward(now: string, leaseUntil: string): Promise<number>;
};

export function createOutboxRepository({ db, sqlite }: MailStorage): OutboxRepository {
  /**
   * After a link is erased from its row, the write-ahead log still holds the page as it was: it
   * is emptied too. A backup reading at that moment keeps it from finishing; the link then stays
   * in the -wal file until a later checkpoint, as in any backup taken while the mail waited.
   */
  const linkErased = (row: OutboxRow) => {
    if (row.secret_link !== null) truncateWriteAheadLog(sqlite);
  };
  return {
    async claimNext(now, leaseUntil) {
      return db
        .updateTable('outbox')
        .set({ next_attempt_at: leaseUntil })
        .where('id', '=', (eb) =>
          eb
            .selectFrom('outbox')
            .select('id')
            .where('sent_at', 'is', null)
            .where('failed_at', 'is', null)
            .where('next_attempt_at', '<=', now)
            .orderBy('next_attempt_at')
            .orderBy('id')
            .limit(1),
        )
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .returningAll()
        .executeTakeFirst();
    },
    async markSent(row, sentAt) {
      await db
        .updateTable('outbox')
        .set({ sent_at: sentAt, last_error: null, secret_link: null })
        .where('id', '=', row.id)
        .execute();
      linkErased(row);
    },
    async markFailed(row, failure) {
      await db
        .updateTable('outbox')
        .set({
          attempts: failure.attempts,
          rejections: failure.rejections,
          next_attempt_at: failure.nextAttemptAt,
          last_error: failure.error.slice(0, 1000),
          failed_at: failure.failedAt,
          ...(failure.failedAt ? { secret_link: null } : {}),
        })
        .where('id', '=', row.id)
        .execute();
      if (failure.failedAt) linkErased(row);
    },
    async bringForward(now, leaseUntil) {
      const result = await db
        .updateTable('outbox')
        .set({ next_attempt_at: now })
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .where('rejections', '=', 0)
        .where('attempts', '>', 0)
        .where('next_attempt_at', '>', leaseUntil)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
