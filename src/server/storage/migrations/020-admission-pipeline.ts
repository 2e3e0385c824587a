import { sql, type Kysely } from 'kysely';
import { admissionStages } from '#shared/admissions/stages.ts';

/**
 * The admissions pipeline (issue 24): each admission enquiry's stage and follow-up date, and the
 * record of their changes.
 *
 * - `admission_pipeline` has one row per admission enquiry, made by a trigger when the enquiry is
 *   stored (and here for those already stored), so that every query can join it without a gap.
 * - `admission_pipeline_history` is the enquiry's history of these two fields. It is its own table,
 *   not more values in enquiry_history's CHECK: widening that CHECK means rebuilding a table that
 *   other tables' triggers name. The dashboard shows both as one history.
 * - Both go with their enquiry (ON DELETE CASCADE): an erasure or the retention purge takes them.
 *   Otherwise the history is append-only.
 */
const stageList = sql.raw(admissionStages.map((stage) => `'${stage}'`).join(', '));

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`create table admission_pipeline (
      enquiry_id integer primary key references admission_enquiries (id) on delete cascade,
      stage text not null default 'enquiry' check (stage in (${stageList})),
      stage_reason text,
      stage_changed_at text,
      follow_up_on text check (follow_up_on is null or follow_up_on glob '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]')
    )`.execute(trx);
    await sql`create index admission_pipeline_by_stage on admission_pipeline (stage)`.execute(trx);
    await sql`create index admission_pipeline_by_follow_up on admission_pipeline (follow_up_on) where follow_up_on is not null`.execute(
      trx,
    );
    await sql`insert into admission_pipeline (enquiry_id) select id from admission_enquiries`.execute(trx);
    await sql`create trigger admission_enquiries_pipeline after insert on admission_enquiries
      begin insert into admission_pipeline (enquiry_id) values (new.id); end`.execute(trx);

    await sql`create table admission_pipeline_history (
      id integer primary key autoincrement,
      enquiry_id integer not null references admission_enquiries (id) on delete cascade,
      field text not null check (field in ('stage', 'followUp')),
      old_value text not null,
      new_value text not null,
      reason text,
      changed_at text not null,
      session_id text,
      account_id integer
    )`.execute(trx);
    await sql`create index admission_pipeline_history_by_enquiry on admission_pipeline_history (enquiry_id, id)`.execute(
      trx,
    );
    await sql`create trigger admission_pipeline_history_no_update before update on admission_pipeline_history
      begin select raise(abort, 'admission pipeline history is append-only'); end`.execute(trx);
    await sql`create trigger admission_pipeline_history_no_delete before delete on admission_pipeline_history
      when exists (select 1 from admission_enquiries where id = old.enquiry_id)
      begin select raise(abort, 'admission pipeline history is append-only: it goes only with its enquiry'); end`.execute(
      trx,
    );
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`drop table admission_pipeline_history`.execute(trx);
    await sql`drop trigger admission_enquiries_pipeline`.execute(trx);
    await sql`drop table admission_pipeline`.execute(trx);
  });
}
