import { describe, expect, it } from 'vitest';
import { birthDateWindow, exactAgeText } from '#shared/enquiries/birthDate.ts';
import { programAgeHint } from '#shared/enquiries/programAge.ts';
import { accessibilityViolations, describeViolations } from './support/accessibility';
import { collectPageErrors } from './support/browser';
import {
  admissionRows,
  descriptionOf,
  focusedField,
  holdProcedure,
  waitForInteractiveForm,
} from './support/enquiryForms';
import { useSiteAndBrowser } from './support/site';

const running = useSiteAndBrowser({ ENQUIRY_MIN_FILL_SECONDS: '0' });

const { earliest, latest } = birthDateWindow();
const [latestYear] = latest.split('-').map(Number) as [number];
const [earliestYear] = earliest.split('-').map(Number) as [number];
const birthYear = latestYear - 4;
const birthDate = `${birthYear}-05-14`;

describe.each(['phone', 'desktop'] as const)('admission enquiry form on a %s', (viewport) => {
  it('shows the spec messages by their fields, then sends, stores and starts again', async () => {
    const email = `admission-${viewport}@example.com`;
    const page = await running.page(viewport);
    const errors = collectPageErrors(page);
    await page.goto(`${running.site.url}/admission-enquiry`);
    const firstKey = await waitForInteractiveForm(page);
    const form = page.getByRole('form', { name: 'Admission enquiry form' });
    // Hydration leaves the parent or guardian box as the page showed it: not ticked.
    expect(await form.getByLabel("I am this child's parent or guardian").isChecked()).toBe(false);

    // The picker offers only the last 16 years, newest first.
    const years = await form.getByLabel('Year').locator('option').allTextContents();
    expect(years.slice(1)).toEqual(
      Array.from({ length: latestYear - earliestYear + 1 }, (_, index) => String(latestYear - index)),
    );
    await form.getByLabel('Year').selectOption(String(latestYear));
    const months = await form.getByLabel('Month').locator('option').count();
    expect(months - 1).toBe(Number(latest.split('-')[1]));
    await form.getByLabel('Year').selectOption('');

    await form.getByLabel("Student's Name").fill('A');
    await form.getByLabel('Email Address').fill('parent@');
    await form.getByLabel('Phone Number').fill('abcd');
    await form.getByRole('button', { name: 'Submit Enquiry' }).click();

    // The error summary takes focus; its first link leads to the first field to fix.
    const summary = form.locator('.error-summary');
    await summary.waitFor();
    expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);
    await summary.getByRole('link').first().click();
    expect(await focusedField(page)).toBe('studentName');
    expect(await descriptionOf(page, 'input[name="studentName"]')).toBe("Student's name must be at least 2 characters");
    expect(await descriptionOf(page, '[data-field="birthDate"]')).toBe('Please select a birth date');
    expect(await descriptionOf(page, 'input[name="parentName"]')).toBe("Parent's name must be at least 2 characters");
    expect(await descriptionOf(page, 'input[name="email"]')).toBe('Please enter a valid email address');
    expect(await descriptionOf(page, 'input[name="phone"]')).toContain('Phone number must contain only digits');
    expect(await descriptionOf(page, 'select[name="programOfInterest"]')).toBe('Please select a program');
    expect(await descriptionOf(page, 'input[name="guardianConfirmed"]')).toBe(
      "Please confirm that you are the child's parent or guardian",
    );
    expect(await form.locator('textarea[name="message"]').getAttribute('aria-invalid')).toBeNull();
    const withErrors = await accessibilityViolations(page);
    expect(withErrors, describeViolations(withErrors)).toEqual([]);

    // At the next try the summary lists only what is still wrong, the birth date first, and takes focus again.
    await form.getByLabel("Student's Name").fill('Aadhya');
    await form.getByRole('button', { name: 'Submit Enquiry' }).click();
    await expect.poll(() => summary.getByRole('link').first().textContent()).toBe('Please select a birth date');
    expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);
    await summary.getByRole('link').first().click();
    expect(await focusedField(page)).toBe('birthDate');

    await form.getByLabel('Year').selectOption(String(birthYear));
    await form.getByLabel('Month').selectOption('5');
    await form.getByLabel('Day').selectOption('14');
    await form.getByText(`Age today: ${exactAgeText(birthDate)}`).waitFor();
    await form.getByLabel("Parent's Name").fill('Lakshmi Narayanan');
    await form.getByLabel('Email Address').fill(email);
    await form.getByLabel('Phone Number').fill('9840012345');
    await form.getByLabel('Best Time to Call You').selectOption('evening');
    // A child of 4 chosen for the Toddler Community: a hint, tied to the choice and announced, never a refusal.
    const program = form.getByLabel('Program of Interest');
    await program.selectOption('toddler');
    const ageHint = programAgeHint('toddler', birthDate)!;
    await expect.poll(() => descriptionOf(page, 'select[name="programOfInterest"]')).toBe(ageHint);
    expect(await form.locator('[aria-live="polite"]').filter({ hasText: ageHint }).count()).toBe(1);
    expect(await program.getAttribute('aria-invalid')).toBeNull();
    await program.selectOption('primary');
    await expect.poll(() => descriptionOf(page, 'select[name="programOfInterest"]')).toBe('');
    await form.getByRole('textbox', { name: /Message/ }).fill('We live in Thoraipakkam.');
    await form.getByLabel("I am this child's parent or guardian").check();
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(0);

    const release = await holdProcedure(page, 'enquiries.submitAdmission');
    await form.getByRole('button', { name: 'Submit Enquiry' }).click();
    const sending = form.getByRole('button', { name: 'Sending...' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();

    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
    const toast = page.locator('.toaster [aria-live="polite"] .toast');
    await toast.getByText('Success!').waitFor();
    expect(await toast.textContent()).toContain("Your admission enquiry has been received. We'll be in touch soon.");
    // F8 moves focus to the notifications.
    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.closest('.toaster') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await toast.waitFor({ state: 'detached', timeout: 1000 });

    const rows = await admissionRows(running.site, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      student_name: 'Aadhya',
      birth_date: birthDate,
      parent_name: 'Lakshmi Narayanan',
      country_code: '+91',
      phone: '9840012345',
      preferred_call_time: 'evening',
      program_of_interest: 'primary',
      message: 'We live in Thoraipakkam.',
      guardian_confirmed: 'yes',
      status: 'pending',
      is_read: 0,
      idempotency_key: firstKey,
    });
    const onSuccess = await accessibilityViolations(page);
    expect(onSuccess, describeViolations(onSuccess)).toEqual([]);

    await page.getByRole('button', { name: 'Submit Another Enquiry' }).click();
    await form.getByLabel("Student's Name").waitFor();
    expect(await form.getByLabel("Student's Name").inputValue()).toBe('');
    expect(await form.getByLabel('Year').inputValue()).toBe('');
    expect(await form.getByLabel('Program of Interest').inputValue()).toBe('');
    expect(await form.getByLabel('Best Time to Call You').inputValue()).toBe('');
    expect(await form.locator('input[name="birthDate"]').inputValue()).toBe('');
    expect(await form.getByLabel("I am this child's parent or guardian").isChecked()).toBe(false);
    expect(await form.locator('input[name="idempotencyKey"]').inputValue()).not.toBe(firstKey);

    expect(errors).toEqual([]);
    await page.close();
  });
});

it('shows a destructive error toast and keeps the form when the server refuses', async () => {
  const page = await running.page('desktop');
  await page.goto(`${running.site.url}/admission-enquiry`);
  await waitForInteractiveForm(page);
  await page.route('**/api/trpc/enquiries.submitAdmission*', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({
        error: {
          json: {
            message: 'Too many enquiries have been sent from your connection.',
            code: -32029,
            data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 },
          },
        },
      }),
    }),
  );
  await page.getByLabel("Student's Name").fill('Aadhya');
  await page.getByLabel('Year').selectOption(String(birthYear));
  await page.getByLabel('Month').selectOption('5');
  await page.getByLabel('Day').selectOption('14');
  await page.getByLabel("Parent's Name").fill('Lakshmi Narayanan');
  await page.getByLabel('Email Address').fill('refused@example.com');
  await page.getByLabel('Phone Number').fill('9840012345');
  await page.getByLabel('Program of Interest').selectOption('toddler');
  await page.getByLabel("I am this child's parent or guardian").check();
  await page.getByRole('button', { name: 'Submit Enquiry' }).click();
  const toast = page.locator('.toaster [role="alert"] .toast');
  await toast.getByText('Error').waitFor();
  expect(await toast.textContent()).toContain('Too many enquiries have been sent from your connection.');
  expect(await page.getByRole('button', { name: 'Submit Enquiry' }).isEnabled()).toBe(true);
  expect(await page.getByLabel("Parent's Name").inputValue()).toBe('Lakshmi Narayanan');
  expect(await admissionRows(running.site, 'refused@example.com')).toHaveLength(0);
  await page.close();
});

it('keeps typed-but-unsent answers through a reload, the unticked guardian box included', async () => {
  const page = await running.page('phone');
  await page.goto(`${running.site.url}/admission-enquiry`);
  const key = await waitForInteractiveForm(page);
  await page.getByLabel("Student's Name").fill('Aadhya');
  await page.getByLabel('Year').selectOption(String(birthYear));
  await page.getByLabel('Month').selectOption('5');
  await page.getByLabel('Day').selectOption('14');
  await page.getByLabel("Parent's Name").fill('Lakshmi Narayanan');
  await page.reload();
  expect(await waitForInteractiveForm(page)).toBe(key);
  expect(await page.getByLabel("Student's Name").inputValue()).toBe('Aadhya');
  expect([
    await page.getByLabel('Year').inputValue(),
    await page.getByLabel('Month').inputValue(),
    await page.getByLabel('Day').inputValue(),
  ]).toEqual([String(birthYear), '5', '14']);
  expect(await page.getByLabel("Parent's Name").inputValue()).toBe('Lakshmi Narayanan');
  expect(await page.getByLabel("I am this child's parent or guardian").isChecked()).toBe(false);
  await page.close();
});
