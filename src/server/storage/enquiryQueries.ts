import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { AdmissionEnquiry, ContactEnquiry, EnquiryOf } from '../../shared/enquiries/enquiry';
import {
  schoolDayStart,
  type EnquiryCounts,
  type EnquiryFilters,
  type EnquiryHistoryEntry,
  type EnquiryHistoryField,
  type EnquiryKind,
  type EnquiryListQuery,
  type EnquiryListPage,
  type EnquiryRef,
  type EnquiryUpdate,
} from '../../shared/dashboard';
import { staffColumns, toEnquiry } from './enquiryColumns';
import type { Database } from './schema';

const searchIndexes = { contact: 'contact_enquiries_search', admission: 'admission_enquiries_search' } as const;
const textColumns: Record<EnquiryKind, string[]> = {
  contact: ['name', 'email'],
  admission: ['student_name', 'parent_name', 'email'],
};

/** The trigram index matches text of three characters or more. */
const shortestIndexedSearch = 3;

/** Escapes LIKE's wildcards so a search for "50%" or "a_b" means those characters. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** An FTS5 phrase: the text in double quotes, inner quotes doubled, so no character is an operator. */
function phrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** Digits of a search that looks like a phone number ("98400 12345"), matched against the stored digits. */
function phoneDigitsOf(search: string): string | undefined {
  const digits = search.replace(/\D/g, '');
  return digits.length >= shortestIndexedSearch && /^[\d\s()+-]+$/.test(search) ? digits : undefined;
}

/** The full-text query of a search, or undefined when it is too short for the trigram index. */
function indexQuery(search: string): string | undefined {
  if (search.length < shortestIndexedSearch) return undefined;
  const digits = phoneDigitsOf(search);
  return digits ? `${phrase(search)} OR phone : ${phrase(digits)}` : phrase(search);
}

/**
 * Search finds the text inside names and email, and its digits inside the phone number. Three
 * characters or more go through the trigram index; one or two (rare) scan with LIKE.
 */
function searchCondition(kind: EnquiryKind, search: string): RawBuilder<SqlBool> {
  const query = indexQuery(search);
  if (query) {
    const index = sql.table(searchIndexes[kind]);
    return sql<SqlBool>`id in (select rowid from ${index} where ${index} match ${query})`;
  }
  const pattern = likePattern(search);
  const alternatives = [...textColumns[kind], 'phone'].map((column) => sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(alternatives, sql` or `)})`;
}

/**
 * Every list, count and export of the office's tabs reads only enquiries outside the Spam folder.
 * Written exactly like the WHERE of the partial list indexes (migration 003), so SQLite uses them.
 */
const notSpam = sql<SqlBool>`spam_reasons is null`;

/** The WHERE clause of a filtered list or export. */
function filterClause(kind: EnquiryKind, filters: EnquiryFilters): RawBuilder<SqlBool> {
  const conditions: RawBuilder<SqlBool>[] = [notSpam];
  if (filters.search) conditions.push(searchCondition(kind, filters.search));
  if (filters.status) conditions.push(sql<SqlBool>`status = ${filters.status}`);
  if (filters.program && kind === 'admission') conditions.push(sql<SqlBool>`program_of_interest = ${filters.program}`);
  if (filters.from) conditions.push(sql<SqlBool>`created_at >= ${schoolDayStart(filters.from)}`);
  if (filters.to) conditions.push(sql<SqlBool>`created_at < ${schoolDayStart(filters.to, { dayAfter: true })}`);
  return sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
}

/** After the last row of a batch, in newest-first order. */
type Cursor = { createdAt: string; id: number };

function afterCursor(cursor: Cursor | undefined): RawBuilder<SqlBool> {
  return cursor
    ? sql<SqlBool>`(created_at < ${cursor.createdAt} or (created_at = ${cursor.createdAt} and id < ${cursor.id}))`
    : sql<SqlBool>`1 = 1`;
}

type Window = { where: RawBuilder<SqlBool>; limit: number; offset: number };

function selectContact(db: Kysely<Database>, { where, limit, offset }: Window): Promise<ContactEnquiry[]> {
  return db
    .selectFrom('contact_enquiries')
    .select(staffColumns.contact)
    .where(where)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
    .then((records) => records.map((record) => toEnquiry('contact', record)));
}

function selectAdmission(db: Kysely<Database>, { where, limit, offset }: Window): Promise<AdmissionEnquiry[]> {
  return db
    .selectFrom('admission_enquiries')
    .select(staffColumns.admission)
    .where(where)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
    .then((records) => records.map((record) => toEnquiry('admission', record)));
}

/** The rows of one kind; the one place the kind's row type is tied to its table. */
async function selectEnquiries<K extends EnquiryKind>(db: Kysely<Database>, kind: K, window: Window): Promise<EnquiryOf<K>[]> {
  const rows: unknown = kind === 'contact' ? await selectContact(db, window) : await selectAdmission(db, window);
  return rows as EnquiryOf<K>[];
}

const tables = { contact: 'contact_enquiries', admission: 'admission_enquiries' } as const;

async function countWhere(db: Kysely<Database>, kind: EnquiryKind, where: RawBuilder<SqlBool>): Promise<number> {
  const result = await db
    .selectFrom(tables[kind])
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(where)
    .executeTakeFirstOrThrow();
  return Number(result.count);
}

/**
 * How many rows match. A search with no other filter is counted in the full-text index alone
 * (about 1 ms for 8,000 matches, against about 25 ms when each match is looked up in the table),
 * less the few matches in the Spam folder (the index covers every row).
 */
async function countMatching(db: Kysely<Database>, query: EnquiryListQuery, where: RawBuilder<SqlBool>): Promise<number> {
  const searchOnly = !query.status && !(query.kind === 'admission' && query.program) && !query.from && !query.to;
  const fullText = query.search && searchOnly ? indexQuery(query.search) : undefined;
  if (!fullText) return countWhere(db, query.kind, where);
  const index = sql.table(searchIndexes[query.kind]);
  const { rows } = await sql<{ count: number }>`select count(*) as count from ${index} where ${index} match ${fullText}`.execute(db);
  const spamMatches = await countWhere(db, query.kind, sql<SqlBool>`spam_reasons is not null and id in (select rowid from ${index} where ${index} match ${fullText})`);
  return Number(rows[0]?.count ?? 0) - spamMatches;
}

/** One page of a tab, newest first, with the number of matching rows. */
export async function listEnquiries(db: Kysely<Database>, query: EnquiryListQuery): Promise<EnquiryListPage> {
  const where = filterClause(query.kind, query);
  const total = await countMatching(db, query, where);
  const pageCount = Math.max(1, Math.ceil(total / query.pageSize));
  const window = { where, limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  const paging = { total, page: query.page, pageSize: query.pageSize, pageCount };
  // Past the last match there is nothing to read: skipping the query spares a second scan
  // when a short search (which cannot use the index) matches nothing.
  const pageIsEmpty = window.offset >= total;
  return query.kind === 'contact'
    ? { kind: 'contact', rows: pageIsEmpty ? [] : await selectContact(db, window), ...paging }
    : { kind: 'admission', rows: pageIsEmpty ? [] : await selectAdmission(db, window), ...paging };
}

/** Rows and unread rows of each kind: the tab badges and the unread count. */
export async function countEnquiries(db: Kysely<Database>): Promise<EnquiryCounts> {
  const unread = sql<SqlBool>`is_read = 0 and ${notSpam}`;
  const spam = sql<SqlBool>`spam_reasons is not null`;
  return {
    contact: { total: await countWhere(db, 'contact', notSpam), unread: await countWhere(db, 'contact', unread) },
    admission: { total: await countWhere(db, 'admission', notSpam), unread: await countWhere(db, 'admission', unread) },
    spam: (await countWhere(db, 'contact', spam)) + (await countWhere(db, 'admission', spam)),
  };
}

/** A row of the office's lists; undefined for an unknown id or an enquiry in the Spam folder. */
export async function findEnquiry<K extends EnquiryKind>(db: Kysely<Database>, kind: K, id: number): Promise<EnquiryOf<K> | undefined> {
  const window = { where: sql<SqlBool>`id = ${id} and ${notSpam}`, limit: 1, offset: 0 };
  return (await selectEnquiries(db, kind, window))[0];
}

/**
 * Every matching row, newest first, in batches read by keyset (created_at, id): an export of
 * 100,000 rows holds one batch in memory and never keeps the database connection busy between
 * batches (enquiries keep arriving while the office exports).
 */
export async function* iterateEnquiryBatches<K extends EnquiryKind>(
  db: Kysely<Database>,
  kind: K,
  filters: EnquiryFilters,
  batchSize = 1000,
): AsyncGenerator<EnquiryOf<K>[]> {
  const where = filterClause(kind, filters);
  let cursor: Cursor | undefined;
  for (;;) {
    const window = { where: sql<SqlBool>`${where} and ${afterCursor(cursor)}`, limit: batchSize, offset: 0 };
    const batch = await selectEnquiries(db, kind, window);
    if (batch.length > 0) yield batch;
    const last = batch.at(-1);
    if (!last || batch.length < batchSize) return;
    cursor = { createdAt: last.createdAt, id: last.id };
  }
}

/** Every row of both kinds outside the Spam folder, newest first (GET /api/admin/submissions). */
export async function allEnquiries(db: Kysely<Database>): Promise<{ contact: ContactEnquiry[]; admission: AdmissionEnquiry[] }> {
  const everything = { where: notSpam, limit: -1, offset: 0 };
  return { contact: await selectContact(db, everything), admission: await selectAdmission(db, everything) };
}

type Change = { field: EnquiryHistoryField; oldValue: string; newValue: string };

function changesOf(current: { status: string; isRead: boolean; remarks: string }, update: EnquiryUpdate): Change[] {
  // Choosing "responded" means the office has dealt with the enquiry, so it is read too (spec section 4).
  const isRead = update.isRead ?? (update.status === 'responded' ? true : undefined);
  const changes: Change[] = [];
  if (update.status !== undefined && update.status !== current.status) {
    changes.push({ field: 'status', oldValue: current.status, newValue: update.status });
  }
  if (isRead !== undefined && isRead !== current.isRead) {
    changes.push({ field: 'isRead', oldValue: String(current.isRead), newValue: String(isRead) });
  }
  if (update.remarks !== undefined && update.remarks !== current.remarks) {
    changes.push({ field: 'remarks', oldValue: current.remarks, newValue: update.remarks });
  }
  return changes;
}

async function applyChanges(trx: Transaction<Database>, ref: EnquiryRef, changes: Change[], changedAt: string): Promise<void> {
  const values: { status?: 'pending' | 'responded'; is_read?: number; remarks?: string; updated_at: string } = { updated_at: changedAt };
  for (const change of changes) {
    if (change.field === 'status') values.status = change.newValue === 'responded' ? 'responded' : 'pending';
    if (change.field === 'isRead') values.is_read = change.newValue === 'true' ? 1 : 0;
    if (change.field === 'remarks') values.remarks = change.newValue;
  }
  if (ref.kind === 'contact') {
    await trx.updateTable('contact_enquiries').set(values).where('id', '=', ref.id).execute();
  } else {
    await trx.updateTable('admission_enquiries').set(values).where('id', '=', ref.id).execute();
  }
}

/**
 * Applies a change to a row and records each changed field in its history, in one transaction.
 * A change to the value a field already has is not a change: nothing is written for it.
 * Answers the row as stored afterwards, or undefined when no such row exists.
 */
export async function updateEnquiry(
  db: Kysely<Database>,
  update: EnquiryUpdate,
  { changedAt, sessionId }: { changedAt: string; sessionId: string | null },
): Promise<ContactEnquiry | AdmissionEnquiry | undefined> {
  return db.transaction().execute(async (trx) => {
    const current = await findEnquiry(trx, update.kind, update.id);
    if (!current) return undefined;
    const changes = changesOf(current, update);
    if (changes.length === 0) return current;
    await applyChanges(trx, update, changes, changedAt);
    await trx
      .insertInto('enquiry_history')
      .values(
        changes.map((change) => ({
          enquiry_kind: update.kind,
          enquiry_id: update.id,
          field: change.field,
          old_value: change.oldValue,
          new_value: change.newValue,
          changed_at: changedAt,
          session_id: sessionId,
        })),
      )
      .execute();
    return findEnquiry(trx, update.kind, update.id);
  });
}

/** A row's recorded changes, oldest first. */
export async function enquiryHistory(db: Kysely<Database>, ref: EnquiryRef): Promise<EnquiryHistoryEntry[]> {
  const records = await db
    .selectFrom('enquiry_history')
    .select(['id', 'enquiry_kind', 'enquiry_id', 'field', 'old_value', 'new_value', 'changed_at'])
    .where('enquiry_kind', '=', ref.kind)
    .where('enquiry_id', '=', ref.id)
    .orderBy('id', 'asc')
    .execute();
  return records.map((record) => ({
    id: record.id,
    kind: record.enquiry_kind,
    enquiryId: record.enquiry_id,
    field: record.field,
    oldValue: record.old_value,
    newValue: record.new_value,
    changedAt: record.changed_at,
  }));
}
