import { admissionFields, type AdmissionForm } from './admissionForm';
import { contactFields, type ContactForm } from './contactForm';
import type { EnquiryKind } from './kinds';
import type { EnquiryStatus } from './status';
import type { AdmissionStage } from '#shared/admissions/stages.ts';

/** What the sender answered, per kind: the form's fields as validated (the phone as digits, its country code apart). */
export type EnquiryAnswers = { contact: ContactForm; admission: AdmissionForm };

/** The office's work on an enquiry: its status, whether someone has opened it, and their remarks. */
export type EnquiryWork = { status: EnquiryStatus; isRead: boolean; remarks: string };

/**
 * An admission enquiry's place in the admissions pipeline (issue 24): its stage, why it closed
 * (Waitlisted, Not proceeding) and the day to follow it up (YYYY-MM-DD, at the school).
 */
export type AdmissionPlace = { stage: AdmissionStage; stageReason?: string; followUpOn?: string };

/** When the family comes: the start (ISO 8601, UTC) of the admission enquiry's open visit booking, if it has one. */
export type AdmissionVisit = { visitAt?: string };

/** An enquiry as staff read it: when it arrived, the answers and the office's work. createdAt is ISO 8601 (UTC). */
export type EnquiryOf<K extends EnquiryKind> = { id: number; createdAt: string } & EnquiryAnswers[K] &
  EnquiryWork &
  (K extends 'admission' ? AdmissionPlace & AdmissionVisit : unknown);

export type ContactEnquiry = EnquiryOf<'contact'>;
export type AdmissionEnquiry = EnquiryOf<'admission'>;

/** The answers' names, in the forms' order: what is stored of a request, and read back. */
export const answerNames = {
  contact: Object.keys(contactFields.shape),
  admission: Object.keys(admissionFields().shape),
} as { [K in EnquiryKind]: (keyof EnquiryAnswers[K] & string)[] };

/** The answers of a request, without its envelope (token, idempotency key, honeypot...). */
export function answersOf<K extends EnquiryKind>(kind: K, request: EnquiryAnswers[K]): EnquiryAnswers[K] {
  const answers: Record<string, unknown> = {};
  for (const name of answerNames[kind]) answers[name] = request[name];
  return answers as EnquiryAnswers[K];
}
