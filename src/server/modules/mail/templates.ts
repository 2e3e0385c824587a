import { school } from '#content/school.ts';
import type { SchoolContact } from '#content/schoolFacts.ts';
import { escapeMarkup } from '#shared/escapeMarkup.ts';
import { paragraphsHtml } from './markup';

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
