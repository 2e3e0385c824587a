import fs from 'node:fs/promises';
import path from 'node:path';

const stylesheetLink = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g;

/**
 * The page template with each stylesheet link replaced by the stylesheet itself, so the first
 * paint waits for no second request. The server allows the block by its hash (see
 * src/server/platform/inlineStyles.ts); the CSP keeps refusing any other inline style.
 */
export async function inlineStylesheets(template: string, clientDir: string): Promise<string> {
  const links = [...template.matchAll(stylesheetLink)];
  let inlined = template;
  for (const [link, file = ''] of links) {
    const css = (await fs.readFile(path.join(clientDir, file), 'utf8')).trim();
    if (css.includes('</style')) throw new Error(`${file} cannot be inlined: it contains '</style'`);
    inlined = inlined.replace(link, () => `<style>${css}</style>`);
  }
  return inlined;
}
