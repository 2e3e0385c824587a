import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolToday } from '#shared/time.ts';
import { schoolInstant } from '#shared/schoolTimes.ts';
import { openBooking, publishSlots } from '#server/modules/visits/repository.ts';
import { visitorScope } from '#server/requestScope.ts';
import { family, insertTestAdmissions } from '#test/support/testEnquiries.ts';
import type { TestServer } from '#test/support/testServer.ts';
import { collectPageErrors, launchBrowser, newContext } from './support/browser';
import { startSite } from './support/site';

/** Issue 34 §5 in Chromium: a day filled fast shows on the office's Visits page, which cancels every visit of the connection that took it in one step. */
const PASSWORD = 'office-password-for-source-tests';
const DAY = schoolToday(new Date(Date.now() + 5 * 86_400_000));
const SOURCE = '198.51.100.9';

let site: TestServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ ADMIN_PASSWORD: PASSWORD }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe("the office's cancel-by-connection", () => {
  it('shows the day that filled fast, and cancels both visits of its connection in one step', async () => {
    const db = site.services.storage.db;
    await publishSlots(db, [{ startsAt: schoolInstant(DAY, '10:00').toISOString(), minutes: 45, places: 3 }], {
      createdAt: new Date().toISOString(),
      accountId: null,
    });
    const ids = await insertTestAdmissions(db, [family(1), family(2)]);
    const slotId = (await db.selectFrom('visit_slots').select('id').executeTakeFirstOrThrow()).id;
    for (const id of ids) {
      const token = new URL(site.services.visits.bookingUrl(id, new Date())).searchParams.get('t') ?? '';
      expect(
        (await site.services.visits.act(visitorScope(SOURCE, new Date()), token, { action: 'book', slotId }, SOURCE))
          .notice,
      ).toBe('booked');
    }

    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    try {
      await page.goto(`${site.url}/admin/visits`);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 3, name: 'Filled unusually fast' }).waitFor();
      await page.getByRole('button', { name: 'Check who booked' }).click();
      await page
        .getByRole('cell', { name: new RegExp(SOURCE.replace(/\./g, '\\.')) })
        .first()
        .waitFor();
      await page.getByRole('button', { name: 'Cancel all from this connection' }).first().click();
      await page.getByRole('button', { name: 'Yes, cancel them all' }).click();
      await page.locator('[role="status"][aria-live="polite"]').filter({ hasText: '2 visits cancelled' }).waitFor();
      await page.getByText('0 of 3 booked').waitFor();
      for (const id of ids) expect(await openBooking(db, id)).toBeUndefined();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
