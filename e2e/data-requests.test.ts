import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/testServer';
import { expectAccessible } from './support/accessibility';
import { collectPageErrors, launchBrowser, newContext, viewports, type ViewportName } from './support/browser';
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

async function sendContact(name: string, email: string) {
  const response = await fetch(`${site.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, phone: '9876543210', message: 'Is there a school bus from Thoraipakkam?' }),
  });
  expect(response.status).toBe(201);
}

describe.each(Object.keys(viewports) as ViewportName[])('Data requests at the %s viewport', (viewport) => {
  it('finds a person by email in any letter case, offers their data, and erases it with a reason and a confirmation', { timeout: 120_000 }, async () => {
    const email = `lakshmi.${viewport}@example.in`;
    await sendContact('Lakshmi Narayanan', email);
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    try {
      await page.goto(`${site.url}/admin`);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      // Every tab is in view and reachable, on a phone too.
      const tab = page.getByRole('tab', { name: 'Data requests' });
      await tab.click();
      await expect(tab.getAttribute('aria-selected')).resolves.toBe('true');
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
  });
});
