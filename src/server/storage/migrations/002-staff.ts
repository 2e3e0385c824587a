import { sql, type Kysely } from 'kysely';
import { createSearchIndex, dropSearchIndex } from './searchIndex';

/**
 * The staff dashboard: the one staff credential, signing keys, server-side sessions, failed
 * login attempts (for the per-IP limit), the append-only history of every change to an
 * enquiry, and the indexes that keep a filtered page fast at 100,000 rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_credentials')
    .addColumn('id', 'integer', (column) => column.primaryKey().check(sql`id = 1`))
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('staff_secrets')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('value', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('staff_sessions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_seen_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('credential_version', 'integer', (column) => column.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('staff_sessions_expires_at').on('staff_sessions').column('expires_at').execute();

  await db.schema
    .createTable('staff_login_failures')
    .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
    .addColumn('client_key', 'text', (column) => column.notNull())
    .addColumn('attempted_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('staff_login_failures_client')
    .on('staff_login_failures')
    .columns(['client_key', 'attempted_at'])
    .execute();
  await db.schema
    .createIndex('staff_login_failures_attempted_at')
    .on('staff_login_failures')
    .column('attempted_at')
    .execute();

  await db.schema
    .createTable('submission_history')
    .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
    .addColumn('submission_kind', 'text', (column) =>
      column.notNull().check(sql`submission_kind in ('contact', 'admission')`),
    )
    .addColumn('submission_id', 'integer', (column) => column.notNull())
    .addColumn('field', 'text', (column) => column.notNull().check(sql`field in ('status', 'remarks', 'isRead')`))
    .addColumn('old_value', 'text', (column) => column.notNull())
    .addColumn('new_value', 'text', (column) => column.notNull())
    .addColumn('changed_at', 'text', (column) => column.notNull())
    .addColumn('session_id', 'text')
    .execute();
  await db.schema
    .createIndex('submission_history_row')
    .on('submission_history')
    .columns(['submission_kind', 'submission_id', 'id'])
    .execute();
  // History is evidence of what the office did: the database itself refuses edits and deletions.
  await sql`create trigger submission_history_no_update before update on submission_history
    begin select raise(abort, 'submission history is append-only'); end`.execute(db);
  await sql`create trigger submission_history_no_delete before delete on submission_history
    begin select raise(abort, 'submission history is append-only'); end`.execute(db);

  // The list is always newest first (created_at desc, id desc); each filter gets an index that
  // ends in created_at so SQLite walks it in order and stops after one page.
  for (const table of ['contact_submissions', 'admission_enquiries']) {
    await db.schema.createIndex(`${table}_status_created_at`).on(table).columns(['status', 'created_at']).execute();
    await db.schema
      .createIndex(`${table}_unread`)
      .on(table)
      .column('created_at')
      .where(sql.ref('is_read'), '=', 0)
      .execute();
  }
  await db.schema
    .createIndex('admission_enquiries_program_created_at')
    .on('admission_enquiries')
    .columns(['program', 'created_at'])
    .execute();
  await db.schema
    .createIndex('admission_enquiries_program_status_created_at')
    .on('admission_enquiries')
    .columns(['program', 'status', 'created_at'])
    .execute();

  for (const [table, columns] of Object.entries(searchColumns)) await createSearchIndex(db, table, columns);
}

/** The columns the dashboard's search looks in (the full-text tables are named <table>_search). */
const searchColumns = {
  contact_submissions: ['name', 'email', 'phone'],
  admission_enquiries: ['student_name', 'parent_name', 'email', 'phone'],
} as const;

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of Object.keys(searchColumns)) await dropSearchIndex(db, table);
  await db.schema.dropIndex('admission_enquiries_program_status_created_at').execute();
  await db.schema.dropIndex('admission_enquiries_program_created_at').execute();
  for (const table of ['contact_submissions', 'admission_enquiries']) {
    await db.schema.dropIndex(`${table}_unread`).execute();
    await db.schema.dropIndex(`${table}_status_created_at`).execute();
  }
  await db.schema.dropTable('submission_history').execute();
  await db.schema.dropTable('staff_login_failures').execute();
  await db.schema.dropTable('staff_sessions').execute();
  await db.schema.dropTable('staff_secrets').execute();
  await db.schema.dropTable('staff_credentials').execute();
}
