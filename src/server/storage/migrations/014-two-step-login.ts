import type { Kysely } from 'kysely';

/**
 * Two-step login (issue 10, section 1; decision 0026): each account's authenticator secret
 * (sealed with a key kept outside the database), its one-time recovery codes (SHA-256 only), and
 * the staff side's settings, of which the first is whether the Owner requires two-step login.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_two_step')
    .addColumn('account_id', 'integer', (column) => column.primaryKey())
    .addColumn('secret', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_step', 'integer')
    .execute();
  await db.schema
    .createTable('staff_recovery_codes')
    .addColumn('code_hash', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('staff_recovery_codes_account').on('staff_recovery_codes').column('account_id').execute();
  await db.schema
    .createTable('staff_settings')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('value', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addColumn('updated_by', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_settings').execute();
  await db.schema.dropTable('staff_recovery_codes').execute();
  await db.schema.dropTable('staff_two_step').execute();
}
