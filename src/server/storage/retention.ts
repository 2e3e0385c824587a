import { sql, type Kysely, type SqlBool } from 'kysely';
import type { RetentionDue } from '#shared/dashboard/retention.ts';
import { enquiryKinds, type EnquiryKind } from '#shared/enquiries/kinds.ts';
import { eraseEnquiry } from './erasure';
import type { Database } from './schema';

/** What is past keeping at one moment: closed enquiries last changed before `closedBefore`, emails sent before `sentBefore`. */
export type RetentionCutoffs = { closedBefore: string; sentBefore: string };

const tables = { contact: 'contact_enquiries', admission: 'admission_enquiries' } as const;

/** Written exactly like the WHERE of the `_closed` indexes (migration 009), so SQLite uses them. */
const closedBefore = (cutoff: string) =>
  sql<SqlBool>`status = 'responded' and spam_reasons is null and coalesce(updated_at, created_at) < ${cutoff}`;

/**
 * An email sent before the cutoff, or a morning list of follow-ups given up before it: a list of a
 * day gone by is never sent again (storage/mailFailures.ts), and it names families.
 */
const copyPastKeeping = (cutoff: string) =>
  sql<SqlBool>`(sent_at < ${cutoff} or (recipient_role = 'follow-ups' and sent_at is null and failed_at < ${cutoff}))`;

/** Enquiries erased per transaction: a first purge of years of enquiries never holds the server for long. */
const PURGE_BATCH = 200;

async function countClosed(db: Kysely<Database>, kind: EnquiryKind, cutoff: string): Promise<number> {
  const result = await db
    .selectFrom(tables[kind])
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(closedBefore(cutoff))
    .executeTakeFirstOrThrow();
  return Number(result.count);
}

/** How many rows a purge at these cutoffs would take. */
export async function countDue(db: Kysely<Database>, cutoffs: RetentionCutoffs): Promise<RetentionDue> {
  let closedEnquiries = 0;
  for (const kind of enquiryKinds) closedEnquiries += await countClosed(db, kind, cutoffs.closedBefore);
  const sent = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(copyPastKeeping(cutoffs.sentBefore))
    .executeTakeFirstOrThrow();
  return { closedEnquiries, sentMailCopies: Number(sent.count) };
}

/** Deletes the copies of emails sent before `sentBefore`, and of morning lists given up before it; answers how many. */
export async function deleteSentMailBefore(db: Kysely<Database>, sentBefore: string): Promise<number> {
  const result = await db.deleteFrom('outbox').where(copyPastKeeping(sentBefore)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Erases every closed enquiry last changed before `cutoff`, a batch per transaction, each with a
 * tombstone (reason 'retention', no session). Answers how many went.
 */
export async function eraseClosedBefore(db: Kysely<Database>, cutoff: string, erasedAt: string): Promise<number> {
  let erased = 0;
  for (const kind of enquiryKinds) {
    for (;;) {
      const done = await db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom(tables[kind])
          .select('id')
          .where(closedBefore(cutoff))
          .limit(PURGE_BATCH)
          .execute();
        for (const { id } of due)
          await eraseEnquiry(
            trx,
            { kind, id },
            { at: erasedAt, sessionId: null, accountId: null, reason: 'retention' },
          );
        return due.length;
      });
      erased += done;
      if (done < PURGE_BATCH) break;
      // Requests waiting on the event loop are served between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return erased;
}
