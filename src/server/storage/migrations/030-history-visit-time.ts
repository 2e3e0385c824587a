import { sql, type Kysely } from 'kysely';

/**
 * A stage move made by a family booking a visit with its link keeps the visit's start
 * (`admission_pipeline_history.visit_at`), so the History says who moved it and for when even
 * after the visit is moved or cancelled (issue 35 §1). NULL for every other change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table admission_pipeline_history add column visit_at text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table admission_pipeline_history drop column visit_at`.execute(db);
}
