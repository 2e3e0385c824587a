import { contactTypes } from '../../../content/contact';
import { isProgramName, programs } from '../../../content/programs';
import { ageInWholeYears, parseCalendarDate } from '../../../shared/enquiries/birthDate';
import {
  effectiveStatus,
  formatDashboardDate,
  type AdmissionSubmissionRow,
  type ContactSubmissionRow,
  type SubmissionKind,
  type SubmissionStatus,
} from '../../../shared/submissions';
import { format } from 'date-fns';
import { mailtoUrl, telUrl, whatsAppUrl } from '../../../shared/contactUrls';

/** What a row of either tab shows, so the table, the cards and the actions need not tell the kinds apart. */
export type SubmissionView = {
  kind: SubmissionKind;
  id: number;
  createdAt: string;
  receivedText: string;
  /** Who the enquiry is about: the sender (contact) or the child (admission). */
  name: string;
  /** Admission only: "4 years", from the birth date. */
  childAgeText: string | undefined;
  /** Admission only: "Born Mar 3, 2022". */
  birthDateText: string | undefined;
  parentName: string | undefined;
  email: string;
  /** "+91 9840012345" */
  phone: string;
  /** The contact type or the program, as the office reads it. */
  topic: string;
  message: string;
  status: SubmissionStatus;
  isRead: boolean;
  remarks: string;
};

const contactTypeLabels = new Map<string, string>(contactTypes.map((option) => [option.value, option.label]));

function topicOfContact(type: string): string {
  return contactTypeLabels.get(type) ?? type;
}

function topicOfAdmission(program: string): string {
  return isProgramName(program) ? programs[program].label : program;
}

/** The spec shows a child's age in whole years; a baby under one reads better as such than as "0 years". */
export function childAgeText(birthDate: string, now: Date = new Date()): string | undefined {
  const years = ageInWholeYears(birthDate, now);
  if (years === undefined) return undefined;
  if (years < 1) return 'Under 1 year';
  return years === 1 ? '1 year' : `${years} years`;
}

function birthDateText(birthDate: string): string | undefined {
  const born = parseCalendarDate(birthDate);
  return born ? `Born ${format(born, 'MMM d, yyyy')}` : undefined;
}

export function contactView(row: ContactSubmissionRow): SubmissionView {
  return {
    kind: 'contact',
    id: row.id,
    createdAt: row.createdAt,
    receivedText: formatDashboardDate(row.createdAt),
    name: row.name,
    childAgeText: undefined,
    birthDateText: undefined,
    parentName: undefined,
    email: row.email,
    phone: row.phone,
    topic: topicOfContact(row.type),
    message: row.message,
    status: effectiveStatus(row.status, row.isRead),
    isRead: row.isRead,
    remarks: row.remarks,
  };
}

export function admissionView(row: AdmissionSubmissionRow): SubmissionView {
  return {
    kind: 'admission',
    id: row.id,
    createdAt: row.createdAt,
    receivedText: formatDashboardDate(row.createdAt),
    name: row.childName,
    childAgeText: childAgeText(row.childAge),
    birthDateText: birthDateText(row.childAge),
    parentName: row.parentName,
    email: row.email,
    phone: row.phone,
    topic: topicOfAdmission(row.program),
    message: row.message,
    status: effectiveStatus(row.status, row.isRead),
    isRead: row.isRead,
    remarks: row.remarks,
  };
}

/** Texts that differ between the two tabs (spec sections 2 and 8). */
export const kindTexts: Record<
  SubmissionKind,
  { tabLabel: string; noun: string; empty: string; updated: string; nothingToExport: string; exportFailed: string; topicHeader: string; nameHeader: string }
> = {
  contact: {
    tabLabel: 'Contact Form',
    noun: 'contact submissions',
    empty: 'No contact form submissions yet',
    updated: 'Contact submission updated successfully',
    nothingToExport: 'There are no contact submissions to export',
    exportFailed: 'Failed to export contact submissions',
    topicHeader: 'Type',
    nameHeader: 'Name',
  },
  admission: {
    tabLabel: 'Admission Form',
    noun: 'admission enquiries',
    empty: 'No admission form submissions yet',
    updated: 'Admission submission updated successfully',
    nothingToExport: 'There are no admission submissions to export',
    exportFailed: 'Failed to export admission submissions',
    topicHeader: 'Program',
    nameHeader: 'Child',
  },
};

/** Links that reach the family in one tap. Phone numbers are stored as "+91 9840012345". */
export function contactLinks(view: Pick<SubmissionView, 'email' | 'phone'>): { call: string; email: string; whatsApp: string } {
  return { call: telUrl(view.phone), email: mailtoUrl(view.email), whatsApp: whatsAppUrl(view.phone) };
}
