import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phoneRoles, schoolFactsHints, schoolFactsLabels, schoolFactsMessages } from '#shared/content/schoolFacts.ts';
import { addStaffAccount } from '#test/support/testLogin.ts';
import { startingContact } from '#test/support/schoolFacts.ts';
import { expectAccessible } from './support/accessibility';
import { collectPageErrors, newContext, viewports, type ViewportName } from './support/browser';
import { useSiteAndBrowser } from './support/site';

const running = useSiteAndBrowser();
const PASSWORD = 'divya keeps a long password';

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
/** The ids an element's aria-describedby names. */
const describedBy = async (locator: Locator) => ((await locator.getAttribute('aria-describedby')) ?? '').split(' ');

/** A number of each run's own, so the second run publishes a change too. */
const newNumbers: Record<ViewportName, { display: string; e164: string }> = {
  phone: { display: '+91 99620 11111', e164: '+919962011111' },
  desktop: { display: '099620 22222', e164: '+919962022222' },
};

describe.each(Object.keys(viewports) as ViewportName[])('school facts at the %s viewport', (viewport) => {
  it(
    "an Editor changes the admissions phone and adds a row of hours, publishes, and a fresh visitor's /contact shows and links the new number",
    { timeout: 180_000 },
    async () => {
      const editor = { email: `divya.facts.${viewport}@example.in`, name: `Divya ${viewport}` };
      await addStaffAccount(running.site.services, { ...editor, role: 'editor', password: PASSWORD });
      const context = await newContext(running.browser, viewport);
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const { display, e164 } = newNumbers[viewport];
      try {
        await page.goto(`${running.site.url}/admin/content/school-facts`);
        await page.getByLabel('Email (optional)').fill(editor.email);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Log in' }).click();
        const facts = page.getByRole('group', { name: 'School facts', exact: true });
        await facts.waitFor();

        // The admissions number, with the format in its hint; a number that cannot be read is refused beside it.
        const admissions = facts.getByRole('group', { name: phoneRoles[0].legend, exact: true });
        const number = admissions.getByLabel(schoolFactsLabels.phoneDisplay, { exact: true });
        expect(await number.inputValue()).toBe(startingContact.phones[0].display);
        expect(await admissions.getByText(schoolFactsHints.phoneDisplay).getAttribute('id')).toBe(
          (await describedBy(number))[0],
        );
        await number.fill('98400 1234');

        // A new row of hours: the cursor goes to its first day; a day already in another row is refused beside the row's days.
        const hours = facts.getByRole('group', { name: schoolFactsLabels.officeHours, exact: true });
        const rows = await hours.getByRole('group', { name: /^Hours \d+$/ }).count();
        await hours.getByRole('button', { name: schoolFactsLabels.addHours }).click();
        const row = hours.getByRole('group', { name: `Hours ${rows + 1}`, exact: true });
        expect(await isFocused(row.getByLabel('Monday', { exact: true }))).toBe(true);
        await row.getByLabel('Saturday', { exact: true }).check();
        await row.getByLabel(schoolFactsLabels.opens, { exact: true }).fill('14:00');
        await row.getByLabel(schoolFactsLabels.closes, { exact: true }).fill('13:00');

        await page.getByRole('button', { name: 'Publish' }).click();
        await admissions.getByText(schoolFactsMessages.phoneUnreadable).waitFor();
        expect(await number.getAttribute('aria-invalid')).toBe('true');
        expect(await describedBy(number)).toContain(await admissions.locator('.field__error').getAttribute('id'));
        await row.getByText(schoolFactsMessages.dayTwice).waitFor();
        await row.getByText(schoolFactsMessages.closesBeforeOpens).waitFor();
        expect(await row.getByLabel(schoolFactsLabels.closes, { exact: true }).getAttribute('aria-invalid')).toBe(
          'true',
        );
        expect(await scrollsSideways(page)).toBe(false);
        await expectAccessible(page);

        await number.fill(display);
        await row.getByLabel('Saturday', { exact: true }).uncheck();
        await row.getByLabel('Sunday', { exact: true }).check();
        await row.getByLabel(schoolFactsLabels.closes, { exact: true }).fill('16:30');
        // The label the site will print, written from the days and times.
        await row.getByText(`${schoolFactsLabels.shownAs} Sun 2:00 PM - 4:30 PM`).waitFor();
        await page.getByRole('button', { name: 'Publish' }).click();
        await page.getByText('Published: School facts. Every page shows it now.').waitFor();
        expect(await scrollsSideways(page)).toBe(false);
        await expectAccessible(page);

        // A fresh visitor: the new number shown and linked on /contact (the page as served, then hydrated), and in the footer.
        const visitorContext = await newContext(running.browser, viewport);
        const visitor = await visitorContext.newPage();
        const visitorErrors = collectPageErrors(visitor);
        await visitor.goto(`${running.site.url}/contact`);
        const main = visitor.locator('main');
        await expect(main.getByRole('link', { name: display, exact: true }).first().getAttribute('href')).resolves.toBe(
          `tel:${e164}`,
        );
        expect(await main.getByRole('link', { name: startingContact.phones[0].display }).count()).toBe(0);
        await expect(
          visitor.getByRole('contentinfo').getByRole('link', { name: display, exact: true }).getAttribute('href'),
        ).resolves.toBe(`tel:${e164}`);
        await main.getByText('Sun 2:00 PM - 4:30 PM').first().waitFor();
        expect(await main.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toContain(
          `https://wa.me/${e164.slice(1)}?`,
        );
        expect(visitorErrors).toEqual([]);
        await visitorContext.close();

        // Restore brings the facts before this run back: every run starts from the same site.
        await page.getByRole('link', { name: 'All parts of the site content' }).click();
        await page
          .getByRole('button', { name: /^Restore the version of/ })
          .first()
          .click();
        await page.getByText(/^Restored the version of .*: School facts\. Every page shows it now\.$/).waitFor();
        expect(await (await fetch(`${running.site.url}/contact`)).text()).not.toContain(e164);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
