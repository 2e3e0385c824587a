import { sql, type Kysely } from 'kysely';

/**
 * A parent's one-time sign-in code (decision 0054): while a parent's account is being guessed at,
 * the right password alone no longer signs in; a code emailed to the parent does it with the
 * password. One live code per guardian, kept only as a SHA-256 hash, for 15 minutes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table parent_sign_in_codes (
    guardian_id integer primary key references parent_guardians (id) on delete cascade,
    code_hash text not null,
    created_at text not null,
    expires_at text not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table parent_sign_in_codes`.execute(db);
}
