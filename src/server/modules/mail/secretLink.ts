import { escapeMarkup } from '#shared/escapeMarkup.ts';
import type { OutboxRow } from './repository';

/**
 * What a stored mail body holds where its single-use link goes. The link itself waits in the
 * row's secret_link until the mail is sent, then is erased; the stored copy keeps these words
 * (decision 0027).
 */
export const LINK_PLACEHOLDER = '[single-use link: not kept once the email is sent]';

/** The same for a one-time code (decision 0051), kept in the row's secret_link as a link is. */
export const CODE_PLACEHOLDER = '[one-time code: not kept once the email is sent]';

/** The bodies to send: the stored ones with the row's link in place of the placeholder. */
export function bodiesToSend(row: Pick<OutboxRow, 'text_body' | 'html_body' | 'secret_link'>): {
  text: string;
  html: string | null;
} {
  const link = row.secret_link;
  if (link === null) return { text: row.text_body, html: row.html_body };
  const fill = (body: string, secret: string) =>
    body.replaceAll(LINK_PLACEHOLDER, secret).replaceAll(CODE_PLACEHOLDER, secret);
  return {
    text: fill(row.text_body, link),
    html: row.html_body === null ? null : fill(row.html_body, escapeMarkup(link)),
  };
}
