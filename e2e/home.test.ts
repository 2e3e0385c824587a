import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { heroSlides } from '#content/hero.ts';
import { homePage } from '#content/home.ts';
import { school } from '#content/school.ts';
import { whyChooseUs } from '#content/whyChooseUs.ts';
import { HERO_INTERVAL_MS } from '#client/features/home/HeroCarousel.tsx';
import { homeText } from '#client/features/home/homeText.ts';
import { accessibilityViolations, describeViolations } from './support/accessibility';
import { collectPageErrors, newContext, openPage, viewports, type ViewportName } from './support/browser';
import { useSiteAndBrowser } from './support/site';

const running = useSiteAndBrowser();

/** `beforeLoad`: a script run in the page before its own. */
type PageOptions = { fakeClock?: boolean; reducedMotion?: boolean; beforeLoad?: () => void };

/** Notes on the page's clock when the app marks itself hydrated. */
function noteHydration() {
  new MutationObserver(() => {
    const noted = window as unknown as { hydratedAt?: number };
    if (document.documentElement.dataset.hydrated === 'true') noted.hydratedAt ??= Date.now();
    // The document, not its root element, which a script run this early may not have yet.
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
}

async function withHome(viewport: ViewportName, options: PageOptions, run: (page: Page) => Promise<void>) {
  const context = await newContext(running.browser, viewport);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  try {
    if (options.fakeClock) await page.clock.install();
    if (options.beforeLoad) await page.addInitScript(options.beforeLoad);
    if (options.reducedMotion) await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPage(page, running.site.url);
    await run(page);
    expect(errors, 'console errors and uncaught exceptions (hydration included)').toEqual([]);
  } finally {
    await context.close();
  }
}

const carousel = (page: Page) => page.locator('[aria-roledescription="carousel"]');
/** The label of the slide on show, e.g. '2 of 3'. */
const shownSlide = (page: Page) =>
  carousel(page).locator('[aria-roledescription="slide"][aria-hidden="false"]').getAttribute('aria-label');
const slideLabel = (index: number) => `${index + 1} of ${heroSlides.length}`;
const rotationButton = (page: Page, name: string) => carousel(page).getByRole('button', { name });
/** Parks the pointer on the footer, away from the carousel (hovering the carousel pauses it). */
const pointerAway = (page: Page, viewport: ViewportName) =>
  page.mouse.move(viewports[viewport].width / 2, viewports[viewport].height - 2);

describe('prerendered home page', () => {
  it('has one h1, the three slides with the first picture loading first, and no style attributes', async () => {
    const html = await (await fetch(running.site.url)).text();
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain('aria-roledescription="carousel"');
    for (const [index, slide] of heroSlides.entries()) {
      expect(html).toContain(`aria-label="${slideLabel(index)}"`);
      expect(html).toContain(slide.heading);
    }
    const images = [...html.matchAll(/<img class="hero__image"[^>]*>/g)].map(([tag]) => tag);
    expect(images).toHaveLength(heroSlides.length);
    expect(images[0]).toMatch(/fetchpriority="high"/i);
    expect(images[0]).toContain('loading="eager"');
    for (const image of images.slice(1)) expect(image).toContain('loading="lazy"');
    expect(html).not.toMatch(/<[^>]+ style="/);
  });
});

describe.each(Object.keys(viewports) as ViewportName[])('home page at the %s viewport', (viewport) => {
  // Counted on the page's own clock from when it hydrated (the carousel's timer starts in the same
  // step), then stopped just short of 5 seconds: a busy machine can make neither an early nor a late
  // move look right.
  it('moves to the next slide after 5 seconds on its own', async () => {
    const hydratedAt = () => (window as unknown as { hydratedAt?: number }).hydratedAt;
    await withHome(viewport, { fakeClock: true, beforeLoad: noteHydration }, async (page) => {
      await pointerAway(page, viewport);
      const started = await page.evaluate(hydratedAt);
      expect(started).toBeTypeOf('number');
      await page.clock.pauseAt(started! + HERO_INTERVAL_MS - 200);
      expect(await shownSlide(page)).toBe(slideLabel(0));
      await page.clock.runFor(400);
      await expect.poll(() => shownSlide(page)).toBe(slideLabel(1));
    });
  });

  it('jumps to a slide with its dot and shows the two buttons', () =>
    withHome(viewport, {}, async (page) => {
      const dot = carousel(page).getByRole('button', { name: `${homePage.slideDotLabel} 3` });
      await dot.click();
      expect(await shownSlide(page)).toBe(slideLabel(2));
      expect(await dot.getAttribute('aria-current')).toBe('true');
      const shown = carousel(page).locator('[aria-roledescription="slide"][aria-hidden="false"]');
      expect(await shown.getByRole('heading').textContent()).toBe(heroSlides[2]?.heading);
      expect(await shown.getByRole('link', { name: homePage.heroButtons.learnMore.label }).getAttribute('href')).toBe(
        '/about/our-approach',
      );
      expect(
        await shown.getByRole('link', { name: homePage.heroButtons.admissionEnquiry.label }).getAttribute('href'),
      ).toBe('/admission-enquiry');
      // Slides not on show are out of reach of the keyboard and screen readers.
      expect(await carousel(page).locator('[aria-hidden="true"][inert]').count()).toBe(heroSlides.length - 1);
    }));

  it('stops rotating with the pause button and starts again with play', () =>
    withHome(viewport, { fakeClock: true }, async (page) => {
      await rotationButton(page, homeText.stopRotation).click();
      await pointerAway(page, viewport);
      await page.clock.runFor(HERO_INTERVAL_MS * 3);
      expect(await shownSlide(page)).toBe(slideLabel(0));
      await rotationButton(page, homeText.startRotation).click();
      await pointerAway(page, viewport);
      await page.clock.runFor(HERO_INTERVAL_MS + 100);
      await expect.poll(() => shownSlide(page)).toBe(slideLabel(1));
    }));

  it('pauses while keyboard focus is inside and resumes when it leaves', () =>
    withHome(viewport, { fakeClock: true }, async (page) => {
      await pointerAway(page, viewport);
      // Keyboard focus walks from the skip link into the page content.
      await page.locator('#main').focus();
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => Boolean(document.activeElement?.closest('[aria-roledescription="carousel"]'))),
      ).toBe(true);
      await page.clock.runFor(HERO_INTERVAL_MS * 3);
      expect(await shownSlide(page)).toBe(slideLabel(0));
      await page.keyboard.press('Shift+Tab');
      await page.clock.runFor(HERO_INTERVAL_MS + 100);
      await expect.poll(() => shownSlide(page)).toBe(slideLabel(1));
    }));

  it('pauses while the pointer is over it', () =>
    withHome(viewport, { fakeClock: true }, async (page) => {
      await carousel(page).locator('.hero__content').first().hover();
      await page.clock.runFor(HERO_INTERVAL_MS * 2);
      expect(await shownSlide(page)).toBe(slideLabel(0));
    }));

  it('starts paused for visitors who prefer reduced motion', () =>
    withHome(viewport, { fakeClock: true, reducedMotion: true }, async (page) => {
      await pointerAway(page, viewport);
      await expect.poll(() => rotationButton(page, homeText.startRotation).count()).toBe(1);
      await page.clock.runFor(HERO_INTERVAL_MS * 2);
      expect(await shownSlide(page)).toBe(slideLabel(0));
    }));

  it('shows Why Choose Us and the program teasers, and is axe-clean', () =>
    withHome(viewport, {}, async (page) => {
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(school.name);
      const why = page.getByRole('region', { name: whyChooseUs.title });
      expect(await why.getByRole('heading', { level: 3 }).allTextContents()).toEqual(
        whyChooseUs.cards.map((card) => card.title),
      );
      for (const program of homePage.programsTeaser.items) {
        expect(await page.locator(`main a[href="${program.path}"]`).count()).toBeGreaterThan(0);
      }
      const violations = await accessibilityViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
    }));
});
