import { escapeMarkup } from '#shared/escapeMarkup.ts';

/**
 * The head of a page the server writes itself, outside the site's template (a person's data, the
 * visit booking page): never indexed, its style inline so that the policy allows it by hash.
 */
export function plainPageHead(title: string, css: string): string[] {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeMarkup(title)}</title>`,
    `<style>${css}</style>`,
    '</head>',
  ];
}
