import { escapeMarkup } from '#shared/escapeMarkup.ts';
import { LINK_PLACEHOLDER } from './secretLink';

/** Subjects carry names someone typed; a line break there must never start a new header. */
export const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ');

/** Plain text paragraphs (blank-line separated) as HTML paragraphs, every character shown as text. */
export const paragraphsHtml = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeMarkup(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

/** A whole HTML email around a body. */
export function htmlDocument(title: string, body: string): string {
  return `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${escapeMarkup(title)}</title></head>\n<body>\n${body}\n</body>\n</html>`;
}

/**
 * A single-use link's email, as text and as the HTML inside its document: the paragraphs before
 * the link, the link (its placeholder until the mail is sent), those after, and the signature.
 */
export function linkMailBodies(before: string[], after: string[], signature: string[]): { text: string; html: string } {
  return {
    text: [...before, LINK_PLACEHOLDER, ...after, signature.join('\n')].join('\n\n'),
    html: [
      paragraphsHtml(before.join('\n\n')),
      `<p><a href="${escapeMarkup(LINK_PLACEHOLDER)}">${escapeMarkup(LINK_PLACEHOLDER)}</a></p>`,
      paragraphsHtml(after.join('\n\n')),
      paragraphsHtml(signature.join('\n')),
    ].join('\n'),
  };
}
