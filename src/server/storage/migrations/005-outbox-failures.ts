import { sql, type Kysely } from 'kysely';

/**
 * Mail the SMTP server refuses for good: `rejections` counts 5xx answers, and `failed_at` marks
 * a mail the worker gave up on (shown to staff in the dashboard, never claimed again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('outbox')
    .addColumn('rejections', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('outbox').addColumn('failed_at', 'text').execute();
  await db.schema
    .createIndex('outbox_failed')
    .on('outbox')
    .column('failed_at')
    .where(sql.ref('failed_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_failed').execute();
  await db.schema.alterTable('outbox').dropColumn('failed_at').execute();
  await db.schema.alterTable('outbox').dropColumn('rejections').execute();
}
