import { sql, type Kysely, type Transaction } from 'kysely';
import { followUpAfterStageMove, followUpForNewEnquiry } from '../../shared/admissions/followUp';
import {
  DUE_COUNT_CAP,
  DUE_LIST_LIMIT,
  type DueFollowUp,
  type DueFollowUps,
} from '../../shared/admissions/dueFollowUps';
import { formatPhone } from '../../shared/enquiries/fields';
import { schoolToday } from '../../shared/time';
import { setFollowUp, type PipelinePlace } from './admissionPipeline';
import { holidayDaysFrom } from './schoolHolidays';
import type { Database } from './schema';

/**
 * Follow-ups (issue 24, decision 0039): the suggested date an admission enquiry gets when it reaches
 * the office, the list of those due, and the record of the mornings whose list was emailed.
 */

/**
 * Gives a new admission enquiry its suggested follow-up (2 working days after the day it reached
 * the office), inside the transaction that stores it or takes it out of the Spam folder. An
 * enquiry already given a date keeps it. Not a change by anyone: no history entry.
 */
export async function suggestFirstFollowUp(trx: Transaction<Database>, id: number, at: string): Promise<void> {
  const today = schoolToday(new Date(at));
  await trx
    .updateTable('admission_pipeline')
    .set({ follow_up_on: followUpForNewEnquiry(today, await holidayDaysFrom(trx, today)) })
    .where('enquiry_id', '=', id)
    .where('follow_up_on', 'is', null)
    .execute();
}

/**
 * Admission enquiries outside the Spam folder, not enrolled, with a follow-up on or before `today`.
 * A waitlisted or not-proceeding family is listed, marked by its stage: calling it back is what its date is for.
 */
const dueQuery = (db: Kysely<Database>, today: string) =>
  db
    .selectFrom('admission_pipeline')
    .innerJoin('admission_enquiries', 'admission_enquiries.id', 'admission_pipeline.enquiry_id')
    // The partial index admission_pipeline_by_follow_up serves the range; the rest is read per due row.
    .where('admission_pipeline.follow_up_on', 'is not', null)
    .where('admission_pipeline.follow_up_on', '<=', today)
    .where('admission_pipeline.stage', '!=', 'enrolled')
    .where('admission_enquiries.spam_reasons', 'is', null);

/** How many follow-ups are due on `today` or overdue (the menu's count), counted up to DUE_COUNT_CAP + 1 (dueCountText). */
export async function countDueFollowUps(db: Kysely<Database>, today: string): Promise<number> {
  const { count } = await db
    .selectFrom(
      dueQuery(db, today)
        .select('admission_pipeline.enquiry_id')
        .limit(DUE_COUNT_CAP + 1)
        .as('due'),
    )
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The follow-ups due on `today` or before, overdue first (oldest date first, then the oldest enquiry). */
export async function listDueFollowUps(db: Kysely<Database>, today: string): Promise<DueFollowUps> {
  const rows = await dueQuery(db, today)
    .select([
      'admission_enquiries.id',
      'student_name',
      'parent_name',
      'email',
      'country_code',
      'phone',
      'admission_pipeline.stage',
      sql<string>`admission_pipeline.follow_up_on`.as('follow_up_on'),
    ])
    // Both keys are the index's own order (its entries end with the rowid, enquiry_id): no sort.
    .orderBy('admission_pipeline.follow_up_on')
    .orderBy('admission_pipeline.enquiry_id')
    .limit(DUE_LIST_LIMIT)
    .execute();
  const entries: DueFollowUp[] = rows.map((row) => ({
    id: row.id,
    childName: row.student_name,
    parentName: row.parent_name,
    email: row.email,
    phone: formatPhone(row.country_code, row.phone),
    stage: row.stage,
    followUpOn: row.follow_up_on,
  }));
  const total = entries.length < DUE_LIST_LIMIT ? entries.length : await countDueFollowUps(db, today);
  return { today, total, entries };
}

/**
 * Makes the morning's list for `day` once: in one transaction, if no list was made that day, reads
 * what is due and hands it to `queue`, which writes its email to the outbox and answers the row's
 * id (nothing when nothing is due). Answers undefined when that day's list was made already.
 */
export async function makeMorningList(
  db: Kysely<Database>,
  day: string,
  madeAt: string,
  queue: (trx: Transaction<Database>, due: DueFollowUps) => Promise<number | undefined>,
): Promise<{ due: DueFollowUps; outboxId: number | undefined } | undefined> {
  return db.transaction().execute(async (trx) => {
    const made = await trx.selectFrom('follow_up_mornings').select('day').where('day', '=', day).executeTakeFirst();
    if (made) return undefined;
    const due = await listDueFollowUps(trx, day);
    const outboxId = due.total > 0 ? await queue(trx, due) : undefined;
    await trx
      .insertInto('follow_up_mornings')
      .values({ day, outbox_id: outboxId ?? null, made_at: madeAt })
      .execute();
    return { due, outboxId };
  });
}

/**
 * After a move (moveStage's answer): a move to Visited sets the follow-up to the next working day
 * (followUpAfterStageMove), recorded like a change by the person who moved the card; other moves,
 * and a move to the stage it was at, leave the date alone. Answers the place after.
 */
export async function followUpAfterMove(
  db: Kysely<Database>,
  id: number,
  moved: { before: PipelinePlace; after: PipelinePlace },
  when: { changedAt: string; sessionId: string | null; accountId: number | null },
): Promise<PipelinePlace> {
  if (moved.before.stage === moved.after.stage) return moved.after;
  const today = schoolToday(new Date(when.changedAt));
  const next = followUpAfterStageMove(moved.after.stage, today, await holidayDaysFrom(db, today));
  if (!next) return moved.after;
  return (await setFollowUp(db, id, next, when))?.after ?? moved.after;
}
