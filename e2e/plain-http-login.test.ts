import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '#test/support/testServer.ts';
import { expectAccessible } from './support/accessibility';
import { launchBrowser, newContext } from './support/browser';
import { startSite } from './support/site';

const OWNER_PASSWORD = 'owner-password-for-tests-only';
const PUBLIC_URL = 'https://www.aranyamontessori.in';
/** The server's own address as a volunteer types it before HTTPS works: not loopback, plain http. */
const SERVER_HOST = 'vps.school.test';

let site: TestServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  // In production the staff cookies are Secure, which a browser keeps only from a secure address.
  site = await startSite({ NODE_ENV: 'production', PUBLIC_URL, ADMIN_PASSWORD: OWNER_PASSWORD });
  browser = await launchBrowser([`--host-resolver-rules=MAP ${SERVER_HOST} 127.0.0.1`]);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const signIns = () =>
  site.services.storage.sqlite.prepare(`select count(*) as count from audit_events where action = 'sign-in'`).get() as {
    count: number;
  };

describe('signing in over plain http', () => {
  it(
    'on the server’s own address, the login screen says the browser will not keep the sign-in and names the https address to open',
    { timeout: 60_000 },
    async () => {
      const context = await newContext(browser, 'phone');
      const page = await context.newPage();
      try {
        await page.goto(`http://${SERVER_HOST}:${new URL(site.url).port}/admin`);
        await page.getByLabel('Password').fill(OWNER_PASSWORD);
        await page.getByRole('button', { name: 'Log in' }).click();
        const notice = page.locator('.admin-login__not-secure');
        await notice.waitFor();
        expect(await notice.getAttribute('role')).toBe('alert');
        expect(await notice.textContent()).toBe(
          `This address is not secure (http), so your browser will not keep the sign-in. Open ${PUBLIC_URL}/admin instead.`,
        );
        expect(await notice.getByRole('link', { name: `${PUBLIC_URL}/admin` }).getAttribute('href')).toBe(
          `${PUBLIC_URL}/admin`,
        );
        await page.getByRole('heading', { name: 'Staff Login' }).waitFor();
        expect(signIns().count).toBe(0);
        await expectAccessible(page);
      } finally {
        await context.close();
      }
    },
  );

  it(
    'on this machine’s own loopback address the browser keeps the sign-in, and nothing is said',
    { timeout: 60_000 },
    async () => {
      const context = await newContext(browser, 'phone');
      const page = await context.newPage();
      try {
        await page.goto(`${site.url}/admin`);
        await page.getByLabel('Password').fill(OWNER_PASSWORD);
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.getByRole('heading', { name: 'Contact Form', level: 2 }).waitFor();
        expect(await page.locator('.admin-login__not-secure').count()).toBe(0);
        expect(signIns().count).toBe(1);
      } finally {
        await context.close();
      }
    },
  );
});
