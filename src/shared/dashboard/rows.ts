import { z } from '#shared/zod.ts';
import type { AdmissionEnquiry, ContactEnquiry, EnquiryOf } from '#shared/enquiries/enquiry.ts';
import { formatPhone } from '#shared/enquiries/fields.ts';
import type { EnquiryKind } from '#shared/enquiries/kinds.ts';
import { enquiryStatusSchema } from './query';

type PageOf<K extends EnquiryKind> = {
  kind: K;
  rows: EnquiryOf<K>[];
  /** Rows matching the filters, over all pages. */
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
};

/** One page of a tab; `kind` tells which enquiry type it holds. */
export type EnquiryListPage = PageOf<'contact'> | PageOf<'admission'>;

/** Rows and unread rows of each kind (spam left out), and the number of enquiries in the Spam folder. */
export type EnquiryCounts = Record<EnquiryKind, { total: number; unread: number }> & { spam: number };

const workShape = { status: enquiryStatusSchema, isRead: z.boolean(), remarks: z.string() };
const joinedPhone = z.string().meta({ description: 'Country code, a space, then digits: "+91 9840012345".' });

/**
 * GET /api/admin/submissions (docs/spec.md §3 and §7) answers in the spec's own words, which the
 * rest of the code does not use: "submissions", the child's name as childName, the birth date as
 * childAge, the program of interest as program, and the phone with its country code joined.
 */
export const submissionsSnapshotSchema = z.object({
  contactSubmissions: z.array(
    z.object({
      id: z.number().int(),
      createdAt: z.iso.datetime(),
      name: z.string(),
      email: z.string(),
      phone: joinedPhone,
      type: z.string(),
      message: z.string(),
      ...workShape,
    }),
  ),
  admissionSubmissions: z.array(
    z.object({
      id: z.number().int(),
      createdAt: z.iso.datetime(),
      childName: z.string(),
      childAge: z.iso.date().meta({ description: "The child's birth date (the dashboard shows it as an age)." }),
      parentName: z.string(),
      email: z.string(),
      phone: joinedPhone,
      program: z.string(),
      message: z.string(),
      ...workShape,
    }),
  ),
});

export type SubmissionsSnapshot = z.output<typeof submissionsSnapshotSchema>;
type SnapshotRowOf<K extends EnquiryKind> = SubmissionsSnapshot[K extends 'contact'
  ? 'contactSubmissions'
  : 'admissionSubmissions'][number];

/** An enquiry in the spec's words (see submissionsSnapshotSchema); fields the spec does not name are left out. */
export const snapshotRow = {
  contact: (enquiry: ContactEnquiry): SnapshotRowOf<'contact'> => ({
    id: enquiry.id,
    createdAt: enquiry.createdAt,
    name: enquiry.name,
    email: enquiry.email,
    phone: formatPhone(enquiry.countryCode, enquiry.phone),
    type: enquiry.type,
    message: enquiry.message,
    status: enquiry.status,
    isRead: enquiry.isRead,
    remarks: enquiry.remarks,
  }),
  admission: (enquiry: AdmissionEnquiry): SnapshotRowOf<'admission'> => ({
    id: enquiry.id,
    createdAt: enquiry.createdAt,
    childName: enquiry.studentName,
    childAge: enquiry.birthDate,
    parentName: enquiry.parentName,
    email: enquiry.email,
    phone: formatPhone(enquiry.countryCode, enquiry.phone),
    program: enquiry.programOfInterest,
    message: enquiry.message,
    status: enquiry.status,
    isRead: enquiry.isRead,
    remarks: enquiry.remarks,
  }),
};

/** What a history entry records. */
/** The office's work on any enquiry, kept in enquiry_history. */
export type EnquiryWorkField = 'status' | 'remarks' | 'isRead';

/** What a history entry records: the office's work, or an admission enquiry's place in the pipeline (issue 24). */
export type EnquiryHistoryField = EnquiryWorkField | 'stage' | 'followUp';

/**
 * One recorded change of an enquiry; entries are never edited, and go only when their enquiry is
 * erased, which leaves a tombstone in their place (decision 0023). Values are as stored:
 * status 'pending' | 'responded', isRead 'true' | 'false', remarks the text, stage an AdmissionStage,
 * followUp a date YYYY-MM-DD or '' for none.
 */
export type EnquiryHistoryEntry = {
  id: number;
  kind: EnquiryKind;
  enquiryId: number;
  field: EnquiryHistoryField;
  oldValue: string;
  newValue: string;
  changedAt: string;
  /** The name of the account that made the change; null for the server's own changes. */
  changedBy: string | null;
  /** Why an enquiry was closed (a stage change to Waitlisted or Not proceeding). */
  reason?: string;
  /** The start of the visit the family booked online, when that booking moved the stage. */
  visitAt?: string;
};
