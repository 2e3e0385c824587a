import { addDays, format, parseISO } from 'date-fns';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parentEvents, parentsCornerTexts } from '../src/content/parentsCorner';
import { pastEventNote } from '../src/shared/content/parts/events';
import { schoolToday } from '../src/shared/time';
import { latestRevision } from '../src/server/modules/content/repository';
import { addStaffAccount } from '../test/support/testLogin';
import { expectAccessible } from './support/accessibility';
import { collectPageErrors, newContext, viewports, type ViewportName } from './support/browser';
import { useSiteAndBrowser } from './support/site';
import { startingContact } from '../test/support/schoolFacts';

const parentsCorner = parentsCornerTexts(startingContact);

const running = useSiteAndBrowser();
const PASSWORD = 'divya keeps a long password';

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
/** Nothing wider than the screen: the form is usable on a phone without scrolling sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe.each(Object.keys(viewports) as ViewportName[])(
  "Parents' Corner events and notices at the %s viewport",
  (viewport) => {
    it(
      'an Editor adds an event and a notice, removes an event, publishes, and the page has them at once; past events are not on it',
      { timeout: 180_000 },
      async () => {
        const editor = { email: `meena.${viewport}@example.in`, name: `Meena ${viewport}` };
        await addStaffAccount(running.site.services, { ...editor, role: 'editor', password: PASSWORD });
        const context = await newContext(running.browser, viewport);
        const page = await context.newPage();
        const errors = collectPageErrors(page);
        const day = format(addDays(parseISO(schoolToday()), 10), 'yyyy-MM-dd');
        const added = {
          title: `Grandparents' Day (${viewport})`,
          text: 'Bring a grandparent to class for the morning.',
        };
        const notice = { title: `New bus route (${viewport})`, text: 'The school bus now stops at Besant Nagar.' };
        try {
          await page.goto(`${running.site.url}/admin/content/events`);
          await page.getByLabel('Email (optional)').fill(editor.email);
          await page.getByLabel('Password').fill(PASSWORD);
          await page.getByRole('button', { name: 'Log in' }).click();
          const events = page.getByRole('group', { name: 'Events', exact: true });
          await events.waitFor();
          const count = await events.getByRole('group').count();
          expect(count).toBeGreaterThan(0);

          // Add: the cursor goes to the new event's title. Publishing it blank shows the schema's messages beside its fields.
          await events.getByRole('button', { name: 'Add an event' }).click();
          const item = events.getByRole('group', { name: `Event ${count + 1}`, exact: true });
          const title = item.getByLabel('Title', { exact: true });
          expect(await isFocused(title)).toBe(true);
          await page.getByRole('button', { name: 'Publish' }).click();
          await item.getByText('Please give the event a title.').waitFor();
          await item.getByText('Please give the day of the event, such as 2026-12-05.').waitFor();
          await item.getByText('Please say a few words about the event.').waitFor();
          expect(await title.getAttribute('aria-invalid')).toBe('true');
          expect(await page.getByText('Please give the event a title.').count()).toBe(1);
          expect(await scrollsSideways(page)).toBe(false);
          await expectAccessible(page);

          await title.fill(added.title);
          await item.getByLabel('Date', { exact: true }).fill(day);
          await item.getByLabel('Text', { exact: true }).fill(added.text);

          // Remove names the item it removes, and returns the cursor to Add. The first starting event is past: the form says so.
          const first = events.getByRole('group', { name: 'Event 1', exact: true });
          expect((await first.getByLabel('Date', { exact: true }).inputValue()) < schoolToday()).toBe(true);
          expect(await first.getByLabel('Date', { exact: true }).getAttribute('aria-describedby')).toBe(
            await first.getByText(pastEventNote).getAttribute('id'),
          );
          expect(await item.getByText(pastEventNote).count()).toBe(0);
          const removed = await first.getByLabel('Title', { exact: true }).inputValue();
          await events.getByRole('button', { name: `Remove the event ${removed}`, exact: true }).click();
          expect(await events.getByRole('group').count()).toBe(count);
          expect(await isFocused(events.getByRole('button', { name: 'Add an event' }))).toBe(true);
          await expectAccessible(page);
          await page.getByRole('button', { name: 'Save draft' }).click();
          await page.getByText('Draft saved. Not yet on the site: Events.').waitFor();

          // The notices are a part of their own; Publish takes the saved events along.
          await page.getByRole('link', { name: 'All parts of the site content' }).click();
          await page
            .getByRole('navigation', { name: 'Parts of the site content' })
            .getByRole('link', { name: 'Notices' })
            .click();
          const notices = page.getByRole('group', { name: 'Notices', exact: true });
          await notices.getByRole('button', { name: 'Add a notice' }).click();
          const newNotice = notices.getByRole('group').last();
          await newNotice.getByLabel('Title', { exact: true }).fill(notice.title);
          await newNotice.getByLabel('Date', { exact: true }).fill(schoolToday());
          await newNotice.getByLabel('Text', { exact: true }).fill(notice.text);

          await page.getByRole('button', { name: 'Publish' }).click();
          await page.getByText('Published: Events, Notices. Every page shows it now.').waitFor();
          await page.getByRole('link', { name: 'All parts of the site content' }).click();
          await page
            .getByText(/: Events, Notices, by Meena/)
            .first()
            .waitFor();
          expect(
            (await latestRevision(running.site.services.storage.db))?.content.events.map((event) => event.title),
          ).not.toContain(removed);
          await expectAccessible(page);

          // The raw page a parent's first request gets: the new event and notice, no past event.
          const html = await (await fetch(`${running.site.url}/parents-corner`)).text();
          expect(html).toContain(`"title":${JSON.stringify(added.title)},"date":"${day}"`);
          expect(html).toContain(`"title":${JSON.stringify(notice.title)}`);
          const past = parentEvents.filter((event) => event.date < schoolToday());
          expect(past.length).toBeGreaterThan(0);
          for (const event of past) expect(html).not.toContain(event.title);

          // And a parent who logs in sees it, hydrated without an error.
          const visitor = await context.newPage();
          const visitorErrors = collectPageErrors(visitor);
          await visitor.goto(`${running.site.url}/parents-corner`);
          await visitor.getByLabel(parentsCorner.login.usernameLabel).fill('a parent');
          await visitor.getByLabel(parentsCorner.login.passwordLabel).fill('any words');
          await visitor.getByRole('button', { name: parentsCorner.login.submitLabel }).click();
          await visitor.getByRole('heading', { name: added.title }).waitFor();
          await visitor.getByRole('heading', { name: notice.title }).waitFor();
          expect(
            await visitor
              .locator('.portal-events__item', { hasText: added.title })
              .locator(`time[datetime="${day}"]`)
              .count(),
          ).toBe(1);
          expect(visitorErrors).toEqual([]);
          await expectAccessible(visitor);
          await visitor.close();
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      },
    );
  },
);
