import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { programDetails, programsPage } from '#content/programDetails.ts';
import { programNames, programs } from '#content/programs.ts';
import { school } from '#content/school.ts';
import { accessibilityViolations, describeViolations } from './support/accessibility';
import { collectPageErrors, openPage, viewports, type ViewportName } from './support/browser';
import { useSiteAndBrowser } from './support/site';

const running = useSiteAndBrowser();

const selectedTab = (page: Page) => page.locator('[role="tab"][aria-selected="true"]');
const panelHeading = (page: Page) => page.locator('[role="tabpanel"] h2');
const localSeo = (page: Page) => page.getByRole('heading', { name: programsPage.localSeo.title });

describe('prerendered program pages', () => {
  it.each(programNames)('/programs/%s is prerendered with its own tab selected', async (program) => {
    const html = await (await fetch(`${running.site.url}/programs/${program}`)).text();
    expect(html).toMatch(new RegExp(`id="program-tab-${program}" aria-selected="true"`));
    expect(html).toContain(`id="program-panel-${program}"`);
    expect((html.match(/aria-selected="true"/g) ?? []).length).toBe(1);
    expect(html).toContain('<h1>Curriculum</h1>');
  });

  it('shows Our Programs and the toddler tab at /programs, and no style attributes', async () => {
    const html = await (await fetch(`${running.site.url}/programs`)).text();
    expect(html).toContain('<h1>Our Programs</h1>');
    expect(html).toMatch(/id="program-tab-toddler" aria-selected="true"/);
    expect(html).not.toMatch(/<[^>]+ style="/);
  });
});

describe.each(Object.keys(viewports) as ViewportName[])('programs at the %s viewport', (viewport) => {
  async function withPage(run: (page: Page, errors: string[]) => Promise<void>) {
    const page = await running.page(viewport);
    const errors = collectPageErrors(page);
    try {
      await run(page, errors);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }

  it('at /programs: heading, toddler tab, local SEO box and the apply call to action', () =>
    withPage(async (page) => {
      await openPage(page, `${running.site.url}/programs`);
      await expect(page.locator('h1').textContent()).resolves.toBe('Our Programs');
      await expect(selectedTab(page).getAttribute('id')).resolves.toBe('program-tab-toddler');
      await expect(panelHeading(page).textContent()).resolves.toBe(programs.toddler.title);
      await expect(
        page
          .locator('[role="tabpanel"]')
          .getByRole('heading', { name: programDetails.toddler.about.title })
          .isVisible(),
      ).resolves.toBe(true);
      expect(await page.locator('.program-details__box').count()).toBe(programDetails.toddler.curriculum.length);
      await expect(localSeo(page).isVisible()).resolves.toBe(true);
      const cta = page.locator('.call-to-action');
      const ctaText = (await cta.textContent()) ?? '';
      for (const term of school.terms) expect(ctaText).toContain(term);
      await expect(
        cta.getByRole('link', { name: programsPage.applyCta.buttonLabel }).getAttribute('href'),
      ).resolves.toBe('/admission-enquiry');
    }));

  it('clicking a tab switches content and replaces the address, keeping the scroll position; Back leaves the page', () =>
    withPage(async (page) => {
      await openPage(page, `${running.site.url}/faq`);
      await openPage(page, `${running.site.url}/programs`);
      await page.evaluate(() => window.scrollTo(0, 150));
      const scrollBefore = await page.evaluate(() => window.scrollY);
      await page.getByRole('tab', { name: /Primary/ }).click();
      await page.waitForURL(`${running.site.url}/programs/primary`);
      await expect(panelHeading(page).textContent()).resolves.toBe(programs.primary.title);
      await expect(page.locator('h1').textContent()).resolves.toBe('Curriculum');
      expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
      await page.getByRole('tab', { name: /Adolescent/ }).click();
      await page.waitForURL(`${running.site.url}/programs/adolescent`);
      await expect(panelHeading(page).textContent()).resolves.toBe(programs.adolescent.title);
      await page.goBack();
      await page.waitForURL(`${running.site.url}/faq`);
    }));

  it('follows the WAI-ARIA tabs keyboard pattern (automatic activation, roving tabindex)', () =>
    withPage(async (page) => {
      await openPage(page, `${running.site.url}/programs`);
      expect(await page.locator('[role="tab"][tabindex="0"]').count()).toBe(1);
      expect(await page.locator('[role="tab"][tabindex="-1"]').count()).toBe(3);
      await selectedTab(page).focus();
      await page.keyboard.press('ArrowRight');
      await page.waitForURL(`${running.site.url}/programs/primary`);
      await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('program-tab-primary');
      await expect(panelHeading(page).textContent()).resolves.toBe(programs.primary.title);
      await page.keyboard.press('End');
      await page.waitForURL(`${running.site.url}/programs/adolescent`);
      await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('program-tab-adolescent');
      await page.keyboard.press('ArrowRight');
      await page.waitForURL(`${running.site.url}/programs/toddler`);
      await page.keyboard.press('ArrowLeft');
      await page.waitForURL(`${running.site.url}/programs/adolescent`);
      await page.keyboard.press('Home');
      await page.waitForURL(`${running.site.url}/programs/toddler`);
      await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('program-tab-toddler');
      await expect(page.locator('[role="tab"][tabindex="0"]').getAttribute('id')).resolves.toBe('program-tab-toddler');
      // Tab leaves the tab list for the panel.
      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => document.activeElement?.getAttribute('role'))).resolves.toBe('tabpanel');
      await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby'))).resolves.toBe(
        'program-tab-toddler',
      );
    }));

  it('honours a valid route parameter and ignores an unknown one', () =>
    withPage(async (page) => {
      await openPage(page, `${running.site.url}/programs/elementary`);
      await expect(selectedTab(page).getAttribute('id')).resolves.toBe('program-tab-elementary');
      await expect(panelHeading(page).textContent()).resolves.toBe(programs.elementary.title);
      await expect(page.locator('h1').textContent()).resolves.toBe('Curriculum');
      await expect(localSeo(page).isVisible()).resolves.toBe(true);

      await openPage(page, `${running.site.url}/programs/not-a-program`);
      await expect(selectedTab(page).getAttribute('id')).resolves.toBe('program-tab-toddler');
      await expect(page.locator('h1').textContent()).resolves.toBe('Curriculum');

      await openPage(page, `${running.site.url}/programs/pre-primary`);
      expect(new URL(page.url()).pathname).toBe('/programs/primary');
      await expect(selectedTab(page).getAttribute('id')).resolves.toBe('program-tab-primary');
    }));

  it('at /curriculum: Curriculum heading, toddler tab, no local SEO box', () =>
    withPage(async (page) => {
      await openPage(page, `${running.site.url}/curriculum`);
      await expect(page.locator('h1').textContent()).resolves.toBe('Curriculum');
      await expect(selectedTab(page).getAttribute('id')).resolves.toBe('program-tab-toddler');
      await expect(localSeo(page).count()).resolves.toBe(0);
      await page.getByRole('tab', { name: /Elementary/ }).click();
      await page.waitForURL(`${running.site.url}/programs/elementary`);
    }));

  it('passes axe with another tab selected and the page does not scroll sideways', () =>
    withPage(async (page) => {
      await openPage(page, `${running.site.url}/programs`);
      await page.getByRole('tab', { name: /Elementary/ }).click();
      await page.waitForURL(`${running.site.url}/programs/elementary`);
      const violations = await accessibilityViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewports[viewport].width,
      );
    }));
});
