import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { galleryImages, galleryPage } from '#content/gallery.ts';
import { galleryCategories } from '#content/galleryCategories.ts';
import { EAGER_IMAGE_COUNT } from '#client/features/gallery/galleryFilter.ts';
import { accessibilityViolations, describeViolations } from './support/accessibility';
import { collectPageErrors, openPage, viewports, type ViewportName } from './support/browser';
import { useSiteAndBrowser } from './support/site';

const running = useSiteAndBrowser();

const items = (page: Page) => page.locator('.gallery-item');
const itemButtons = (page: Page) => page.locator('.gallery-item__button');
const lightbox = (page: Page) => page.locator('dialog.lightbox[open]');
const lightboxTitle = (page: Page) => lightbox(page).locator('.lightbox__title');
const lightboxCount = (page: Page) => lightbox(page).locator('.lightbox__count');
const captionOpacity = (page: Page, position: number) =>
  items(page)
    .nth(position)
    .locator('.gallery-item__caption')
    .evaluate((caption) => getComputedStyle(caption).opacity);
const focusIsInLightbox = (page: Page) =>
  page.evaluate(() => Boolean(document.activeElement?.closest('dialog.lightbox')));

describe.each(Object.keys(viewports) as ViewportName[])('gallery at the %s viewport', (viewport) => {
  const size = viewports[viewport];

  async function withGallery(run: (page: Page) => Promise<void>) {
    const page = await running.page(viewport);
    const errors = collectPageErrors(page);
    try {
      await openPage(page, `${running.site.url}/gallery`);
      await run(page);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }

  it('shows the heading, the filters in order with All pressed, and 28 sized, described images', () =>
    withGallery(async (page) => {
      await expect(page.locator('h1').textContent()).resolves.toBe(galleryPage.heading);
      const filters = page.getByRole('group', { name: 'Show photos of' }).getByRole('button');
      await expect(filters.allTextContents()).resolves.toEqual([galleryPage.allLabel, ...galleryCategories]);
      await expect(
        filters.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-pressed'))),
      ).resolves.toEqual(['true', ...galleryCategories.map(() => 'false')]);
      const images = await page.locator('.gallery-item__image').evaluateAll((elements) =>
        elements.map((image) => ({
          alt: image.getAttribute('alt'),
          width: image.getAttribute('width'),
          height: image.getAttribute('height'),
          loading: image.getAttribute('loading'),
        })),
      );
      expect(images).toHaveLength(28);
      for (const [position, image] of images.entries()) {
        expect(image.alt).toBe(galleryImages[position]?.image.alt);
        expect(Number(image.width)).toBeGreaterThan(0);
        expect(Number(image.height)).toBeGreaterThan(0);
        expect(image.loading).toBe(position < EAGER_IMAGE_COUNT ? 'eager' : 'lazy');
      }
      // The eagerly loaded images are exactly those of the first row (or two, on a phone).
      const tops = await page
        .locator('.gallery-item')
        .evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
      expect(new Set(tops.slice(0, EAGER_IMAGE_COUNT)).size).toBeLessThanOrEqual(2);
      expect(tops[EAGER_IMAGE_COUNT]).toBeGreaterThan(tops[0] ?? 0);
      await expect(
        page.locator('.call-to-action').getByRole('link', { name: galleryPage.cta.buttonLabel }).getAttribute('href'),
      ).resolves.toBe('/admission-enquiry');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    }));

  it('filters by category and back to All', () =>
    withGallery(async (page) => {
      for (const category of galleryCategories) {
        await page.getByRole('button', { name: category, exact: true }).click();
        await expect(
          page.getByRole('button', { name: category, exact: true }).getAttribute('aria-pressed'),
        ).resolves.toBe('true');
        const expected = galleryImages.filter((image) => image.category === category);
        await expect(page.locator('.gallery-item__title').allTextContents()).resolves.toEqual(
          expected.map((image) => image.title),
        );
        await expect(page.locator('.gallery-grid__status').textContent()).resolves.toBe(
          `${expected.length} photos shown`,
        );
      }
      await page.getByRole('button', { name: galleryPage.allLabel, exact: true }).click();
      expect(await items(page).count()).toBe(28);
      await expect(page.getByText(galleryPage.emptyText).count()).resolves.toBe(0);
    }));

  it('opens a full-screen lightbox that traps focus, caps the image at 90% of the viewport and closes three ways', () =>
    withGallery(async (page) => {
      const opener = itemButtons(page).nth(2);
      const third = galleryImages[2];
      if (!third) throw new Error('no third image');
      // Keyboard: Enter on a picture opens it (on a touch phone too).
      await opener.focus();
      await page.keyboard.press('Enter');
      await lightbox(page).waitFor();
      await expect(lightbox(page).getAttribute('aria-modal')).resolves.toBe('true');
      await expect(page.getByRole('dialog', { name: third.title }).isVisible()).resolves.toBe(true);
      await expect(lightboxCount(page).textContent()).resolves.toBe('3 of 28');
      await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Close');
      const dialogBox = await lightbox(page).boundingBox();
      expect(dialogBox?.width).toBe(size.width);
      expect(dialogBox?.height).toBe(size.height);
      const imageBox = await lightbox(page).locator('img').boundingBox();
      expect(imageBox?.width).toBeLessThanOrEqual(size.width * 0.9 + 0.5);
      expect(imageBox?.height).toBeLessThanOrEqual(size.height * 0.9 + 0.5);
      await expect(page.evaluate(() => getComputedStyle(document.documentElement).overflow)).resolves.toBe('hidden');

      // Focus cycles inside the dialog in both directions.
      for (let press = 0; press < 5; press += 1) {
        await page.keyboard.press('Tab');
        await expect(focusIsInLightbox(page)).resolves.toBe(true);
      }
      await lightbox(page).getByRole('button', { name: 'Close' }).focus();
      await page.keyboard.press('Shift+Tab');
      await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Next photo');

      // Arrow keys step through the pictures, wrapping at the ends.
      await page.keyboard.press('ArrowRight');
      await expect(lightboxTitle(page).textContent()).resolves.toBe(galleryImages[3]?.title);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expect(lightboxCount(page).textContent()).resolves.toBe('28 of 28');
      await lightbox(page).getByRole('button', { name: 'Next photo' }).click();
      await expect(lightboxCount(page).textContent()).resolves.toBe('1 of 28');
      await lightbox(page).getByRole('button', { name: 'Previous photo' }).click();
      await expect(lightboxCount(page).textContent()).resolves.toBe('28 of 28');

      // Escape closes and focus returns to the picture that opened it.
      await page.keyboard.press('Escape');
      await expect(lightbox(page).count()).resolves.toBe(0);
      await expect(opener.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
      await expect(page.evaluate(() => getComputedStyle(document.documentElement).overflow)).resolves.not.toBe(
        'hidden',
      );

      // The close button.
      await opener.focus();
      await page.keyboard.press('Enter');
      await lightbox(page).waitFor();
      await lightbox(page).getByRole('button', { name: 'Close' }).click();
      await expect(lightbox(page).count()).resolves.toBe(0);
      await expect(opener.evaluate((button) => button === document.activeElement)).resolves.toBe(true);

      // A click on the backdrop (the bare area around the picture).
      await opener.focus();
      await page.keyboard.press('Enter');
      await lightbox(page).waitFor();
      await page.mouse.click(size.width / 2, 6);
      await expect(lightbox(page).count()).resolves.toBe(0);
    }));

  it('steps only through the filtered pictures in the lightbox', () =>
    withGallery(async (page) => {
      await page.getByRole('button', { name: 'Garden', exact: true }).click();
      await itemButtons(page).nth(0).focus();
      await page.keyboard.press('Enter');
      await expect(lightboxCount(page).textContent()).resolves.toBe('1 of 4');
      await page.keyboard.press('ArrowLeft');
      await expect(lightboxTitle(page).textContent()).resolves.toBe('Harvest Day');
    }));

  if (viewport === 'phone') {
    it('toggles a caption on touch, hides captions on a touch outside, and opens the lightbox from the caption', () =>
      withGallery(async (page) => {
        await expect(captionOpacity(page, 0)).resolves.toBe('0');
        await itemButtons(page).nth(0).tap();
        await expect.poll(() => captionOpacity(page, 0)).toBe('1');
        await expect(lightbox(page).count()).resolves.toBe(0);
        await itemButtons(page).nth(0).tap();
        await expect.poll(() => captionOpacity(page, 0)).toBe('0');

        await itemButtons(page).nth(1).tap();
        await expect.poll(() => captionOpacity(page, 1)).toBe('1');
        await page.locator('h1').tap();
        await expect.poll(() => captionOpacity(page, 1)).toBe('0');

        await itemButtons(page).nth(3).tap();
        await items(page)
          .nth(3)
          .getByRole('button', { name: /View larger/ })
          .tap();
        await lightbox(page).waitFor();
        await expect(lightboxTitle(page).textContent()).resolves.toBe(galleryImages[3]?.title);
        await lightbox(page).getByRole('button', { name: 'Close' }).tap();
        await expect(lightbox(page).count()).resolves.toBe(0);
      }));
  } else {
    it('shows a caption on hover and on keyboard focus, and opens the lightbox on click', () =>
      withGallery(async (page) => {
        await expect(captionOpacity(page, 0)).resolves.toBe('0');
        await itemButtons(page).nth(0).hover();
        await expect.poll(() => captionOpacity(page, 0)).toBe('1');
        await page.mouse.move(1, 1);
        await expect.poll(() => captionOpacity(page, 0)).toBe('0');
        await page.getByRole('button', { name: 'Workshops', exact: true }).focus();
        await page.keyboard.press('Tab');
        await expect.poll(() => captionOpacity(page, 0)).toBe('1');
        await itemButtons(page).nth(5).click();
        await lightbox(page).waitFor();
        await expect(lightboxTitle(page).textContent()).resolves.toBe(galleryImages[5]?.title);
      }));
  }

  it('passes axe with the lightbox open', () =>
    withGallery(async (page) => {
      await itemButtons(page).nth(0).focus();
      await page.keyboard.press('Enter');
      await lightbox(page).waitFor();
      const violations = await accessibilityViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
    }));
});
