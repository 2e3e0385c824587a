import type { Page } from 'playwright-core';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { school } from '#content/school.ts';
import type { TestServer } from '#test/support/testServer.ts';
import { saveStaffSetting } from '#server/modules/staff/service.ts';
import { addStaffAccount } from '#test/support/testLogin.ts';
import { expectAccessible } from './support/accessibility';
import { collectPageErrors, launchBrowser, newContext } from './support/browser';
import { isUncovered, waitForToast } from './support/covering';
import { startSite } from './support/site';

let site: TestServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  site = await startSite({ ADMIN_PASSWORD: 'owner-password-for-tests-only' });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function enterPassword(page: Page, email: string, password: string) {
  await page.getByLabel('Email (optional)').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('two-step login', () => {
  it(
    'a staff member turns it on with the QR code’s key, signs out, and signs in with the password and a code',
    { timeout: 180_000 },
    async () => {
      const person = {
        email: 'meena@example.in',
        name: 'Meena Raman',
        password: 'meena keeps a long password',
        role: 'office' as const,
      };
      await addStaffAccount(site.services, person);
      const context = await newContext(browser, 'phone');
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      try {
        await page.goto(`${site.url}/admin`);
        await enterPassword(page, person.email, person.password);
        await page.getByText(`Signed in as ${person.name} (Office)`).waitFor();

        await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Your account' }).click();
        await page.getByText('Two-step login', { exact: true }).click();
        await page.getByRole('button', { name: 'Set up two-step login' }).click();
        const qr = page.getByRole('img', { name: `QR code for ${school.name}, ${person.email}` });
        await qr.waitFor();
        // The image really drew under the page's CSP (img-src 'self' data:): once it has loaded, or failed to.
        await qr.evaluate((image: HTMLImageElement) => image.decode().catch(() => undefined));
        expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
        const secret = (await page.locator('.two-step__secret').textContent())!.replace(/\s/g, '');
        expect(secret).toMatch(/^[A-Z2-7]{32}$/);
        await expectAccessible(page);

        await page.getByLabel('Code from your app').fill('000000' === generateSync({ secret }) ? '111111' : '000000');
        await page.getByRole('button', { name: 'Turn on two-step login' }).click();
        await page.getByText('That code does not match.', { exact: false }).waitFor();
        await expectAccessible(page);

        await page.getByLabel('Code from your app').fill(generateSync({ secret }));
        await page.getByRole('button', { name: 'Turn on two-step login' }).click();
        await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
        expect(await page.locator('.two-step__code-list li').count()).toBe(10);
        await page.getByRole('status').getByText('Two-step login is on.').waitFor();
        // The screen says what the toast says, and the toast leaves the next button free on a phone.
        expect(await page.locator('.two-step').textContent()).not.toContain('Two-step login is off.');
        await page.locator('.two-step__codes').getByText('Two-step login is on.', { exact: false }).waitFor();
        await waitForToast(page);
        expect(await isUncovered(page.getByRole('button', { name: 'I have saved them' }))).toBe(true);
        await expectAccessible(page);
        await page.getByRole('button', { name: 'I have saved them' }).click();
        await page.getByText('Two-step login is on. 10 of 10 recovery codes left.').waitFor();

        await page.getByRole('button', { name: 'Logout' }).click();
        await page.getByRole('heading', { name: 'Staff Login' }).waitFor();
        // A refusal's toast leaves "Log in" free for the next try.
        await enterPassword(page, person.email, 'not meena’s password');
        await waitForToast(page);
        expect(await isUncovered(page.getByRole('button', { name: 'Log in' }))).toBe(true);
        await enterPassword(page, person.email, person.password);
        const codeField = page.getByLabel('Two-step code');
        await codeField.waitFor();
        await expectAccessible(page);
        // The code of the next 30-second step: accepted (one step either side), and never the one used to turn it on.
        await codeField.fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.getByText(`Signed in as ${person.name} (Office)`).waitFor();
        // Signed out at their account's address, the person signs in there again.
        await page.getByRole('heading', { level: 2, name: 'Your account' }).waitFor();
        // The browser logs the answers the test asked for: the wrong code (400) and the login that needed a code (401).
        expect(errors.filter((error) => !/status of (400|401)\b/.test(error))).toEqual([]);
      } finally {
        await context.close();
      }
      const trail = site.services.storage.sqlite
        .prepare(`select action from audit_events where actor = ? order by id`)
        .all(person.name) as { action: string }[];
      expect(trail.map((entry) => entry.action)).toEqual([
        'sign-in',
        'two-step-on',
        'sign-out',
        'sign-in-failed',
        'sign-in',
      ]);
    },
  );

  it(
    'while it is required, a person held at the setup is told when their two-step status cannot be loaded, and Try Again loads it',
    { timeout: 120_000 },
    async () => {
      const person = {
        email: 'devi@example.in',
        name: 'Devi Natarajan',
        password: 'devi keeps a long password',
        role: 'office' as const,
      };
      const account = await addStaffAccount(site.services, person);
      const { storage } = site.services;
      await saveStaffSetting(storage, 'twoStepRequired', true, { at: new Date().toISOString(), by: account.id });
      const context = await newContext(browser, 'phone');
      const page = await context.newPage();
      const failing = (url: URL) => url.pathname === '/api/trpc/twoStep.status';
      try {
        await page.route(failing, (route) =>
          route.fulfill({ status: 500, contentType: 'text/html', body: '<p>Server error</p>' }),
        );
        await page.goto(`${site.url}/admin`);
        await enterPassword(page, person.email, person.password);
        await page.getByRole('heading', { name: 'Turn on two-step login' }).waitFor();
        // Who is signed in, said apart from who asks (not "Devi, the school's Owner, asks").
        await page
          .getByText(`Signed in as ${person.name}. The school’s Owner asks everyone`, { exact: false })
          .waitFor();
        // Not the setup as if nothing were wrong: it may be closed, and the deadline is unknown.
        const failed = page
          .getByRole('alert')
          .filter({ hasText: 'Your two-step login could not be loaded. Please try again.' });
        await failed.waitFor();
        expect(await page.getByRole('button', { name: 'Set up two-step login' }).count()).toBe(0);
        await expectAccessible(page);
        await page.unroute(failing);
        await failed.getByRole('button', { name: 'Try Again' }).click();
        await page.getByText('Please set it up by', { exact: false }).waitFor();
        await page.getByRole('button', { name: 'Set up two-step login' }).waitFor();
        expect(await failed.count()).toBe(0);
      } finally {
        await context.close();
        await saveStaffSetting(storage, 'twoStepRequired', false, { at: new Date().toISOString(), by: account.id });
      }
    },
  );
});
