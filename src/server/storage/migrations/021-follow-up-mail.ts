import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * The office's morning email of follow-ups due (issue 24, decision 0039).
 *
 * - `follow_up_mornings`: one row per school day the morning's list was made, written in the
 *   transaction that queues its email (outbox_id; NULL when nothing was due). The day is the
 *   primary key, so a restart, a second server or a retry can never queue a second email that day.
 * - The outbox takes a third kind of row, recipient_role 'follow-ups': the office's list,
 *   belonging to no enquiry and no staff account. SQLite cannot change a CHECK, so the table is
 *   rebuilt as migration 015 did, keeping its rows, ids and id sequence.
 */

const columns = sql.raw(
  'id, enquiry_kind, enquiry_id, staff_account_id, recipient_role, to_address, subject, text_body, html_body, reply_to, secret_link, attempts, next_attempt_at, sent_at, last_error, created_at, rejections, failed_at',
);

const enquiryOrStaff = sql`(enquiry_kind is not null and enquiry_id is not null and staff_account_id is null and recipient_role in ('office', 'parent') and secret_link is null)
    or (enquiry_kind is null and enquiry_id is null and staff_account_id is not null and recipient_role = 'staff')`;

const followUpList = sql`(enquiry_kind is null and enquiry_id is null and staff_account_id is null and recipient_role = 'follow-ups' and secret_link is null)`;

const outboxShape = (allowed: RawBuilder<unknown>) => sql`create table outbox_next (
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
  constraint outbox_enquiry_or_staff check (${allowed})
)`;

async function rebuildOutbox(db: Kysely<unknown>, allowed: RawBuilder<unknown>): Promise<void> {
  await outboxShape(allowed).execute(db);
  await sql`insert into outbox_next (${columns}) select ${columns} from outbox`.execute(db);
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
  await db.schema
    .createIndex('outbox_staff')
    .on('outbox')
    .column('staff_account_id')
    .where(sql.ref('staff_account_id'), 'is not', null)
    .execute();
}

/** The outbox as this migration leaves it; 022 goes back to it when undone. */
export const rebuildOutboxAsIn021 = (db: Kysely<unknown>) =>
  rebuildOutbox(db, sql`${enquiryOrStaff} or ${followUpList}`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuildOutboxAsIn021(db);
  await sql`create table follow_up_mornings (
    day text primary key check (day glob '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    outbox_id integer,
    made_at text not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table follow_up_mornings`.execute(db);
  await sql`delete from outbox where recipient_role = 'follow-ups'`.execute(db);
  await rebuildOutbox(db, enquiryOrStaff);
}
