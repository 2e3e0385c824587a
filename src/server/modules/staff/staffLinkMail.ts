import { school } from '#content/school.ts';
import type { SchoolContact } from '#content/schoolFacts.ts';
import { formatDashboardDate } from '#shared/dashboard/dates.ts';
import { STAFF_LINK_HOURS } from '#shared/staff/accounts.ts';
import { roleLabels, type StaffRole } from '#shared/staff/roles.ts';
import type { StaffLinkPurpose, StaffLinkMessage } from './repository';
import { htmlDocument, linkMailBodies, oneLine } from '#server/modules/mail/service.ts';

export type StaffLinkMailFacts = {
  purpose: StaffLinkPurpose;
  to: string;
  name: string;
  role: StaffRole;
  /** Who made the link: the Owner's name. */
  madeBy: string;
  expiresAt: string;
};

/** The words of each kind of link mail; nothing of any enquiry, only the person's own account. */
function paragraphsOf(
  { purpose, to, name, role, madeBy, expiresAt }: StaffLinkMailFacts,
  contact: SchoolContact,
): { subject: string; before: string[]; after: string[] } {
  const contactLine = `${contact.phones[0].display} or ${contact.email}`;
  const validity = `The link works once, and for ${STAFF_LINK_HOURS} hours (until ${formatDashboardDate(expiresAt)}, India time). After that, ask the school for a new link.`;
  if (purpose === 'invitation') {
    return {
      subject: `Your account on the ${school.name} staff dashboard`,
      before: [
        `Hello ${name},`,
        `${madeBy} at ${school.name} has invited you to the staff dashboard of the school's website, with the ${roleLabels[role]} role. To start, choose your password with this link:`,
      ],
      after: [
        validity,
        `Then sign in on the same page with this email address (${to}) and your password.`,
        `If you did not expect this invitation, do not use the link: nothing happens unless it is used, and it stops working by itself. Please let the school know on ${contactLine}.`,
      ],
    };
  }
  return {
    subject: `A link to choose a new password - ${school.name} staff dashboard`,
    before: [
      `Hello ${name},`,
      `${madeBy} at ${school.name} has made you a link to choose a new password for the staff dashboard of the school's website:`,
    ],
    after: [
      validity,
      'Your current password keeps working until you choose a new one. Choosing one signs your account out everywhere else.',
      `If you did not ask for a new password, do not use the link: your password stays as it is. Please let the school know on ${contactLine}.`,
    ],
  };
}

/** The email that carries a link to choose a password (an invitation, or a reset), in plain text and HTML, with the school's facts as published. */
export function staffLinkMessage(facts: StaffLinkMailFacts, contact: SchoolContact): StaffLinkMessage {
  const { subject, before, after } = paragraphsOf(facts, contact);
  const signature = [
    school.name,
    'This email was sent by the school website because someone at the school asked for it.',
  ];
  const { text, html } = linkMailBodies(before, after, signature);
  const oneLineSubject = oneLine(subject);
  return {
    to: facts.to,
    subject: oneLineSubject,
    text,
    html: htmlDocument(oneLineSubject, html),
    replyTo: contact.email,
  };
}
