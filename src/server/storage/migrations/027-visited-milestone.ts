import { sql, type Kysely } from 'kysely';
import { admissionStages } from '#shared/admissions/stages.ts';

/**
 * A visit counts once it happened (issue 35 §6): `visited_reached_at` is when the enquiry's history
 * first reached Visited or a later step, kept beside migration 023's times the same way, by a
 * trigger as each entry is written, and filled in here from the history. `visit_reached_at` stays
 * the time it first reached Visit booked or later: the visits booked, a cancelled one included.
 */
const visitedOrLater = sql.join(
  admissionStages
    .slice(admissionStages.indexOf('visited'), admissionStages.indexOf('enrolled') + 1)
    .map((name) => sql.lit(name)),
);

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`alter table admission_pipeline add column visited_reached_at text`.execute(trx);
    await sql`update admission_pipeline set visited_reached_at = (select h.changed_at from admission_pipeline_history h
      where h.enquiry_id = admission_pipeline.enquiry_id and h.field = 'stage' and h.new_value in (${visitedOrLater}) order by h.id limit 1)`.execute(
      trx,
    );
    await sql`create index admission_pipeline_visited_reached_at on admission_pipeline (visited_reached_at) where visited_reached_at is not null`.execute(
      trx,
    );
    await sql`create trigger admission_pipeline_history_visited after insert on admission_pipeline_history
      when new.field = 'stage' and new.new_value in (${visitedOrLater})
      begin
        update admission_pipeline set visited_reached_at = new.changed_at where enquiry_id = new.enquiry_id and visited_reached_at is null;
      end`.execute(trx);
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`drop trigger admission_pipeline_history_visited`.execute(trx);
    await sql`drop index admission_pipeline_visited_reached_at`.execute(trx);
    await sql`alter table admission_pipeline drop column visited_reached_at`.execute(trx);
  });
}
