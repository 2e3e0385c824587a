import { sql, type Kysely } from 'kysely';
import { createSearchIndex, dropSearchIndex } from './searchIndex';

/**
 * One name per thing (docs/glossary.md): what a parent sends is an enquiry, so the contact table
 * becomes contact_enquiries beside admission_enquiries, the history of the office's changes
 * becomes enquiry_history (enquiry_kind, enquiry_id, as in the outbox), and the admission's
 * program column takes its field's name, program_of_interest. Every row is kept.
 *
 * SQLite renames a table's references inside its indexes and triggers, but keeps their names, and
 * not inside a full-text table's content= option: indexes are recreated under the new names and
 * the contact search index is rebuilt.
 */
type Renaming = { table: [string, string]; columns: [string, string][]; search?: readonly string[] };

const renamings: Renaming[] = [
  { table: ['contact_submissions', 'contact_enquiries'], columns: [], search: ['name', 'email', 'phone'] },
  { table: ['admission_enquiries', 'admission_enquiries'], columns: [['program', 'program_of_interest']] },
  {
    table: ['submission_history', 'enquiry_history'],
    columns: [
      ['submission_kind', 'enquiry_kind'],
      ['submission_id', 'enquiry_id'],
    ],
  },
];

/** Drops a table's indexes and triggers (other than its search index's) and makes them again with `rename` applied to their names and text. */
async function remakeIndexesAndTriggers(
  db: Kysely<unknown>,
  table: string,
  rename: (text: string) => string,
): Promise<void> {
  const { rows } = await sql<{ type: 'index' | 'trigger'; name: string; sql: string }>`
    select type, name, sql from sqlite_schema
    where tbl_name = ${table} and type in ('index', 'trigger') and sql is not null and name not like '%\\_search\\_%' escape '\\'`.execute(
    db,
  );
  for (const object of rows) {
    const renamed = rename(object.sql);
    if (renamed === object.sql) continue;
    await sql`drop ${sql.raw(object.type)} ${sql.ref(object.name)}`.execute(db);
    await sql.raw(renamed).execute(db);
  }
}

async function apply(db: Kysely<unknown>, { table: [from, to], columns, search }: Renaming): Promise<void> {
  if (search) await dropSearchIndex(db, from);
  if (from !== to) await sql`alter table ${sql.ref(from)} rename to ${sql.ref(to)}`.execute(db);
  for (const [oldName, newName] of columns)
    await sql`alter table ${sql.ref(to)} rename column ${sql.ref(oldName)} to ${sql.ref(newName)}`.execute(db);
  // The table's name also starts its indexes' and triggers' names (contact_submissions_unread).
  const words: [RegExp, string][] = [
    [new RegExp(`\\b${from}`, 'g'), to],
    [new RegExp(`\\b${from.replace(/_/g, ' ')}\\b`, 'g'), to.replace(/_/g, ' ')],
    ...columns.map(([oldName, newName]): [RegExp, string] => [new RegExp(`\\b${oldName}\\b`, 'g'), newName]),
  ];
  await remakeIndexesAndTriggers(db, to, (text) =>
    words.reduce((result, [word, replacement]) => result.replace(word, replacement), text),
  );
  if (search) await createSearchIndex(db, to, search);
}

function reversed({ table: [from, to], columns, search }: Renaming): Renaming {
  return { table: [to, from], columns: columns.map(([oldName, newName]) => [newName, oldName]), search };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const renaming of renamings) await apply(db, renaming);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const renaming of [...renamings].reverse()) await apply(db, reversed(renaming));
}
