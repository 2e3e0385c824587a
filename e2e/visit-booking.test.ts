import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { family, insertTestAdmissions } from '#test/support/testEnquiries.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { schoolToday } from '#shared/time.ts';
import { schoolInstant } from '#shared/schoolTimes.ts';
import { publishSlots } from '#server/modules/visits/repository.ts';
import { accessibilityViolations, describeViolations } from './support/accessibility';
import { collectPageErrors, launchBrowser, newContext, watchCspViolations, type ViewportName } from './support/browser';
import { runChecker } from './support/htmlChecker';

const inDays = (days: number) => schoolToday(new Date(Date.now() + days * 86_400_000));

describe('the booking page in Chromium (it has no script: every step is a plain form post)', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => {
    server = await startTestServer({}, { servePages: false });
    await publishSlots(
      server.services.storage.db,
      [
        { startsAt: schoolInstant(inDays(3), '10:00').toISOString(), minutes: 45, places: 3 },
        { startsAt: schoolInstant(inDays(3), '11:30').toISOString(), minutes: 45, places: 3 },
        { startsAt: schoolInstant(inDays(5), '10:00').toISOString(), minutes: 45, places: 3 },
      ],
      { createdAt: new Date().toISOString(), accountId: null },
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it.each<ViewportName>(['phone', 'desktop'])(
    'books, then moves a visit at %s size, accessible at every step',
    { timeout: 60_000 },
    async (viewport) => {
      // A family of its own at each size: one email or phone holds one coming visit.
      const [id] = (await insertTestAdmissions(server.services.storage.db, [family(viewport === 'phone' ? 1 : 2)])) as [
        number,
      ];
      const link = server.services.visits.bookingUrl(id, new Date()).replace(/^https?:\/\/[^/]+/, server.url);
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const csp = await watchCspViolations(page);
      try {
        await page.goto(link);
        expect(describeViolations(await accessibilityViolations(page))).toBe(describeViolations([]));
        await page
          .getByRole('radio', { name: /10:00 AM/ })
          .first()
          .check();
        await page.getByRole('button', { name: 'Book this visit' }).click();
        await expect.poll(() => page.getByRole('status').textContent()).toContain('Your visit is booked.');
        expect(describeViolations(await accessibilityViolations(page))).toBe(describeViolations([]));
        await page.getByRole('radio', { name: /11:30 AM/ }).check();
        await page.getByRole('button', { name: 'Move my visit' }).click();
        await expect.poll(() => page.getByRole('status').textContent()).toContain('Your visit has moved.');
        expect(await page.locator('.visit').textContent()).toContain('11:30 AM');
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        expect([...errors, ...csp]).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it('passes the HTML checker', { timeout: 180_000 }, async () => {
    const [id] = (await insertTestAdmissions(server.services.storage.db, [{}])) as [number];
    const html = await (
      await fetch(server.services.visits.bookingUrl(id, new Date()).replace(/^https?:\/\/[^/]+/, server.url))
    ).text();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'visit-page-')), 'visit.html');
    fs.writeFileSync(file, html);
    const { messages } = await runChecker([file]);
    expect(messages).toEqual([]);
  });
});
