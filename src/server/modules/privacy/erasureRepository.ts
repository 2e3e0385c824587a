import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { ErasureReason } from '#shared/dashboard/erasure.ts';
import type { EnquiryRef } from '#shared/dashboard/index.ts';
import type { ChangedBy, Database } from '#server/storage/schema.ts';

/**
 * Erasing an enquiry: its row, its emails (the outbox: its own, its visit's, and the office's
 * morning lists of follow-ups that name its family), its visit bookings (their foreign key
 * cascades) and its history, leaving one tombstone in the history (migration 009 enforces the
 * order). Used by the retention purge and by staff erasing a person's enquiries on request.
 */

/** Why an enquiry went: staff's reason on request, or the end of its retention period. */
export type TombstoneReason = ErasureReason | 'retention';

/** What a tombstone says of what went: counts and the arrival time, nothing the sender wrote. */
export type TombstoneRecord = { receivedAt: string; emails: number; historyEntries: number };

export type Erasure = { at: string; reason: TombstoneReason } & ChangedBy;

const tables = { contact: 'contact_enquiries', admission: 'admission_enquiries' } as const;

/**
 * A morning list (decision 0039) names each family due, with its address, and belongs to no
 * enquiry: the copies naming this enquiry's address go (a list naming a family sharing it too,
 * a copy for the office alone).
 */
async function eraseMorningListsNaming(trx: Transaction<Database>, admissionId: number): Promise<void> {
  const { email } = await trx
    .selectFrom('admission_enquiries')
    .select('email')
    .where('id', '=', admissionId)
    .executeTakeFirstOrThrow();
  await trx
    .deleteFrom('outbox')
    .where('recipient_role', '=', 'follow-ups')
    .where(sql<SqlBool>`instr(text_body, ${email}) > 0`)
    .execute();
}

/** Erases one enquiry inside `trx`; answers what went, or undefined when there is no such enquiry. */
export async function eraseEnquiry(
  trx: Transaction<Database>,
  ref: EnquiryRef,
  erasure: Erasure,
): Promise<TombstoneRecord | undefined> {
  const table = tables[ref.kind];
  const row = await trx.selectFrom(table).select('created_at').where('id', '=', ref.id).executeTakeFirst();
  if (!row) return undefined;
  const history = await trx
    .selectFrom('enquiry_history')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('enquiry_kind', '=', ref.kind)
    .where('enquiry_id', '=', ref.id)
    .executeTakeFirstOrThrow();
  const emails = await trx
    .deleteFrom('outbox')
    .where('enquiry_kind', '=', ref.kind)
    .where('enquiry_id', '=', ref.id)
    .executeTakeFirst();
  if (ref.kind === 'admission') await eraseMorningListsNaming(trx, ref.id);
  const record: TombstoneRecord = {
    receivedAt: row.created_at,
    emails: Number(emails.numDeletedRows),
    historyEntries: Number(history.count),
  };
  await trx
    .insertInto('enquiry_history')
    .values({
      enquiry_kind: ref.kind,
      enquiry_id: ref.id,
      field: 'erased',
      old_value: JSON.stringify(record),
      new_value: erasure.reason,
      changed_at: erasure.at,
      session_id: erasure.sessionId,
      account_id: erasure.accountId,
    })
    .execute();
  await trx.deleteFrom(table).where('id', '=', ref.id).execute();
  await trx
    .deleteFrom('enquiry_history')
    .where('enquiry_kind', '=', ref.kind)
    .where('enquiry_id', '=', ref.id)
    .where('field', '<>', 'erased')
    .execute();
  return record;
}

/** Erases enquiries in one transaction; answers what went of each that existed. */
export async function eraseEnquiries(
  db: Kysely<Database>,
  refs: readonly EnquiryRef[],
  erasure: Erasure,
): Promise<(TombstoneRecord & EnquiryRef)[]> {
  return db.transaction().execute(async (trx) => {
    const erased: (TombstoneRecord & EnquiryRef)[] = [];
    for (const ref of refs) {
      const record = await eraseEnquiry(trx, ref, erasure);
      if (record) erased.push({ ...ref, ...record });
    }
    return erased;
  });
}
