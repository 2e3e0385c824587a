import type { Kysely } from 'kysely';

/**
 * Each counted login failure names the account it was at (decisions 0004, 0024): a success then
 * clears only that account's failures from its address or device, and wrong passwords for one
 * account from many addresses slow further tries at it. `account:<id>` for a wrong password,
 * `two-step:<id>` for a wrong code; null for a failed confirmation of a signed-in person.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('staff_login_failures').addColumn('account_key', 'text').execute();
  await db.schema
    .createIndex('staff_login_failures_account')
    .on('staff_login_failures')
    .columns(['account_key', 'attempted_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('staff_login_failures_account').execute();
  await db.schema.alterTable('staff_login_failures').dropColumn('account_key').execute();
}
