import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ourApproach } from '#content/about.ts';
import { awards } from '#content/awards.ts';
import { blogPage, blogPosts } from '#content/blog.ts';
import { articleFor } from '#content/blogArticles.ts';
import { admissionSteps, admissionsPage, ageGroups } from '#content/admissions.ts';
import { sitemapGroups } from '#shared/siteNavigation.ts';
import { notFoundPage } from '#content/pages.ts';
import { team, teamPage } from '#content/team.ts';
import { formatDisplayDate } from '#client/ui/DateText.tsx';
import { startingContact } from '#test/support/schoolFacts.ts';
import { expectAccessible } from './support/accessibility';
import { collectPageErrors, openPage, viewports, type ViewportName } from './support/browser';
import { useSiteAndBrowser } from './support/site';

const running = useSiteAndBrowser();

function postBySlug(slug: string) {
  const post = blogPosts.find((candidate) => candidate.slug === slug);
  if (!post) throw new Error(`No post ${slug} in the content`);
  return post;
}

/** A page whose console errors and failed sub-resources are recorded for the final check. */
type Visit = { page: Page; status: number; problems(): string[] };

async function visit(viewport: ViewportName, path: string): Promise<Visit> {
  const page = await running.page(viewport);
  page.setDefaultTimeout(5_000);
  const errors = collectPageErrors(page);
  const failedResources: string[] = [];
  // The client reports a recovered hydration mismatch as a warning, not an error.
  const hydrationWarnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && /hydrat/i.test(message.text())) hydrationWarnings.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && response.request().resourceType() !== 'document') {
      failedResources.push(`${response.status()} ${response.url()}`);
    }
  });
  const status = await openPage(page, `${running.site.url}${path}`);
  return {
    page,
    status,
    problems: () => [
      // Chromium reports a document answered with 404 as a failed resource; only that one is expected.
      ...errors.filter((error) => !(status === 404 && error.includes('status of 404'))),
      ...failedResources,
      ...hydrationWarnings,
    ],
  };
}

/** Every image in the page's main content answers 200 (lazy ones included, which have not loaded yet). */
async function expectImagesPresent(page: Page) {
  const sources = await page
    .locator('main img')
    .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
  expect(sources.length).toBeGreaterThan(0);
  for (const source of sources) {
    const response = await page.request.get(source);
    expect(response.status(), source).toBe(200);
  }
}

/**
 * The toggle found by its closed name, then pinned by the region it controls, since its
 * name changes when it opens. Returns the button and the region.
 */
async function findToggle(page: Page, closedName: string): Promise<{ toggle: Locator; region: Locator }> {
  const id = await page.getByRole('button', { name: closedName, exact: true }).getAttribute('aria-controls');
  expect(id).toBeTruthy();
  return { toggle: page.locator(`button[aria-controls="${id}"]`), region: page.locator(`[id="${id}"]`) };
}

/** The Read more / Read less contract: label, aria-expanded and the text itself switch together. */
async function expectToggleState(toggle: Locator, text: Locator, open: boolean) {
  await expect(toggle.getAttribute('aria-expanded')).resolves.toBe(String(open));
  const label = await toggle.evaluate((button) => button.firstChild?.textContent ?? '');
  expect(label).toBe(open ? blogPage.readLess : blogPage.readMore);
  await expect(text.isVisible()).resolves.toBe(open);
}

describe.each(Object.keys(viewports) as ViewportName[])('content pages at the %s viewport', (viewport) => {
  it('Our Team: nine profile cards whose full bios open and close with Read more / Read less, by mouse and keyboard', async () => {
    const { page, problems } = await visit(viewport, '/about/our-team');
    const cards = page.locator('.team-card');
    await expect(cards.count()).resolves.toBe(team.length);
    await expect(page.locator('.team-card img[width][height][alt]').count()).resolves.toBe(team.length);

    const [first, second] = team;
    if (!first || !second) throw new Error('The team needs at least two people');
    const { toggle, region } = await findToggle(page, `${blogPage.readMore}: ${first.name}`);
    const fullBio = region.getByText(first.fullBio[0] ?? '', { exact: true });
    // The full bio is part of the prerendered page, only hidden.
    await expect(fullBio.count()).resolves.toBe(1);
    await expect(region.getAttribute('hidden')).resolves.not.toBeNull();
    await expectToggleState(toggle, fullBio, false);

    await toggle.click();
    await expectToggleState(toggle, fullBio, true);
    // Only the chosen card opens.
    const otherToggle = page.getByRole('button', { name: new RegExp(`: ${second.name}$`) });
    await expect(otherToggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.getByRole('button', { name: `${blogPage.readLess}: ${first.name}` }).count()).resolves.toBe(1);
    await expectAccessible(page);

    await toggle.click();
    await expectToggleState(toggle, fullBio, false);

    await toggle.focus();
    await page.keyboard.press('Enter');
    await expectToggleState(toggle, fullBio, true);
    await page.keyboard.press('Space');
    await expectToggleState(toggle, fullBio, false);

    await expect(
      page.locator('.call-to-action').getByRole('link', { name: teamPage.cta.buttonLabel }).getAttribute('href'),
    ).resolves.toBe(teamPage.cta.path);
    await expectImagesPresent(page);
    expect(problems()).toEqual([]);
    await page.close();
  });

  it('Blog: eleven posts with dates, pictures, links to their pages and Read more / Read less', async () => {
    const { page, problems } = await visit(viewport, '/blog');
    await expect(page.locator('main article').count()).resolves.toBe(blogPosts.length);
    for (const post of blogPosts) {
      const card = page.locator('main article', { has: page.getByRole('heading', { name: post.title }) });
      await expect(card.locator(`time[datetime="${post.date}"]`).textContent()).resolves.toBe(
        formatDisplayDate(post.date),
      );
      await expect(card.getByRole('link', { name: post.title }).getAttribute('href')).resolves.toBe(
        `/blog/${post.slug}`,
      );
    }

    const post = postBySlug('farm-trip');
    const { toggle, region } = await findToggle(page, `${blogPage.readMore}: ${post.title}`);
    const body = region.getByText(articleFor(post.slug)[0] ?? '', { exact: true });
    await expectToggleState(toggle, body, false);
    await toggle.click();
    await expectToggleState(toggle, body, true);
    await expectAccessible(page);
    await toggle.press('Enter');
    await expectToggleState(toggle, body, false);

    await expectImagesPresent(page);
    expect(problems()).toEqual([]);
    await page.close();
  });

  it('a post title in the list leads to the post page without a reload', async () => {
    const { page, problems } = await visit(viewport, '/blog');
    const post = postBySlug('montessori-during-lockdown');
    await page.getByRole('link', { name: post.title }).click();
    await page.waitForURL(`${running.site.url}/blog/${post.slug}`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(post.title);
    expect(problems()).toEqual([]);
    await page.close();
  });

  it.each(['farm-trip', 'montessori-during-lockdown'])(
    '/blog/%s shows its post: title, date, picture, excerpt and text',
    async (slug) => {
      const post = postBySlug(slug);
      const { page, status, problems } = await visit(viewport, `/blog/${slug}`);
      expect(status).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(post.title);
      await expect(page.locator(`main time[datetime="${post.date}"]`).textContent()).resolves.toBe(
        formatDisplayDate(post.date),
      );
      await expect(page.getByRole('img', { name: post.image.alt }).isVisible()).resolves.toBe(true);
      await expect(page.getByText(post.excerpt, { exact: true }).isVisible()).resolves.toBe(true);
      for (const paragraph of articleFor(post.slug)) {
        await expect(page.getByText(paragraph, { exact: true }).isVisible()).resolves.toBe(true);
      }
      await expect(page.getByRole('link', { name: /all posts/i }).getAttribute('href')).resolves.toBe('/blog');
      await expectAccessible(page);
      expect(problems()).toEqual([]);
      await page.close();
    },
  );

  it("/blog/unknown answers 404 and shows 'Post not found.' with a way back to the blog", async () => {
    const { page, status, problems } = await visit(viewport, '/blog/unknown');
    expect(status).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(blogPage.notFound);
    await expect(page.getByRole('link', { name: /all posts/i }).getAttribute('href')).resolves.toBe('/blog');
    await expectAccessible(page);
    expect(problems()).toEqual([]);
    await page.close();
  });

  it('Awards: each award picture is a link that opens the picture in a new tab', async () => {
    const { page, problems } = await visit(viewport, '/about/awards-recognition');
    for (const award of awards) {
      const link = page.getByRole('link', { name: `${award.image.alt} (opens in a new tab)` });
      await expect(link.getAttribute('href')).resolves.toBe(award.image.src);
      await expect(link.getAttribute('target')).resolves.toBe('_blank');
      await expect(link.getAttribute('rel')).resolves.toContain('noopener');
    }
    const [firstAward] = awards;
    if (!firstAward) throw new Error('No awards in the content');
    const [newTab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: `${firstAward.image.alt} (opens in a new tab)` }).click(),
    ]);
    await newTab.waitForLoadState();
    expect(newTab.url()).toBe(`${running.site.url}${firstAward.image.src}`);
    expect(page.url()).toBe(`${running.site.url}/about/awards-recognition`);
    await newTab.close();
    await expectAccessible(page);
    await expectImagesPresent(page);
    expect(problems()).toEqual([]);
    await page.close();
  });

  it('Sitemap: every group of the navigation content with its links', async () => {
    const { page, problems } = await visit(viewport, '/sitemap');
    const sitemap = page.getByRole('navigation', { name: 'Sitemap' });
    await expect(sitemap.getByRole('heading', { level: 2 }).allTextContents()).resolves.toEqual(
      sitemapGroups.map((group) => group.title),
    );
    for (const group of sitemapGroups) {
      const links = sitemap
        .locator('.sitemap__group', { has: page.getByRole('heading', { name: group.title, exact: true }) })
        .getByRole('link');
      await expect(
        links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href'))),
      ).resolves.toEqual(group.links.map((link) => link.path));
    }
    await expectAccessible(page);
    expect(problems()).toEqual([]);
    await page.close();
  });

  it('an unknown address answers 404 with the not-found page, the requested path and ways on', async () => {
    const { page, status, problems } = await visit(viewport, '/no-such-page');
    expect(status).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(notFoundPage.heading);
    await expect(page.locator('main code').textContent()).resolves.toBe('/no-such-page');
    for (const link of notFoundPage.links) {
      await expect(
        page.locator('main').getByRole('link', { name: link.label, exact: true }).getAttribute('href'),
      ).resolves.toBe(link.path);
    }
    await expectAccessible(page);
    expect(problems()).toEqual([]);
    await page.close();
  });

  it('About: story, contact details as links, areas served, a maps link in a new tab and the three sub-pages', async () => {
    const { page, problems } = await visit(viewport, '/about');
    const main = page.locator('main');
    for (const phone of startingContact.phones) {
      await expect(main.getByRole('link', { name: phone.display }).getAttribute('href')).resolves.toBe(
        `tel:${phone.e164}`,
      );
    }
    await expect(main.getByRole('link', { name: startingContact.email }).getAttribute('href')).resolves.toBe(
      `mailto:${startingContact.email}`,
    );
    const maps = main.getByRole('link', { name: /opens in a new tab/ });
    await expect(maps.getAttribute('href')).resolves.toBe(startingContact.mapsUrl);
    await expect(maps.getAttribute('target')).resolves.toBe('_blank');
    for (const path of ['/about/our-approach', '/about/our-team', '/about/awards-recognition']) {
      await expect(main.locator(`a.button[href="${path}"]`).count()).resolves.toBe(1);
    }
    await expect(main.getByText('Perungudi MRTS station').isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    await expectImagesPresent(page);
    expect(problems()).toEqual([]);
    await page.close();
  });

  it('Our Approach lists every section of the approach', async () => {
    const { page, problems } = await visit(viewport, '/about/our-approach');
    await expect(page.locator('.approach-list > li h2').allTextContents()).resolves.toEqual(
      ourApproach.sections.map((section) => section.title),
    );
    await expectAccessible(page);
    expect(problems()).toEqual([]);
    await page.close();
  });

  it('Admissions: four age groups, the five steps in order, the three terms and the enquiry button', async () => {
    const { page, problems } = await visit(viewport, '/admissions');
    await expect(page.locator('.age-groups h3').allTextContents()).resolves.toEqual(
      ageGroups.map((group) => group.title),
    );
    await expect(page.locator('main ol > li h3').allTextContents()).resolves.toEqual(
      admissionSteps.map((step) => step.title),
    );
    await expect(page.getByText(admissionsPage.termsNote).isVisible()).resolves.toBe(true);
    await expect(
      page.locator('main').getByRole('link', { name: admissionsPage.cta.label }).getAttribute('href'),
    ).resolves.toBe(admissionsPage.cta.path);
    await expectAccessible(page);
    expect(problems()).toEqual([]);
    await page.close();
  });
});
