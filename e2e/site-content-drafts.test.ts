import type { Dialog, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { previewBanner } from '#shared/content/preview.ts';
import { readDraft } from '#server/modules/content/repository.ts';
import { addStaffAccount } from '#test/support/testLogin.ts';
import { expectAccessible } from './support/accessibility';
import { collectPageErrors, newContext } from './support/browser';
import { useSiteAndBrowser } from './support/site';

const running = useSiteAndBrowser();
const PASSWORD = 'farida keeps a long password';
const editor = { email: 'farida@example.in', name: 'Farida Khan' };

const status = (page: Page) => page.locator('.site-content__state').textContent();
const text = (page: Page) => page.getByLabel('Announcement text');

async function logIn(page: Page) {
  await page.getByLabel('Email (optional)').fill(editor.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('a part of the site content on its own page', () => {
  it(
    'shows that part only, says truthfully what is saved, asks before leaving, and keeps what was typed through a reload and the end of the session',
    { timeout: 180_000 },
    async () => {
      await addStaffAccount(running.site.services, { ...editor, role: 'editor', password: PASSWORD });
      const context = await newContext(running.browser, 'desktop');
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const dialogs: Dialog[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog);
        // Stay, whatever is asked: the test answers "leave" itself where it means to.
        if (dialog.type() === 'beforeunload') void dialog.accept();
        else void dialog.dismiss();
      });
      const typed = 'Open day on Saturday 6 December: come and see the classrooms.';
      try {
        await page.goto(`${running.site.url}/admin/content/announcement`);
        await logIn(page);
        await text(page).waitFor();
        // Only this part: no other part's fields.
        expect(await page.getByLabel('Admissions year').count()).toBe(0);
        expect(await page.getByRole('group', { name: 'Events', exact: true }).count()).toBe(0);
        expect(await page.getByRole('group', { name: 'Announcement banner' }).count()).toBe(1);
        // Nothing typed yet: the announcement is as on the site.
        expect(await status(page)).toBe('On the site: visitors see what is here.');
        await expectAccessible(page);

        await text(page).fill(typed);
        expect(await status(page)).toBe(
          'Changes not saved yet: they are only in this browser. Save a draft to keep them.',
        );
        // Leaving by the dashboard's own link asks first; staying keeps the text.
        await page.getByRole('link', { name: 'All parts of the site content' }).click();
        await expect
          .poll(() => dialogs.map((dialog) => dialog.message()))
          .toEqual(['Your changes to the announcement are not saved yet. Leave this page and lose them?']);
        expect(new URL(page.url()).pathname).toBe('/admin/content/announcement');
        expect(await text(page).inputValue()).toBe(typed);

        // A reload (the browser asks first) brings the text back, and says so.
        await page.reload();
        await text(page).waitFor();
        expect(await text(page).inputValue()).toBe(typed);
        await page.getByText('Restored what you had not saved.').waitFor();
        expect(await status(page)).toBe(
          'Changes not saved yet: they are only in this browser. Save a draft to keep them.',
        );

        // The session ends (here: its cookie gone); signing in again finds the text where it was.
        await context.clearCookies();
        await page.reload();
        await logIn(page);
        await text(page).waitFor();
        expect(await text(page).inputValue()).toBe(typed);

        await page.getByRole('button', { name: 'Save draft' }).click();
        await page.getByText('Draft saved. Not yet on the site: Announcement.').waitFor();
        expect(await page.getByText('Restored what you had not saved.').count()).toBe(0);
        await text(page).fill(`${typed} All welcome.`);
        expect(await status(page)).toBe(
          'Changes not saved yet: they are only in this browser. Save a draft to keep them.',
        );
        await text(page).fill(typed);
        expect(await status(page)).toBe('Saved as a draft, not on the site yet.');

        // The preview says it is one, with when the draft was saved.
        const [preview] = await Promise.all([
          context.waitForEvent('page'),
          page.getByRole('link', { name: 'Preview saved draft (opens in a new tab)' }).click(),
        ]);
        await preview.waitForLoadState('domcontentloaded');
        const saved = await readDraft(running.site.services.storage.db);
        expect(await preview.locator('body > .draft-preview-banner').textContent()).toBe(
          previewBanner(saved?.updatedAt),
        );
        expect(previewBanner(saved?.updatedAt)).toMatch(/^Draft preview — not on the site yet\. Saved \w+ \d+, \d{4} /);
        expect(await preview.content()).toContain(typed);
        await preview.close();

        // The parts' list: each part, and whether it holds changes not on the site. Nothing unsaved now: no question.
        dialogs.length = 0;
        await page.getByRole('link', { name: 'All parts of the site content' }).click();
        const parts = page.getByRole('navigation', { name: 'Parts of the site content' });
        await parts.waitFor();
        expect(dialogs).toEqual([]);
        expect(await parts.getByRole('listitem').filter({ hasText: 'Announcement' }).textContent()).toBe(
          'AnnouncementSaved as a draft, not on the site yet',
        );
        expect(await parts.getByRole('listitem').filter({ hasText: 'Testimonials' }).textContent()).toBe(
          'TestimonialsOn the site',
        );
        expect(await parts.getByRole('link', { name: 'School facts' }).getAttribute('href')).toBe(
          '/admin/content/school-facts',
        );
        await expectAccessible(page);

        // Another part's page says that Publish takes the saved announcement along.
        await parts.getByRole('link', { name: 'Admissions year' }).click();
        await page
          .getByText('Publish puts this part on the site as it is here, and with it the drafts saved in Announcement.')
          .waitFor();
        expect(await page.getByLabel('Announcement text').count()).toBe(0);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

describe('a long edit', () => {
  it(
    'keeps the session open while someone types: a light call at most every 4 minutes of typing, none while nobody types',
    { timeout: 120_000 },
    async () => {
      await addStaffAccount(running.site.services, {
        ...editor,
        email: 'keeps.typing@example.in',
        role: 'editor',
        password: PASSWORD,
      });
      const context = await newContext(running.browser, 'desktop');
      const page = await context.newPage();
      // The page's clock only: the server's sessions keep real time.
      await page.clock.install();
      const calls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('content.revisions')) calls.push(request.url());
      });
      try {
        await page.goto(`${running.site.url}/admin/content/announcement`);
        await page.getByLabel('Email (optional)').fill('keeps.typing@example.in');
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Log in' }).click();
        await text(page).waitFor();
        await page.waitForLoadState('networkidle');
        const before = calls.length;

        await text(page).fill('Open day on Saturday');
        await page.clock.fastForward('03:00');
        await text(page).fill('Open day on Saturday 6');
        await page.waitForTimeout(300);
        expect(calls.length - before, 'within 4 minutes of the page opening: no call').toBe(0);

        await page.clock.fastForward('02:00');
        await text(page).fill('Open day on Saturday 6 December');
        await expect.poll(() => calls.length - before).toBe(1);
        await text(page).fill('Open day on Saturday 6 December: come');
        await page.waitForTimeout(300);
        expect(calls.length - before, 'right after a call: none').toBe(1);

        // Nobody types for ten minutes: no call keeps an abandoned page signed in.
        await page.clock.fastForward('10:00');
        await page.waitForTimeout(300);
        expect(calls.length - before).toBe(1);
        await text(page).fill('Open day on Saturday 6 December: come and see');
        await expect.poll(() => calls.length - before).toBe(2);
      } finally {
        await context.close();
      }
    },
  );
});
