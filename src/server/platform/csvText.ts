import { stringify } from 'csv-stringify/sync';

/**
 * CRLF between records (RFC 4180), and every field holding a line break quoted: csv-stringify
 * quotes only the record delimiter itself, so a message with a lone CR or LF and no comma went
 * out bare and spreadsheets started a new row inside it.
 */
const csvOptions = { record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const;

/** Rows as CSV text; a file's first rows start with a UTF-8 byte-order mark, so Excel reads Tamil names correctly. */
export const csvText = (rows: string[][], { fileStart = false } = {}): string =>
  stringify(rows, { ...csvOptions, bom: fileStart });
