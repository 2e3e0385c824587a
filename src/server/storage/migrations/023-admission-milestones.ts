import { sql, type Kysely } from 'kysely';
import { admissionStages, type AdmissionStage } from '#shared/admissions/stages.ts';

/**
 * The admissions report's times, kept on each enquiry's pipeline row as they happen (decision
 * 0041), instead of being searched out of the two histories for every enquiry at every report:
 *
 * - `visit_reached_at`, `offer_reached_at`, `enrolment_reached_at`: when the enquiry's history
 *   first reached Visit booked, Offered or Enrolled, or a later step (the entry with the lowest
 *   id, as the histories' ids are in time order);
 * - `first_contact_at`: the earliest changed_at of its status changes to Responded and of its stage
 *   moves made by a staff account (a parent's own booking has no account).
 *
 * Triggers on the two histories keep them, whoever writes the entry; the histories are
 * append-only, so a time once set changes only to an earlier contact. Enquiries already stored are
 * filled in here from their histories. The columns live on the pipeline row, so they go with
 * their enquiry (erasure, the retention purge) as the row does.
 */

/** The stages from `stage` on along the way to a place (the closing stages are not steps). */
function reaching(stage: AdmissionStage) {
  const steps = admissionStages.slice(0, admissionStages.indexOf('enrolled') + 1);
  return sql.join(steps.slice(steps.indexOf(stage)).map((name) => sql.lit(name)));
}

const milestones = [
  { column: 'visit_reached_at', stage: 'visit-booked' },
  { column: 'offer_reached_at', stage: 'offered' },
  { column: 'enrolment_reached_at', stage: 'enrolled' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const { column } of milestones)
      await sql`alter table admission_pipeline add column ${sql.raw(column)} text`.execute(trx);
    await sql`alter table admission_pipeline add column first_contact_at text`.execute(trx);

    const firstReaching = (stage: AdmissionStage) => sql`(select h.changed_at from admission_pipeline_history h
      where h.enquiry_id = admission_pipeline.enquiry_id and h.field = 'stage' and h.new_value in (${reaching(stage)}) order by h.id limit 1)`;
    await sql`update admission_pipeline set
      ${sql.join(milestones.map(({ column, stage }) => sql`${sql.raw(column)} = ${firstReaching(stage)}`))},
      first_contact_at = (select min(changed_at) from (
        select changed_at from enquiry_history h
        where h.enquiry_kind = 'admission' and h.enquiry_id = admission_pipeline.enquiry_id and h.field = 'status' and h.new_value = 'responded'
        union all
        select changed_at from admission_pipeline_history p
        where p.enquiry_id = admission_pipeline.enquiry_id and p.field = 'stage' and p.account_id is not null))`.execute(
      trx,
    );

    for (const { column } of milestones) {
      await sql`create index ${sql.raw(`admission_pipeline_${column}`)} on admission_pipeline (${sql.raw(column)}) where ${sql.raw(column)} is not null`.execute(
        trx,
      );
    }

    const keepFirst = (column: string, stage: AdmissionStage) =>
      sql`${sql.raw(column)} = coalesce(${sql.raw(column)}, case when new.new_value in (${reaching(stage)}) then new.changed_at end)`;
    await sql`create trigger admission_pipeline_history_milestones after insert on admission_pipeline_history when new.field = 'stage'
      begin
        update admission_pipeline set
          ${sql.join(milestones.map(({ column, stage }) => keepFirst(column, stage)))},
          first_contact_at = case when new.account_id is not null and (first_contact_at is null or new.changed_at < first_contact_at) then new.changed_at else first_contact_at end
        where enquiry_id = new.enquiry_id;
      end`.execute(trx);
    await sql`create trigger enquiry_history_first_contact after insert on enquiry_history
      when new.enquiry_kind = 'admission' and new.field = 'status' and new.new_value = 'responded'
      begin
        update admission_pipeline set first_contact_at = new.changed_at
        where enquiry_id = new.enquiry_id and (first_contact_at is null or new.changed_at < first_contact_at);
      end`.execute(trx);
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`drop trigger enquiry_history_first_contact`.execute(trx);
    await sql`drop trigger admission_pipeline_history_milestones`.execute(trx);
    for (const { column } of milestones) {
      await sql`drop index ${sql.raw(`admission_pipeline_${column}`)}`.execute(trx);
      await sql`alter table admission_pipeline drop column ${sql.raw(column)}`.execute(trx);
    }
    await sql`alter table admission_pipeline drop column first_contact_at`.execute(trx);
  });
}
