import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROME_FLAGS, CHROMIUM } from './chromium';

export type JsFigure = { route: string; bytes: number; files: number; loadsTrpc: boolean };

/**
 * A file's body as the server sends it to a client that accepts only gzip: the budget is in gzip
 * bytes whatever better encoding the browser is offered. Headers are not counted.
 */
function gzipBody(url: string): Promise<{ bytes: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const gzipped = response.headers['content-encoding'] === 'gzip';
          resolve({ bytes: body.length, text: (gzipped ? gunzipSync(body) : body).toString('utf8') });
        });
      })
      .on('error', reject);
  });
}

/** Every script a page fetches until the network is idle, without any interaction: gzip bytes and files. */
export async function measureJavaScript(origin: string, routes: string[]): Promise<JsFigure[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROME_FLAGS.slice(1) });
  const figures: JsFigure[] = [];
  try {
    for (const route of routes) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.add(response.url());
      });
      await page.goto(`${origin}${route}`, { waitUntil: 'networkidle' });
      let bytes = 0;
      let loadsTrpc = false;
      for (const url of scripts) {
        const { bytes: size, text } = await gzipBody(url);
        bytes += size;
        if (text.includes('httpBatchLink') || text.includes('TRPCClientError') || text.includes('trpc-accept'))
          loadsTrpc = true;
      }
      figures.push({ route, bytes, files: scripts.size, loadsTrpc });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return figures;
}
