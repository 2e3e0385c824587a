import { school } from '#content/school.ts';
import type { SchoolContact } from '#content/schoolFacts.ts';
import { escapeMarkup } from '#shared/escapeMarkup.ts';
import { htmlDocument, oneLine, paragraphsHtml } from '#server/modules/mail/service.ts';
import type { DigestNotice, NoticeMail } from './repository';

type Recipient = { to: string; name: string; cornerUrl: string };

/** An email about notices: the paragraphs before, an optional list, the link to the Parents' Corner, the way to read them, and any note. */
function cornerMail(
  { to, cornerUrl }: Recipient,
  { subject, before, list = [], note = [] }: { subject: string; before: string[]; list?: string[]; note?: string[] },
  contact: SchoolContact,
): NoticeMail {
  const after = [
    `Log in with your email address and your password to read ${list.length > 1 ? 'them' : 'it'}.`,
    ...note,
    `Questions? Please call the school on ${contact.phones[0].display} or write to ${contact.email}.`,
  ];
  const signature = [school.name, 'This email was sent by the school website.'];
  const listText = list.map((item) => `- ${item}`).join('\n');
  const text = [...before, ...(list.length ? [listText] : []), cornerUrl, ...after, signature.join('\n')].join('\n\n');
  const html = [
    paragraphsHtml(before.join('\n\n')),
    ...(list.length ? [`<ul>\n${list.map((item) => `<li>${escapeMarkup(item)}</li>`).join('\n')}\n</ul>`] : []),
    `<p><a href="${escapeMarkup(cornerUrl)}">${escapeMarkup(cornerUrl)}</a></p>`,
    paragraphsHtml(after.join('\n\n')),
    paragraphsHtml(signature.join('\n')),
  ].join('\n');
  const oneLineSubject = oneLine(subject);
  return { to, subject: oneLineSubject, text, html: htmlDocument(oneLineSubject, html), replyTo: contact.email };
}

/**
 * A family's email about a new notice: its title and the link to the Parents' Corner, never its
 * text, which is read only after sign-in (decision 0057).
 */
export function noticeMessage(
  { title, ...recipient }: Recipient & { title: string },
  contact: SchoolContact,
): NoticeMail {
  return cornerMail(
    recipient,
    {
      subject: `New notice: ${title} - ${school.name}`,
      before: [
        `Hello ${recipient.name},`,
        `${school.name} has a new notice for you in the Parents' Corner: “${oneLine(title)}”.`,
      ],
    },
    contact,
  );
}

/**
 * A weekly guardian's digest (decision 0059): the titles of the week's new notices, those they have
 * not read marked, never their text (decision 0057).
 */
export function digestMessage(
  { notices, ...recipient }: Recipient & { notices: DigestNotice[] },
  contact: SchoolContact,
): NoticeMail {
  const count = notices.length === 1 ? 'a new notice' : `${notices.length} new notices`;
  return cornerMail(
    recipient,
    {
      subject: `This week's notices (${notices.length}) - ${school.name}`,
      before: [`Hello ${recipient.name},`, `This week ${school.name} has ${count} for you in the Parents' Corner:`],
      list: notices.map(({ title, unread }) => `${oneLine(title)}${unread ? ' (not read yet)' : ''}`),
      note: [
        "You chose one email a week about notices. To have an email for each notice instead, choose it under “Your account” in the Parents' Corner.",
      ],
    },
    contact,
  );
}
