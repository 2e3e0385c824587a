import type { Kysely } from 'kysely';

/** When the sender would like to be called back (morning, afternoon or evening); NULL means any time. */
const tables = ['contact_enquiries', 'admission_enquiries'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) await db.schema.alterTable(table).addColumn('preferred_call_time', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) await db.schema.alterTable(table).dropColumn('preferred_call_time').execute();
}
