import { sql, type Kysely } from 'kysely';

/**
 * The Parents' Corner's events, calendar feeds and documents (issue 37, decision 0056).
 *
 * - `parent_events`: the school's events, a day (YYYY-MM-DD, Asia/Kolkata) and a time (HH:MM) or
 *   none for the whole day. The first ones are the events the site showed: the published
 *   'events' part of the site content when the office had published one (its edits win), else
 *   the spec's three, copied here as they were so later content changes cannot alter this step.
 * - `parent_calendar_feeds`: each guardian's calendar feed key, kept as it is (the address is
 *   shown again); a new key replaces the old.
 * - `parent_documents`: the documents, the spec's four first, without a file until the office
 *   uploads one (under DATA_DIR/parent-documents, named by `file_name`).
 */
const specEvents = [
  {
    title: 'Parent-Teacher Conference',
    date: '2025-05-15',
    text: "End-of-year meetings with your child's guide to review progress and plan for the new academic year. Book your slot with the office.",
  },
  {
    title: 'Annual Day Celebration',
    date: '2025-06-05',
    text: 'An evening of songs, drama and exhibitions by children from every community. Families are warmly invited.',
  },
  {
    title: 'Summer Camp Registration',
    date: '2025-04-30',
    text: 'Last day to register for our summer camp of gardening, woodwork, art and storytelling.',
  },
];

const specDocuments = [
  { title: 'School Calendar 2024-2025', description: 'Term dates, holidays and school events for the year.' },
  { title: 'Parent Handbook', description: 'Our policies, daily routines and how to support your child at home.' },
  { title: 'Fee Structure', description: 'Fees and payment schedule for 2025-26.' },
  { title: 'Admission Form', description: 'The form for new admissions and for siblings of current students.' },
];

type SeedEvent = { title: string; date: string; text: string };

const isSeedEvent = (item: unknown): item is SeedEvent =>
  typeof item === 'object' &&
  item !== null &&
  ['title', 'date', 'text'].every((key) => typeof (item as Record<string, unknown>)[key] === 'string') &&
  /^\d{4}-\d{2}-\d{2}$/.test((item as SeedEvent).date);

/** The events of the newest published site content, when it holds a list of them. */
async function publishedEvents(db: Kysely<unknown>): Promise<SeedEvent[] | undefined> {
  const latest = await sql<{
    content: string;
  }>`select content from content_revisions order by id desc limit 1`.execute(db);
  const json = latest.rows[0]?.content;
  if (json === undefined) return undefined;
  const events: unknown = (JSON.parse(json) as Record<string, unknown>).events;
  return Array.isArray(events) && events.every(isSeedEvent) ? events : undefined;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`create table parent_events (
      id integer primary key autoincrement,
      title text not null,
      day text not null,
      time text,
      place text not null default '',
      body text not null,
      created_at text not null,
      created_by integer,
      updated_at text not null,
      updated_by integer
    )`.execute(trx);
    await sql`create index parent_events_day on parent_events (day)`.execute(trx);
    await sql`create table parent_calendar_feeds (
      guardian_id integer primary key references parent_guardians (id) on delete cascade,
      feed_key text not null unique,
      created_at text not null
    )`.execute(trx);
    await sql`create table parent_documents (
      id integer primary key autoincrement,
      title text not null,
      description text not null,
      file_name text unique,
      file_bytes integer,
      file_uploaded_at text,
      created_at text not null,
      created_by integer,
      updated_at text not null,
      updated_by integer,
      check ((file_name is null) = (file_bytes is null) and (file_name is null) = (file_uploaded_at is null))
    )`.execute(trx);
    const at = new Date().toISOString();
    for (const event of (await publishedEvents(trx)) ?? specEvents)
      await sql`insert into parent_events (title, day, body, created_at, updated_at)
        values (${event.title.trim()}, ${event.date}, ${event.text.trim()}, ${at}, ${at})`.execute(trx);
    for (const document of specDocuments)
      await sql`insert into parent_documents (title, description, created_at, updated_at)
        values (${document.title}, ${document.description}, ${at}, ${at})`.execute(trx);
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of ['parent_documents', 'parent_calendar_feeds', 'parent_events'])
      await sql`drop table ${sql.table(table)}`.execute(trx);
  });
}
