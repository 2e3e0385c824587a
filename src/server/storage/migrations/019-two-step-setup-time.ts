import type { Kysely } from 'kysely';

/**
 * The time to set up two-step login (decision 0026): when it last began for an account other
 * than by the Owner's requirement or the account's creation (a link from the Owner used, a
 * password set on the server, two-step login turned off by the person).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('staff_accounts').addColumn('two_step_setup_from', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('staff_accounts').dropColumn('two_step_setup_from').execute();
}
