import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { insertTestAdmissions } from '#test/support/testEnquiries.ts';
import { expectAccessible } from './support/accessibility';
import { collectPageErrors, type ViewportName } from './support/browser';
import { useSiteAndBrowser } from './support/site';

/** The Admission Form tab by stage (issue 24): the office moves families with the keyboard alone, and hears each move. */
const PASSWORD = 'office-password-for-stage-tests';
const running = useSiteAndBrowser({ ADMIN_PASSWORD: PASSWORD });

async function signIn(page: Page) {
  await page.goto(`${running.site.url}/admin/enquiries/admission`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 2, name: 'Admission Form', exact: true }).waitFor();
}

/** The toast is the polite live region that says where a family went. */
const announcement = (page: Page, text: string) =>
  page.locator('[role="status"][aria-live="polite"]').filter({ hasText: text });

/** Chooses a stage in a focused select by arrowing through it, then Tab to "Move to ..." and Enter. */
async function moveWithKeys(page: Page, steps: number, target: string) {
  for (let step = 0; step < steps; step += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(`Move to ${target}`);
  await page.keyboard.press('Enter');
}

async function withPage(viewport: ViewportName, run: (page: Page) => Promise<void>) {
  const page = await running.page(viewport);
  const errors = collectPageErrors(page);
  try {
    await signIn(page);
    await run(page);
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
}

describe('the admissions pipeline in the dashboard', () => {
  it(
    'on a laptop, the office opens the board and moves a card with the keyboard; the move is announced and the card is in its new column',
    { timeout: 90_000 },
    async () => {
      await insertTestAdmissions(running.site.services.storage.db, [
        { createdAt: '2026-11-20T04:30:00.000Z', studentName: 'Arjun Kumar', email: 'arjun.board@example.in' },
        { createdAt: '2026-11-21T04:30:00.000Z', studentName: 'Nila Raman', email: 'nila.board@example.in' },
      ]);
      await withPage('desktop', async (page) => {
        const boardButton = page.getByRole('button', { name: 'Board by stage' });
        await boardButton.focus();
        await page.keyboard.press('Enter');
        expect(await boardButton.getAttribute('aria-pressed')).toBe('true');
        const column = (name: RegExp) => page.getByRole('region', { name });
        await column(/^Enquiry 2 enquiries$/).waitFor();
        await expectAccessible(page);

        await page.getByRole('combobox', { name: 'Stage of Arjun Kumar' }).focus();
        // Enquiry -> Visit booked -> Visited: choosing alone moves nothing.
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('ArrowDown');
        expect(await column(/^Enquiry 2 enquiries$/).isVisible()).toBe(true);
        await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
        await announcement(page, 'Arjun Kumar moved to Visited').waitFor();
        const visited = column(/^Visited 1 enquiry$/);
        await visited.getByText('Arjun Kumar', { exact: true }).waitFor();
        // Focus follows the card to the stage it went to.
        await page.waitForFunction(() => document.activeElement?.textContent?.startsWith('Visited'));
        expect(
          await column(/^Enquiry 1 enquiry$/)
            .getByText('Arjun Kumar', { exact: true })
            .count(),
        ).toBe(0);

        // A closing stage asks why, in plain words, before anything moves.
        await visited.getByRole('combobox', { name: 'Stage of Arjun Kumar' }).focus();
        for (let step = 0; step < 5; step += 1) await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Move to Not proceeding');
        await page.keyboard.press('Enter');
        await page.getByRole('alert').filter({ hasText: 'Please say why the enquiry is not proceeding.' }).waitFor();
        await expectAccessible(page);
        await page.getByRole('textbox', { name: 'Why is Arjun Kumar not proceeding?' }).focus();
        await page.keyboard.type('Chose a school nearer home');
        await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
        await announcement(page, 'Arjun Kumar moved to Not proceeding').waitFor();
        await page
          .getByRole('region', { name: /^Closed 1 enquiry$/ })
          .getByText('Reason: Chose a school nearer home')
          .waitFor();
        await expectAccessible(page);
      });
    },
  );

  it(
    'on a phone, the office filters the list by stage, with counts, and moves a card with the keyboard',
    { timeout: 90_000 },
    async () => {
      const [id] = await insertTestAdmissions(running.site.services.storage.db, [
        { createdAt: '2026-11-22T04:30:00.000Z', studentName: 'Meera Iyer', email: 'meera.phone@example.in' },
      ]);
      await running.site.services.storage.db
        .updateTable('admission_pipeline')
        .set({ stage: 'visit-booked' })
        .where('enquiry_id', '=', id!)
        .execute();
      await withPage('phone', async (page) => {
        expect(await page.getByRole('button', { name: 'Board by stage' }).count()).toBe(0);
        const stageFilter = page.getByRole('combobox', { name: 'Stage', exact: true });
        await page.getByRole('option', { name: 'Visit booked (1)' }).waitFor({ state: 'attached' });
        await stageFilter.selectOption('visit-booked');
        const cards = page.getByRole('list', { name: 'Admission Form' }).getByRole('combobox', { name: /^Stage of / });
        await expect.poll(() => cards.count()).toBe(1);
        await expectAccessible(page);

        await page.getByRole('combobox', { name: 'Stage of Meera Iyer' }).focus();
        await moveWithKeys(page, 1, 'Visited');
        await announcement(page, 'Meera Iyer moved to Visited').waitFor();
        // Under the Visit booked filter the family has left the list; the counts say where they are.
        await page.getByRole('option', { name: 'Visit booked (0)' }).waitFor({ state: 'attached' });
        await page.getByText('No admission enquiries match these filters.').waitFor();
        await expectAccessible(page);
      });
    },
  );
});
