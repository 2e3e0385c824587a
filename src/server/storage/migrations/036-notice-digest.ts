import { sql, type Kysely } from 'kysely';

/**
 * How each guardian has notice emails (issue 37): `notice_mail` 'at-once' (an email for each notice,
 * as before) or 'weekly' (one digest on Friday afternoon at the school); `digest_covered_to`, the
 * moment the guardian's digests have covered up to, so no digest is sent twice (decision 0059).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table parent_guardians add column notice_mail text not null default 'at-once'
    check (notice_mail in ('at-once', 'weekly'))`.execute(db);
  await sql`alter table parent_guardians add column digest_covered_to text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table parent_guardians drop column digest_covered_to`.execute(db);
  await sql`alter table parent_guardians drop column notice_mail`.execute(db);
}
