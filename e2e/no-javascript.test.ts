import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { birthDateWindow } from '#shared/enquiries/birthDate.ts';
import { newContext } from './support/browser';
import { admissionRows, contactRows } from './support/enquiryForms';
import { useSiteAndBrowser } from './support/site';

const running = useSiteAndBrowser();

/** The page the server answers with holds the error summary, focused by the browser itself; each link jumps to its field. */
async function expectFocusedErrorSummary(page: Page, messages: string[]) {
  const summary = page.locator('.error-summary');
  expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);
  expect(await summary.getByRole('heading').textContent()).toBe('There is a problem');
  const links = summary.getByRole('link');
  expect(await links.allTextContents()).toEqual(messages);
  for (const link of await links.all()) {
    const target = (await link.getAttribute('href'))?.slice(1) ?? '';
    expect(await page.locator(`[id="${target}"]`).getAttribute('aria-invalid')).toBe('true');
  }
}

/**
 * The answer page is the form's whole page, which the browser opens at the top; on a phone the
 * thank-you sat two screens below. Expects `heading` in the first screen the parent sees, below
 * the sticky header, once the page has settled (it may scroll there smoothly).
 */
async function expectInFirstScreen(page: Page, heading: Locator) {
  expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
  const inFirstScreen = () =>
    heading.evaluate((element) => {
      const headerBottom = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
      const { top, bottom } = element.getBoundingClientRect();
      return top >= headerBottom && bottom <= window.innerHeight;
    });
  await expect.poll(inFirstScreen, { timeout: 5000 }).toBe(true);
}

it('sends the contact form with JavaScript switched off', async () => {
  const context = await newContext(running.browser, 'phone', { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${running.site.url}/contact`);
  const form = page.locator('form[action^="/api/contact"]');
  expect(await form.getAttribute('method')).toBe('post');

  await form.locator('input[name="name"]').fill('R');
  await form.locator('input[name="email"]').fill('ravi@');
  await form.locator('input[name="phone"]').fill('98');
  await form.locator('textarea[name="message"]').fill('Hello');
  const [invalid] = await Promise.all([
    page.waitForNavigation(),
    form.getByRole('button', { name: 'Send Message' }).click(),
  ]);
  expect(invalid?.status()).toBe(400);
  const answered = page.locator('form[action^="/api/contact"]');
  const contactMessages = [
    'Name must be at least 2 characters.',
    'Please enter a valid email address.',
    'Phone number must be between 4-10 digits',
    'Message must be at least 10 characters.',
  ];
  for (const message of contactMessages) {
    expect(await answered.locator('.field__error', { hasText: message }).count(), message).toBe(1);
  }
  await expectFocusedErrorSummary(page, contactMessages);
  expect(await answered.locator('input[name="name"]').inputValue()).toBe('R');
  expect(await answered.locator('input[name="email"]').inputValue()).toBe('ravi@');
  expect(await answered.locator('textarea[name="message"]').inputValue()).toBe('Hello');
  expect(await answered.locator('input[name="name"]').getAttribute('aria-invalid')).toBe('true');

  await answered.locator('input[name="name"]').fill('Ravi Shankar');
  await answered.locator('input[name="email"]').fill('ravi.nojs@example.com');
  await answered.locator('input[name="phone"]').fill('9840012345');
  await answered.locator('select[name="type"]').selectOption('employment');
  await answered.locator('textarea[name="message"]').fill('I would like to apply for a teaching position.');
  const [sent] = await Promise.all([
    page.waitForNavigation(),
    answered.getByRole('button', { name: 'Send Message' }).click(),
  ]);
  expect(sent?.status()).toBe(200);
  await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
  // A parent who saw only the top of the page might send again.
  await expectInFirstScreen(page, page.getByRole('heading', { name: 'Thank You!' }));

  const rows = await contactRows(running.site, 'ravi.nojs@example.com');
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ name: 'Ravi Shankar', phone: '9840012345', country_code: '+91', type: 'employment' });

  // The thank-you page's button brings back the blank form.
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Send Another Message' }).click()]);
  expect(new URL(page.url()).pathname).toBe('/contact');
  expect(await page.locator('input[name="name"]').inputValue()).toBe('');
  await context.close();
});

it('sends the admission enquiry with JavaScript switched off', async () => {
  const context = await newContext(running.browser, 'desktop', { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${running.site.url}/admission-enquiry`);
  const form = page.locator('form[action^="/api/admission-enquiry"]');
  expect(await form.locator('input[name="birthDate"]').getAttribute('type')).toBe('date');

  await form.locator('input[name="studentName"]').fill('Meena');
  await form.locator('input[name="parentName"]').fill('L');
  await form.locator('input[name="email"]').fill('lakshmi.nojs@example.com');
  await form.locator('input[name="phone"]').fill('98400x');
  const [invalid] = await Promise.all([
    page.waitForNavigation(),
    form.getByRole('button', { name: 'Submit Enquiry' }).click(),
  ]);
  expect(invalid?.status()).toBe(400);
  const answered = page.locator('form[action^="/api/admission-enquiry"]');
  const admissionMessages = [
    'Please select a birth date',
    "Parent's name must be at least 2 characters",
    'Phone number must contain only digits',
    'Please select a program',
    "Please confirm that you are the child's parent or guardian",
  ];
  for (const message of admissionMessages) {
    expect(await answered.locator('.field__error', { hasText: message }).count(), message).toBe(1);
  }
  await expectFocusedErrorSummary(page, admissionMessages);
  expect(await answered.locator('input[name="studentName"]').inputValue()).toBe('Meena');
  expect(await answered.locator('input[name="phone"]').inputValue()).toBe('98400x');

  const birthYear = Number(birthDateWindow().latest.slice(0, 4)) - 3;
  const birthDate = `${birthYear}-06-15`;
  await answered.locator('input[name="birthDate"]').fill(birthDate);
  await answered.locator('input[name="parentName"]').fill('Lakshmi Narayanan');
  await answered.locator('input[name="phone"]').fill('9840012345');
  await answered.locator('select[name="programOfInterest"]').selectOption('primary');
  await answered.locator('select[name="preferredCallTime"]').selectOption('morning');
  await answered.locator('input[name="guardianConfirmed"]').check();
  const [sent] = await Promise.all([
    page.waitForNavigation(),
    answered.getByRole('button', { name: 'Submit Enquiry' }).click(),
  ]);
  expect(sent?.status()).toBe(200);
  await page.getByRole('heading', { name: 'Thank You!' }).waitFor();

  const rows = await admissionRows(running.site, 'lakshmi.nojs@example.com');
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    student_name: 'Meena',
    birth_date: birthDate,
    parent_name: 'Lakshmi Narayanan',
    program_of_interest: 'primary',
    preferred_call_time: 'morning',
    guardian_confirmed: 'yes',
  });
  await context.close();
});

it("opens the admission enquiry's answer at its thank-you on a phone", async () => {
  const context = await newContext(running.browser, 'phone', { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${running.site.url}/admission-enquiry`);
  const form = page.locator('form[action^="/api/admission-enquiry"]');
  await form.locator('input[name="studentName"]').fill('Kavin');
  await form.locator('input[name="birthDate"]').fill(`${Number(birthDateWindow().latest.slice(0, 4)) - 4}-02-10`);
  await form.locator('input[name="parentName"]').fill('Anitha Kumar');
  await form.locator('input[name="email"]').fill('anitha.nojs@example.com');
  await form.locator('input[name="phone"]').fill('9840012345');
  await form.locator('select[name="programOfInterest"]').selectOption('primary');
  await form.locator('input[name="guardianConfirmed"]').check();
  const [sent] = await Promise.all([
    page.waitForNavigation(),
    form.getByRole('button', { name: 'Submit Enquiry' }).click(),
  ]);
  expect(sent?.status()).toBe(200);
  await expectInFirstScreen(page, page.getByRole('heading', { name: 'Thank You!' }));
  expect(await admissionRows(running.site, 'anitha.nojs@example.com')).toHaveLength(1);
  await context.close();
});

it('keeps what a parent typed before the script arrived, and sends it', async () => {
  const context = await newContext(running.browser, 'phone');
  const page = await context.newPage();
  // A slow connection: the page is readable and typeable long before its script has loaded.
  await page.route('**/assets/ContactPage-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue();
  });
  await page.goto(`${running.site.url}/contact`, { waitUntil: 'domcontentloaded' });
  await page.locator('input[name="name"]').fill('Early Typist');
  await page.locator('input[name="email"]').fill('early@example.com');
  await page.locator('input[name="phone"]').fill('9840012345');
  await page.locator('textarea[name="message"]').fill('Typed before the script arrived.');
  expect(await page.locator('input[name="idempotencyKey"]').count()).toBe(0);

  await page.locator('input[name="idempotencyKey"]').waitFor({ state: 'attached' });
  expect(await page.locator('input[name="name"]').inputValue()).toBe('Early Typist');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
  // The site runs the default minimum fill time: the enquiry must not be taken for a bot (decision 0042).
  const rows = await contactRows(running.site, 'early@example.com');
  expect(rows).toHaveLength(1);
  expect(rows[0]!.spam_reasons).toBeNull();
  await context.close();
});
