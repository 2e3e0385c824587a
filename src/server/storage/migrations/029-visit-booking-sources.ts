import { sql, type Kysely } from 'kysely';

/**
 * Where online bookings come from, and the office's warning when a day fills fast (issue 34 §5).
 *
 * - `visit_bookings.source`: the client a booking came from, as a limit counts it (an IPv4
 *   address, or an IPv6 /64): at most 2 places a day from one, and the office cancels every
 *   booking of one source in one action. NULL for bookings made before.
 * - `visit_fill_alerts`: one row per school day (YYYY-MM-DD) whose places filled fast; its key
 *   makes the office's email go once per day, and the dashboard lists the rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table visit_bookings add column source text`.execute(db);
  await sql`create index visit_bookings_source on visit_bookings (source, created_at)`.execute(db);
  await sql`create table visit_fill_alerts (
    day text primary key,
    raised_at text not null,
    booked integer not null,
    places integer not null
  ) without rowid`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table visit_fill_alerts`.execute(db);
  await sql`drop index visit_bookings_source`.execute(db);
  await sql`alter table visit_bookings drop column source`.execute(db);
}
