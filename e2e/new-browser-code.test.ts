import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { school } from '#content/school.ts';
import { TWO_STEP_GRACE_DAYS } from '#shared/staff/settings.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtpSink.ts';
import { addStaffAccount, postJson } from '#test/support/testLogin.ts';
import type { TestServer } from '#test/support/testServer.ts';
import { expectAccessible } from './support/accessibility';
import { collectPageErrors, launchBrowser, newContext } from './support/browser';
import { startSite } from './support/site';

let site: TestServer;
let sink: SmtpSink;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  site = await startSite({
    ADMIN_PASSWORD: 'owner-password-for-tests-only',
    TRUST_PROXY: 'loopback',
    SMTP_URL: sink.url,
    NOTIFY_EMAIL: 'office@aranya.test',
  });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await sink?.close();
});

const codeMailsTo = (address: string) =>
  sink.received.filter((mail) => mail.to.includes(address) && /\b\d{4} \d{4}\b/.test(mail.body));
const codeIn = (mail: { body: string }) => /\b(\d{4} \d{4})\b/.exec(mail.body)![1]!;

describe('a new browser while the account is being guessed at', () => {
  it(
    'the office signs in with the password and the code emailed to her, then sets up two-step login with another code after its days',
    { timeout: 180_000 },
    async () => {
      const person = {
        email: 'meena@example.in',
        name: 'Meena Raman',
        password: 'meena keeps a long password',
        role: 'office' as const,
      };
      await addStaffAccount(site.services, person);
      for (let guess = 1; guess <= 10; guess++) {
        const answer = await postJson(
          `${site.url}/api/admin/login`,
          { email: person.email, password: `guess ${guess}` },
          { 'x-forwarded-for': `198.51.100.${guess}` },
        );
        expect(answer.status).toBe(401);
      }

      const context = await newContext(browser, 'phone');
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      try {
        await page.goto(`${site.url}/admin`);
        await page.getByLabel('Email (optional)').fill(person.email);
        await page.getByLabel('Password').fill(person.password);
        await page.getByRole('button', { name: 'Log in' }).click();
        const code = page.getByLabel('Code', { exact: true });
        await code.waitFor();
        // The field's description says why and where the code comes from; focus is on it.
        expect(
          await code.evaluate((input) => document.getElementById(input.getAttribute('aria-describedby')!)?.textContent),
        ).toContain('If the password is right, a code is on its way');
        expect(await code.evaluate((input) => input === document.activeElement)).toBe(true);
        await expectAccessible(page);

        await expect.poll(() => codeMailsTo(person.email).length).toBe(1);
        await code.fill(codeIn(codeMailsTo(person.email)[0]!));
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.getByText(`Signed in as ${person.name} (Office)`).waitFor();

        // An account made days ago: setting up two-step login with the password alone is closed, and a code by email opens it.
        const madeAt = new Date(Date.now() - (TWO_STEP_GRACE_DAYS.default + 1) * 24 * 3_600_000).toISOString();
        site.services.storage.sqlite
          .prepare('update staff_accounts set created_at = ? where email = ?')
          .run(madeAt, person.email);
        await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Your account' }).click();
        await page.getByText('Two-step login', { exact: true }).click();
        await page
          .getByText('The days to set up two-step login with your password alone have passed', { exact: false })
          .waitFor();
        await page.getByRole('button', { name: 'Email me a code' }).click();
        await page.getByRole('status').filter({ hasText: 'A code is on its way' }).waitFor();
        await expectAccessible(page);
        await expect.poll(() => codeMailsTo(person.email).length).toBe(2);
        await page.getByLabel('Code from the email').fill(codeIn(codeMailsTo(person.email)[1]!));
        await page.getByRole('button', { name: 'Set up with this code' }).click();
        await page.getByRole('img', { name: `QR code for ${school.name}, ${person.email}` }).waitFor();
        // The browser logs the login's answer that asks for the code (401), as for a two-step code.
        expect(errors.filter((error) => !/status of 401\b/.test(error))).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
