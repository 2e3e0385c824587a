import { sql, type Kysely } from 'kysely';

const tables = ['contact_submissions', 'admission_enquiries'] as const;

/** The list indexes of 001 and 002, rebuilt below to cover only enquiries outside the Spam folder. */
const listIndexes: { name: string; table: (typeof tables)[number]; columns: string[]; where?: string }[] = [
  { name: 'contact_submissions_created_at', table: 'contact_submissions', columns: ['created_at'] },
  { name: 'admission_enquiries_created_at', table: 'admission_enquiries', columns: ['created_at'] },
  { name: 'contact_submissions_status_created_at', table: 'contact_submissions', columns: ['status', 'created_at'] },
  { name: 'admission_enquiries_status_created_at', table: 'admission_enquiries', columns: ['status', 'created_at'] },
  { name: 'contact_submissions_unread', table: 'contact_submissions', columns: ['created_at'], where: 'is_read = 0' },
  { name: 'admission_enquiries_unread', table: 'admission_enquiries', columns: ['created_at'], where: 'is_read = 0' },
  { name: 'admission_enquiries_program_created_at', table: 'admission_enquiries', columns: ['program', 'created_at'] },
  {
    name: 'admission_enquiries_program_status_created_at',
    table: 'admission_enquiries',
    columns: ['program', 'status', 'created_at'],
  },
];

async function createIndex(
  db: Kysely<unknown>,
  index: (typeof listIndexes)[number],
  columnList: string[],
  where: string | undefined,
): Promise<void> {
  const columns = sql.raw(columnList.join(', '));
  const condition = where ? sql` where ${sql.raw(where)}` : sql``;
  await sql`create index ${sql.raw(index.name)} on ${sql.raw(index.table)} (${columns})${condition}`.execute(db);
}

/**
 * The Spam folder: suspicious enquiries are kept (never dropped) with the reasons they looked
 * automated, a JSON array in `spam_reasons`; NULL means a normal enquiry. Existing rows stay as
 * they are (normal). The list indexes become partial (`spam_reasons is null`) so the office's
 * lists and counts read only normal rows at the same speed. Each also ends in `id, spam_reasons`
 * (spam_reasons always NULL there): SQLite treats a partial index as covering only when it holds
 * the columns the query tests (a count that must visit the table is many times slower), and the
 * explicit id keeps `created_at desc, id desc` in index order (otherwise every row is sorted
 * before an OFFSET). Leading with spam_reasons would also keep the order, but then a scan that
 * must read the table (a two-letter search) walks an index as if it narrowed anything, in random
 * row order. The spam index serves the Spam tab and the 30-day deletion. Used form tokens are
 * remembered until they expire.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) {
    await sql`alter table ${sql.raw(table)} add column spam_reasons text check (spam_reasons is null or json_array_length(spam_reasons) > 0)`.execute(
      db,
    );
    await db.schema
      .createIndex(`${table}_spam_created_at`)
      .on(table)
      .column('created_at')
      .where(sql.ref('spam_reasons'), 'is not', null)
      .execute();
  }
  for (const index of listIndexes) {
    await db.schema.dropIndex(index.name).execute();
    await createIndex(
      db,
      index,
      [...index.columns, 'id', 'spam_reasons'],
      index.where ? `${index.where} and spam_reasons is null` : 'spam_reasons is null',
    );
  }

  await db.schema
    .createTable('form_token_uses')
    .addColumn('token_id', 'text', (column) => column.primaryKey())
    .addColumn('idempotency_key', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('form_token_uses_expires_at').on('form_token_uses').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('form_token_uses').execute();
  for (const index of listIndexes) {
    await db.schema.dropIndex(index.name).execute();
    await createIndex(db, index, index.columns, index.where);
  }
  for (const table of tables) {
    await db.schema.dropIndex(`${table}_spam_created_at`).execute();
    await sql`alter table ${sql.raw(table)} drop column spam_reasons`.execute(db);
  }
}
