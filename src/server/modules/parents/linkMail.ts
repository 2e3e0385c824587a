import { school } from '../../../content/school';
import type { SchoolContact } from '../../../content/schoolFacts';
import { formatDashboardDate } from '../../../shared/dashboard/dates';
import { PARENT_LINK_DAYS } from '../../../shared/parents/parentsCorner';
import { htmlDocument, linkMailBodies, oneLine } from '../../mail/markup';

/** The email that carries a parent's single-use link: an invitation to the Parents' Corner, or a password reset. */
export function parentLinkMessage(
  { purpose, to, name, expiresAt }: { purpose: 'invitation' | 'reset'; to: string; name: string; expiresAt: string },
  contact: SchoolContact,
) {
  const contactLine = `${contact.phones[0].display} or ${contact.email}`;
  const validity = `The link works once, and for ${PARENT_LINK_DAYS} days (until ${formatDashboardDate(expiresAt)}, India time).`;
  const { subject, before, after } =
    purpose === 'invitation'
      ? {
          subject: `Your invitation to the Parents' Corner - ${school.name}`,
          before: [
            `Hello ${name},`,
            `${school.name} invites you to the Parents' Corner of its website, where the school's notices for your child's class are. To start, choose your password with this link:`,
          ],
          after: [
            validity,
            `Then log in with this email address (${to}) and your password.`,
            `If you did not expect this invitation, do not use the link: nothing happens unless it is used. Please let the school know on ${contactLine}.`,
          ],
        }
      : {
          subject: `A link to choose a new password - ${school.name} Parents' Corner`,
          before: [
            `Hello ${name},`,
            `Someone asked for a new password for your Parents' Corner login. To choose one, use this link:`,
          ],
          after: [
            validity,
            `If you did not ask for it, do not use the link: your password stays as it is. Please let the school know on ${contactLine}.`,
          ],
        };
  const signature = [school.name, 'This email was sent by the school website.'];
  const { text, html } = linkMailBodies(before, after, signature);
  const oneLineSubject = oneLine(subject);
  return { to, subject: oneLineSubject, text, html: htmlDocument(oneLineSubject, html), replyTo: contact.email };
}
