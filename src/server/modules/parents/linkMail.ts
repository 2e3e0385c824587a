import { school } from '#content/school.ts';
import type { SchoolContact } from '#content/schoolFacts.ts';
import { formatDashboardDate } from '#shared/dashboard/dates.ts';
import { PARENT_CODE_MINUTES, PARENT_LINK_DAYS } from '#shared/parents/parentsCorner.ts';
import { htmlDocument, linkMailBodies, oneLine, paragraphsHtml } from '#server/modules/mail/service.ts';
import { CODE_PLACEHOLDER } from '#server/modules/mail/service.ts';

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

/** The email with a parent's one-time sign-in code; the code waits in the row's secret_link (CODE_PLACEHOLDER stands in the stored copy). */
export function parentCodeMessage({ to, name }: { to: string; name: string }, contact: SchoolContact) {
  const subject = oneLine(`Your code for the Parents' Corner - ${school.name}`);
  const text = [
    `Hello ${name},`,
    "Someone with your password asked to log in to the Parents' Corner. Many wrong passwords were tried at your login today, so a code is needed as well. The code is:",
    CODE_PLACEHOLDER,
    `Enter it on the same screen. It works once, for ${PARENT_CODE_MINUTES} minutes.`,
    `If this was not you, do not give the code to anyone: your password is known to someone else. Choose a new one with "Forgot password?" and let the school know on ${contact.phones[0].display} or ${contact.email}.`,
    `${school.name}\nThis email was sent by the school website.`,
  ].join('\n\n');
  return { to, subject, text, html: htmlDocument(subject, paragraphsHtml(text)), replyTo: contact.email };
}
