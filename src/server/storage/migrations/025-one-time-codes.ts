import { sql, type Kysely } from 'kysely';

/**
 * One-time codes for staff (issue 34, decision 0051): a code that lets a person sign in from a
 * new browser while their account is being guessed at, or set up two-step login after its window.
 *
 * - `staff_one_time_codes`: at most one live code per account (a new one replaces it), stored
 *   only as a hash, with when it stops working. A code is deleted when used.
 * - `outbox.staff_mail`: which staff mail a row is: NULL for the link to choose a password (every
 *   staff row before this migration), 'one-time-code' or 'guessing-alert'. Adding a column keeps
 *   the table's CHECK, so no rebuild is needed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table staff_one_time_codes (
    account_id integer primary key references staff_accounts (id) on delete cascade,
    code_hash text not null,
    created_at text not null,
    expires_at text not null
  )`.execute(db);
  await sql`alter table outbox add column staff_mail text check (staff_mail in ('one-time-code', 'guessing-alert'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from outbox where staff_mail is not null`.execute(db);
  await sql`alter table outbox drop column staff_mail`.execute(db);
  await sql`drop table staff_one_time_codes`.execute(db);
}
