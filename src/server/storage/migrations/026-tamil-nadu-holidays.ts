import { sql, type Kysely } from 'kysely';

/**
 * The first list (migration 024) lacked public holidays of the Tamil Nadu government's order
 * (issue 35): Ramzan, Telugu New Year, Mahavir Jayanthi, and Ambedkar Jayanthi, which falls on
 * Tamil New Year. The 2026 days are the 2026 order's; the 2027 ones are the expected dates, to be
 * checked by the office against the 2027 order when it is published (docs/office-guide.md).
 *
 * A day already in the list is left as it is (the office may have named or kept it its own way);
 * the Tamil New Year rows are renamed only while they still hold the first list's name.
 */
const added: readonly { day: string; name: string }[] = [
  { day: '2026-03-19', name: 'Telugu New Year' },
  { day: '2026-03-21', name: 'Ramzan' },
  { day: '2026-03-31', name: 'Mahavir Jayanthi' },
  { day: '2027-03-10', name: 'Ramzan' },
  { day: '2027-04-07', name: 'Telugu New Year' },
  { day: '2027-04-18', name: 'Mahavir Jayanthi' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { day, name } of added)
    await sql`insert into school_holidays (day, name) values (${day}, ${name}) on conflict (day) do nothing`.execute(
      db,
    );
  await sql`update school_holidays set name = 'Tamil New Year and Ambedkar Jayanthi' where day in ('2026-04-14', '2027-04-14') and name = 'Tamil New Year'`.execute(
    db,
  );
}

/** The days stay: they are the office's list now (decision 0039). */
export async function down(): Promise<void> {}
