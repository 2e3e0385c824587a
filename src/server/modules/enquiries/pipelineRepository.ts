import type { Kysely, Transaction } from 'kysely';
import type { AdmissionStage, StageMove } from '#shared/admissions/stages.ts';
import { isClosingStage } from '#shared/admissions/stages.ts';
import type { EnquiryHistoryEntry } from '#shared/dashboard/index.ts';
import type { Database, When } from '#server/storage/schema.ts';

export type { When };

/** An admission enquiry's place in the pipeline (issue 24). followUpOn is YYYY-MM-DD in the school's time zone. */
export type PipelinePlace = {
  stage: AdmissionStage;
  stageReason: string | null;
  stageChangedAt: string | null;
  followUpOn: string | null;
};

async function placeOf(db: Kysely<Database> | Transaction<Database>, id: number): Promise<PipelinePlace | undefined> {
  const row = await db
    .selectFrom('admission_pipeline')
    .innerJoin('admission_enquiries', 'admission_enquiries.id', 'admission_pipeline.enquiry_id')
    .select(['stage', 'stage_reason', 'stage_changed_at', 'follow_up_on'])
    .where('enquiry_id', '=', id)
    .where('admission_enquiries.spam_reasons', 'is', null)
    .executeTakeFirst();
  return (
    row && {
      stage: row.stage,
      stageReason: row.stage_reason,
      stageChangedAt: row.stage_changed_at,
      followUpOn: row.follow_up_on,
    }
  );
}

/** Where an admission enquiry is; undefined for no such enquiry (or one in the Spam folder). */
export const pipelinePlace = (db: Kysely<Database>, id: number) => placeOf(db, id);

async function record(
  trx: Transaction<Database>,
  id: number,
  field: 'stage' | 'followUp',
  oldValue: string,
  newValue: string,
  reason: string | null,
  when: When,
  visitAt: string | null = null,
) {
  await trx
    .insertInto('admission_pipeline_history')
    .values({
      enquiry_id: id,
      field,
      old_value: oldValue,
      new_value: newValue,
      reason,
      changed_at: when.changedAt,
      session_id: when.sessionId,
      account_id: when.accountId,
      visit_at: visitAt,
    })
    .execute();
}

/**
 * Moves an enquiry to a stage and records the move, in one transaction. A reason is kept only
 * for a closing stage. Moving to the stage it is at (with the same reason) changes nothing.
 * Answers the place before and after, or undefined when no such enquiry is in the pipeline.
 * `visitAt`: the start of the visit the family booked with its link, when that booking is the move.
 */
export async function moveStage(
  db: Kysely<Database>,
  move: StageMove,
  when: When,
  visitAt?: string,
): Promise<{ before: PipelinePlace; after: PipelinePlace } | undefined> {
  return db.transaction().execute(async (trx) => {
    const before = await placeOf(trx, move.id);
    if (!before) return undefined;
    const reason = isClosingStage(move.stage) ? (move.reason ?? null) : null;
    if (before.stage === move.stage && before.stageReason === reason) return { before, after: before };
    await trx
      .updateTable('admission_pipeline')
      .set({ stage: move.stage, stage_reason: reason, stage_changed_at: when.changedAt })
      .where('enquiry_id', '=', move.id)
      .execute();
    await record(trx, move.id, 'stage', before.stage, move.stage, reason, when, visitAt);
    return { before, after: { ...before, stage: move.stage, stageReason: reason, stageChangedAt: when.changedAt } };
  });
}

/**
 * Gives an admission enquiry reaching the office its first follow-up, inside the transaction that
 * stores it or takes it out of the Spam folder. An enquiry already given a date keeps it. Not a
 * change by anyone: no history entry.
 */
export async function setFirstFollowUp(trx: Transaction<Database>, id: number, followUpOn: string): Promise<void> {
  await trx
    .updateTable('admission_pipeline')
    .set({ follow_up_on: followUpOn })
    .where('enquiry_id', '=', id)
    .where('follow_up_on', 'is', null)
    .execute();
}

/** Sets (or clears, with null) the follow-up date and records it; the same date again changes nothing. */
export async function setFollowUp(
  db: Kysely<Database>,
  id: number,
  followUpOn: string | null,
  when: When,
): Promise<{ before: PipelinePlace; after: PipelinePlace } | undefined> {
  return db.transaction().execute(async (trx) => {
    const before = await placeOf(trx, id);
    if (!before) return undefined;
    if (before.followUpOn === followUpOn) return { before, after: before };
    await trx
      .updateTable('admission_pipeline')
      .set({ follow_up_on: followUpOn })
      .where('enquiry_id', '=', id)
      .execute();
    await record(trx, id, 'followUp', before.followUpOn ?? '', followUpOn ?? '', null, when);
    return { before, after: { ...before, followUpOn } };
  });
}

/** An admission enquiry's stage and follow-up changes, oldest first, in the shape of its other history. */
export async function pipelineHistory(db: Kysely<Database>, id: number): Promise<EnquiryHistoryEntry[]> {
  const records = await db
    .selectFrom('admission_pipeline_history')
    .leftJoin('staff_accounts', 'staff_accounts.id', 'admission_pipeline_history.account_id')
    .select([
      'admission_pipeline_history.id',
      'enquiry_id',
      'field',
      'old_value',
      'new_value',
      'reason',
      'visit_at',
      'changed_at',
      'staff_accounts.name as changed_by',
    ])
    .where('enquiry_id', '=', id)
    .orderBy('admission_pipeline_history.id', 'asc')
    .execute();
  return records.map((entry) => ({
    id: entry.id,
    kind: 'admission',
    enquiryId: entry.enquiry_id,
    field: entry.field,
    oldValue: entry.old_value,
    newValue: entry.new_value,
    changedAt: entry.changed_at,
    changedBy: entry.changed_by,
    ...(entry.reason ? { reason: entry.reason } : {}),
    ...(entry.visit_at ? { visitAt: entry.visit_at } : {}),
  }));
}
