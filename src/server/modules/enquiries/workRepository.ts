import type { Kysely, Transaction } from 'kysely';
import type {
  EnquiryFilters,
  EnquiryHistoryEntry,
  EnquiryListQuery,
  EnquiryRef,
  EnquiryUpdate,
  EnquiryWorkField,
} from '#shared/dashboard/index.ts';
import type { EnquiryOf } from '#shared/enquiries/enquiry.ts';
import type { EnquiryKind } from '#shared/enquiries/kinds.ts';
import { pipelineHistory } from './pipelineRepository';
import { allEnquiries, countEnquiries, findEnquiry, iterateEnquiryBatches, listEnquiries } from './listRepository';
import type { ChangedBy, Database } from '#server/storage/schema.ts';

/** The office's work on an enquiry (status, read flag, remarks): each change applied and kept in its history. */

export type Change = { field: EnquiryWorkField; oldValue: string; newValue: string };

function changesOf(current: { status: string; isRead: boolean; remarks: string }, update: EnquiryUpdate): Change[] {
  // Choosing "responded" means the office has dealt with the enquiry, so it is read too (docs/spec.md §4).
  const isRead = update.isRead ?? (update.status === 'responded' ? true : undefined);
  const changes: Change[] = [];
  if (update.status !== undefined && update.status !== current.status) {
    changes.push({ field: 'status', oldValue: current.status, newValue: update.status });
  }
  if (isRead !== undefined && isRead !== current.isRead) {
    changes.push({ field: 'isRead', oldValue: String(current.isRead), newValue: String(isRead) });
  }
  if (update.remarks !== undefined && update.remarks !== current.remarks) {
    changes.push({ field: 'remarks', oldValue: current.remarks, newValue: update.remarks });
  }
  return changes;
}

async function applyChanges(
  trx: Transaction<Database>,
  ref: EnquiryRef,
  changes: Change[],
  changedAt: string,
): Promise<void> {
  const values: { status?: 'pending' | 'responded'; is_read?: number; remarks?: string; updated_at: string } = {
    updated_at: changedAt,
  };
  for (const change of changes) {
    if (change.field === 'status') values.status = change.newValue === 'responded' ? 'responded' : 'pending';
    if (change.field === 'isRead') values.is_read = change.newValue === 'true' ? 1 : 0;
    if (change.field === 'remarks') values.remarks = change.newValue;
  }
  if (ref.kind === 'contact') {
    await trx.updateTable('contact_enquiries').set(values).where('id', '=', ref.id).execute();
  } else {
    await trx.updateTable('admission_enquiries').set(values).where('id', '=', ref.id).execute();
  }
}

/**
 * Applies a change to a row and records each changed field in its history, in one transaction.
 * A change to the value a field already has is not a change: nothing is written for it.
 * Answers the row as stored afterwards with what changed, or undefined when no such row exists.
 */
export async function updateEnquiry(
  db: Kysely<Database>,
  update: EnquiryUpdate,
  { changedAt, sessionId, accountId }: { changedAt: string } & ChangedBy,
): Promise<{ enquiry: EnquiryOf<EnquiryKind>; changes: Change[] } | undefined> {
  return db.transaction().execute(async (trx) => {
    const current = await findEnquiry(trx, update.kind, update.id);
    if (!current) return undefined;
    const changes = changesOf(current, update);
    if (changes.length === 0) return { enquiry: current, changes };
    await applyChanges(trx, update, changes, changedAt);
    await trx
      .insertInto('enquiry_history')
      .values(
        changes.map((change) => ({
          enquiry_kind: update.kind,
          enquiry_id: update.id,
          field: change.field,
          old_value: change.oldValue,
          new_value: change.newValue,
          changed_at: changedAt,
          session_id: sessionId,
          account_id: accountId,
        })),
      )
      .execute();
    const enquiry = await findEnquiry(trx, update.kind, update.id);
    return enquiry && { enquiry, changes };
  });
}

/** A row's recorded changes, oldest first: for an admission enquiry, its stage and follow-up changes among them. */
export async function enquiryHistory(db: Kysely<Database>, ref: EnquiryRef): Promise<EnquiryHistoryEntry[]> {
  const records = await db
    .selectFrom('enquiry_history')
    .leftJoin('staff_accounts', 'staff_accounts.id', 'enquiry_history.account_id')
    .select([
      'enquiry_history.id',
      'enquiry_kind',
      'enquiry_id',
      'field',
      'old_value',
      'new_value',
      'changed_at',
      'staff_accounts.name as changed_by',
    ])
    .where('enquiry_kind', '=', ref.kind)
    .where('enquiry_id', '=', ref.id)
    // A live enquiry has no tombstone; the condition keeps the entry's type to the three fields.
    .where('field', '<>', 'erased')
    .$narrowType<{ field: EnquiryWorkField }>()
    .orderBy('enquiry_history.id', 'asc')
    .execute();
  const entries: EnquiryHistoryEntry[] = records.map((record) => ({
    id: record.id,
    kind: record.enquiry_kind,
    enquiryId: record.enquiry_id,
    field: record.field,
    oldValue: record.old_value,
    newValue: record.new_value,
    changedAt: record.changed_at,
    changedBy: record.changed_by,
  }));
  if (ref.kind !== 'admission') return entries;
  // Array.sort is stable: entries made at the same instant keep each table's order.
  return [...entries, ...(await pipelineHistory(db, ref.id))].sort((a, b) => a.changedAt.localeCompare(b.changedAt));
}

/**
 * The office's reading and work on the enquiries (the dashboard's lists, counts, a row's changes
 * and history, the exports): the lists' SQL is listRepository.ts, the changes' is above.
 */
export function createWorkRepository(db: Kysely<Database>) {
  return {
    list: (query: EnquiryListQuery) => listEnquiries(db, query),
    counts: () => countEnquiries(db),
    find: <K extends EnquiryKind>(kind: K, id: number) => findEnquiry(db, kind, id),
    update: (update: EnquiryUpdate, by: { changedAt: string } & ChangedBy) => updateEnquiry(db, update, by),
    history: (ref: EnquiryRef) => enquiryHistory(db, ref),
    all: () => allEnquiries(db),
    batches: <K extends EnquiryKind>(kind: K, filters: EnquiryFilters) => iterateEnquiryBatches(db, kind, filters),
  };
}

export type WorkRepository = ReturnType<typeof createWorkRepository>;
