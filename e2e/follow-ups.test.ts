import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schoolToday } from '../src/shared/time';
import { formatSchoolDay } from '../src/shared/schoolTimes';
import { setFollowUp } from '../src/server/storage/admissionPipeline';
import { insertTestAdmissions } from '../test/support/testEnquiries';
import { expectAccessible } from './support/accessibility';
import { collectPageErrors, newContext, viewports, type ViewportName } from './support/browser';
import { useSiteAndBrowser } from './support/site';

const PASSWORD = 'office-password-for-tests-only';
const running = useSiteAndBrowser({ ADMIN_PASSWORD: PASSWORD });

/** A school calendar day `days` before today at the school. */
function daysAgo(days: number): string {
  const [year, month, date] = schoolToday().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date - days)).toISOString().slice(0, 10);
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

describe.each(Object.keys(viewports) as ViewportName[])('Due today at the %s viewport', (viewport) => {
  it('lists the follow-ups due, overdue first, counted in the menu, and opens a family’s enquiry to change its date and WhatsApp the parent', { timeout: 120_000 }, async () => {
    const db = running.site.services.storage.db;
    // The other viewport's families are no longer due.
    await db.updateTable('admission_pipeline').set({ follow_up_on: null }).execute();
    const [dueToday, overdue, later] = await insertTestAdmissions(db, [
      { studentName: 'Nila Subramanian', parentName: 'Revathi Subramanian', email: `revathi.${viewport}@example.in`, countryCode: '+971', phone: '501234567' },
      { studentName: 'Arjun Kumar', parentName: 'Kavitha Kumar', email: `kavitha.${viewport}@example.in` },
      { studentName: 'Not Yet Due', email: `later.${viewport}@example.in` },
    ]);
    const by = { changedAt: new Date().toISOString(), sessionId: null, accountId: null };
    await setFollowUp(db, dueToday!, daysAgo(0), by);
    await setFollowUp(db, overdue!, daysAgo(3), by);
    await setFollowUp(db, later!, daysAgo(-3), by);

    const context = await newContext(running.browser, viewport);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    try {
      await page.goto(`${running.site.url}/admin`);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      const link = menu(page).getByRole('link', { name: /^Due today/ });
      await expect.poll(() => link.textContent(), { timeout: 15_000 }).toBe('Due today2 total');
      await link.click();
      await page.getByRole('heading', { level: 2, name: 'Due today' }).waitFor();
      const entries = page.locator('.due-entry');
      await entries.first().waitFor();
      expect(await entries.locator('h3').allTextContents()).toEqual(['Arjun Kumar', 'Nila Subramanian']);
      expect(await entries.first().textContent()).toContain(`Overdue since ${formatSchoolDay(daysAgo(3))}`);
      expect(await entries.nth(1).textContent()).toContain('Due today');
      await expectAccessible(page);

      await page.getByRole('link', { name: 'Nila Subramanian' }).click();
      await page.getByRole('heading', { level: 2, name: 'Admission Form' }).waitFor();
      await page.getByRole('button', { name: 'Nila Subramanian' }).first().click();
      const form = page.getByRole('form', { name: 'Follow-up for Nila Subramanian' }).first();
      await form.waitFor();
      const date = form.getByLabel('Follow-up date');
      expect(await date.inputValue()).toBe(daysAgo(0));
      await date.fill(daysAgo(-7));
      await form.getByRole('button', { name: 'Save date' }).click();
      await page.getByText(`Follow-up set for ${formatSchoolDay(daysAgo(-7))}`).first().waitFor();
      await expect.poll(() => menu(page).getByRole('link', { name: /^Due today/ }).textContent(), { timeout: 15_000 }).toBe('Due today1 total');

      const whatsApp = page.locator('details.whatsapp-parent').first();
      await whatsApp.locator('summary').click();
      const message = whatsApp.getByLabel('Message to Revathi Subramanian');
      expect(await message.inputValue()).toContain('thank you for your enquiry about Nila Subramanian');
      await message.fill('Hello, may we call you at 5 PM?');
      const href = await whatsApp.getByRole('link', { name: /Open in WhatsApp/ }).getAttribute('href');
      expect(href).toBe('https://wa.me/971501234567?text=Hello%2C%20may%20we%20call%20you%20at%205%20PM%3F');
      await expectAccessible(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
