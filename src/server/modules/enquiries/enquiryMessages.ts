import { admissionEnquiryPage } from '#content/admissionEnquiry.ts';
import { admissionSteps } from '#content/admissions.ts';
import { isProgramName, programs } from '#content/programs.ts';
import { school } from '#content/school.ts';
import type { SchoolContact } from '#content/schoolFacts.ts';
import { ageInWholeYears } from '#shared/enquiries/birthDate.ts';
import type { AdmissionEnquiry, ContactEnquiry, EnquiryOf } from '#shared/enquiries/enquiry.ts';
import { contactTypeLabel, fieldContext, shownFields } from '#shared/enquiries/enquiryFields.ts';
import type { EnquiryKind } from '#shared/enquiries/kinds.ts';
import { formatDashboardDate } from '#shared/dashboard/dates.ts';
import {
  acknowledgement,
  htmlDocument,
  officeNotice,
  oneLine,
  type Field,
  type OutboxMessage,
} from '#server/modules/mail/service.ts';

/** Every field staff see, as the dashboard shows it (enquiryFields), then when it arrived. */
function officeFields<K extends EnquiryKind>(kind: K, enquiry: EnquiryOf<K>, received: string, now: Date): Field[] {
  const context = fieldContext((birthDate) => ageInWholeYears(birthDate, now));
  return [
    ...shownFields(kind, enquiry, context).map(({ label, text }) => ({ label, value: text || '(none)' })),
    { label: 'Received', value: received },
  ];
}

const programTitle = (program: string) => (isProgramName(program) ? programs[program].title : program);

export type MailAddresses = {
  /** The office inbox that receives every enquiry (NOTIFY_EMAIL). */
  office: string;
};

/** What an enquiry's two emails are written from besides the enquiry: where the office reads them, and the school's published facts. */
export type EnquiryMailContext = { addresses: MailAddresses; contact: SchoolContact; now: Date; bookingUrl?: string };

/** The two emails of a contact message: the office's notification (Reply-To the parent) and the parent's acknowledgement. */
export function contactMessages(
  enquiry: ContactEnquiry,
  { addresses, contact, now }: EnquiryMailContext,
): OutboxMessage[] {
  const received = formatDashboardDate(enquiry.createdAt);
  const office = officeNotice(
    `A new message arrived through the website's contact form on ${received} (contact #${enquiry.id}).`,
    officeFields('contact', enquiry, received, now),
    `Reply to this email to answer ${enquiry.name} directly. The message is also in the staff dashboard.`,
  );
  const parent = acknowledgement(
    [
      `Thank you for writing to ${school.name}. Your message (${contactTypeLabel(enquiry.type)}, contact #${enquiry.id}) reached us on ${received}, and we'll get back to you soon by email or phone.`,
      `For anything urgent, please call us on ${contact.phones[0].display}.`,
      'If you did not write to us, please ignore this email.',
    ],
    contact,
  );
  const officeSubject = oneLine(
    `New contact message (${contactTypeLabel(enquiry.type)}) from ${enquiry.name} (contact #${enquiry.id})`,
  );
  const parentSubject = `We have received your message - ${school.name}`;
  return [
    {
      recipientRole: 'office',
      to: addresses.office,
      subject: officeSubject,
      text: office.text,
      html: htmlDocument(officeSubject, office.html),
      replyTo: enquiry.email,
    },
    {
      recipientRole: 'parent',
      to: enquiry.email,
      subject: parentSubject,
      text: parent.text,
      html: htmlDocument(parentSubject, parent.html),
      replyTo: contact.email,
    },
  ];
}

/**
 * The two emails of an admission enquiry. The parent's email is the confirmation that the
 * enquiry was received, with the next step of the admission process (the visit).
 */
export function admissionMessages(
  enquiry: AdmissionEnquiry,
  { addresses, contact, now, bookingUrl }: EnquiryMailContext,
): OutboxMessage[] {
  const received = formatDashboardDate(enquiry.createdAt);
  const office = officeNotice(
    `A new admission enquiry arrived through the website on ${received} (admission #${enquiry.id}).`,
    officeFields('admission', enquiry, received, now),
    `Reply to this email to answer ${enquiry.parentName} directly. The enquiry is also in the staff dashboard.`,
  );
  const nextStep = admissionSteps[1];
  const parent = acknowledgement(
    [
      `Thank you for your interest in ${school.name}. This email confirms that we have received your admission enquiry for the ${programTitle(enquiry.programOfInterest)} program (admission #${enquiry.id}) on ${received}.`,
      nextStep
        ? `${admissionEnquiryPage.thankYou.text} Next step, ${nextStep.title}: ${nextStep.text}`
        : admissionEnquiryPage.thankYou.text,
      ...(bookingUrl
        ? [
            `Book a visit: choose a time that suits you at ${bookingUrl} (the link is yours alone; it works for 30 days, and lets you move or cancel the visit later).`,
          ]
        : []),
      `If you have any questions meanwhile, please call us on ${contact.phones[0].display}.`,
      'If you did not make this enquiry, please ignore this email.',
    ],
    contact,
  );
  const officeSubject = oneLine(
    `New admission enquiry: ${enquiry.studentName}, ${programTitle(enquiry.programOfInterest)} (admission #${enquiry.id})`,
  );
  const parentSubject = `Your admission enquiry has been received - ${school.name}`;
  return [
    {
      recipientRole: 'office',
      to: addresses.office,
      subject: officeSubject,
      text: office.text,
      html: htmlDocument(officeSubject, office.html),
      replyTo: enquiry.email,
    },
    {
      recipientRole: 'parent',
      to: enquiry.email,
      subject: parentSubject,
      text: parent.text,
      html: htmlDocument(parentSubject, parent.html),
      replyTo: contact.email,
    },
  ];
}
