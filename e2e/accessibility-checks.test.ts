import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accessibilityViolations } from './support/accessibility';
import { launchBrowser } from './support/browser';

// A page whose text starts fading in, from 30% opacity, the moment the checker arrives (like a
// toast whose code loads late): while it fades, its contrast is far below AA. The page is the
// test's own, so it may use an inline script; the site's pages never do.
const fadingPage = `<!doctype html><html lang="en"><head><title>Fading text</title>
<style>@keyframes fade-in { from { opacity: 0.3 } } .fading { animation: fade-in 3s linear }</style></head>
<body><main><h1>Checks</h1><div id="late"></div></main>
<script>const waitForChecker = setInterval(() => { if (!window.axe) return; clearInterval(waitForChecker); const p = document.createElement('p'); p.className = 'fading'; p.textContent = 'A notice that arrives late'; document.getElementById('late').append(p); }, 1);</script>
</body></html>`;

let server: http.Server;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  server = http.createServer((_, response) => response.setHeader('content-type', 'text/html').end(fadingPage));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  server?.close();
});

it(
  'judges text that starts fading in during a check once it has settled, not half faded',
  { timeout: 60_000 },
  async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(await accessibilityViolations(page)).toEqual([]);
      // The text is there and was measured: the page is not simply empty.
      expect(await page.getByText('A notice that arrives late').count()).toBe(1);
    } finally {
      await page.close();
    }
  },
);

it('checks a page again after it changed, each engine finding what was added since its first check', async () => {
  const page = await browser.newPage();
  try {
    await page.setContent(
      '<!doctype html><html lang="en"><head><title>Checks</title></head><body><main><h1>Checks</h1></main></body></html>',
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    // An image without a text alternative, which both engines refuse.
    await page.evaluate(() => {
      const image = document.createElement('img');
      image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
      document.querySelector('main')!.append(image);
    });
    const engines = new Set((await accessibilityViolations(page)).map((violation) => violation.engine));
    expect(engines).toEqual(new Set(['axe-core', 'equal-access']));
  } finally {
    await page.close();
  }
});
