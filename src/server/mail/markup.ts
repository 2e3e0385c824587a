import { escapeMarkup } from '../../shared/escapeMarkup';

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
