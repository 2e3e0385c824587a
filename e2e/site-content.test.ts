import { describe, expect, it } from 'vitest';
import { prerenderPaths } from '#shared/routes.ts';
import { startingBlogPosts } from '#shared/content/blogPosts.ts';
import { startingSiteContent } from '#shared/content/siteContent.ts';
import { addStaffAccount } from '#test/support/testLogin.ts';
import { expectAccessible } from './support/accessibility';
import { collectPageErrors, newContext, viewports, type ViewportName } from './support/browser';
import { useSiteAndBrowser } from './support/site';

const running = useSiteAndBrowser();
const PASSWORD = 'divya keeps a long password';

/** Every page as a fresh visitor's first request gets it: the raw HTML, no script run. */
async function pagesWithout(text: string): Promise<string[]> {
  const paths = prerenderPaths(startingBlogPosts()).filter((path) => !path.includes('_unknown'));
  const pages = await Promise.all(
    paths.map(async (path) => [path, await (await fetch(`${running.site.url}${path}`)).text()] as const),
  );
  return pages.filter(([, html]) => !html.includes(text)).map(([path]) => path);
}

describe.each(Object.keys(viewports) as ViewportName[])('site content at the %s viewport', (viewport) => {
  it(
    'an Editor changes the banner and the admissions year, publishes, every page shows them at once, and a restore brings the old ones back',
    { timeout: 180_000 },
    async () => {
      const editor = { email: `divya.${viewport}@example.in`, name: `Divya Raj ${viewport}` };
      await addStaffAccount(running.site.services, { ...editor, role: 'editor', password: PASSWORD });
      const context = await newContext(running.browser, viewport);
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const text = `Admissions open for 2026-27 (${viewport}). Visit us on Saturday mornings.`;
      const before = (await running.site.services.sitePublisher.renderDocument('/')).includes(
        startingSiteContent().announcement.text,
      );
      expect(before).toBe(true);
      try {
        // Each part on a page of its own: the announcement first.
        await page.goto(`${running.site.url}/admin/content/announcement`);
        await page.getByLabel('Email (optional)').fill(editor.email);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.getByRole('heading', { name: 'Site content' }).waitFor();
        // An Editor works on the content only.
        expect(
          await page
            .getByRole('navigation', { name: 'Dashboard' })
            .getByRole('link', { name: /Contact Form|Admission Form|Spam/ })
            .count(),
        ).toBe(0);
        await expectAccessible(page);

        // Wrong first: the schema's messages, beside each field.
        await page.getByLabel('Announcement text').fill('');
        await page.getByRole('button', { name: 'Publish' }).click();
        await page.getByText('Please write the announcement.').waitFor();
        await page.getByLabel('Announcement text').fill(text);
        await page.getByRole('button', { name: 'Save draft' }).click();
        await page.getByText('Draft saved. Not yet on the site: Announcement.').waitFor();

        await page.getByRole('link', { name: 'All parts of the site content' }).click();
        await page
          .getByRole('navigation', { name: 'Parts of the site content' })
          .getByRole('link', { name: 'Admissions year' })
          .click();
        await page.getByLabel('Admissions year').fill('2026-2027');
        await page.getByRole('button', { name: 'Publish' }).click();
        await page.getByText('Please write the admissions year as two years, such as 2026-27.').waitFor();
        expect(await page.getByLabel('Admissions year').getAttribute('aria-invalid')).toBe('true');
        await expectAccessible(page);

        await page.getByLabel('Admissions year').fill('2026-27');
        await page.getByRole('button', { name: 'Save draft' }).click();
        await page.getByText('Draft saved. Not yet on the site: Announcement, Admissions year.').waitFor();
        // A draft is not on the site.
        expect(await pagesWithout(text)).toHaveLength(
          prerenderPaths(startingBlogPosts()).filter((path) => !path.includes('_unknown')).length,
        );
        // Any page can be previewed with the saved draft: chosen by its title, opened in a new tab.
        await page.getByLabel('Page to preview').selectOption({ label: 'Admissions (/admissions)' });
        const [previewTab] = await Promise.all([
          context.waitForEvent('page'),
          page.getByRole('link', { name: 'Preview saved draft (opens in a new tab)' }).click(),
        ]);
        await previewTab.waitForLoadState('domcontentloaded');
        expect(new URL(previewTab.url()).searchParams.get('path')).toBe('/admissions');
        expect(await previewTab.content()).toContain(text);
        // A still picture of the draft: nothing in it runs or fetches the application.
        expect(
          await previewTab.locator('script[type="module"], script#page-modules, link[rel="modulepreload"]').count(),
        ).toBe(0);
        expect(await previewTab.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/admissions$/);
        const preview = await context.request.get(previewTab.url());
        expect(preview.status()).toBe(200);
        expect(preview.headers()['cache-control']).toBe('no-store');
        await previewTab.close();

        await page.getByRole('button', { name: 'Publish' }).click();
        await page.getByText('Published: Announcement, Admissions year. Every page shows it now.').waitFor();
        expect(await pagesWithout(text)).toEqual([]);
        const admissions = await (await fetch(`${running.site.url}/admissions`)).text();
        expect(admissions).toContain('Admissions are open for the 2026-27 academic year.');
        expect(admissions).not.toContain('2025-26');

        // A fresh visitor: the new banner, hydrated without an error.
        const visitor = await context.newPage();
        const visitorErrors = collectPageErrors(visitor);
        await visitor.goto(`${running.site.url}/`);
        await visitor.getByRole('link', { name: text }).first().waitFor();
        expect(visitorErrors).toEqual([]);
        await visitor.close();

        // The published versions are listed with the parts.
        await page.getByRole('link', { name: 'All parts of the site content' }).click();
        await page
          .getByRole('button', { name: /^Restore the version of/ })
          .first()
          .click();
        await page.getByText(/^Restored the version of/).waitFor();
        expect(await pagesWithout(startingSiteContent().announcement.text)).toEqual([]);
        expect(errors).toEqual([]);
        await expectAccessible(page);
      } finally {
        await context.close();
      }
    },
  );
});
