import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addedFamily, testFamily } from '#test/support/parentsApi.ts';
import { signedInStaffApi } from '#test/support/staffApi.ts';
import type { TestServer } from '#test/support/testServer.ts';
import { expectAccessible } from './support/accessibility';
import {
  collectPageErrors,
  launchBrowser,
  newContext,
  viewports,
  watchCspViolations,
  type ViewportName,
} from './support/browser';
import { startSite } from './support/site';

const PASSWORD = 'office-password-for-tests-only';
let site: TestServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  site = await startSite({ ADMIN_PASSWORD: PASSWORD, ENQUIRY_RATE_LIMIT: '1000' });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** Signs in as the Owner in a fresh page at this viewport; errors on the page are collected. */
async function signedInPage(viewport: ViewportName) {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${site.url}/admin`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  return { context, page, errors };
}

async function sendContact(name: string, email: string) {
  const response = await fetch(`${site.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, phone: '9876543210', message: 'Is there a school bus from Thoraipakkam?' }),
  });
  expect(response.status).toBe(201);
}

describe.each(Object.keys(viewports) as ViewportName[])('Data requests at the %s viewport', (viewport) => {
  it(
    'finds a person by email in any letter case, offers their data, and erases it with a reason and a confirmation',
    { timeout: 120_000 },
    async () => {
      const email = `lakshmi.${viewport}@example.in`;
      await sendContact('Lakshmi Narayanan', email);
      const { context, page, errors } = await signedInPage(viewport);
      try {
        // Every section of the menu is in view and reachable, on a phone too.
        const link = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Data requests' });
        await link.click();
        await expect(link.getAttribute('aria-current')).resolves.toBe('page');
        await expectAccessible(page);

        const search = page.getByLabel('Email address or phone number');
        await search.fill(email.toUpperCase());
        await page.getByRole('button', { name: 'Find' }).click();
        // The answer comes from the server: wait for it rather than look once right after the click.
        await page.getByText(`1 enquiry found for ${email.toUpperCase()}`).waitFor();
        await expect(page.getByRole('button', { name: 'Download their data (JSON)' }).isVisible()).resolves.toBe(true);
        await expectAccessible(page);

        await page.getByLabel('The person asked us to erase their data').check();
        await page.getByLabel('I understand that erasing cannot be undone').check();
        await page.getByRole('button', { name: 'Erase 1 enquiry' }).click();
        await page.getByText(/^Erased 1 enquiry, \d+ emails? and \d+ history entr/).waitFor();
        await expectAccessible(page);

        await search.fill(email);
        await page.getByRole('button', { name: 'Find' }).click();
        await page.getByText(/No enquir/).waitFor();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

it(
  'lets the office untick an enquiry from someone else at the same address, and gives and erases only the ticked ones',
  { timeout: 120_000 },
  async () => {
    const email = 'family.shared@example.in';
    await sendContact('Anitha Kumar', email);
    await sendContact('Ravi Kumar', email);
    const { context, page, errors } = await signedInPage('phone');
    try {
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Data requests' }).click();
      const search = page.getByLabel('Email address or phone number');
      await search.fill(email);
      await page.getByRole('button', { name: 'Find' }).click();
      await page
        .getByText(
          `2 enquiries found for ${email}. Check that they are from the person who asked, and untick any that are not.`,
        )
        .waitFor();

      const anitha = page.getByRole('checkbox', { name: /^From the person who asked \(Anitha Kumar, / });
      const ravi = page.getByRole('checkbox', { name: /^From the person who asked \(Ravi Kumar, / });
      await expect(anitha.isChecked()).resolves.toBe(true);
      await expect(ravi.isChecked()).resolves.toBe(true);
      await ravi.uncheck();
      await anitha.uncheck();
      await page.getByText('No enquiry is ticked.', { exact: false }).waitFor();
      await expect(page.getByRole('button', { name: /^Erase/ }).count()).resolves.toBe(0);
      await anitha.check();
      await expectAccessible(page);

      // The copy to print opens in a new tab with the ticked enquiry alone, in plain words, and breaks no policy.
      const copyLink = page.getByRole('link', { name: 'Open a copy to print or save as PDF (opens in a new tab)' });
      expect(await copyLink.getAttribute('target')).toBe('_blank');
      const href = (await copyLink.getAttribute('href'))!;
      expect(new URL(href, site.url).searchParams.getAll('enquiry')).toHaveLength(1);
      const copy = await context.newPage();
      const copyErrors = collectPageErrors(copy);
      const violations = await watchCspViolations(copy);
      expect((await copy.goto(new URL(href, site.url).href))?.status()).toBe(200);
      await copy.getByRole('heading', { level: 1, name: /holds about you$/ }).waitFor();
      const copyText = await copy.locator('main').innerText();
      expect(copyText).toContain('Anitha Kumar');
      expect(copyText).not.toContain('Ravi Kumar');
      await expectAccessible(copy);
      expect([...copyErrors, ...violations]).toEqual([]);
      await copy.close();

      await page.getByLabel('The person asked us to erase their data').check();
      await page.getByLabel('I understand that erasing cannot be undone').check();
      await page.getByRole('button', { name: 'Erase 1 enquiry' }).click();
      await page.getByText(/^Erased 1 enquiry, /).waitFor();

      await search.fill(email);
      await page.getByRole('button', { name: 'Find' }).click();
      await page.getByText(`1 enquiry found for ${email}.`, { exact: false }).waitFor();
      await expect(
        page.getByRole('checkbox', { name: /^From the person who asked \(Ravi Kumar, / }).count(),
      ).resolves.toBe(1);

      // A Parents' Corner family with a parent at this address is found too, as an item to tick.
      await addedFamily(await signedInStaffApi(site, PASSWORD), email, 'Lotus');
      await page.getByRole('button', { name: 'Find' }).click();
      await page.getByText(`1 enquiry and 1 Parents’ Corner family found for ${email}.`, { exact: false }).waitFor();
      const familyName = `Parents’ Corner family: ${testFamily.childName}, Lotus`;
      await page.getByRole('heading', { name: familyName }).waitFor();
      const family = page.getByRole('checkbox', { name: `From the person who asked (${familyName})` });
      await expect(family.isChecked()).resolves.toBe(true);
      await page.getByRole('button', { name: 'Erase 1 enquiry and 1 Parents’ Corner family' }).waitFor();
      await family.uncheck();
      await page.getByRole('button', { name: 'Erase 1 enquiry' }).waitFor();
      await expectAccessible(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  },
);
