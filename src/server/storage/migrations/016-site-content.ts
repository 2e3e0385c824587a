import { sql, type Kysely } from 'kysely';

/**
 * Site content the office edits (issue 11, decision 0028): one draft, and every publish as a
 * revision holding the whole published content, so any earlier one can be restored in one step.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_draft')
    .addColumn('id', 'integer', (column) => column.primaryKey().check(sql`id = 1`))
    .addColumn('content', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addColumn('account_id', 'integer')
    .execute();
  await db.schema
    .createTable('content_revisions')
    .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
    .addColumn('published_at', 'text', (column) => column.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('actor', 'text')
    .addColumn('content', 'text', (column) => column.notNull())
    .addColumn('changed', 'text', (column) => column.notNull())
    .addColumn('restored_from', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_revisions').execute();
  await db.schema.dropTable('content_draft').execute();
}
