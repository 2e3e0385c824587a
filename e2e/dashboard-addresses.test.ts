import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaffAccount } from '#test/support/testLogin.ts';
import { expectAccessible } from './support/accessibility';
import { collectPageErrors, newContext, viewports, type ViewportName } from './support/browser';
import { useSiteAndBrowser } from './support/site';

const PASSWORD = 'office-password-for-tests-only';
const running = useSiteAndBrowser({ ADMIN_PASSWORD: PASSWORD, ENQUIRY_RATE_LIMIT: '1000' });

/** Each address of the Owner's dashboard, with its heading (decision 0036). */
const ownerSections: [path: string, heading: string][] = [
  ['/admin/enquiries/contact', 'Contact Form'],
  ['/admin/enquiries/admission', 'Admission Form'],
  ['/admin/follow-ups', 'Due today'],
  ['/admin/visits', 'Visits'],
  ['/admin/report', 'Admissions report'],
  ['/admin/parents-corner', 'Parents’ Corner'],
  ['/admin/spam', 'Spam'],
  ['/admin/data-requests', 'Data requests'],
  ['/admin/content', 'Site content'],
  ['/admin/staff', 'Staff'],
  ['/admin/activity', 'Activity'],
  ['/admin/account', 'Your account'],
];

const menu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

async function signIn(page: Page, password = PASSWORD, email = '') {
  if (email) await page.getByLabel('Email (optional)').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await menu(page).waitFor();
}

async function sendContacts(count: number) {
  for (let index = 0; index < count; index += 1) {
    const response = await fetch(`${running.site.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Parent Number ${index + 1}`,
        email: `parent${index + 1}@example.in`,
        phone: '9876543210',
        message: 'Is there a school bus from Thoraipakkam?',
      }),
    });
    expect(response.status).toBe(201);
  }
}

/** The one link of the menu marked as the page shown. */
const currentLink = (page: Page) => menu(page).locator('a[aria-current="page"]').textContent();

describe('the dashboard at its addresses', () => {
  it('the server answers every /admin address with the dashboard page, its headers and noindex', async () => {
    const admin = await fetch(`${running.site.url}/admin`);
    for (const path of [
      ...ownerSections.map(([address]) => address),
      '/admin/content/blog',
      '/admin/no-such-section',
    ]) {
      const response = await fetch(`${running.site.url}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain('content="noindex, follow"');
      expect(html, path).toContain('<link rel="canonical" href="');
      for (const header of [
        'content-type',
        'cache-control',
        'content-security-policy',
        'x-frame-options',
        'referrer-policy',
      ]) {
        expect(response.headers.get(header), `${path} ${header}`).toBe(admin.headers.get(header));
      }
    }
    expect((await fetch(`${running.site.url}/admin/staff/`, { redirect: 'manual' })).headers.get('location')).toBe(
      '/admin/staff',
    );
  });

  it(
    'a deep link opens its section after the sign-in, and /admin opens the enquiries',
    { timeout: 60_000 },
    async () => {
      const page = await running.page('desktop');
      const errors = collectPageErrors(page);
      try {
        await page.goto(`${running.site.url}/admin/staff`);
        await signIn(page);
        await heading(page, 'Staff').waitFor();
        expect(new URL(page.url()).pathname).toBe('/admin/staff');
        expect(await currentLink(page)).toBe('Staff');
        expect(await page.title()).toMatch(/^Staff — Staff Dashboard/);

        await page.goto(`${running.site.url}/admin`);
        await heading(page, 'Contact Form').waitFor();
        expect(new URL(page.url()).pathname).toBe('/admin/enquiries/contact');
        // The redirect replaced /admin: Back returns to the Staff section, not to /admin again.
        await page.goBack();
        await heading(page, 'Staff').waitFor();
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );

  it(
    'Back and Forward move between sections; a menu click names the section, marks it current and puts focus on its heading',
    { timeout: 60_000 },
    async () => {
      const page = await running.page('desktop');
      try {
        await page.goto(`${running.site.url}/admin`);
        await signIn(page);
        await heading(page, 'Contact Form').waitFor();
        await menu(page).getByRole('link', { name: /^Spam/ }).click();
        await heading(page, 'Spam').waitFor();
        await page.waitForFunction(
          () => document.activeElement?.tagName === 'H2' && document.activeElement.textContent === 'Spam',
        );
        expect(await currentLink(page)).toMatch(/^Spam/);
        expect(await page.title()).toMatch(/^Spam — Staff Dashboard/);
        await menu(page).getByRole('link', { name: 'Activity' }).click();
        await heading(page, 'Activity').waitFor();
        expect(await currentLink(page)).toBe('Activity');

        await page.goBack();
        await heading(page, 'Spam').waitFor();
        expect(new URL(page.url()).pathname).toBe('/admin/spam');
        expect(await currentLink(page)).toMatch(/^Spam/);
        expect(await page.title()).toMatch(/^Spam — Staff Dashboard/);
        await page.goBack();
        await heading(page, 'Contact Form').waitFor();
        await page.goForward();
        await heading(page, 'Spam').waitFor();
        expect(await menu(page).locator('a[aria-current]').count()).toBe(1);
      } finally {
        await page.close();
      }
    },
  );

  it(
    'a part of the site content names itself in the tab title, so that the history list tells the parts apart',
    { timeout: 60_000 },
    async () => {
      const page = await running.page('desktop');
      try {
        await page.goto(`${running.site.url}/admin/content/school-facts`);
        await signIn(page);
        await heading(page, 'Site content').waitFor();
        await expect.poll(() => page.title()).toMatch(/^School facts — Site content — Staff Dashboard/);
        await page.goto(`${running.site.url}/admin/content`);
        await heading(page, 'Site content').waitFor();
        await expect.poll(() => page.title()).toMatch(/^Site content — Staff Dashboard/);
      } finally {
        await page.close();
      }
    },
  );

  it(
    'on a phone the menu is one row that scrolls sideways, with the open section in view, and every section is reached from it',
    { timeout: 90_000 },
    async () => {
      const page = await running.page('phone');
      try {
        await page.goto(`${running.site.url}/admin/account`);
        await signIn(page);
        await heading(page, 'Your account').waitFor();
        const box = await menu(page).boundingBox();
        // One row of 44 px links, not a block of wrapped buttons above every section.
        expect(box?.height).toBeLessThan(70);
        const current = menu(page).locator('a[aria-current="page"]');
        const list = menu(page).getByRole('list');
        await expect
          .poll(async () => {
            const [link, shown] = [await current.boundingBox(), await list.boundingBox()];
            return Boolean(link && shown && link.x >= shown.x && link.x + link.width <= shown.x + shown.width + 1);
          })
          .toBe(true);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        ).toBeLessThanOrEqual(0);
        for (const [path, name] of ownerSections) {
          await menu(page)
            .getByRole('link', { name: new RegExp(`^${name}`) })
            .click();
          await heading(page, name).waitFor();
          expect(new URL(page.url()).pathname).toBe(path);
        }
        await expectAccessible(page);
      } finally {
        await page.close();
      }
    },
  );

  it('an unknown address under /admin is a plain not-found inside the dashboard, with a way back', async () => {
    const page = await running.page('phone');
    try {
      await page.goto(`${running.site.url}/admin/no-such-section`);
      await signIn(page);
      await heading(page, 'Page not found').waitFor();
      expect(await page.getByText('The dashboard has no page at this address.').count()).toBe(1);
      expect(await menu(page).locator('a[aria-current]').count()).toBe(0);
      await page.getByRole('link', { name: 'Go to Contact Form' }).click();
      await heading(page, 'Contact Form').waitFor();
    } finally {
      await page.close();
    }
  });

  it(
    'an Editor opening /admin/staff is told plainly it is not for their role, with a link to the site content; /admin opens the site content',
    { timeout: 60_000 },
    async () => {
      const editor = {
        email: 'divya.routes@example.in',
        name: 'Divya Routes',
        password: 'divya keeps a long password',
      };
      await addStaffAccount(running.site.services, { ...editor, role: 'editor' });
      const page = await running.page('desktop');
      try {
        await page.goto(`${running.site.url}/admin/staff`);
        await signIn(page, editor.password, editor.email);
        await heading(page, 'Staff').waitFor();
        expect(await page.getByText('Staff is not for your role (Editor).', { exact: false }).count()).toBe(1);
        expect(await page.getByRole('button', { name: 'Create account and link' }).count()).toBe(0);
        expect(await menu(page).getByRole('link').allTextContents()).toEqual(['Site content', 'Your account']);
        await expectAccessible(page);
        await page.getByRole('link', { name: 'Go to Site content' }).click();
        await heading(page, 'Site content').waitFor();
        expect(new URL(page.url()).pathname).toBe('/admin/content');
        await page.goto(`${running.site.url}/admin`);
        await heading(page, 'Site content').waitFor();
        expect(new URL(page.url()).pathname).toBe('/admin/content');
      } finally {
        await page.close();
      }
    },
  );

  describe.each(Object.keys(viewports) as ViewportName[])('at the %s viewport', (viewport) => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    beforeAll(async () => {
      if (viewport === 'desktop') await sendContacts(20);
      context = await newContext(running.browser, viewport);
      page = await context.newPage();
      errors = collectPageErrors(page);
      await page.goto(`${running.site.url}/admin`);
      await signIn(page);
    }, 60_000);
    afterAll(() => context?.close());

    // The site content's form is checked by site-content.test.ts, part by part by its own tests.
    it.each(ownerSections.filter(([, name]) => name !== 'Site content'))(
      '%s opens at its address, marked in the menu, as long as its content, without sideways scrolling, and passes both accessibility checkers',
      { timeout: 120_000 },
      async (path, name) => {
        await page.goto(`${running.site.url}${path}`);
        await heading(page, name).waitFor();
        expect(await currentLink(page)).toMatch(new RegExp(`^${name}`));
        expect(await page.title()).toMatch(new RegExp(`^${name} — Staff Dashboard`));
        // A section may load several parts at once (the follow-ups and the school holidays), each with its own status.
        await expect.poll(() => page.locator('.admin-section [role="status"]', { hasText: /Loading/ }).count()).toBe(0);
        const { width, height } = await page.evaluate(() => ({
          width: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          height: document.documentElement.scrollHeight,
        }));
        expect(width).toBeLessThanOrEqual(0);
        // With 20 enquiries the longest section is the contact list, shown 20 to a page.
        if (viewport === 'desktop') expect(height).toBeLessThan(5000);
        await expectAccessible(page);
        expect(errors).toEqual([]);
      },
    );
  });
});
