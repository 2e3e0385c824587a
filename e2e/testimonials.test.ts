import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testimonials, testimonialsPage } from '#content/testimonials.ts';
import { TESTIMONIAL_TRANSITION_MS, TESTIMONIALS_PER_SLIDE } from '#client/features/testimonials/carouselSettings.ts';
import { accessibilityViolations, describeViolations } from './support/accessibility';
import { collectPageErrors, openPage, viewports, type ViewportName } from './support/browser';
import { useSiteAndBrowser } from './support/site';

const running = useSiteAndBrowser();

const slideCount = Math.ceil(testimonials.length / TESTIMONIALS_PER_SLIDE);
const slides = (page: Page) => page.locator('[aria-roledescription="slide"]');
const currentDot = (page: Page) => page.locator('.carousel__dot[aria-current="true"]');
const inertStates = (page: Page) =>
  slides(page).evaluateAll((elements) => elements.map((element) => element.hasAttribute('inert')));

/** Waits until the slide animation has ended and the given slide fills the carousel. */
async function expectSlideInView(page: Page, position: number) {
  await expect
    .poll(async () => {
      const viewport = await page.locator('.carousel__viewport').boundingBox();
      const slide = await slides(page).nth(position).boundingBox();
      return viewport && slide ? Math.round(slide.x - viewport.x) : null;
    })
    .toBe(0);
}

describe.each(Object.keys(viewports) as ViewportName[])('testimonials at the %s viewport', (viewport) => {
  async function withPage(
    run: (page: Page) => Promise<void>,
    reducedMotion: 'reduce' | 'no-preference' = 'no-preference',
  ) {
    const page = await running.page(viewport);
    await page.emulateMedia({ reducedMotion });
    const errors = collectPageErrors(page);
    try {
      await openPage(page, `${running.site.url}/testimonials`);
      await run(page);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }

  it('shows the heading and a carousel of 5 testimonials per slide', () =>
    withPage(async (page) => {
      await expect(page.locator('h1').textContent()).resolves.toBe(testimonialsPage.heading);
      const carousel = page.locator('[aria-roledescription="carousel"]');
      await expect(carousel.getAttribute('aria-label')).resolves.toBe('Parent testimonials');
      expect(slideCount).toBe(2);
      expect(await slides(page).count()).toBe(slideCount);
      await expect(
        slides(page).evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label'))),
      ).resolves.toEqual(['1 of 2', '2 of 2']);
      expect(await slides(page).nth(0).locator('.testimonial').count()).toBe(TESTIMONIALS_PER_SLIDE);
      expect(await slides(page).nth(1).locator('.testimonial').count()).toBe(
        testimonials.length - TESTIMONIALS_PER_SLIDE,
      );
      await expect(inertStates(page)).resolves.toEqual([false, true]);
      await expect(page.locator('.carousel__track').getAttribute('aria-live')).resolves.toBe('polite');
      await expect(currentDot(page).getAttribute('aria-label')).resolves.toBe('Slide 1');
      const names = await page.locator('.testimonial__name').allTextContents();
      expect(names).toEqual(testimonials.map((testimonial) => testimonial.name));
    }));

  it('wraps previous and next, and the dots jump to a slide, with a 500 ms slide', () =>
    withPage(async (page) => {
      await expect(
        page.locator('.carousel__track').evaluate((track) => getComputedStyle(track).transitionDuration),
      ).resolves.toBe(`${TESTIMONIAL_TRANSITION_MS / 1000}s`);
      await page.getByRole('button', { name: 'Next slide' }).click();
      await expect(currentDot(page).getAttribute('aria-label')).resolves.toBe('Slide 2');
      await expect(inertStates(page)).resolves.toEqual([true, false]);
      await expectSlideInView(page, 1);
      await page.getByRole('button', { name: 'Next slide' }).click();
      await expect(currentDot(page).getAttribute('aria-label')).resolves.toBe('Slide 1');
      await expectSlideInView(page, 0);
      await page.getByRole('button', { name: 'Previous slide' }).click();
      await expect(currentDot(page).getAttribute('aria-label')).resolves.toBe('Slide 2');
      await expectSlideInView(page, 1);
      await page.getByRole('button', { name: 'Slide 1', exact: true }).click();
      await expect(inertStates(page)).resolves.toEqual([false, true]);
      await expectSlideInView(page, 0);
      await page.getByRole('button', { name: 'Slide 2', exact: true }).click();
      await expectSlideInView(page, 1);
      // The carousel is as tall as the slide on show: the single testimonial of slide 2 leaves no big gap.
      const viewportBox = await page.locator('.carousel__viewport').boundingBox();
      const slideBox = await slides(page).nth(1).boundingBox();
      expect(Math.abs((viewportBox?.height ?? 0) - (slideBox?.height ?? -100))).toBeLessThan(2);
    }));

  it('does not animate when the visitor prefers reduced motion', () =>
    withPage(async (page) => {
      await expect(
        page.locator('.carousel__track').evaluate((track) => getComputedStyle(track).transitionDuration),
      ).resolves.toBe('0s');
      await page.getByRole('button', { name: 'Next slide' }).click();
      await expectSlideInView(page, 1);
    }, 'reduce'));

  it('works from the keyboard, keeping focus on the control', () =>
    withPage(async (page) => {
      await page.getByRole('button', { name: 'Previous slide' }).focus();
      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Slide 1');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect(currentDot(page).getAttribute('aria-label')).resolves.toBe('Slide 2');
      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Next slide');
      await page.keyboard.press('Space');
      await expect(currentDot(page).getAttribute('aria-label')).resolves.toBe('Slide 1');
      await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Next slide');
      // The next Tab goes into the slide on show, never into the hidden one.
      await page.keyboard.press('Tab');
      const focusedSlide = await page.evaluate(() =>
        document.activeElement?.closest('[aria-roledescription="slide"]')?.getAttribute('aria-label'),
      );
      expect(focusedSlide).toBe('1 of 2');
    }));

  it('shows a long testimonial in full behind an accessible Read more', () =>
    withPage(async (page) => {
      const long = testimonials[0];
      if (!long) throw new Error('no testimonial');
      const card = page.locator('.testimonial').first();
      const toggle = card.getByRole('button', { name: new RegExp(`^Read more\\s*: ${long.name}$`) });
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
      const ending = long.text.slice(-60);
      await expect(card.getByText(ending, { exact: false }).isVisible()).resolves.toBe(false);
      await toggle.click();
      await expect(
        card.getByRole('button', { name: new RegExp(`^Read less\\s*: ${long.name}$`) }).getAttribute('aria-expanded'),
      ).resolves.toBe('true');
      await expect(card.locator('blockquote').textContent()).resolves.toBe(long.text);
      const controls = await card.locator('.testimonial__toggle').getAttribute('aria-controls');
      await expect(page.locator(`[id="${controls}"]`).isVisible()).resolves.toBe(true);
    }));

  it('closes with links to the admission enquiry and contact pages', () =>
    withPage(async (page) => {
      const cta = page.locator('.call-to-action');
      await expect(cta.getByRole('link', { name: 'Admission Enquiry' }).getAttribute('href')).resolves.toBe(
        '/admission-enquiry',
      );
      await expect(cta.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).resolves.toBe('/contact');
    }));

  it('passes axe with slide 2 shown', () =>
    withPage(async (page) => {
      await page.getByRole('button', { name: 'Slide 2', exact: true }).click();
      await expectSlideInView(page, 1);
      const violations = await accessibilityViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewports[viewport].width,
      );
    }));
});
