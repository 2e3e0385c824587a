import crypto from 'node:crypto';

/**
 * CSP sources for the <style> blocks of the page template: the site's stylesheet is inline, so
 * the first paint waits for no request, and the policy allows exactly that text, never
 * 'unsafe-inline'.
 */
export function inlineStyleSources(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css = '']) => `'sha256-${crypto.createHash('sha256').update(css).digest('base64')}'`,
  );
}
