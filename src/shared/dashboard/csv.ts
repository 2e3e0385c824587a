import { ageInWholeYears } from '#shared/enquiries/birthDate.ts';
import { schoolToday } from '#shared/time.ts';
import { formatCsvDate } from './dates';
import type { EnquiryKind } from '#shared/enquiries/kinds.ts';
import type { EnquiryOf } from '#shared/enquiries/enquiry.ts';
import { enquiryFields, fieldContext, type EnquiryField, type FieldContext } from '#shared/enquiries/enquiryFields.ts';
import { statusLabel } from '#shared/enquiries/status.ts';
import { stageLabels } from '#shared/admissions/stages.ts';

export type CsvColumn<Row> = { header: string; value: (row: Row, context: FieldContext) => string | number };

/**
 * An admission enquiry's place in the pipeline (issue 24); the follow-up day as YYYY-MM-DD, like the Date column's day;
 * the coming visit's start at the school, like the Date column (issue 35).
 */
const pipelineColumns: CsvColumn<EnquiryOf<'admission'>>[] = [
  { header: 'Stage', value: (row) => stageLabels[row.stage] },
  { header: 'Follow-up', value: (row) => row.followUpOn ?? '' },
  { header: 'Visit', value: (row) => (row.visitAt ? formatCsvDate(row.visitAt) : '') },
];

/**
 * The export's columns (docs/spec.md §9): ID and Date, then every field the spec lists, in their
 * declared order, then Status and Remarks, each at the spec's position for anything that reads
 * the file by position. After them the columns added since: the fields marked `sinceSpec` (Preferred Time to
 * Call, Parent or Guardian), Country Code, and for admissions Stage, Follow-up and Visit. Country Code:
 * "91", digits as the Phone column holds them, since a cell starting with + is a formula to a
 * spreadsheet (and shows as 91 anyway).
 */
export function csvColumns<K extends EnquiryKind>(kind: K): CsvColumn<EnquiryOf<K>>[] {
  const fields = (enquiryFields[kind] as EnquiryField<K>[]).map((field) => ({
    sinceSpec: field.sinceSpec === true,
    header: field.label,
    value: field.exportAs ?? field.show,
  }));
  const column = ({ header, value }: (typeof fields)[number]) => ({ header, value });
  return [
    { header: 'ID', value: (row) => row.id },
    { header: 'Date', value: (row) => formatCsvDate(row.createdAt) },
    ...fields.filter((field) => !field.sinceSpec).map(column),
    { header: 'Status', value: (row) => statusLabel(row.status, row.isRead) },
    { header: 'Remarks', value: (row) => row.remarks },
    ...fields.filter((field) => field.sinceSpec).map(column),
    { header: 'Country Code', value: (row) => row.countryCode.replace(/^\+/, '') },
    // The admission columns fit an admission row; the kind ties K to it, which TypeScript cannot follow.
    ...(kind === 'admission' ? (pipelineColumns as unknown as CsvColumn<EnquiryOf<K>>[]) : []),
  ];
}

/** "contact-submissions-2026-11-21.csv": the spec's file name, dated at the school. */
export function csvFileName(kind: EnquiryKind, now: Date = new Date()): string {
  return `${kind}-submissions-${schoolToday(now)}.csv`;
}

const formulaStart = /^[=+\-@\t\r]/;

/**
 * Spreadsheets run a cell that starts with =, +, -, @, tab or carriage return as a formula
 * (OWASP "CSV injection"); a leading apostrophe makes them show it as text. Applied to every
 * text cell; the apostrophe stays visible when the file is opened, which is why no cell the
 * export writes itself (a phone, a country code) starts with one of these.
 */
export function neutraliseFormula(cell: string): string {
  return formulaStart.test(cell) ? `'${cell}` : cell;
}

export function csvHeader(kind: EnquiryKind): string[] {
  return csvColumns(kind).map((column) => column.header);
}

/**
 * Turns rows of one kind into CSV records (before quoting, which the CSV library does), with
 * every text cell neutralised. Ages are taken on the day of `now` at the school; each distinct
 * birth date is worked out once, which matters at 100,000 rows.
 */
export function csvRecordMaker<K extends EnquiryKind>(
  kind: K,
  now: Date = new Date(),
): (row: EnquiryOf<K>) => string[] {
  const columns = csvColumns(kind);
  const context = fieldContext((birthDate) => ageInWholeYears(birthDate, now));
  return (row) =>
    columns.map((column) => {
      const value = column.value(row, context);
      return typeof value === 'number' ? String(value) : neutraliseFormula(value);
    });
}
