import { ageInWholeYears, ageInYearsText } from '#shared/enquiries/birthDate.ts';
import type { AdmissionPlace, AdmissionVisit, EnquiryOf } from '#shared/enquiries/enquiry.ts';
import { suspiciousName } from '#shared/enquiries/suspiciousName.ts';
import { programAgeNote } from '#shared/enquiries/programAge.ts';
import { formatSchoolTime } from '#shared/schoolTimes.ts';
import { fieldContext, headlineFields, shownFields } from '#shared/enquiries/enquiryFields.ts';
import type { EnquiryKind } from '#shared/enquiries/kinds.ts';
import { effectiveStatus, formatDashboardDate, type EnquiryStatus } from '#shared/dashboard/index.ts';
import { mailtoUrl, telUrl, whatsAppUrl } from '#shared/contactUrls.ts';
import type { AdmissionStage } from '#shared/admissions/stages.ts';

/** What a row of either tab shows, so the table, the cards and the actions need not tell the kinds apart. */
export type EnquiryView = {
  kind: EnquiryKind;
  id: number;
  createdAt: string;
  receivedText: string;
  /** Who the enquiry is about: the sender (contact) or the child (admission). */
  name: string;
  /** Admission only: "4 years", from the birth date. */
  childAgeText: string | undefined;
  /** Admission only: when the child's age does not fit the chosen program, what the office should know. */
  programAgeNote: string | undefined;
  parentName: string | undefined;
  /** Admission only: why the parent's name looks like an advertisement ("contains a web address"), if it does. */
  parentNameWarning: string | undefined;
  /** Admission only: the coming visit, "Sat 5 Dec, 10:00 AM", if one is booked. */
  visitText: string | undefined;
  email: string;
  /** "+91 9840012345" */
  phone: string;
  /** The contact type or the program, as the office reads it. */
  topic: string;
  message: string;
  /** Every field staff see but the name and the message, labelled (see enquiryFields); empty ones left out. */
  facts: { name: string; label: string; text: string }[];
  status: EnquiryStatus;
  isRead: boolean;
  remarks: string;
  /** Admission only: where the family is in the admissions pipeline, and why it closed. */
  stage: AdmissionStage | undefined;
  stageReason: string | undefined;
};

export function enquiryView<K extends EnquiryKind>(
  kind: K,
  enquiry: EnquiryOf<K>,
  now: Date = new Date(),
): EnquiryView {
  const context = fieldContext((birthDate) => ageInWholeYears(birthDate, now));
  const shown = shownFields(kind, enquiry, context);
  const text = (name: string) => shown.find((field) => field.name === name)?.text ?? '';
  const { title, topic } = headlineFields[kind];
  // Only an admission enquiry has a place in the pipeline; a contact's reads as none.
  const place = enquiry as Partial<AdmissionPlace & AdmissionVisit>;
  const parentName = 'parentName' in enquiry ? enquiry.parentName : undefined;
  const birthDate = 'birthDate' in enquiry ? enquiry.birthDate : undefined;
  const program = 'programOfInterest' in enquiry ? enquiry.programOfInterest : undefined;
  return {
    kind,
    id: enquiry.id,
    createdAt: enquiry.createdAt,
    receivedText: formatDashboardDate(enquiry.createdAt),
    name: text(title),
    childAgeText: birthDate === undefined ? undefined : ageInYearsText(context.ageOf(birthDate)),
    programAgeNote:
      birthDate === undefined || program === undefined ? undefined : programAgeNote(program, birthDate, now),
    parentName,
    parentNameWarning: parentName === undefined ? undefined : suspiciousName(parentName),
    visitText: place.visitAt === undefined ? undefined : formatSchoolTime(place.visitAt, { from: now }),
    email: enquiry.email,
    phone: text('phone'),
    topic: text(topic),
    message: enquiry.message,
    facts: shown.filter((field) => field.name !== title && field.name !== 'message' && field.text !== ''),
    status: effectiveStatus(enquiry.status, enquiry.isRead),
    isRead: enquiry.isRead,
    remarks: enquiry.remarks,
    stage: place.stage,
    stageReason: place.stageReason,
  };
}

/** Texts that differ between the two tabs (docs/spec.md §2 and §8). */
/** An enquiry that comes with its kind, as the Spam folder and a person's data list them. */
type KindedEnquiry = { [K in EnquiryKind]: { kind: K; row: EnquiryOf<K> } }[EnquiryKind];

export const viewOfKinded = (enquiry: KindedEnquiry): EnquiryView =>
  enquiry.kind === 'contact' ? enquiryView('contact', enquiry.row) : enquiryView('admission', enquiry.row);

export const kindTexts: Record<
  EnquiryKind,
  {
    tabLabel: string;
    noun: string;
    empty: string;
    updated: string;
    nothingToExport: string;
    exportFailed: string;
    topicHeader: string;
    nameHeader: string;
  }
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
    updated: 'Admission enquiry updated successfully',
    nothingToExport: 'There are no admission submissions to export',
    exportFailed: 'Failed to export admission submissions',
    topicHeader: 'Program',
    nameHeader: 'Child',
  },
};

/** Links that reach the family in one tap. Phone numbers are stored as "+91 9840012345". */
export function contactLinks(view: Pick<EnquiryView, 'email' | 'phone'>): {
  call: string;
  email: string;
  whatsApp: string;
} {
  return { call: telUrl(view.phone), email: mailtoUrl(view.email), whatsApp: whatsAppUrl(view.phone) };
}
