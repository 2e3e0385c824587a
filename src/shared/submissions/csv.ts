import { ageInWholeYears } from '../enquiries/birthDate';
import { schoolToday } from '../time';
import { formatCsvDate } from './dates';
import type { SubmissionKind } from './kinds';
import type { AdmissionSubmissionRow, ContactSubmissionRow, SubmissionRowOf } from './rows';
import { statusLabel } from './status';

/** What a column may need besides the row: the child's age on the export day, computed once per birth date. */
export type CsvContext = { ageOf: (birthDate: string) => number | undefined };

export type CsvColumn<Row> = { header: string; value: (row: Row, context: CsvContext) => string | number };

/** Spec section 9: the contact export's columns, in order. */
export const contactCsvColumns: CsvColumn<ContactSubmissionRow>[] = [
  { header: 'ID', value: (row) => row.id },
  { header: 'Date', value: (row) => formatCsvDate(row.createdAt) },
  { header: 'Name', value: (row) => row.name },
  { header: 'Email', value: (row) => row.email },
  { header: 'Phone', value: (row) => row.phone },
  { header: 'Type', value: (row) => row.type },
  { header: 'Message', value: (row) => row.message },
  { header: 'Status', value: (row) => statusLabel(row.status, row.isRead) },
  { header: 'Remarks', value: (row) => row.remarks },
];

/** Spec section 9: the admission export's columns, in order. Child Age is in whole years on the export day. */
export const admissionCsvColumns: CsvColumn<AdmissionSubmissionRow>[] = [
  { header: 'ID', value: (row) => row.id },
  { header: 'Date', value: (row) => formatCsvDate(row.createdAt) },
  { header: 'Child Name', value: (row) => row.childName },
  { header: 'Child Age', value: (row, { ageOf }) => ageOf(row.childAge) ?? row.childAge },
  { header: 'Parent Name', value: (row) => row.parentName },
  { header: 'Email', value: (row) => row.email },
  { header: 'Phone', value: (row) => row.phone },
  { header: 'Program', value: (row) => row.program },
  { header: 'Message', value: (row) => row.message },
  { header: 'Status', value: (row) => statusLabel(row.status, row.isRead) },
  { header: 'Remarks', value: (row) => row.remarks },
];

export const csvColumns: { [K in SubmissionKind]: CsvColumn<SubmissionRowOf<K>>[] } = {
  contact: contactCsvColumns,
  admission: admissionCsvColumns,
};

/** "contact-submissions-2026-11-21.csv": the spec's file name, dated at the school. */
export function csvFileName(kind: SubmissionKind, now: Date = new Date()): string {
  return `${kind}-submissions-${schoolToday(now)}.csv`;
}

const formulaStart = /^[=+\-@\t\r]/;

/**
 * Spreadsheets run a cell that starts with =, +, -, @, tab or carriage return as a formula
 * (OWASP "CSV injection"); a leading apostrophe makes them show it as text. Applied to every
 * text cell, so "+91 98400 12345" is exported as "'+91 98400 12345".
 */
export function neutraliseFormula(cell: string): string {
  return formulaStart.test(cell) ? `'${cell}` : cell;
}

export function csvHeader(kind: SubmissionKind): string[] {
  return csvColumns[kind].map((column) => column.header);
}

/**
 * Turns rows of one kind into CSV records (before quoting, which the CSV library does), with
 * every text cell neutralised. Ages are taken on the day of `now` at the school; each distinct
 * birth date is worked out once, which matters at 100,000 rows.
 */
export function csvRecordMaker<K extends SubmissionKind>(kind: K, now: Date = new Date()): (row: SubmissionRowOf<K>) => string[] {
  const columns = csvColumns[kind] as CsvColumn<SubmissionRowOf<K>>[];
  const ages = new Map<string, number | undefined>();
  const ageOf = (birthDate: string) => {
    if (!ages.has(birthDate)) ages.set(birthDate, ageInWholeYears(birthDate, now));
    return ages.get(birthDate);
  };
  return (row) =>
    columns.map((column) => {
      const value = column.value(row, { ageOf });
      return typeof value === 'number' ? String(value) : neutraliseFormula(value);
    });
}
