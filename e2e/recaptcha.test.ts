import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestServer } from '#test/support/testServer.ts';
import { launchBrowser, newContext } from './support/browser';
import { contactRows, waitForInteractiveForm } from './support/enquiryForms';
import { startSite } from './support/site';

const SITE_KEY = 'test-site-key';
const PROVIDER_SCRIPT = 'https://www.google.com/recaptcha/api.js*';

/** Stands in for Google's provider script: records when it loaded and what was asked of it. */
const fakeProviderScript = `
window.recaptchaTest = { loadedAt: Date.now(), calls: [] };
window.grecaptcha = {
  ready: function (callback) { callback(); },
  execute: function (key, options) {
    window.recaptchaTest.calls.push({ key: key, action: options.action, at: Date.now() });
    return Promise.resolve('token-for-' + options.action);
  },
};`;

let site: TestServer;
let browser: Browser;
let verifier: http.Server;
const verifications: URLSearchParams[] = [];

beforeAll(async () => {
  // A local stand-in for Google's verify endpoint: every token it sees is a good one.
  verifier = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const params = new URLSearchParams(body);
      verifications.push(params);
      const hostname = new URL(site.services.config.publicUrl).hostname;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: true, score: 0.9, action: 'submit_contact_form', hostname }));
    });
  });
  await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
  const { port } = verifier.address() as AddressInfo;
  site = await startSite({
    ENQUIRY_MIN_FILL_SECONDS: '0',
    RECAPTCHA_SITE_KEY: SITE_KEY,
    RECAPTCHA_SECRET_KEY: 'test-secret',
    RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await new Promise((resolve) => verifier?.close(resolve));
});

async function sendContactForm(page: Page, email: string) {
  await page.goto(`${site.url}/contact`);
  await waitForInteractiveForm(page);
  await page.getByLabel('Your Name').fill('Anand Krishnan');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Phone Number').fill('9840012345');
  await page.getByRole('textbox', { name: 'Message' }).fill('Please call me about the Elementary program.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
}

it('loads nothing from Google until the parent starts filling the form, and says in the form that reCAPTCHA is used', async () => {
  const context = await newContext(browser, 'desktop');
  const page = await context.newPage();
  const scripts: string[] = [];
  await page.route(PROVIDER_SCRIPT, (route) => {
    scripts.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: fakeProviderScript });
  });
  const formSession = page.waitForResponse((response) => response.url().includes('enquiries.formSession'));
  await page.goto(`${site.url}/admission-enquiry`);
  await waitForInteractiveForm(page);
  await formSession;
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([]);
  expect(await page.locator('script[src*="recaptcha"]').count()).toBe(0);

  // Google's terms: when the badge is not the only notice, the form carries this text and both links.
  const notice = page.locator('form.enquiry-form .recaptcha-notice');
  await notice.waitFor();
  // The links open in a new tab, which each says to screen-reader users.
  expect((await notice.textContent())?.replace(/\s+/g, ' ').trim()).toBe(
    'This site is protected by reCAPTCHA and the Google Privacy Policy (opens in a new tab) and Terms of Service (opens in a new tab) apply.',
  );
  expect(await notice.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
    'https://policies.google.com/privacy',
  );
  expect(await notice.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
    'https://policies.google.com/terms',
  );

  const requested = page.waitForRequest(PROVIDER_SCRIPT);
  await page.getByLabel("Student's Name").focus();
  await requested;
  // The route handler records the request a moment after the browser makes it.
  await expect.poll(() => scripts.length).toBe(1);
  await context.close();
});

it('loads the provider with the site key, asks for a token 1000 ms after load and sends it', async () => {
  const context = await newContext(browser, 'desktop');
  const page = await context.newPage();
  const scripts: string[] = [];
  await page.route(PROVIDER_SCRIPT, (route) => {
    scripts.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: fakeProviderScript });
  });
  await sendContactForm(page, 'with-token@example.com');

  expect(scripts).toHaveLength(1);
  expect(new URL(scripts[0] ?? '').searchParams.get('render')).toBe(SITE_KEY);
  const record = await page.evaluate(
    () =>
      (
        window as unknown as {
          recaptchaTest: { loadedAt: number; calls: { key: string; action: string; at: number }[] };
        }
      ).recaptchaTest,
  );
  expect(record.calls).toHaveLength(1);
  expect(record.calls[0]).toMatchObject({ key: SITE_KEY, action: 'submit_contact_form' });
  expect((record.calls[0]?.at ?? 0) - record.loadedAt).toBeGreaterThanOrEqual(1000);
  expect(verifications.at(-1)?.get('response')).toBe('token-for-submit_contact_form');
  expect(await contactRows(site, 'with-token@example.com')).toHaveLength(1);
  await context.close();
});

it('still sends the enquiry when the provider script cannot load, and logs why', async () => {
  const context = await newContext(browser, 'phone');
  const page = await context.newPage();
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.route(PROVIDER_SCRIPT, (route) => route.abort('connectionrefused'));
  const verified = verifications.length;
  await sendContactForm(page, 'without-token@example.com');

  expect(warnings).toContain('Failed to load reCAPTCHA script');
  expect(verifications).toHaveLength(verified);
  expect(await contactRows(site, 'without-token@example.com')).toHaveLength(1);
  await context.close();
});
