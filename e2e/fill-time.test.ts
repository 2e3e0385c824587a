import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectPageErrors, newContext } from './support/browser';
import { contactRows, holdProcedure, waitForInteractiveForm } from './support/enquiryForms';
import { useSiteAndBrowser } from './support/site';

/**
 * The fill-time check (an enquiry sent sooner after its form was shown than the shortest fill is
 * kept in the Spam folder, without emails) measures from the form token the page asks for when the
 * form is shown. On a slow connection that token can come after the parent has pressed Send.
 */
const running = useSiteAndBrowser({ ENQUIRY_MIN_FILL_SECONDS: '2' });

async function fillContactForm(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Send Us a Message' });
  await form.getByLabel('Your Name').fill('Lakshmi Narayanan');
  await form.getByLabel('Email Address').fill(email);
  await form.getByLabel('Phone Number').fill('9840012345');
  await form.getByRole('textbox', { name: 'Message' }).fill('Is there a place in the Toddler program from June?');
  return form;
}

async function spamReasonsOf(email: string) {
  const rows = await contactRows(running.site, email);
  expect(rows).toHaveLength(1);
  return rows[0]!.spam_reasons;
}

describe('the fill-time check on a slow connection', () => {
  it(
    'sends an enquiry the parent sent before the form token came once the token has come and is old enough, not as spam',
    { timeout: 60_000 },
    async () => {
      const email = 'slow.connection@example.in';
      const context = await newContext(running.browser, 'phone');
      try {
        const page = await context.newPage();
        const errors = collectPageErrors(page);
        const release = await holdProcedure(page, 'enquiries.formSession');
        await page.goto(`${running.site.url}/contact`);
        await waitForInteractiveForm(page);
        const form = await fillContactForm(page, email);
        await form.getByRole('button', { name: 'Send Message' }).click();
        await form.getByRole('button', { name: 'Sending...' }).waitFor();
        release();
        await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
        expect(await spamReasonsOf(email)).toBeNull();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it(
    'still keeps as spam a form filled and sent at once after its token had come, as a robot does',
    { timeout: 60_000 },
    async () => {
      const email = 'robot.fill@example.net';
      const context = await newContext(running.browser, 'desktop');
      try {
        const page = await context.newPage();
        const session = page.waitForResponse((response) => response.url().includes('enquiries.formSession'));
        await page.goto(`${running.site.url}/contact`);
        await waitForInteractiveForm(page);
        await session;
        const form = await fillContactForm(page, email);
        await form.getByRole('button', { name: 'Send Message' }).click();
        // The sender is answered as any other is (a robot learns nothing).
        await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
        expect(JSON.parse((await spamReasonsOf(email)) ?? '[]')).toEqual(['too-fast']);
      } finally {
        await context.close();
      }
    },
  );
});
