import { sql, type Kysely } from 'kysely';

/**
 * The audit trail (issue 10, section 2; decision 0025): who did what, when, from which address.
 * The database itself refuses to change an entry, and to delete one less than 365 days old
 * (measured by SQLite's own clock, so no procedure or bug can shorten the year).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('actor', 'text')
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('ip', 'text')
    .addColumn('details', 'text', (column) => column.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('audit_events_at').on('audit_events').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_events_account').on('audit_events').columns(['account_id', 'at']).execute();
  await db.schema.createIndex('audit_events_action').on('audit_events').columns(['action', 'at']).execute();
  await sql`create trigger audit_events_no_update before update on audit_events
    begin select raise(abort, 'the audit trail cannot be changed'); end`.execute(db);
  await sql`create trigger audit_events_kept_a_year before delete on audit_events
    when old.at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-365 days')
    begin select raise(abort, 'the audit trail is kept for a year'); end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_events').execute();
}
