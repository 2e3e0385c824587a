import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { galleryMessages, startingGallery } from '#shared/content/gallery.ts';
import { startingTeam, teamMessages } from '#shared/content/team.ts';
import { testimonialMessages } from '#shared/content/testimonials.ts';
import { photoMessages } from '#shared/content/photos.ts';
import { photoFieldText } from '#shared/content/photoUploads.ts';
import { latestRevision } from '#server/modules/content/repository.ts';
import { phoneJpeg, TEST_CAMERA } from '#test/support/photoTestData.ts';
import { addStaffAccount } from '#test/support/testLogin.ts';
import { expectAccessible } from './support/accessibility';
import { collectPageErrors, openPage, viewports, type ViewportName } from './support/browser';
import { useSiteAndBrowser } from './support/site';

const running = useSiteAndBrowser();
const PASSWORD = 'joseph keeps a long password';

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
/** The captions of the gallery in the order a visitor's first request has them. */
const captionsIn = (html: string) =>
  [...html.matchAll(/<span class="gallery-item__title">([^<]*)<\/span>/g)].map((match) => match[1]);

describe.each(Object.keys(viewports) as ViewportName[])(
  'the gallery edited in the dashboard at the %s viewport',
  (viewport) => {
    it(
      'an Editor uploads a phone photo, describes it, reorders and removes, publishes; a visitor gets it sized, in every format, without EXIF',
      { timeout: 240_000 },
      async () => {
        const editor = { email: `joseph.${viewport}@example.in`, name: `Joseph ${viewport}` };
        await addStaffAccount(running.site.services, { ...editor, role: 'editor', password: PASSWORD });
        const page = await running.page(viewport);
        const errors = collectPageErrors(page);
        const published =
          (await latestRevision(running.site.services.storage.db))?.content.gallery ?? startingGallery();
        const [first, second] = published;
        if (!first || !second) throw new Error('The gallery has at least two photos');
        const caption = `Planting Day (${viewport})`;
        const alt = `Children planting neem saplings along the school wall (${viewport})`;
        try {
          await page.goto(`${running.site.url}/admin/content/gallery`);
          await page.getByLabel('Email (optional)').fill(editor.email);
          await page.getByLabel('Password').fill(PASSWORD);
          await page.getByRole('button', { name: 'Log in' }).click();
          const gallery = page.getByRole('group', { name: 'Gallery', exact: true });
          await gallery.waitFor();
          const count = published.length;
          expect(await gallery.getByRole('group', { name: /^Photo \d+$/ }).count()).toBe(count);

          // Add: the cursor goes to the new photo's caption. A phone's JPEG, with its GPS position, through the real file input.
          await gallery.getByRole('button', { name: 'Add a photo' }).click();
          const item = gallery.getByRole('group', { name: `Photo ${count + 1}`, exact: true });
          expect(await isFocused(item.getByLabel('Caption', { exact: true }))).toBe(true);
          await item.getByLabel('Caption', { exact: true }).fill(caption);
          await item.getByLabel('Category', { exact: true }).selectOption('Garden');
          // Each viewport's photo its own (the same bytes would be the same photo, refused the second time).
          const stored = { width: viewport === 'phone' ? 2400 : 2406, height: 1800 };
          const original = await phoneJpeg(stored);
          expect(original.includes('GPS')).toBe(true);
          await item
            .getByLabel(photoFieldText.choose, { exact: true })
            .setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: original });
          await item.getByText(photoFieldText.uploaded).waitFor({ timeout: 60_000 });

          // Without its description the photo cannot be published: the schema's message, beside the description.
          await page.getByRole('button', { name: 'Publish' }).click();
          await item.getByText(photoMessages.altMissing).waitFor();
          const description = item.getByLabel(photoFieldText.alt, { exact: true });
          expect(await description.getAttribute('aria-invalid')).toBe('true');
          expect(await page.getByText(photoMessages.altMissing).count()).toBe(1);
          expect(await scrollsSideways(page)).toBe(false);
          await expectAccessible(page);
          await description.fill(alt);

          // Reorder from the keyboard: focus stays on the button pressed, and the new place is said politely.
          const moveDown = gallery.getByRole('button', { name: `Move down the photo ${first.title}`, exact: true });
          await moveDown.focus();
          await page.keyboard.press('Enter');
          const announcement = gallery.locator(':scope > p[role="status"]');
          await expect.poll(() => announcement.textContent()).toBe(`${first.title} is now photo 2 of ${count + 1}.`);
          expect(await isFocused(moveDown)).toBe(true);
          expect(
            await gallery
              .getByRole('group', { name: 'Photo 2', exact: true })
              .getByLabel('Caption', { exact: true })
              .inputValue(),
          ).toBe(first.title);
          // At the top, Move up stays where the focus is and does nothing.
          const moveUp = gallery.getByRole('button', { name: `Move up the photo ${second.title}`, exact: true });
          expect(await moveUp.getAttribute('aria-disabled')).toBe('true');
          await moveUp.focus();
          await page.keyboard.press('Enter');
          expect(await isFocused(moveUp)).toBe(true);
          expect(
            await gallery
              .getByRole('group', { name: 'Photo 1', exact: true })
              .getByLabel('Caption', { exact: true })
              .inputValue(),
          ).toBe(second.title);
          // The new photo up one place.
          const newUp = gallery.getByRole('button', { name: `Move up the photo ${caption}`, exact: true });
          await newUp.click();
          await expect.poll(() => announcement.textContent()).toBe(`${caption} is now photo ${count} of ${count + 1}.`);
          expect(await isFocused(newUp)).toBe(true);
          await expectAccessible(page);

          // Remove names the photo and returns the cursor to Add.
          await gallery.getByRole('button', { name: `Remove the photo ${second.title}`, exact: true }).click();
          expect(await isFocused(gallery.getByRole('button', { name: 'Add a photo' }))).toBe(true);
          expect(await gallery.getByRole('group', { name: /^Photo \d+$/ }).count()).toBe(count);

          await page.getByRole('button', { name: 'Publish' }).click();
          await page.getByText('Published: Gallery. Every page shows it now.').waitFor({ timeout: 30_000 });
          expect(await scrollsSideways(page)).toBe(false);
          await expectAccessible(page);
          expect(errors).toEqual([]);

          // A fresh visitor's first request: the order as published, the photo sized, with srcset.
          const html = await (await fetch(`${running.site.url}/gallery`)).text();
          const expected = [
            first.title,
            ...published.slice(2, -1).map((entry) => entry.title),
            caption,
            published.at(-1)?.title,
          ];
          expect(captionsIn(html)).toEqual(expected);
          expect(html).not.toContain(`>${second.title}<`);
          const picture = html.match(
            new RegExp(
              `<picture>(?:(?!</picture>).)*alt="${alt.replace(/[()]/g, '\\$&')}"(?:(?!</picture>).)*</picture>`,
            ),
          )?.[0];
          if (!picture) throw new Error('The new photo is not in the page as a picture');
          // Upright, as the phone held it: the stored width is its height; the largest copy 1600 wide.
          expect(picture).toMatch(
            new RegExp(`<img [^>]*width="1600" height="${Math.round((1600 * stored.width) / stored.height)}"`),
          );
          expect(picture).toMatch(/<img [^>]*srcSet="[^"]+"/i);
          const copies = [
            ...new Set(
              [...picture.matchAll(/(\/media\/photos\/[0-9a-f]{24}-\d+\.(?:avif|webp|jpg))/g)].map(
                (match) => match[1] ?? '',
              ),
            ),
          ];
          expect(copies).toHaveLength(9);
          for (const copy of copies) {
            const response = await fetch(`${running.site.url}${copy}`);
            expect(response.status, copy).toBe(200);
            const bytes = Buffer.from(await response.arrayBuffer());
            for (const text of ['Exif', 'GPS', TEST_CAMERA])
              expect(bytes.includes(text), `${copy} contains ${text}`).toBe(false);
            const metadata = await sharp(bytes).metadata();
            expect({ exif: metadata.exif, xmp: metadata.xmp }, copy).toEqual({ exif: undefined, xmp: undefined });
          }

          // In the browser: the grid loads a copy for its layout, the lightbox a larger one.
          const visitor = await page.context().newPage();
          const visitorErrors = collectPageErrors(visitor);
          await openPage(visitor, `${running.site.url}/gallery`);
          const image = visitor.locator(`img[alt="${alt}"]`);
          await image.scrollIntoViewIfNeeded();
          await expect
            .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
            .toBe(true);
          const gridWidth = await image.evaluate((element: HTMLImageElement) => element.naturalWidth);
          await visitor.locator('.gallery-item__button', { has: image }).focus();
          await visitor.keyboard.press('Enter');
          const large = visitor.locator(`dialog.lightbox[open] img[alt="${alt}"]`);
          await expect
            .poll(() => large.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
            .toBe(true);
          const lightboxCopy = await large.evaluate((element: HTMLImageElement) => element.currentSrc);
          expect(lightboxCopy).toMatch(viewport === 'desktop' ? /-1600\.avif$/ : /-960\.avif$/);
          expect(await large.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(gridWidth);
          await visitor.getByRole('dialog', { name: caption }).waitFor();
          expect(visitorErrors).toEqual([]);
          await visitor.close();
        } finally {
          await page.close();
        }
      },
    );

    it('says in plain words what a new photo lacks, beside each field', { timeout: 120_000 }, async () => {
      const editor = { email: `deepa.${viewport}@example.in`, name: `Deepa ${viewport}` };
      await addStaffAccount(running.site.services, { ...editor, role: 'editor', password: PASSWORD });
      const page = await running.page(viewport);
      try {
        await page.goto(`${running.site.url}/admin/content/gallery`);
        await page.getByLabel('Email (optional)').fill(editor.email);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Log in' }).click();
        const gallery = page.getByRole('group', { name: 'Gallery', exact: true });
        await gallery.waitFor();
        await gallery.getByRole('button', { name: 'Add a photo' }).click();
        const item = gallery
          .getByRole('group')
          .filter({ has: page.getByLabel('Caption', { exact: true }) })
          .last();
        await page.getByRole('button', { name: 'Save draft' }).click();
        for (const message of [
          galleryMessages.captionMissing,
          galleryMessages.categoryMissing,
          photoMessages.photoMissing,
        ])
          await item.getByText(message).waitFor();
        expect(await item.getByLabel('Category', { exact: true }).getAttribute('aria-invalid')).toBe('true');
        expect(await scrollsSideways(page)).toBe(false);
        await expectAccessible(page);
      } finally {
        await page.close();
      }
    });

    it(
      'the team and the testimonials: a person moved from the keyboard keeps the focus, a blank new person and testimonial get their messages, a testimonial removed',
      { timeout: 120_000 },
      async () => {
        const editor = { email: `priya.${viewport}@example.in`, name: `Priya ${viewport}` };
        await addStaffAccount(running.site.services, { ...editor, role: 'editor', password: PASSWORD });
        const page = await running.page(viewport);
        const errors = collectPageErrors(page);
        const [first] = (await latestRevision(running.site.services.storage.db))?.content.team ?? startingTeam();
        if (!first) throw new Error('The team has at least one person');
        try {
          await page.goto(`${running.site.url}/admin/content/team`);
          await page.getByLabel('Email (optional)').fill(editor.email);
          await page.getByLabel('Password').fill(PASSWORD);
          await page.getByRole('button', { name: 'Log in' }).click();
          const team = page.getByRole('group', { name: 'Team', exact: true });
          await team.waitFor();
          const people = await team.getByRole('group', { name: /^Person \d+$/ }).count();

          const moveDown = team.getByRole('button', { name: `Move down the person ${first.name}`, exact: true });
          await moveDown.focus();
          await page.keyboard.press('Enter');
          await expect
            .poll(() => team.locator(':scope > p[role="status"]').textContent())
            .toBe(`${first.name} is now person 2 of ${people}.`);
          expect(await isFocused(moveDown)).toBe(true);
          await page.keyboard.press('Enter');
          expect(await isFocused(moveDown)).toBe(true);
          expect(
            await team
              .getByRole('group', { name: 'Person 3', exact: true })
              .getByLabel('Name', { exact: true })
              .inputValue(),
          ).toBe(first.name);

          await team.getByRole('button', { name: 'Add a person' }).click();
          const person = team.getByRole('group', { name: `Person ${people + 1}`, exact: true });
          expect(await isFocused(person.getByLabel('Name', { exact: true }))).toBe(true);
          await page.getByRole('button', { name: 'Save draft' }).click();
          for (const message of [
            teamMessages.nameMissing,
            teamMessages.roleMissing,
            teamMessages.shortBioMissing,
            teamMessages.fullBioMissing,
            photoMessages.photoMissing,
          ])
            await person.getByText(message).waitFor();
          expect(await person.getByLabel('Full biography', { exact: true }).getAttribute('aria-invalid')).toBe('true');
          expect(await scrollsSideways(page)).toBe(false);
          await expectAccessible(page);

          // The testimonials are a part of their own: leaving the team's unsaved changes is asked first, and agreed to here.
          page.once('dialog', (dialog) => void dialog.accept());
          await page.getByRole('link', { name: 'All parts of the site content' }).click();
          await page
            .getByRole('navigation', { name: 'Parts of the site content' })
            .getByRole('link', { name: 'Testimonials' })
            .click();
          const testimonials = page.getByRole('group', { name: 'Testimonials', exact: true });
          const quotes = await testimonials.getByRole('group', { name: /^Testimonial \d+$/ }).count();
          await testimonials.getByRole('button', { name: 'Add a testimonial' }).click();
          const quote = testimonials.getByRole('group', { name: `Testimonial ${quotes + 1}`, exact: true });
          expect(await quote.getByLabel('Who they are', { exact: true }).inputValue()).toBe('Parent');
          await page.getByRole('button', { name: 'Save draft' }).click();
          for (const message of [testimonialMessages.nameMissing, testimonialMessages.textMissing])
            await quote.getByText(message).waitFor();
          await expectAccessible(page);

          await testimonials.getByRole('button', { name: `Remove the testimonial ${quotes + 1}`, exact: true }).click();
          expect(await isFocused(testimonials.getByRole('button', { name: 'Add a testimonial' }))).toBe(true);
          expect(await testimonials.getByRole('group', { name: /^Testimonial \d+$/ }).count()).toBe(quotes);
          expect(errors).toEqual([]);
        } finally {
          await page.close();
        }
      },
    );
  },
);
