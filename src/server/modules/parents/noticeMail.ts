import { school } from '../../../content/school';
import type { SchoolContact } from '../../../content/schoolFacts';
import { escapeMarkup } from '../../../shared/escapeMarkup';
import { htmlDocument, oneLine, paragraphsHtml } from '../../mail/markup';
import type { NoticeMail } from './repository';

/**
 * A family's email about a new notice: its title and the link to the Parents' Corner, never its
 * text, which is read only after sign-in (decision 0057).
 */
export function noticeMessage(
  { title, to, name, cornerUrl }: { title: string; to: string; name: string; cornerUrl: string },
  contact: SchoolContact,
): NoticeMail {
  const subject = oneLine(`New notice: ${title} - ${school.name}`);
  const before = [
    `Hello ${name},`,
    `${school.name} has a new notice for you in the Parents' Corner: “${oneLine(title)}”.`,
  ];
  const after = [
    'Log in with your email address and your password to read it.',
    `Questions? Please call the school on ${contact.phones[0].display} or write to ${contact.email}.`,
  ];
  const signature = [school.name, 'This email was sent by the school website.'];
  const text = [...before, cornerUrl, ...after, signature.join('\n')].join('\n\n');
  const html = [
    paragraphsHtml(before.join('\n\n')),
    `<p><a href="${escapeMarkup(cornerUrl)}">${escapeMarkup(cornerUrl)}</a></p>`,
    paragraphsHtml(after.join('\n\n')),
    paragraphsHtml(signature.join('\n')),
  ].join('\n');
  return { to, subject, text, html: htmlDocument(subject, html), replyTo: contact.email };
}
