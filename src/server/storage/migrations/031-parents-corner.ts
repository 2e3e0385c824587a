import { sql, type Kysely } from 'kysely';

/**
 * The Parents' Corner for real (issue 37, decision 0054): the school's enrolled families sign in
 * apart from staff and read the office's notices.
 *
 * - `parent_families`: a child of the school, with the class and program their notices are for.
 * - `parent_guardians`: each guardian's own sign-in (the email is the username); `password_hash`
 *   NULL until the invitation is accepted. `version` moves with each new password, ending sessions.
 * - `parent_sessions`: signed-in browsers; `remembered` keeps one for 30 days, else it ends with the browser.
 * - `parent_tokens`: single-use links (invitation, password reset), stored only as a SHA-256 hash.
 * - `parent_notices` and `parent_notice_reads`: the office's notices (Markdown) to all, a class or a
 *   program, and who has read them.
 *   The spec's notices are the first ones, to every family, on their own days.
 * - `outbox.parent_guardian_id`: a guardian's link mail. The outbox's CHECK gains a branch for it,
 *   which SQLite allows only by rebuilding the table, done here from its current definition so the
 *   columns added by earlier migrations stay as they are.
 */
/** The spec's three notices as they stood when this migration was written: a migration does not change with the code after it. */
export const seededNotices = [
  {
    title: 'Summer Vacation Schedule',
    date: '2025-04-10',
    text: 'The last working day before the summer break is Friday, 25 April 2025. The new academic year begins on Monday, 2 June 2025.',
  },
  {
    title: 'New Health and Safety Protocols',
    date: '2025-03-28',
    text: 'From April, all visitors must sign in at reception and wear a visitor badge. Please keep children with fever at home and inform the office.',
  },
  {
    title: 'Updated Fee Structure',
    date: '2025-03-15',
    text: 'The fee structure for 2025-26 is now available under Documents. Please contact the office with any questions about payment schedules.',
  },
] as const;

const guardianBranch =
  "(enquiry_kind is null and enquiry_id is null and staff_account_id is null and recipient_role = 'guardian' and parent_guardian_id is not null) or ";

const guardianColumn = 'parent_guardian_id integer references parent_guardians (id) on delete cascade';

async function rebuildOutbox(db: Kysely<unknown>, change: (createSql: string) => string): Promise<void> {
  const tableSql = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = 'outbox'`.execute(db);
  const indexSql = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and tbl_name = 'outbox' and sql is not null`.execute(db);
  const original = tableSql.rows[0]?.sql;
  if (!original) throw new Error('The outbox table is missing');
  const columns = await sql<{ name: string }>`select name from pragma_table_info('outbox')`.execute(db);
  const next = change(original).replace(/create table "?outbox"?/i, 'create table outbox_next');
  await sql.raw(next).execute(db);
  const nextColumns = await sql<{ name: string }>`select name from pragma_table_info('outbox_next')`.execute(db);
  const names = new Set(nextColumns.rows.map((column) => column.name));
  const kept = sql.join(columns.rows.filter((column) => names.has(column.name)).map((column) => sql.ref(column.name)));
  await sql`insert into outbox_next (${kept}) select ${kept} from outbox`.execute(db);
  await sql`delete from sqlite_sequence where name = 'outbox_next'`.execute(db);
  await sql`insert into sqlite_sequence (name, seq) select 'outbox_next', seq from sqlite_sequence where name = 'outbox'`.execute(
    db,
  );
  await sql`drop table outbox`.execute(db);
  await sql`alter table outbox_next rename to outbox`.execute(db);
  for (const index of indexSql.rows) await sql.raw(index.sql).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`create table parent_families (
      id integer primary key autoincrement,
      child_name text not null,
      class_name text not null,
      program text not null,
      created_at text not null,
      removed_at text
    )`.execute(trx);
    await sql`create table parent_guardians (
      id integer primary key autoincrement,
      family_id integer not null references parent_families (id) on delete cascade,
      email text not null collate nocase unique,
      name text not null,
      phone text not null,
      password_hash text,
      version integer not null default 1,
      invited_at text not null,
      accepted_at text,
      removed_at text
    )`.execute(trx);
    await sql`create table parent_sessions (
      id text primary key,
      guardian_id integer not null references parent_guardians (id) on delete cascade,
      credential_version integer not null,
      remembered integer not null check (remembered in (0, 1)),
      created_at text not null,
      expires_at text not null,
      ended_at text
    )`.execute(trx);
    await sql`create index parent_sessions_guardian on parent_sessions (guardian_id)`.execute(trx);
    await sql`create table parent_tokens (
      token_hash text primary key,
      guardian_id integer not null references parent_guardians (id) on delete cascade,
      purpose text not null check (purpose in ('invitation', 'reset')),
      created_at text not null,
      expires_at text not null,
      used_at text
    )`.execute(trx);
    await sql`create table parent_notices (
      id integer primary key autoincrement,
      title text not null,
      body text not null,
      audience text not null check (audience in ('all', 'class', 'program')),
      audience_value text,
      publish_at text not null,
      created_at text not null,
      created_by integer,
      check ((audience = 'all') = (audience_value is null))
    )`.execute(trx);
    await sql`create index parent_notices_published on parent_notices (publish_at)`.execute(trx);
    for (const notice of seededNotices)
      await sql`insert into parent_notices (title, body, audience, publish_at, created_at)
        values (${notice.title}, ${notice.text}, 'all', ${`${notice.date}T00:00:00.000Z`}, ${`${notice.date}T00:00:00.000Z`})`.execute(
        trx,
      );
    await sql`create table parent_notice_reads (
      notice_id integer not null references parent_notices (id) on delete cascade,
      guardian_id integer not null references parent_guardians (id) on delete cascade,
      read_at text not null,
      primary key (notice_id, guardian_id)
    )`.execute(trx);
    await sql`alter table outbox add column ${sql.raw(guardianColumn)}`.execute(trx);
    await rebuildOutbox(trx, (createSql) =>
      createSql.replace(/constraint outbox_enquiry_or_staff check \(/, (found) => `${found}\n    ${guardianBranch}`),
    );
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`delete from outbox where parent_guardian_id is not null`.execute(trx);
    await rebuildOutbox(trx, (createSql) => createSql.replace(guardianBranch, '').replace(`, ${guardianColumn}`, ''));
    for (const table of [
      'parent_notice_reads',
      'parent_notices',
      'parent_tokens',
      'parent_sessions',
      'parent_guardians',
      'parent_families',
    ])
      await sql`drop table ${sql.table(table)}`.execute(trx);
  });
}
