import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * The outbox carries staff mail too (decision 0027): a row belongs to an enquiry or to a staff
 * account, never both, and a staff mail keeps its single-use link out of its body, in
 * secret_link, until it is sent. SQLite cannot make a column nullable or add a CHECK to a table,
 * so the table is rebuilt with the same rows and ids, and its id sequence goes on where it was:
 * the audit trail names outbox ids, so a deleted row's id is never given to another mail.
 */

/** The columns both shapes have, in this order. */
const sharedColumns = sql.raw(
  'id, enquiry_kind, enquiry_id, recipient_role, to_address, subject, text_body, html_body, reply_to, attempts, next_attempt_at, sent_at, last_error, created_at, rejections, failed_at',
);

const staffMailShape = sql`create table outbox_next (
  id integer primary key autoincrement,
  enquiry_kind text,
  enquiry_id integer,
  staff_account_id integer references staff_accounts (id),
  recipient_role text not null,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  reply_to text,
  secret_link text,
  attempts integer not null default 0,
  next_attempt_at text not null,
  sent_at text,
  last_error text,
  created_at text not null,
  rejections integer not null default 0,
  failed_at text,
  constraint outbox_one_mail_per_role unique (enquiry_kind, enquiry_id, recipient_role),
  constraint outbox_enquiry_or_staff check (
    (enquiry_kind is not null and enquiry_id is not null and staff_account_id is null and recipient_role in ('office', 'parent') and secret_link is null)
    or (enquiry_kind is null and enquiry_id is null and staff_account_id is not null and recipient_role = 'staff')
  )
)`;

const enquiryMailShape = sql`create table outbox_next (
  id integer primary key autoincrement,
  enquiry_kind text not null,
  enquiry_id integer not null,
  recipient_role text not null,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  reply_to text,
  attempts integer default 0 not null,
  next_attempt_at text not null,
  sent_at text,
  last_error text,
  created_at text not null,
  rejections integer default 0 not null,
  failed_at text,
  constraint outbox_one_mail_per_role unique (enquiry_kind, enquiry_id, recipient_role)
)`;

/** Replaces the outbox with a table of another shape, keeping its rows (the shared columns), ids and sequence. */
async function rebuild(db: Kysely<unknown>, shape: RawBuilder<unknown>): Promise<void> {
  await shape.execute(db);
  await sql`insert into outbox_next (${sharedColumns}) select ${sharedColumns} from outbox`.execute(db);
  await sql`delete from sqlite_sequence where name = 'outbox_next'`.execute(db);
  await sql`insert into sqlite_sequence (name, seq) select 'outbox_next', seq from sqlite_sequence where name = 'outbox'`.execute(
    db,
  );
  await sql`drop table outbox`.execute(db);
  await sql`alter table outbox_next rename to outbox`.execute(db);
  await db.schema.createIndex('outbox_due').on('outbox').columns(['sent_at', 'next_attempt_at']).execute();
  await db.schema
    .createIndex('outbox_failed')
    .on('outbox')
    .column('failed_at')
    .where(sql.ref('failed_at'), 'is not', null)
    .execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, staffMailShape);
  await db.schema
    .createIndex('outbox_staff')
    .on('outbox')
    .column('staff_account_id')
    .where(sql.ref('staff_account_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from outbox where staff_account_id is not null`.execute(db);
  await rebuild(db, enquiryMailShape);
}
