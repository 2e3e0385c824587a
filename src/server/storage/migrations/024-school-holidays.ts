import { sql, type Kysely } from 'kysely';

/**
 * The school's holidays become the office's to keep (decision 0039): a day a follow-up is never
 * suggested for, until now a list in the code that a developer had to extend each year.
 *
 * - `school_holidays`: one row per day (YYYY-MM-DD at the school, the primary key, so a day is
 *   listed once) and its name, as the office typed it (at most 80 characters).
 * - Seeded with the list the code held: Tamil Nadu's public holidays for 2026–27.
 * - Undoing it leaves the table, which the code before it never reads, and doing it again seeds
 *   only a table it creates: the office's days survive a down and up (decision 0039).
 */

const startingHolidays: readonly { day: string; name: string }[] = [
  { day: '2026-01-01', name: "New Year's Day" },
  { day: '2026-01-14', name: 'Bhogi' },
  { day: '2026-01-15', name: 'Pongal' },
  { day: '2026-01-16', name: 'Thiruvalluvar Day' },
  { day: '2026-01-17', name: 'Uzhavar Thirunal' },
  { day: '2026-01-26', name: 'Republic Day' },
  { day: '2026-04-03', name: 'Good Friday' },
  { day: '2026-04-14', name: 'Tamil New Year' },
  { day: '2026-05-01', name: 'May Day' },
  { day: '2026-08-15', name: 'Independence Day' },
  { day: '2026-09-14', name: 'Vinayakar Chathurthi' },
  { day: '2026-10-02', name: 'Gandhi Jayanthi' },
  { day: '2026-10-19', name: 'Ayudha Pooja' },
  { day: '2026-10-20', name: 'Vijaya Dasami' },
  { day: '2026-11-08', name: 'Deepavali' },
  { day: '2026-12-25', name: 'Christmas' },
  { day: '2027-01-01', name: "New Year's Day" },
  { day: '2027-01-14', name: 'Pongal' },
  { day: '2027-01-15', name: 'Thiruvalluvar Day' },
  { day: '2027-01-16', name: 'Uzhavar Thirunal' },
  { day: '2027-01-26', name: 'Republic Day' },
  { day: '2027-03-26', name: 'Good Friday' },
  { day: '2027-04-14', name: 'Tamil New Year' },
  { day: '2027-05-01', name: 'May Day' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const kept = await sql`select 1 from sqlite_schema where type = 'table' and name = 'school_holidays'`.execute(db);
  if (kept.rows.length > 0) return;
  await sql`create table school_holidays (
    day text primary key check (day glob '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    name text not null check (length(name) between 1 and 80)
  ) without rowid`.execute(db);
  for (const { day, name } of startingHolidays)
    await sql`insert into school_holidays (day, name) values (${day}, ${name})`.execute(db);
}

/** Leaves the office's list in place (above); kysely forgets the migration only when it has a `down`. */
export async function down(): Promise<void> {}
