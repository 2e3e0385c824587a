import type { Page } from 'playwright-core';
import type { ViewportName } from './support/browser';
import { expect, it } from 'vitest';
import { collectPageErrors, newContext } from './support/browser';
import { contactRows, waitForInteractiveForm } from './support/enquiryForms';
import { useSiteAndBrowser } from './support/site';
import { postJson, validContact } from '#test/support/enquiryTestData.ts';
import { fillTheDisk, freeTheDisk, untilRefused } from '#test/support/fullDisk.ts';

const running = useSiteAndBrowser({ ENQUIRY_MIN_FILL_SECONDS: '0', ENQUIRY_RATE_LIMIT: '1000' });

const QUEUED = /will be sent automatically as soon as it can be/;

async function fillContactForm(page: Page, email: string) {
  await page.getByLabel('Your Name').fill('Divya Menon');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Phone Number').fill('9840012345');
  await page.getByRole('textbox', { name: 'Message' }).fill('Is there a place in the Toddler Community for January?');
}

/** A fresh browser at the contact page, its form ready and filled in for `email`; errors on the page are collected. */
async function openFilledContactForm(email: string, viewport: ViewportName = 'phone') {
  const context = await newContext(running.browser, viewport);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${running.site.url}/contact`);
  await waitForInteractiveForm(page);
  await fillContactForm(page, email);
  return { context, page, errors };
}

it('keeps an enquiry made offline and sends it once when the connection returns', async () => {
  const email = 'offline@example.com';
  const { context, page, errors } = await openFilledContactForm(email);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Send Message' }).click();
  const status = page.getByRole('status').filter({ hasText: QUEUED });
  await status.waitFor();
  expect(await page.getByLabel('Email Address').inputValue()).toBe(email);
  expect(await page.evaluate(() => localStorage.getItem('enquiry:contact:outbox'))).toContain(email);
  expect(await contactRows(running.site, email)).toHaveLength(0);

  await context.setOffline(false);
  await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
  await page.locator('.toast').getByText('Success!').waitFor();
  expect(await contactRows(running.site, email)).toHaveLength(1);
  expect(await page.evaluate(() => localStorage.getItem('enquiry:contact:outbox'))).toBeNull();
  // The browser's own messages about the failed request are expected; the page itself must not fail.
  expect(errors.filter((error) => error.startsWith('pageerror'))).toEqual([]);
  await context.close();
});

it('sends a queued enquiry when the page is next opened', async () => {
  const email = 'next-visit@example.com';
  const { context, page } = await openFilledContactForm(email, 'desktop');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByRole('status').filter({ hasText: QUEUED }).waitFor();
  await page.close();

  await context.setOffline(false);
  const later = await context.newPage();
  await later.goto(`${running.site.url}/contact`);
  await later.getByRole('heading', { name: 'Thank You!' }).waitFor();
  expect(await contactRows(running.site, email)).toHaveLength(1);
  await context.close();
});

it('retries an enquiry whose answer was lost without storing it twice', async () => {
  const email = 'lost-answer@example.com';
  const { context, page } = await openFilledContactForm(email);
  // The first request reaches the server and is stored, but its answer never arrives.
  let attempts = 0;
  await page.route('**/api/trpc/enquiries.submitContact*', async (route) => {
    attempts += 1;
    if (attempts > 1) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByRole('status').filter({ hasText: QUEUED }).waitFor();
  expect(await contactRows(running.site, email)).toHaveLength(1);

  await page.getByRole('heading', { name: 'Thank You!' }).waitFor({ timeout: 15_000 });
  expect(attempts).toBe(2);
  expect(await contactRows(running.site, email)).toHaveLength(1);
  await context.close();
});

it('keeps an enquiry the server cannot store for now (a full disk: 503) and sends it once the server can', async () => {
  const email = 'full-disk@example.com';
  const message = 'We are moving to Perungudi in June and would like to visit the Primary class. '.repeat(40);
  const { context, page, errors } = await openFilledContactForm(email);
  await page.getByRole('textbox', { name: 'Message' }).fill(message);

  fillTheDisk(running.site);
  expect(
    (await untilRefused(() => postJson(`${running.site.url}/api/contact`, validContact({ message })))).status,
  ).toBe(503);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByRole('status').filter({ hasText: QUEUED }).waitFor();
  expect(await page.getByLabel('Email Address').inputValue()).toBe(email);
  expect(await page.evaluate(() => localStorage.getItem('enquiry:contact:outbox'))).toContain(email);
  expect(await contactRows(running.site, email)).toHaveLength(0);

  freeTheDisk(running.site);
  await page.getByRole('heading', { name: 'Thank You!' }).waitFor({ timeout: 20_000 });
  expect(await contactRows(running.site, email)).toHaveLength(1);
  expect(await page.evaluate(() => localStorage.getItem('enquiry:contact:outbox'))).toBeNull();
  expect(errors.filter((error) => error.startsWith('pageerror'))).toEqual([]);
  await context.close();
});
