import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/testServer';
import { addStaffAccount } from '../test/support/testLogin';
import { accessibilityViolations, describeViolations } from './support/accessibility';
import { collectPageErrors, launchBrowser, newContext, viewports, type ViewportName } from './support/browser';
import { startSite } from './support/site';

const OWNER_PASSWORD = 'owner-password-for-tests-only';
let site: TestServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  site = await startSite({ ADMIN_PASSWORD: OWNER_PASSWORD });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function expectAccessible(page: Page) {
  const violations = await accessibilityViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${site.url}/admin`);
  if (email) await page.getByLabel('Email (optional)').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Form Submissions' }).waitFor();
}

describe.each(Object.keys(viewports) as ViewportName[])('named staff at the %s viewport', (viewport) => {
  it('an Office member signs in under their own name and sees the enquiries only; the Owner sees their sign-in in the Activity tab', { timeout: 120_000 }, async () => {
    const office = { email: `arul.${viewport}@example.in`, name: `Arul Selvam ${viewport}`, password: 'arul keeps a long password' };
    await addStaffAccount(site.services, { ...office, role: 'office' });

    const officeContext = await newContext(browser, viewport);
    const officePage = await officeContext.newPage();
    const errors = collectPageErrors(officePage);
    try {
      await signIn(officePage, office.email.toUpperCase(), office.password);
      await officePage.getByText(`Signed in as ${office.name} (Office)`).waitFor();
      const tabs = await officePage.getByRole('tab').allTextContents();
      expect(tabs.map((tab) => tab.replace(/\d+.*$/, '').trim())).toEqual(['Contact Form', 'Admission Form', 'Spam']);
      await expectAccessible(officePage);
      expect(errors).toEqual([]);
    } finally {
      await officeContext.close();
    }

    const ownerContext = await newContext(browser, viewport);
    const ownerPage = await ownerContext.newPage();
    try {
      await signIn(ownerPage, '', OWNER_PASSWORD);
      await ownerPage.getByText('Signed in as Owner (Owner)').waitFor();
      await ownerPage.getByRole('tab', { name: 'Activity' }).click();
      await ownerPage.getByLabel('Person').selectOption({ label: `${office.name} (${office.email})` });
      await ownerPage.getByLabel('Action').selectOption({ label: 'Signed in' });
      const entries = ownerPage.locator('.activity__entry');
      await expect.poll(() => entries.count()).toBe(1);
      expect(await entries.first().textContent()).toContain(office.name);
      expect(await entries.first().locator('.activity__where').textContent()).toMatch(/^from (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
      await expectAccessible(ownerPage);
    } finally {
      await ownerContext.close();
    }
  });
});
