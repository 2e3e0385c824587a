import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { blogPostLabels, blogPostsTexts, startingBlogPosts } from '#shared/content/blogPosts.ts';
import { photoFieldText } from '#shared/content/photoUploads.ts';
import { latestRevision } from '#server/modules/content/repository.ts';
import { addStaffAccount } from '#test/support/testLogin.ts';
import { phoneJpeg } from '#test/support/photoTestData.ts';
import { expectAccessible } from './support/accessibility';
import { collectPageErrors, newContext, openPage, viewports, type ViewportName } from './support/browser';
import { useSiteAndBrowser } from './support/site';

const running = useSiteAndBrowser();
const PASSWORD = 'divya keeps a long password';

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

async function logIn(page: Page, email: string) {
  await page.goto(`${running.site.url}/admin/content/blog-posts`);
  await page.getByLabel('Email (optional)').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('group', { name: blogPostsTexts.heading, exact: true }).waitFor();
}

/** What a visitor's first request gets, unfollowed. */
const get = (path: string) => fetch(`${running.site.url}${path}`, { redirect: 'manual' });

describe.each(Object.keys(viewports) as ViewportName[])('blog posts at the %s viewport', (viewport) => {
  it(
    'an Editor writes a post in Markdown with a script and a javascript: link, publishes, and a fresh visitor runs neither',
    { timeout: 240_000 },
    async () => {
      const editor = { email: `divya.blog.${viewport}@example.in`, name: `Divya ${viewport}` };
      await addStaffAccount(running.site.services, { ...editor, role: 'editor', password: PASSWORD });
      const page = await running.page(viewport);
      const errors = collectPageErrors(page);
      const title = `Our Sports Day ${viewport}`;
      const slug = `our-sports-day-${viewport}`;
      const body = [
        `## On the field (${viewport})`,
        '',
        'Races for everyone <script>alert(1)</script> and more.',
        '',
        '[x](javascript:alert(1)) and [the rules](https://example.org/rules).',
      ].join('\n');
      try {
        await logIn(page, editor.email);
        const posts = page.getByRole('group', { name: blogPostsTexts.heading, exact: true });
        const before = await posts.getByRole('group', { name: /^Post \d+/ }).count();
        expect(before).toBe(
          ((await latestRevision(running.site.services.storage.db))?.content.blogPosts ?? startingBlogPosts()).length,
        );

        // Add: a new post comes first, the cursor in its title. Publishing it blank puts the schema's messages beside its fields.
        await posts.getByRole('button', { name: blogPostsTexts.add }).click();
        const post = posts.getByRole('group', { name: /^Post 1(:|$)/ });
        const titleField = post.getByLabel(blogPostLabels.title, { exact: true });
        expect(await titleField.evaluate((element) => element === document.activeElement)).toBe(true);
        await page.getByRole('button', { name: 'Publish' }).click();
        await post.getByText('Please give the post a title.').waitFor();
        await post.getByText('Please choose a photo.').waitFor();
        await post.getByText('Please write the post.').waitFor();
        expect(await titleField.getAttribute('aria-invalid')).toBe('true');
        expect(await scrollsSideways(page)).toBe(false);
        await expectAccessible(page);

        // The address follows the title of a new post; a taken one is refused beside the field.
        await titleField.fill(title);
        const slugField = post.getByLabel(blogPostLabels.slug, { exact: true });
        expect(await slugField.inputValue()).toBe(slug);
        const taken = startingBlogPosts()[1];
        if (!taken) throw new Error('The starting content has posts');
        await slugField.fill(taken.slug);
        await post.getByLabel(blogPostLabels.excerpt, { exact: true }).fill('Races, cheers and a lot of dust.');
        await post.getByLabel(blogPostLabels.body, { exact: true }).fill(body);
        await post.getByLabel(photoFieldText.choose).setInputFiles({
          name: 'sports.jpg',
          mimeType: 'image/jpeg',
          buffer: await phoneJpeg({ width: 1200, height: 900 }),
        });
        await post.getByText(photoFieldText.uploaded).waitFor({ timeout: 30_000 });
        await post.getByLabel(photoFieldText.alt).fill('Children running a race on the school field');
        await page.getByRole('button', { name: 'Publish' }).click();
        await post.getByText(`already has the address /blog/${taken.slug}`, { exact: false }).waitFor();
        expect(await slugField.getAttribute('aria-invalid')).toBe('true');
        await expectAccessible(page);

        await slugField.fill(slug);
        await page.getByRole('button', { name: 'Publish' }).click();
        await page.getByText('Published: Blog posts. Every page shows it now.').waitFor();
        expect(errors).toEqual([]);

        // A fresh visitor: the text is there, no script ran, no javascript: link exists.
        const visitor = await (await newContext(running.browser, viewport)).newPage();
        const visitorErrors = collectPageErrors(visitor);
        const dialogs: string[] = [];
        visitor.on('dialog', (dialog) => {
          dialogs.push(dialog.message());
          void dialog.dismiss();
        });
        expect(await openPage(visitor, `${running.site.url}/blog/${slug}`)).toBe(200);
        await visitor.getByRole('heading', { level: 1, name: title }).waitFor();
        await visitor.getByRole('heading', { level: 2, name: `On the field (${viewport})` }).waitFor();
        await visitor.getByText('Races for everyone <script>alert(1)</script> and more.').waitFor();
        await visitor.getByText('[x](javascript:alert(1))', { exact: false }).waitFor();
        const links = await visitor
          .locator('.blog-body a')
          .evaluateAll((anchors) => anchors.map((anchor) => [anchor.getAttribute('href'), anchor.getAttribute('rel')]));
        expect(links).toEqual([['https://example.org/rules', 'noopener noreferrer']]);
        expect(await visitor.locator('[href^="javascript:" i], [src^="javascript:" i]').count()).toBe(0);
        expect(await visitor.locator('.blog-body script, .blog-body [onerror], .blog-body [onclick]').count()).toBe(0);
        // The cover picture is the uploaded photo, with its size set.
        const cover = visitor.locator('.blog-post__image');
        expect(await cover.getAttribute('src')).toMatch(/^\/media\/photos\/[0-9a-f]{24}-\d+\.jpg$/);
        expect(await cover.getAttribute('width')).not.toBeNull();
        await visitor.waitForTimeout(500);
        expect(dialogs).toEqual([]);
        expect(visitorErrors).toEqual([]);
        await expectAccessible(visitor);
        // The blog page lists it first, its heading under the post's own (h2 → h3).
        await openPage(visitor, `${running.site.url}/blog`);
        await visitor.getByRole('heading', { level: 2, name: title }).waitFor();
        expect(
          await visitor
            .getByRole('heading', { level: 3, name: `On the field (${viewport})`, includeHidden: true })
            .count(),
        ).toBe(1);
        // Moving to the post in the browser: its title in the tab comes with its page data.
        await visitor.getByRole('link', { name: title }).click();
        await visitor.waitForFunction((expected) => document.title.startsWith(expected), title);
        expect(dialogs).toEqual([]);
        await visitor.context().close();

        // The raw HTML: the script is text, the link is none.
        const html = await (await get(`/blog/${slug}`)).text();
        expect(html).not.toMatch(/<script>alert|href="javascript:/i);
        expect((await (await get('/sitemap.xml')).text()).includes(`/blog/${slug}</loc>`)).toBe(true);
      } finally {
        await page.close();
      }
    },
  );

  it(
    'a renamed post: the old address answers 301 to the new one, the sitemap lists only the new, the dashboard shows the old',
    { timeout: 180_000 },
    async () => {
      const editor = { email: `divya.rename.${viewport}@example.in`, name: `Divya R ${viewport}` };
      await addStaffAccount(running.site.services, { ...editor, role: 'editor', password: PASSWORD });
      const page = await running.page(viewport);
      const errors = collectPageErrors(page);
      const published =
        (await latestRevision(running.site.services.storage.db))?.content.blogPosts ?? startingBlogPosts();
      const target = published.at(-1);
      if (!target) throw new Error('There are posts');
      const newSlug = `${target.slug}-${viewport}`;
      // A parent who opened the blog before the rename still has the old address in the list.
      const reader = await page.context().newPage();
      try {
        await openPage(reader, `${running.site.url}/blog`);
        await logIn(page, editor.email);
        const posts = page.getByRole('group', { name: blogPostsTexts.heading, exact: true });
        const post = posts.getByRole('group', { name: `Post ${published.length}: ${target.title}`, exact: true });
        await post.getByLabel(blogPostLabels.slug, { exact: true }).fill(newSlug);
        await page.getByRole('button', { name: 'Publish' }).click();
        await page.getByText('Published: Blog posts. Every page shows it now.').waitFor();

        const old = await get(`/blog/${target.slug}?from=newsletter`);
        expect(old.status).toBe(301);
        expect(old.headers.get('location')).toBe(`/blog/${newSlug}?from=newsletter`);
        expect((await get(`/blog/${newSlug}`)).status).toBe(200);
        expect((await get('/blog/no-such-post')).status).toBe(404);
        const sitemap = await (await get('/sitemap.xml')).text();
        expect(sitemap).toContain(`/blog/${newSlug}</loc>`);
        expect(sitemap).not.toContain(`/blog/${target.slug}</loc>`);
        const blog = await (await get('/blog')).text();
        const listed = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(blog)?.[1] ?? '{}') as {
          blogPost?: { url: string }[];
        };
        const listedPaths = (listed.blogPost ?? []).map((posting) => new URL(posting.url).pathname);
        expect(listedPaths).toContain(`/blog/${newSlug}`);
        expect(listedPaths).not.toContain(`/blog/${target.slug}`);

        // The dashboard lists the old address as an earlier one; a browser following it lands on the post.
        await post.getByText(`/blog/${target.slug}`, { exact: true }).waitFor();
        await expectAccessible(page);
        const visitor = await page.context().newPage();
        await openPage(visitor, `${running.site.url}/blog/${target.slug}`);
        expect(new URL(visitor.url()).pathname).toBe(`/blog/${newSlug}`);
        await visitor.getByRole('heading', { level: 1, name: target.title }).waitFor();

        // Inside the site the old link leads to the post too, and the address and title follow it.
        await reader.getByRole('link', { name: target.title, exact: true }).click();
        await reader.getByRole('heading', { level: 1, name: target.title }).waitFor();
        await reader.waitForURL(`${running.site.url}/blog/${newSlug}`);
        await expect.poll(() => reader.title()).toContain(target.title);
        expect(await reader.locator('link[rel="canonical"]').getAttribute('href')).toMatch(
          new RegExp(`/blog/${newSlug}$`),
        );
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );
});
