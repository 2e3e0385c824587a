import { sql, type Selectable } from 'kysely';
import { answerNames, type EnquiryAnswers, type EnquiryOf } from '#shared/enquiries/enquiry.ts';
import type { EnquiryKind } from '#shared/enquiries/kinds.ts';
import type { AdmissionStage } from '#shared/admissions/stages.ts';
import { columnName, fieldName, type Columns } from '#server/storage/columnNames.ts';

/** The answers as columns, absent ones as NULL. */
export function answerColumns<K extends EnquiryKind>(kind: K, answers: EnquiryAnswers[K]): Columns<EnquiryAnswers[K]> {
  const columns: Record<string, unknown> = {};
  for (const name of answerNames[kind]) columns[columnName(name)] = answers[name] ?? null;
  return columns as Columns<EnquiryAnswers[K]>;
}

/** The columns staff read of each kind: the receipt's id and time, every answer, and the office's work. */
export const staffColumns = {
  contact: ['id', 'created_at', ...answerNames.contact.map(columnName), 'status', 'is_read', 'remarks'],
  admission: [
    'id',
    'created_at',
    ...answerNames.admission.map(columnName),
    'status',
    'is_read',
    'remarks',
    'stage',
    'stage_reason',
    'follow_up_on',
  ],
} as { [K in EnquiryKind]: (keyof EnquiryRecordOf<K> & string)[] };

/** The stored row of each kind (every column). */
export type EnquiryRecordOf<K extends EnquiryKind> = Selectable<Columns<EnquiryAnswers[K]>> & {
  id: number;
  created_at: string;
  status: EnquiryOf<K>['status'];
  is_read: number;
  remarks: string;
} & (K extends 'admission'
    ? { stage: AdmissionStage; stage_reason: string | null; follow_up_on: string | null }
    : unknown);

/** A stored row as staff read it: fields named back from their columns, NULL answers left out, the read flag a boolean. */
export function toEnquiry<K extends EnquiryKind>(
  kind: K,
  record: { is_read: number } & Record<string, unknown>,
): EnquiryOf<K> {
  const enquiry: Record<string, unknown> = {};
  for (const column of staffColumns[kind]) {
    const value = record[column];
    if (value !== null) enquiry[fieldName(column)] = value;
  }
  if (typeof record.visit_at === 'string') enquiry.visitAt = record.visit_at;
  enquiry.isRead = record.is_read === 1;
  // The columns are the answers' and the work's by construction (see Columns): the one place the type is asserted.
  return enquiry as unknown as EnquiryOf<K>;
}

/** The start of an admission enquiry's open visit booking, selected beside its columns as `visit_at` (read back as `visitAt`). */
export const comingVisitColumn = sql<
  string | null
>`(select visit_slots.starts_at from visit_bookings join visit_slots on visit_slots.id = visit_bookings.slot_id
  where visit_bookings.enquiry_id = admission_enquiries.id and visit_bookings.cancelled_at is null)`.as('visit_at');
