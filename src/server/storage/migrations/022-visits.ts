import { sql, type Kysely } from 'kysely';

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
 * - `outbox.calendar`: the iCalendar invitation a booking's confirmation carries.
 */
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
    await sql`create unique index visit_slots_open_start on visit_slots (starts_at) where cancelled_at is null`.execute(trx);

    await sql`create table visit_bookings (
      id integer primary key autoincrement,
      slot_id integer not null references visit_slots (id),
      enquiry_id integer not null references admission_enquiries (id) on delete cascade,
      created_at text not null,
      changed_at text not null,
      cancelled_at text,
      reminded_at text
    )`.execute(trx);
    await sql`create unique index visit_bookings_open_per_enquiry on visit_bookings (enquiry_id) where cancelled_at is null`.execute(trx);
    await sql`create index visit_bookings_by_slot on visit_bookings (slot_id) where cancelled_at is null`.execute(trx);

    await sql`alter table outbox add column calendar text`.execute(trx);
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`alter table outbox drop column calendar`.execute(trx);
    await sql`drop table visit_bookings`.execute(trx);
    await sql`drop table visit_slots`.execute(trx);
  });
}
