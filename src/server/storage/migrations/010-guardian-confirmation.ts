import type { Kysely } from 'kysely';

/**
 * Whether the sender of an admission enquiry confirmed being the child's parent or guardian:
 * 'yes', or NULL for enquiries that were not asked (those before this column, and REST clients
 * that leave the field out).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('admission_enquiries').addColumn('guardian_confirmed', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('admission_enquiries').dropColumn('guardian_confirmed').execute();
}
