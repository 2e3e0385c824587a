import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMonths, monthLabel, schoolMonth } from '#shared/admissions/report.ts';
import { moveStage } from '#server/modules/enquiries/pipelineRepository.ts';
import { insertTestAdmissions, insertTestContacts } from '#test/support/testEnquiries.ts';
import { expectAccessible } from './support/accessibility';
import { collectPageErrors, newContext, viewports, type ViewportName } from './support/browser';
import { useSiteAndBrowser } from './support/site';

const PASSWORD = 'office-password-for-tests-only';
const running = useSiteAndBrowser({ ADMIN_PASSWORD: PASSWORD });

const thisMonth = schoolMonth(new Date());
const range = `${monthLabel(addMonths(thisMonth, -11))} to ${monthLabel(thisMonth)}`;

/** This month: three admission enquiries and a contact one; two booked a visit, one was offered a place. */
async function seed() {
  const { db } = running.site.services.storage;
  const now = new Date().toISOString();
  const ids = await insertTestAdmissions(db, [
    { createdAt: now, programOfInterest: 'toddler' },
    { createdAt: now, programOfInterest: 'primary' },
    { createdAt: now, programOfInterest: 'primary' },
  ]);
  await insertTestContacts(db, [{ createdAt: now }]);
  const staff = { changedAt: now, sessionId: null, accountId: 1 };
  await moveStage(db, { id: ids[0]!, stage: 'visit-booked' }, staff);
  await moveStage(db, { id: ids[1]!, stage: 'offered' }, staff);
}

beforeAll(seed);

async function openReport(viewport: ViewportName) {
  const context = await newContext(running.browser, viewport);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${running.site.url}/admin`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Admissions report' }).click();
  await page.getByRole('table', { name: `Admissions per month, ${range}` }).waitFor();
  return { context, page, errors };
}

const rowTexts = (page: Page, table: string, row: string) =>
  page
    .getByRole('table', { name: table })
    .getByRole('row', { name: new RegExp(`^${row}\\b`) })
    .getByRole('cell')
    .allTextContents();

describe.each(Object.keys(viewports) as ViewportName[])('the admissions report at the %s viewport', (viewport) => {
  it(
    'shows the month’s figures as a chart named for a screen reader and as tables, scrolls a table on its own on a phone, and downloads them as CSV',
    { timeout: 120_000 },
    async () => {
      const { context, page, errors } = await openReport(viewport);
      try {
        await expect(
          page
            .getByRole('img', {
              name: `Enquiries, visits, offers and enrolments per month, ${range}. The table below gives the figures.`,
            })
            .isVisible(),
        ).resolves.toBe(true);
        for (const step of ['Enquiries', 'Visits', 'Offers', 'Enrolments'])
          await expect(page.locator('.report-chart__legend').getByText(step).isVisible()).resolves.toBe(true);
        // Visits booked (2) apart from visits held (1: the offered family's; issue 35): conversions count the visits held.
        expect(await rowTexts(page, `Admissions per month, ${range}`, monthLabel(thisMonth))).toEqual([
          '1',
          '3',
          '2',
          '1',
          '1',
          '0',
          '33% (1 of 3)',
          '100% (1 of 1)',
          '0% (0 of 1)',
          '2',
          '0 days',
        ]);
        expect(await rowTexts(page, `Where enquiries came from, ${range}`, 'Admission Form: Primary')).toEqual([
          '2',
          '50%',
        ]);
        await expectAccessible(page);

        // The chart's month and count labels as drawn on the screen: at least 12 px at both sizes (issue 35).
        const labelSizes = await page
          .locator('.report-chart__label')
          .evaluateAll((labels) =>
            labels.map(
              (label) =>
                (label as SVGTextElement).getScreenCTM()!.a * Number.parseFloat(getComputedStyle(label).fontSize),
            ),
          );
        expect(labelSizes.length).toBeGreaterThan(12);
        expect(Math.min(...labelSizes)).toBeGreaterThanOrEqual(12);

        const region = page.getByRole('region', { name: `Admissions per month, ${range}` });
        const sizes = await region.evaluate((element) => ({
          scroll: element.scrollWidth,
          client: element.clientWidth,
          page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        }));
        // The page itself never scrolls sideways; on a phone the table does, within its labelled region, from the keyboard too.
        expect(sizes.page).toBeLessThanOrEqual(0);
        if (viewport === 'phone') {
          expect(sizes.scroll).toBeGreaterThan(sizes.client);
          await region.focus();
          await page.keyboard.press('ArrowRight');
          await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
        }

        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Download CSV' }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(`admissions-report-${addMonths(thisMonth, -11)}-to-${thisMonth}.csv`);

        await page.getByLabel('From', { exact: true }).selectOption(addMonths(thisMonth, -1));
        await page.getByLabel('To', { exact: true }).selectOption(addMonths(thisMonth, -2));
        await page.getByText('The first month must not be after the last.').waitFor();
        await expectAccessible(page);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
