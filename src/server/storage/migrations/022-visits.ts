import { sql, type Kysely } from 'kysely';
import { rebuildOutboxAsIn021 } from './021-follow-up-mail';

/**
 * School visits booked online (issue 24 §2).
 *
 * - `visit_slots`: times the office published for visits, with how many families each takes.
 *   Times are ISO instants in UTC; the pages show them in the school's time zone. A slot is
 *   withdrawn (cancelled_at), never deleted, so a booking never points at nothing. Two open slots
 *   never start at the same moment, so publishing a weekly pattern twice adds nothing.
 * - `visit_bookings`: a family's place in a slot. It goes with its enquiry (ON DELETE CASCADE:
 *   erasure and the retention purge take it). An enquiry holds at most one open booking; a
 *   cancelled one stays as a record until the enquiry goes. reminded_at is set in the same
 *   transaction as the reminder's email is queued, so no restart sends it twice.
 * - The outbox carries a visit's emails too: a confirmation (with its iCalendar invitation in
 *   `calendar`), a cancellation, a reminder, for every booking and move. Its rule of one mail per
 *   enquiry and recipient stays for the enquiry's own two emails (topic 'enquiry') and not for
 *   these (topic 'visit'). SQLite cannot drop a table's constraint, so the table is rebuilt as
 *   migration 015 did, with the same rows, ids and id sequence, and the kinds of row 021 allows
 *   (the office's morning list of follow-ups).
 */

const sharedColumns = sql.raw(
  'id, enquiry_kind, enquiry_id, staff_account_id, recipient_role, to_address, subject, text_body, html_body, reply_to, secret_link, attempts, next_attempt_at, sent_at, last_error, created_at, rejections, failed_at',
);

const visitMailShape = sql`create table outbox_next (
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
  topic text not null default 'enquiry' check (topic in ('enquiry', 'visit')),
  calendar text,
  constraint outbox_enquiry_or_staff check (
    (enquiry_kind is not null and enquiry_id is not null and staff_account_id is null and recipient_role in ('office', 'parent') and secret_link is null)
    or (enquiry_kind is null and enquiry_id is null and staff_account_id is not null and recipient_role = 'staff' and topic = 'enquiry')
    or (enquiry_kind is null and enquiry_id is null and staff_account_id is null and recipient_role = 'follow-ups' and secret_link is null and topic = 'enquiry')
  ),
  constraint outbox_calendar_for_visits check (calendar is null or topic = 'visit')
)`;

async function rebuildOutbox(trx: Kysely<unknown>): Promise<void> {
  await visitMailShape.execute(trx);
  await sql`insert into outbox_next (${sharedColumns}) select ${sharedColumns} from outbox`.execute(trx);
  await sql`delete from sqlite_sequence where name = 'outbox_next'`.execute(trx);
  await sql`insert into sqlite_sequence (name, seq) select 'outbox_next', seq from sqlite_sequence where name = 'outbox'`.execute(
    trx,
  );
  await sql`drop table outbox`.execute(trx);
  await sql`alter table outbox_next rename to outbox`.execute(trx);
  await sql`create unique index outbox_one_mail_per_role on outbox (enquiry_kind, enquiry_id, recipient_role) where topic = 'enquiry'`.execute(
    trx,
  );
  await sql`create index outbox_due on outbox (sent_at, next_attempt_at)`.execute(trx);
  await sql`create index outbox_failed on outbox (failed_at) where failed_at is not null`.execute(trx);
  await sql`create index outbox_staff on outbox (staff_account_id) where staff_account_id is not null`.execute(trx);
}
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`create table visit_slots (
      id integer primary key autoincrement,
      starts_at text not null,
      minutes integer not null check (minutes between 5 and 480),
      places integer not null check (places between 1 and 100),
      created_at text not null,
      created_by integer,
      cancelled_at text
    )`.execute(trx);
    await sql`create unique index visit_slots_open_start on visit_slots (starts_at) where cancelled_at is null`.execute(
      trx,
    );

    await sql`create table visit_bookings (
      id integer primary key autoincrement,
      slot_id integer not null references visit_slots (id),
      enquiry_id integer not null references admission_enquiries (id) on delete cascade,
      created_at text not null,
      changed_at text not null,
      cancelled_at text,
      reminded_at text
    )`.execute(trx);
    await sql`create unique index visit_bookings_open_per_enquiry on visit_bookings (enquiry_id) where cancelled_at is null`.execute(
      trx,
    );
    await sql`create index visit_bookings_by_slot on visit_bookings (slot_id) where cancelled_at is null`.execute(trx);

    await rebuildOutbox(trx);
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`delete from outbox where topic = 'visit'`.execute(trx);
    // The columns cannot be dropped while the table's checks name them: the table is rebuilt instead.
    await rebuildOutboxAsIn021(trx);
    await sql`drop table visit_bookings`.execute(trx);
    await sql`drop table visit_slots`.execute(trx);
  });
}
