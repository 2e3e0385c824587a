import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const statusColumn = sql`text not null default 'pending' check (status in ('pending', 'responded'))`;

  await db.schema
    .createTable('contact_submissions')
    .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('country_code', 'text', (column) => column.notNull())
    .addColumn('phone', 'text', (column) => column.notNull())
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('status', statusColumn)
    .addColumn('is_read', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('remarks', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('updated_at', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('idempotency_key', 'text', (column) => column.notNull().unique())
    .execute();
  await db.schema
    .createIndex('contact_submissions_created_at')
    .on('contact_submissions')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('admission_enquiries')
    .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('student_name', 'text', (column) => column.notNull())
    .addColumn('birth_date', 'text', (column) => column.notNull())
    .addColumn('parent_name', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('country_code', 'text', (column) => column.notNull())
    .addColumn('phone', 'text', (column) => column.notNull())
    .addColumn('program', 'text', (column) => column.notNull())
    .addColumn('message', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('status', statusColumn)
    .addColumn('is_read', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('remarks', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('updated_at', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('idempotency_key', 'text', (column) => column.notNull().unique())
    .execute();
  await db.schema
    .createIndex('admission_enquiries_created_at')
    .on('admission_enquiries')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
    .addColumn('enquiry_kind', 'text', (column) => column.notNull())
    .addColumn('enquiry_id', 'integer', (column) => column.notNull())
    .addColumn('recipient_role', 'text', (column) => column.notNull())
    .addColumn('to_address', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('text_body', 'text', (column) => column.notNull())
    .addColumn('html_body', 'text')
    .addColumn('reply_to', 'text')
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (column) => column.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addUniqueConstraint('outbox_one_mail_per_role', ['enquiry_kind', 'enquiry_id', 'recipient_role'])
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['sent_at', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
  await db.schema.dropTable('admission_enquiries').execute();
  await db.schema.dropTable('contact_submissions').execute();
}
