import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schoolToday } from '#shared/time.ts';
import { formatSchoolDay } from '#shared/schoolTimes.ts';
import { followUpForNewEnquiry } from '#shared/admissions/followUp.ts';
import { holidayDayText } from '#shared/admissions/holidays.ts';
import { pipelinePlace, setFollowUp } from '#server/modules/enquiries/pipelineRepository.ts';
import { holidayDaysFrom } from '#server/modules/followUps/holidaysRepository.ts';
import { validAdmission } from '#test/support/enquiryTestData.ts';
import { insertTestAdmissions } from '#test/support/testEnquiries.ts';
import { postJson } from '#test/support/testLogin.ts';
import { expectAccessible } from './support/accessibility';
import { collectPageErrors, viewports, type ViewportName } from './support/browser';
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
  it(
    'lists the follow-ups due, overdue first, counted in the menu, and opens a family’s enquiry to change its date and WhatsApp the parent',
    { timeout: 120_000 },
    async () => {
      const db = running.site.services.storage.db;
      // The other viewport's families are no longer due.
      await db.updateTable('admission_pipeline').set({ follow_up_on: null }).execute();
      const [dueToday, overdue, later, waiting] = await insertTestAdmissions(db, [
        {
          studentName: 'Nila Subramanian',
          parentName: 'Revathi Subramanian',
          email: `revathi.${viewport}@example.in`,
          countryCode: '+971',
          phone: '501234567',
        },
        { studentName: 'Arjun Kumar', parentName: 'Kavitha Kumar', email: `kavitha.${viewport}@example.in` },
        { studentName: 'Not Yet Due', email: `later.${viewport}@example.in` },
        {
          studentName: 'Meera Iyer',
          parentName: 'Lakshmi Iyer',
          email: `lakshmi.${viewport}@example.in`,
          phone: '9840011111',
        },
      ]);
      const by = { changedAt: new Date().toISOString(), sessionId: null, accountId: null };
      await setFollowUp(db, dueToday!, daysAgo(0), by);
      await setFollowUp(db, overdue!, daysAgo(3), by);
      await setFollowUp(db, later!, daysAgo(-3), by);
      await db
        .updateTable('admission_pipeline')
        .set({ stage: 'waitlisted', stage_reason: 'Primary is full' })
        .where('enquiry_id', '=', waiting!)
        .execute();
      await setFollowUp(db, waiting!, daysAgo(1), by);

      const page = await running.page(viewport);
      const errors = collectPageErrors(page);
      try {
        await page.goto(`${running.site.url}/admin`);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Log in' }).click();
        const link = menu(page).getByRole('link', { name: /^Due today/ });
        await expect.poll(() => link.textContent(), { timeout: 15_000 }).toBe('Due today3 total');
        // With follow-ups due, the dashboard opens on them.
        await page.getByRole('heading', { level: 2, name: 'Due today' }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/admin/follow-ups');
        const entries = page.locator('.due-entry');
        await entries.first().waitFor();
        expect(await entries.locator('h3').allTextContents()).toEqual([
          'Arjun Kumar',
          'Meera Iyer',
          'Nila Subramanian',
        ]);
        expect(await entries.first().textContent()).toContain(`Overdue since ${formatSchoolDay(daysAgo(3))}`);
        expect(await entries.nth(2).textContent()).toContain('Due today');
        // A waitlisted family is called back too, marked by its stage.
        expect(await entries.nth(1).locator('.due-entry__stage').textContent()).toBe('Waitlisted');
        // A call list: one tap to call or WhatsApp each family.
        const nila = entries.nth(2);
        expect(
          await nila.getByRole('link', { name: 'Call Revathi Subramanian on +971 501234567' }).getAttribute('href'),
        ).toBe('tel:+971501234567');
        expect(
          await nila
            .getByRole('link', { name: 'WhatsApp Revathi Subramanian on +971 501234567 (opens in a new tab)' })
            .getAttribute('href'),
        ).toBe('https://wa.me/971501234567');
        for (const tap of await entries.getByRole('link').all())
          expect((await tap.boundingBox())?.height).toBeGreaterThanOrEqual(44);
        await page.screenshot({ path: `test-results/due-today-${viewport}.png` });
        // The school holidays below fit too: the page never grows wider than the screen (a phone's would widen to fit).
        await page.getByRole('region', { name: 'School holidays' }).getByRole('listitem').first().waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewports[viewport].width,
        );
        await expectAccessible(page);

        // The child's name opens the enquiry itself, not only the list searched for the family.
        await page.getByRole('link', { name: 'Nila Subramanian' }).click();
        await page.getByRole('heading', { level: 2, name: 'Admission Form' }).waitFor();
        const form = page.getByRole('form', { name: 'Follow-up for Nila Subramanian' }).first();
        await form.waitFor();
        const date = form.getByLabel('Follow-up date');
        expect(await date.inputValue()).toBe(daysAgo(0));
        // A day past is refused in a sentence, not saved to show as overdue.
        await date.fill(daysAgo(2));
        await form.getByRole('button', { name: 'Save date' }).click();
        await form.getByText('This day has passed. Please enter today or a later day.').waitFor();
        expect((await pipelinePlace(db, dueToday!))?.followUpOn).toBe(daysAgo(0));
        // The suggestion is one tap away.
        const suggested = followUpForNewEnquiry(schoolToday(), await holidayDaysFrom(db, schoolToday()));
        await form.getByRole('button', { name: `Use ${formatSchoolDay(suggested)}` }).click();
        await page
          .getByText(`Follow-up set for ${formatSchoolDay(suggested)}`)
          .first()
          .waitFor();
        expect((await pipelinePlace(db, dueToday!))?.followUpOn).toBe(suggested);
        await date.fill(daysAgo(-7));
        await form.getByRole('button', { name: 'Save date' }).click();
        await page
          .getByText(`Follow-up set for ${formatSchoolDay(daysAgo(-7))}`)
          .first()
          .waitFor();
        await expect
          .poll(
            () =>
              menu(page)
                .getByRole('link', { name: /^Due today/ })
                .textContent(),
            { timeout: 15_000 },
          )
          .toBe('Due today2 total');

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
        await page.close();
      }
    },
  );
});

describe('School holidays under Due today', () => {
  it(
    'lets the office add a holiday with the keyboard, which a new enquiry’s suggested follow-up then skips, and remove it again',
    { timeout: 120_000 },
    async () => {
      const db = running.site.services.storage.db;
      const today = schoolToday();
      const stored = await holidayDaysFrom(db, today);
      // The day a new enquiry's follow-up falls on today: the office makes it a holiday.
      const holiday = followUpForNewEnquiry(today, stored);
      const skipped = followUpForNewEnquiry(today, new Set([...stored, holiday]));
      const page = await running.page('desktop');
      const errors = collectPageErrors(page);
      const newEnquiry = async (email: string) => {
        const response = await postJson(
          `${running.site.url}/api/admission-enquiry`,
          validAdmission({ studentName: 'Kavin Raman', email }),
        );
        expect(response.status).toBe(201);
        return ((await response.json()) as { id: number }).id;
      };
      try {
        await page.goto(`${running.site.url}/admin`);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Log in' }).click();
        await menu(page)
          .getByRole('link', { name: /^Due today/ })
          .click();
        const section = page.getByRole('region', { name: 'School holidays' });
        await section.getByRole('heading', { level: 3, name: 'School holidays' }).waitFor();
        const form = section.getByRole('form', { name: 'Add a holiday' });
        const date = form.getByLabel('Date');
        const name = form.getByLabel('Name');

        // Sent empty: each field says what it needs, tied to it, and the cursor goes to the first.
        await name.focus();
        await page.keyboard.press('Enter');
        await form.getByText('Please enter the holiday’s date as a day, month and year.').waitFor();
        expect(await date.evaluate((element) => element === document.activeElement)).toBe(true);
        for (const [field, message] of [
          [date, 'Please enter the holiday’s date as a day, month and year.'],
          [name, 'Please enter the holiday’s name.'],
        ] as const) {
          expect(await field.getAttribute('aria-invalid')).toBe('true');
          const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
          expect(await page.locator(`[id="${describedBy}"]`).textContent()).toContain(message);
        }
        await expectAccessible(page);

        await date.fill(holiday);
        // (Tab inside Chromium's date field moves between its day, month and year.)
        await name.focus();
        await page.keyboard.type('Founders’ Day');
        await page.keyboard.press('Enter');
        const entry = section.getByRole('listitem').filter({ hasText: holidayDayText(holiday) });
        await entry.waitFor();
        expect(await entry.textContent()).toContain('Founders’ Day');
        expect(await name.inputValue()).toBe('');
        await expectAccessible(page);

        // The same day again is refused in plain words, on the date.
        await date.fill(holiday);
        await name.fill('Sports Day');
        await page.keyboard.press('Enter');
        await form.getByText(`${holidayDayText(holiday)} is already in the list, as Founders’ Day.`).waitFor();

        const skipping = await newEnquiry('kavin.skips@example.in');
        expect((await pipelinePlace(db, skipping))?.followUpOn).toBe(skipped);
        await page.goto(`${running.site.url}/admin/enquiries/admission?search=kavin.skips%40example.in`);
        await page.getByRole('button', { name: 'Kavin Raman' }).first().click();
        const followUp = page.getByRole('form', { name: 'Follow-up for Kavin Raman' }).first();
        expect(await followUp.getByLabel('Follow-up date').inputValue()).toBe(skipped);

        await page.goBack();
        const remove = section.getByRole('button', { name: `Remove ${holidayDayText(holiday)}, Founders’ Day` });
        await remove.focus();
        await page.keyboard.press('Enter');
        await entry.waitFor({ state: 'detached' });
        expect(
          await section
            .getByRole('heading', { level: 3 })
            .first()
            .evaluate((element) => element === document.activeElement),
        ).toBe(true);
        expect(await holidayDaysFrom(db, today)).toEqual(stored);
        const after = await newEnquiry('kavin.after@example.in');
        expect((await pipelinePlace(db, after))?.followUpOn).toBe(holiday);
        await expectAccessible(page);
        // Chromium reports the refused second add (409) as a console error; that one is expected.
        expect(errors).toEqual([
          'console: Failed to load resource: the server responded with a status of 409 (Conflict)',
        ]);
      } finally {
        await page.close();
      }
    },
  );
});
