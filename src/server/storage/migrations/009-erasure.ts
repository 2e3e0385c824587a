import { sql, type Kysely, type Transaction } from 'kysely';

/**
 * Erasure (issue 10, section 3; decision 0023). The history stays append-only, except that an
 * erased enquiry's entries may be removed once its tombstone is written: a history row whose
 * `field` is 'erased' says what went (old_value, JSON), why (new_value) and by whom (session_id).
 *
 * - The history's CHECK gains 'erased'. SQLite cannot alter a CHECK, so the table is rebuilt from
 *   its own stored definition (columns other migrations added are kept), with its indexes and
 *   triggers, and every row copied with its id.
 * - Triggers: no entry is ever updated; a tombstone is never deleted; another entry is deleted only
 *   when its enquiry is gone and its tombstone exists; an enquiry with a history is deleted only
 *   after its tombstone is written. One tombstone per enquiry (a unique partial index).
 * - The full-text search indexes remove a deleted row's terms at once ('secure-delete'), instead
 *   of leaving them in older segments until a merge.
 * - A partial index per enquiry table finds closed enquiries by the office's last change, for the
 *   daily retention purge and the dashboard's count of what it will take.
 */

const HISTORY = 'enquiry_history';
const REBUILT = 'enquiry_history_rebuilt';
const appendOnlyTriggers = ['enquiry_history_no_update', 'enquiry_history_no_delete'];
const enquiryTables = { contact: 'contact_enquiries', admission: 'admission_enquiries' } as const;

const fieldCheck = /check \(field in \(([^)]*)\)\)/i;

/** Rebuilds the history table with `changeCheck` applied to its list of fields, keeping rows, ids, indexes and other triggers. */
async function rebuildHistory(trx: Transaction<unknown>, changeCheck: (fields: string) => string): Promise<void> {
  const { rows: tables } = await sql<{
    sql: string;
  }>`select sql from sqlite_schema where type = 'table' and name = ${HISTORY}`.execute(trx);
  const definition = tables[0]?.sql;
  const check = definition ? fieldCheck.exec(definition) : null;
  if (!definition || !check)
    throw new Error(`${HISTORY} has no CHECK on its field column to extend; its definition was changed elsewhere`);
  const rebuilt = definition
    .replace(check[0], `check (field in (${changeCheck(check[1]!)}))`)
    .replace(/^CREATE TABLE "?enquiry_history"?/i, `CREATE TABLE "${REBUILT}"`);

  const { rows: companions } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_schema where tbl_name = ${HISTORY} and type in ('index', 'trigger') and sql is not null`.execute(
    trx,
  );
  await sql.raw(rebuilt).execute(trx);
  await sql`insert into ${sql.table(REBUILT)} select * from ${sql.table(HISTORY)}`.execute(trx);
  await sql`drop table ${sql.table(HISTORY)}`.execute(trx);
  await sql`alter table ${sql.table(REBUILT)} rename to ${sql.table(HISTORY)}`.execute(trx);
  for (const companion of companions) {
    if (!appendOnlyTriggers.includes(companion.name)) await sql.raw(companion.sql).execute(trx);
  }
}

const enquiryExists = (kind: keyof typeof enquiryTables, id: string) =>
  `exists (select 1 from ${enquiryTables[kind]} where id = ${id})`;
const tombstoneOf = (kind: string, id: string) =>
  `exists (select 1 from ${HISTORY} as tombstone where tombstone.enquiry_kind = ${kind} and tombstone.enquiry_id = ${id} and tombstone.field = 'erased')`;

async function createRedactionRule(trx: Transaction<unknown>): Promise<void> {
  await sql`create unique index enquiry_history_one_tombstone on enquiry_history (enquiry_kind, enquiry_id) where field = 'erased'`.execute(
    trx,
  );
  await sql`create trigger enquiry_history_no_update before update on enquiry_history
    begin select raise(abort, 'enquiry history is append-only'); end`.execute(trx);
  await sql
    .raw(
      `create trigger enquiry_history_no_delete before delete on ${HISTORY}
      when old.field = 'erased'
        or not ${tombstoneOf('old.enquiry_kind', 'old.enquiry_id')}
        or (old.enquiry_kind = 'contact' and ${enquiryExists('contact', 'old.enquiry_id')})
        or (old.enquiry_kind = 'admission' and ${enquiryExists('admission', 'old.enquiry_id')})
      begin select raise(abort, 'enquiry history is append-only: only an erased enquiry''s entries are removed, after its tombstone'); end`,
    )
    .execute(trx);
  for (const [kind, table] of Object.entries(enquiryTables)) {
    await sql
      .raw(
        `create trigger ${table}_erased_after_tombstone before delete on ${table}
        when exists (select 1 from ${HISTORY} as entry where entry.enquiry_kind = '${kind}' and entry.enquiry_id = old.id and entry.field <> 'erased')
          and not ${tombstoneOf(`'${kind}'`, 'old.id')}
        begin select raise(abort, 'an enquiry with a history is erased only after its tombstone is written'); end`,
      )
      .execute(trx);
  }
}

async function dropRedactionRule(trx: Transaction<unknown>): Promise<void> {
  for (const table of Object.values(enquiryTables))
    await sql`drop trigger ${sql.raw(`${table}_erased_after_tombstone`)}`.execute(trx);
  await sql`drop trigger enquiry_history_no_delete`.execute(trx);
  await sql`drop trigger enquiry_history_no_update`.execute(trx);
  await sql`drop index enquiry_history_one_tombstone`.execute(trx);
}

async function setSearchSecureDelete(trx: Transaction<unknown>, on: boolean): Promise<void> {
  for (const table of Object.values(enquiryTables)) {
    const index = sql.raw(`${table}_search`);
    // A literal: the driver binds a JavaScript number as a real, which FTS5 refuses for this option.
    await sql`insert into ${index}(${index}, rank) values ('secure-delete', ${sql.lit(on ? 1 : 0)})`.execute(trx);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await rebuildHistory(trx, (fields) => `${fields}, 'erased'`);
    await createRedactionRule(trx);
    await setSearchSecureDelete(trx, true);
    for (const table of Object.values(enquiryTables)) {
      await sql
        .raw(
          `create index ${table}_closed on ${table} (coalesce(updated_at, created_at)) where status = 'responded' and spam_reasons is null`,
        )
        .execute(trx);
    }
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      count: number;
    }>`select count(*) as count from enquiry_history where field = 'erased'`.execute(trx);
    if (Number(rows[0]?.count) > 0)
      throw new Error(
        'Cannot undo 009-erasure: the history holds tombstones of erased enquiries, which the older schema cannot store',
      );
    for (const table of Object.values(enquiryTables)) await sql`drop index ${sql.raw(`${table}_closed`)}`.execute(trx);
    await setSearchSecureDelete(trx, false);
    await dropRedactionRule(trx);
    await rebuildHistory(trx, (fields) => fields.replace(/,\s*'erased'/, ''));
    await sql`create trigger enquiry_history_no_update before update on enquiry_history
      begin select raise(abort, 'enquiry history is append-only'); end`.execute(trx);
    await sql`create trigger enquiry_history_no_delete before delete on enquiry_history
      begin select raise(abort, 'enquiry history is append-only'); end`.execute(trx);
  });
}
