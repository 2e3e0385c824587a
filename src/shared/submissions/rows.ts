import { z } from '../zod';
import type { SubmissionKind } from './kinds';
import { submissionStatusSchema } from './query';

/** What staff track on every row, both kinds. */
const workflowShape = {
  status: submissionStatusSchema,
  isRead: z.boolean(),
  remarks: z.string(),
};

/** A contact submission as the dashboard reads it (spec section 3). createdAt is ISO 8601 (UTC). */
export const contactSubmissionRowSchema = z.object({
  id: z.number().int(),
  createdAt: z.iso.datetime(),
  name: z.string(),
  email: z.string(),
  phone: z.string().meta({ description: 'Country code, a space, then digits: "+91 9840012345".' }),
  type: z.string(),
  message: z.string(),
  ...workflowShape,
});

/** An admission enquiry as the dashboard reads it (spec section 3). childAge is the birth date, YYYY-MM-DD. */
export const admissionSubmissionRowSchema = z.object({
  id: z.number().int(),
  createdAt: z.iso.datetime(),
  childName: z.string(),
  childAge: z.iso.date().meta({ description: "The child's birth date (the dashboard shows it as an age)." }),
  parentName: z.string(),
  email: z.string(),
  phone: z.string().meta({ description: 'Country code, a space, then digits: "+91 9840012345".' }),
  program: z.string(),
  message: z.string(),
  ...workflowShape,
});

export type ContactSubmissionRow = z.output<typeof contactSubmissionRowSchema>;
export type AdmissionSubmissionRow = z.output<typeof admissionSubmissionRowSchema>;

export type SubmissionRowOf<K extends SubmissionKind> = K extends 'contact' ? ContactSubmissionRow : AdmissionSubmissionRow;

type PageOf<K extends SubmissionKind> = {
  kind: K;
  rows: SubmissionRowOf<K>[];
  /** Rows matching the filters, over all pages. */
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
};

/** One page of a tab; `kind` tells which row type it holds. */
export type SubmissionPage = PageOf<'contact'> | PageOf<'admission'>;

/** Rows and unread rows of each kind (spam left out), and the number of enquiries in the Spam folder. */
export type SubmissionCounts = Record<SubmissionKind, { total: number; unread: number }> & { spam: number };

/** The answer of GET /api/admin/submissions (spec section 7): every row of both kinds, newest first. */
export const submissionsSnapshotSchema = z.object({
  contactSubmissions: z.array(contactSubmissionRowSchema),
  admissionSubmissions: z.array(admissionSubmissionRowSchema),
});

export type SubmissionsSnapshot = z.output<typeof submissionsSnapshotSchema>;

/** What a history entry records. */
export type SubmissionHistoryField = 'status' | 'remarks' | 'isRead';

/**
 * One recorded change of a row; entries are never edited or removed. Values are as stored:
 * status 'pending' | 'responded', isRead 'true' | 'false', remarks the text.
 */
export type SubmissionHistoryEntry = {
  id: number;
  kind: SubmissionKind;
  submissionId: number;
  field: SubmissionHistoryField;
  oldValue: string;
  newValue: string;
  changedAt: string;
};
