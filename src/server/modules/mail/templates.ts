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
import type { OutboxMessage } from './repository';
import { escapeMarkup } from '#shared/escapeMarkup.ts';
import { htmlDocument, oneLine, paragraphsHtml } from './markup';

/** A labelled value in an email: one line of text, one row of the HTML table. */
export type Field = { label: string; value: string };

function fieldsText(fields: Field[]): string {
  return fields
    .map(({ label, value }) => (value.includes('\n') ? `${label}:\n${value}` : `${label}: ${value}`))
    .join('\n');
}

function fieldsHtml(fields: Field[]): string {
  const rows = fields
    .map(
      ({ label, value }) =>
        `<tr><th align="left" valign="top">${escapeMarkup(label)}</th><td>${escapeMarkup(value).replace(/\n/g, '<br>')}</td></tr>`,
    )
    .join('\n');
  return `<table cellpadding="6" cellspacing="0" border="1">\n${rows}\n</table>`;
}

/** How to reach the school, at the foot of every acknowledgement: the facts as published when it is written. */
const signatureLines = ({ address, phones, email, officeHoursText }: SchoolContact) => [
  school.name,
  ...address.lines,
  `Phone: ${phones.map((phone) => phone.display).join(' / ')}`,
  `Email: ${email}`,
  `Office hours: ${officeHoursText}`,
];

/**
 * The sender's acknowledgement. Anyone can type any address into the form, so it carries only
 * the school's own words: never the name or message that was typed (which would let a bot send
 * its text to strangers from the school's address). The office notice has everything. A visit's
 * emails greet the parent by name: they follow a booking made with the link sent to that mailbox.
 */
export function acknowledgement(
  paragraphs: string[],
  contact: SchoolContact,
  greeting = 'Hello,',
): { text: string; html: string } {
  const signature = signatureLines(contact);
  const text = [greeting, '', paragraphs.join('\n\n'), '', 'Warm regards,', ...signature].join('\n');
  const html = [
    `<p>${escapeMarkup(greeting)}</p>`,
    paragraphsHtml(paragraphs.join('\n\n')),
    `<p>Warm regards,<br>${signature.map(escapeMarkup).join('<br>')}</p>`,
  ].join('\n');
  return { text, html };
}

export function officeNotice(intro: string, fields: Field[], replyHint: string): { text: string; html: string } {
  const text = [intro, '', fieldsText(fields), '', replyHint].join('\n');
  const html = [`<p>${escapeMarkup(intro)}</p>`, fieldsHtml(fields), `<p>${escapeMarkup(replyHint)}</p>`].join('\n');
  return { text, html };
}

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
