import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaffApi } from '#test/support/staffApi.ts';
import { TEST_ADMIN_PASSWORD, testStaffEnv } from '#test/support/testLogin.ts';
import type { TestServer } from '#test/support/testServer.ts';
import { collectPageErrors, launchBrowser, newContext } from './support/browser';
import { startSite } from './support/site';

let site: TestServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  site = await startSite(testStaffEnv);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? null);

async function openPane(page: Page, pane: string) {
  await page
    .getByRole('navigation', { name: 'Parts of the Parents’ Corner' })
    .getByRole('link', { name: pane })
    .click();
  await page.getByRole('heading', { level: 3, name: pane }).waitFor();
}

/** A Remove that asks first: Keep it leaves the item, Yes removes it and the cursor waits on the pane's heading. */
async function removeAfterAsking(page: Page, item: string, pane: string) {
  await page.getByRole('button', { name: `Remove ${item}`, exact: true }).click();
  const question = page.getByRole('group', { name: `Remove ${item}?`, exact: true });
  await question.getByRole('button', { name: 'Keep it' }).click();
  await question.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: `Remove ${item}`, exact: true }).click();
  await question.getByRole('button', { name: 'Yes, remove' }).click();
  await page.getByRole('button', { name: `Remove ${item}`, exact: true }).waitFor({ state: 'detached' });
  expect(await focusedText(page)).toBe(pane);
}

describe("the office's events, documents and removals in the Parents' Corner", () => {
  it(
    'adds, changes and removes an event and a document, with the field messages; removes a family and a notice after asking',
    { timeout: 240_000 },
    async () => {
      const staff = await signedInStaffApi(site);
      const child = { childName: 'Kavin Iyer', className: 'Rose Garden', program: 'primary' };
      const seeded = await Promise.all([
        staff.mutate('parents.addFamily', {
          parentName: 'Meena',
          email: 'meena@example.com',
          phone: '9840011111',
          ...child,
        }),
        staff.mutate('parents.publishNotice', { title: 'Nature walk', body: 'Bring a hat.', audience: 'all' }),
      ]);
      expect(seeded.map((answer) => answer.status)).toEqual([200, 200]);

      const context = await newContext(browser, 'desktop');
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      try {
        await page.goto(`${site.url}/admin/parents-corner`);
        await page.getByLabel('Password').fill(TEST_ADMIN_PASSWORD);
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.getByRole('heading', { level: 2, name: 'Parents’ Corner' }).waitFor();

        // A family: its Remove opens the question below it; Keep it closes it.
        const familyItem = page
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: 'Kavin Iyer' }) });
        const removeFamily = familyItem.getByRole('button', { name: 'Remove the family of Kavin Iyer' });
        await removeFamily.click();
        expect(await removeFamily.getAttribute('aria-expanded')).toBe('true');
        const familyQuestion = familyItem.getByRole('group', { name: 'Remove the family of Kavin Iyer' });
        await familyQuestion.getByText('Remove the family of Kavin Iyer? Its parents lose access').waitFor();
        await familyQuestion.getByRole('button', { name: 'Keep it' }).click();
        await familyQuestion.waitFor({ state: 'detached' });
        await removeFamily.click();
        await familyQuestion.getByRole('button', { name: 'Yes, remove the family' }).click();
        await page.getByText('The family of Kavin Iyer is removed').first().waitFor();
        await familyItem.waitFor({ state: 'detached' });

        await openPane(page, 'Notices');
        const noticeItem = page
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: 'Nature walk' }) });
        await noticeItem.getByRole('button', { name: 'Remove “Nature walk”' }).click();
        const noticeQuestion = noticeItem.getByRole('group', { name: 'Remove “Nature walk”' });
        await noticeQuestion.getByText('Remove this notice? Parents no longer see it.').waitFor();
        await noticeQuestion.getByRole('button', { name: 'Keep it' }).click();
        await noticeQuestion.waitFor({ state: 'detached' });
        await noticeItem.getByRole('button', { name: 'Remove “Nature walk”' }).click();
        await noticeQuestion.getByRole('button', { name: 'Yes, remove the notice' }).click();
        await page.getByText('“Nature walk” is removed').first().waitFor();
        await noticeItem.waitFor({ state: 'detached' });

        await openPane(page, 'Events');
        const addEvent = page.getByRole('form', { name: 'Add an event' });
        await addEvent.getByRole('button', { name: 'Add the event' }).click();
        const title = addEvent.getByLabel('Title');
        expect(await title.getAttribute('aria-invalid')).toBe('true');
        expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('event-title');
        await title.fill('Annual Day');
        await addEvent.getByLabel('Date').fill('2099-12-05');
        await addEvent.getByLabel('Time').fill('09:30');
        await addEvent.getByLabel('Place (optional)').fill('Music Academy');
        await addEvent.getByLabel('Text').fill('Songs and a play.');
        await addEvent.getByRole('button', { name: 'Add the event' }).click();
        await page.getByText('Event added: Annual Day').first().waitFor();
        expect(await title.getAttribute('aria-invalid')).toBeNull();
        expect(await title.inputValue()).toBe('');
        const event = page.getByRole('listitem').filter({ hasText: 'Songs and a play.' });
        await event.getByText('Sat 5 Dec 2099, 09:30, Music Academy').waitFor();

        await event.getByRole('button', { name: 'Change the event Annual Day' }).click();
        const changeEvent = page.getByRole('form', { name: 'Change “Annual Day”' });
        await changeEvent.getByRole('button', { name: 'Cancel' }).click();
        await changeEvent.waitFor({ state: 'detached' });
        await event.getByRole('button', { name: 'Change the event Annual Day' }).click();
        await changeEvent.getByLabel('The whole day').check();
        expect(await changeEvent.getByLabel('Time').count()).toBe(0);
        await changeEvent.getByLabel('Title').fill('Annual Day 2099');
        await changeEvent.getByRole('button', { name: 'Save the event' }).click();
        await page.getByText('Event changed: Annual Day 2099').first().waitFor();
        await event.getByText('Sat 5 Dec 2099, the whole day, Music Academy').waitFor();
        await removeAfterAsking(page, 'the event Annual Day 2099', 'Events');
        await page.getByText('Event removed').first().waitFor();

        await openPane(page, 'Documents');
        const addDocument = page.getByRole('form', { name: 'Add a document' });
        await addDocument.getByLabel('Title').fill('Uniform list');
        await addDocument.getByLabel('Description (optional)').fill('For 2099-2100.');
        await addDocument.getByLabel('PDF file (optional)').setInputFiles({
          name: 'fees.pdf',
          mimeType: 'application/pdf',
          buffer: pdf,
        });
        await addDocument.getByRole('button', { name: 'Add the document' }).click();
        await page.getByText('Document added: Uniform list').first().waitFor();
        const documentItem = page.getByRole('listitem').filter({ hasText: 'For 2099-2100.' });
        await documentItem.getByText(/^PDF, 1 KB, uploaded /).waitFor();

        await documentItem.getByRole('button', { name: 'Change the document Uniform list' }).click();
        const changeDocument = page.getByRole('form', { name: 'Change “Uniform list”' });
        await changeDocument.getByLabel('A new PDF file to replace the current one (optional)').waitFor();
        await changeDocument.getByLabel('Description (optional)').fill('For the year 2099-2100.');
        await changeDocument.getByRole('button', { name: 'Save the document' }).click();
        await page.getByText('Document saved: Uniform list').first().waitFor();
        await page.getByRole('listitem').filter({ hasText: 'For the year 2099-2100.' }).waitFor();
        await removeAfterAsking(page, 'the document Uniform list', 'Documents');
        await page.getByText('Document removed').first().waitFor();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
