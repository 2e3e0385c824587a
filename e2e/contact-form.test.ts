import { describe, expect, it } from 'vitest';
import { accessibilityViolations, describeViolations } from './support/accessibility';
import { collectPageErrors } from './support/browser';
import {
  contactRows,
  descriptionOf,
  focusedField,
  holdProcedure,
  waitForInteractiveForm,
} from './support/enquiryForms';
import { useSiteAndBrowser } from './support/site';

// The fill-time check would silently drop a form filled by a robot in under the minimum.
const running = useSiteAndBrowser({ ENQUIRY_MIN_FILL_SECONDS: '0' });

describe.each(['phone', 'desktop'] as const)('contact form on a %s', (viewport) => {
  it('shows the spec messages by their fields, then sends, stores and starts again', async () => {
    const email = `parent-${viewport}@example.com`;
    const page = await running.page(viewport);
    const errors = collectPageErrors(page);
    await page.goto(`${running.site.url}/contact`);
    const firstKey = await waitForInteractiveForm(page);
    const form = page.getByRole('form', { name: 'Send Us a Message' });

    await form.getByLabel('Your Name').fill('A');
    await form.getByLabel('Email Address').fill('not-an-email');
    await form.getByLabel('Phone Number').fill('123');
    await form.getByRole('textbox', { name: 'Message' }).fill('Too short');
    await form.getByRole('button', { name: 'Send Message' }).click();

    // The error summary takes focus and lists every message as a link to its field.
    const summary = form.locator('.error-summary');
    await summary.waitFor();
    expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await summary.getByRole('heading').textContent()).toBe('There is a problem');
    expect(await summary.getByRole('link').allTextContents()).toEqual([
      'Name must be at least 2 characters.',
      'Please enter a valid email address.',
      'Phone number must be between 4-10 digits',
      'Message must be at least 10 characters.',
    ]);
    await summary.getByRole('link', { name: 'Name must be at least 2 characters.' }).click();
    expect(await focusedField(page)).toBe('name');
    expect(await descriptionOf(page, 'input[name="name"]')).toContain('Name must be at least 2 characters.');
    expect(await descriptionOf(page, 'input[name="email"]')).toContain('Please enter a valid email address.');
    expect(await descriptionOf(page, 'input[name="phone"]')).toContain('Phone number must be between 4-10 digits');
    expect(await descriptionOf(page, 'textarea[name="message"]')).toContain('Message must be at least 10 characters.');
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(4);
    await form.getByLabel('Phone Number').fill('98400 1234x');
    expect(await descriptionOf(page, 'input[name="phone"]')).toContain('Phone number must contain only digits');
    const withErrors = await accessibilityViolations(page);
    expect(withErrors, describeViolations(withErrors)).toEqual([]);

    const message = 'We would like to visit the Primary classroom next week. Is Saturday possible?';
    await form.getByLabel('Your Name').fill('Priya Raman');
    await form.getByLabel('Email Address').fill(email);
    await form.getByLabel('Country code').selectOption('+44');
    await form.getByLabel('Phone Number').fill('7700900123');
    await form.getByLabel('Enquiry Type').selectOption('feedback');
    await form.getByRole('textbox', { name: 'Message' }).fill(message);
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(0);

    const release = await holdProcedure(page, 'enquiries.submitContact');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const sending = form.getByRole('button', { name: 'Sending...' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();

    const thankYou = page.getByRole('heading', { name: 'Thank You!' });
    await thankYou.waitFor();
    await page.getByText("Your message has been sent successfully. We'll get back to you soon.").waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Thank You!');
    const toast = page.locator('.toaster [aria-live="polite"] .toast');
    await toast.getByText('Success!').waitFor();
    expect(await toast.textContent()).toContain("Your message has been sent. We'll be in touch soon.");
    if (viewport === 'phone') {
      // A touch swipe of at least 50 px to the right dismisses the toast.
      const box = await toast.boundingBox();
      if (!box) throw new Error('The toast has no box');
      const touch = { pointerType: 'touch', pointerId: 7, isPrimary: true, clientY: box.y + 10 };
      await toast.dispatchEvent('pointerdown', { ...touch, clientX: box.x + 20 });
      await toast.dispatchEvent('pointermove', { ...touch, clientX: box.x + 80 });
      await toast.dispatchEvent('pointerup', { ...touch, clientX: box.x + 80 });
      await toast.waitFor({ state: 'detached', timeout: 1000 });
    } else {
      // Shown for 5 seconds, then gone by itself.
      await page.waitForTimeout(3500);
      expect(await toast.count()).toBe(1);
      await toast.waitFor({ state: 'detached', timeout: 4000 });
    }

    const rows = await contactRows(running.site, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Priya Raman',
      country_code: '+44',
      phone: '7700900123',
      type: 'feedback',
      message,
      status: 'pending',
      is_read: 0,
      remarks: '',
      idempotency_key: firstKey,
    });
    expect(await page.evaluate(() => localStorage.getItem('enquiry:contact:draft'))).toBeNull();

    const onSuccess = await accessibilityViolations(page);
    expect(onSuccess, describeViolations(onSuccess)).toEqual([]);

    await page.getByRole('button', { name: 'Send Another Message' }).click();
    await form.getByLabel('Your Name').waitFor();
    expect(await form.getByLabel('Your Name').inputValue()).toBe('');
    expect(await form.getByLabel('Email Address').inputValue()).toBe('');
    expect(await form.getByLabel('Phone Number').inputValue()).toBe('');
    expect(await form.getByLabel('Country code').inputValue()).toBe('+91');
    expect(await form.getByLabel('Enquiry Type').inputValue()).toBe('general');
    expect(await form.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('');
    expect(await focusedField(page)).toBe('name');
    const nextKey = await form.locator('input[name="idempotencyKey"]').inputValue();
    expect(nextKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(nextKey).not.toBe(firstKey);

    expect(errors).toEqual([]);
    await page.close();
  });
});

it('keeps typed-but-unsent text through a reload', async () => {
  const page = await running.page('phone');
  await page.goto(`${running.site.url}/contact`);
  const key = await waitForInteractiveForm(page);
  await page.getByLabel('Your Name').fill('Lakshmi');
  await page.getByRole('textbox', { name: 'Message' }).fill('Half-written question about the bus');
  await page.reload();
  expect(await waitForInteractiveForm(page)).toBe(key);
  expect(await page.getByLabel('Your Name').inputValue()).toBe('Lakshmi');
  expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('Half-written question about the bus');
  await page.close();
});

it('offers click-to-call, WhatsApp and a map that loads only when asked for', async () => {
  const page = await running.page('desktop');
  const frames: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(running.site.url)) frames.push(request.url());
  });
  await page.goto(`${running.site.url}/contact`);
  await waitForInteractiveForm(page);
  expect(await page.locator('main a[href^="tel:+91"]').count()).toBeGreaterThanOrEqual(2);
  expect(await page.locator('main a[href^="https://wa.me/91"]').count()).toBe(1);
  expect(await page.locator('iframe').count()).toBe(0);
  expect(frames).toEqual([]);
  await page.route('https://www.google.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<p>map</p>' }),
  );
  await page.getByRole('button', { name: 'Show map' }).click();
  const frame = page.locator('iframe');
  await frame.waitFor();
  expect(await frame.getAttribute('loading')).toBe('lazy');
  expect(await frame.getAttribute('title')).toMatch(/Map showing/);
  expect(await page.getByRole('link', { name: /Open in Google Maps/ }).count()).toBe(1);
  await page.close();
});
