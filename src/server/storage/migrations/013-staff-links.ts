import { sql, type Kysely } from 'kysely';

/**
 * Single-use links by which a person chooses their password (decision 0024): an invitation for a
 * new account, a reset for an existing one. Only a SHA-256 of the link's secret is stored, so a
 * copy of the database or a backup cannot be used to take over an account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_links')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'integer', (column) => column.notNull())
    .addColumn('purpose', 'text', (column) => column.notNull().check(sql`purpose in ('invitation', 'reset')`))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('staff_links_account').on('staff_links').column('account_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_links').execute();
}
