import { sql, type Kysely } from 'kysely';
import { DUE_COUNT_CAP, DUE_LIST_LIMIT, type DueFollowUp, type DueFollowUps } from '#shared/admissions/dueFollowUps.ts';
import type { SchoolHoliday } from '#shared/admissions/holidays.ts';
import { formatPhone } from '#shared/enquiries/fields.ts';
import { pipelinePlace, setFollowUp, type When } from '#server/modules/enquiries/pipelineRepository.ts';
import { insertOfficeMail, type OfficeMail } from '#server/modules/mail/repository.ts';
import { addHoliday, holidayDaysFrom, holidaysFrom, removeHoliday } from './holidaysRepository';
import type { Database } from '#server/storage/schema.ts';

/**
 * The only SQL of the follow-ups (issue 24, decision 0039): the list of those due, and the record of
 * the mornings whose list was emailed. The rules (which date) are the service's.
 */

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
 * what is due and queues the email `compose` writes of it through mail's outbox (none when nothing
 * is due). Answers undefined when that day's list was made already.
 */
export async function makeMorningList(
  db: Kysely<Database>,
  day: string,
  madeAt: string,
  compose: (due: DueFollowUps) => OfficeMail,
): Promise<{ due: DueFollowUps; outboxId: number | undefined } | undefined> {
  return db.transaction().execute(async (trx) => {
    const made = await trx.selectFrom('follow_up_mornings').select('day').where('day', '=', day).executeTakeFirst();
    if (made) return undefined;
    const due = await listDueFollowUps(trx, day);
    const outboxId = due.total > 0 ? await insertOfficeMail(trx, 'follow-ups', compose(due), madeAt) : undefined;
    await trx
      .insertInto('follow_up_mornings')
      .values({ day, outbox_id: outboxId ?? null, made_at: madeAt })
      .execute();
    return { due, outboxId };
  });
}

/** The follow-ups' SQL bound to one database, as the service holds it (the service itself runs none). */
export function createFollowUpRepository(db: Kysely<Database>) {
  return {
    /** The enquiry's place in the pipeline, whose follow-up date this subject keeps (the enquiries' pipelineRepository.ts, which several modules share). */
    place: (id: number) => pipelinePlace(db, id),
    setFollowUp: (id: number, followUpOn: string | null, when: When) => setFollowUp(db, id, followUpOn, when),
    /** The school's holidays from a day on, which the rule skips, and the office's list of them. */
    holidayDaysFrom: (from: string) => holidayDaysFrom(db, from),
    holidaysFrom: (from: string) => holidaysFrom(db, from),
    addHoliday: (holiday: SchoolHoliday) => addHoliday(db, holiday),
    removeHoliday: (day: string) => removeHoliday(db, day),
    countDue: (today: string) => countDueFollowUps(db, today),
    listDue: (today: string) => listDueFollowUps(db, today),
    makeMorningList: (day: string, madeAt: string, compose: (due: DueFollowUps) => OfficeMail) =>
      makeMorningList(db, day, madeAt, compose),
  };
}

export type FollowUpRepository = ReturnType<typeof createFollowUpRepository>;
