import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { EnquiryKind } from '#shared/enquiries/kinds.ts';

/**
 * The dashboard's search: text inside names and email, digits inside the phone number, through
 * the trigram full-text index of each enquiry table (see migrations/searchIndex.ts).
 */
export const searchIndexes = { contact: 'contact_enquiries_search', admission: 'admission_enquiries_search' } as const;
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
export function indexQuery(search: string): string | undefined {
  if (search.length < shortestIndexedSearch) return undefined;
  const digits = phoneDigitsOf(search);
  return digits ? `${phrase(search)} OR phone : ${phrase(digits)}` : phrase(search);
}

/**
 * Search finds the text inside names and email, and its digits inside the phone number. Three
 * characters or more go through the trigram index; one or two (rare) scan with LIKE.
 */
export function searchCondition(kind: EnquiryKind, search: string): RawBuilder<SqlBool> {
  const query = indexQuery(search);
  if (query) {
    const index = sql.table(searchIndexes[kind]);
    return sql<SqlBool>`id in (select rowid from ${index} where ${index} match ${query})`;
  }
  const pattern = likePattern(search);
  const alternatives = [...textColumns[kind], 'phone'].map(
    (column) => sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`,
  );
  return sql<SqlBool>`(${sql.join(alternatives, sql` or `)})`;
}
