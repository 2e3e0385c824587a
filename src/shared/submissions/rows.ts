import type { SubmissionKind } from './kinds';
import type { SubmissionStatus } from './status';

/** A contact submission as the dashboard reads it (spec section 3). createdAt is ISO 8601 (UTC). */
export type ContactSubmissionRow = {
  id: number;
  createdAt: string;
  name: string;
  email: string;
  /** Country code, a space, then digits: "+91 9840012345". */
  phone: string;
  type: string;
  message: string;
  status: SubmissionStatus;
  isRead: boolean;
  remarks: string;
};

/** An admission enquiry as the dashboard reads it (spec section 3). childAge is the birth date, YYYY-MM-DD. */
export type AdmissionSubmissionRow = {
  id: number;
  createdAt: string;
  childName: string;
  childAge: string;
  parentName: string;
  email: string;
  phone: string;
  program: string;
  message: string;
  status: SubmissionStatus;
  isRead: boolean;
  remarks: string;
};

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
export type SubmissionsSnapshot = {
  contactSubmissions: ContactSubmissionRow[];
  admissionSubmissions: AdmissionSubmissionRow[];
};

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
