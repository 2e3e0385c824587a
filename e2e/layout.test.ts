import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { admissionsBanner } from '#content/navigation.ts';
import { footerLinkGroups, mainMenu } from '#shared/siteNavigation.ts';
import { school } from '#content/school.ts';
import { BACK_TO_TOP_THRESHOLD_PX, NAV_CLOSE_DELAY_MS, PAGE_TOP_ID } from '#client/app/layout/constants.ts';
import { shellText } from '#client/app/layout/shellText.ts';
import { accessibilityViolations, describeViolations } from './support/accessibility';
import { collectPageErrors, openPage, viewports, type ViewportName } from './support/browser';
import { useSiteAndBrowser } from './support/site';
import { startingContact } from '#test/support/schoolFacts.ts';

const running = useSiteAndBrowser();

async function withPage(viewport: ViewportName, run: (page: Page) => Promise<void>) {
  const page = await running.page(viewport);
  const errors = collectPageErrors(page);
  try {
    await run(page);
    expect(errors, 'console errors and uncaught exceptions').toEqual([]);
  } finally {
    await page.close();
  }
}

const menuGroups = mainMenu.filter((item) => item.children);
const [aboutGroup, programGroup] = menuGroups as [(typeof menuGroups)[0], (typeof menuGroups)[0]];

async function expectNoAccessibilityViolations(page: Page) {
  const violations = await accessibilityViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

describe('prerendered shell', () => {
  it('carries the skip link, banner, menus and footer without style attributes', async () => {
    const html = await (await fetch(`${running.site.url}/about`)).text();
    expect(html).toContain('href="#main"');
    expect(html).toContain(shellText.skipLink);
    expect(html).toContain(admissionsBanner.text);
    expect(html).toMatch(/<a[^>]*href="\/about"[^>]*aria-current="page"|<a[^>]*aria-current="page"[^>]*href="\/about"/);
    for (const sister of school.sisterSchools) expect(html).toContain(sister.url);
    expect(html).not.toMatch(/<[^>]+ style="/);
  });
});

describe.each(Object.keys(viewports) as ViewportName[])('page shell at the %s viewport', (viewport) => {
  it('has a skip link that moves focus to the main content', () =>
    withPage(viewport, async (page) => {
      await openPage(page, `${running.site.url}/about`);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: shellText.skipLink });
      await expect.poll(() => skip.evaluate((link) => link === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    }));

  it('announces admissions for the year in a banner that pauses', () =>
    withPage(viewport, async (page) => {
      await openPage(page, running.site.url);
      const banner = page.getByRole('complementary', { name: shellText.bannerLabel });
      const link = banner.getByRole('link');
      await expect.poll(() => link.count()).toBe(1);
      expect(await link.textContent()).toContain(`${school.admissionsYear} academic year`);
      expect(await link.getAttribute('href')).toBe('/admission-enquiry');
      const track = page.locator('.admissions-banner__track');
      const playState = () => track.evaluate((element) => getComputedStyle(element).animationPlayState);
      // Keep the pointer away so only the button decides.
      await page.mouse.move(viewports[viewport].width / 2, viewports[viewport].height - 5);
      expect(await playState()).toBe('running');
      // It starts moving only after the page has loaded and hydrated, and can be read at rest until then.
      expect(
        await track.evaluate((element) => element.getAnimations()[0]?.effect?.getTiming().delay),
      ).toBeGreaterThanOrEqual(2000);
      const pause = banner.getByRole('button', { name: shellText.pauseBanner });
      await pause.click();
      await page.mouse.move(viewports[viewport].width / 2, viewports[viewport].height - 5);
      await expect.poll(playState).toBe('paused');
      await banner.getByRole('button', { name: shellText.playBanner }).click();
      await page.mouse.move(viewports[viewport].width / 2, viewports[viewport].height - 5);
      // Focus is still on the button inside the banner, which pauses it too.
      expect(await playState()).toBe('paused');
      await page.locator('#main').focus();
      await expect.poll(playState).toBe('running');
    }));

  it('stands the banner still for visitors who prefer reduced motion', () =>
    withPage(viewport, async (page) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openPage(page, running.site.url);
      const track = page.locator('.admissions-banner__track');
      expect(await track.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
      await expect.poll(() => page.getByRole('button', { name: shellText.pauseBanner }).isVisible()).toBe(false);
      await expect.poll(() => page.locator('.admissions-banner__message').first().isVisible()).toBe(true);
    }));

  it('shows contact facts, the school network and social links in the footer', () =>
    withPage(viewport, async (page) => {
      await openPage(page, running.site.url);
      const footer = page.getByRole('contentinfo');
      for (const phone of startingContact.phones) {
        expect(await footer.locator(`a[href="tel:${phone.e164}"]`).textContent()).toBe(phone.display);
      }
      expect(await footer.locator(`a[href="mailto:${startingContact.email}"]`).count()).toBe(1);
      for (const group of footerLinkGroups) {
        expect(await footer.getByRole('heading', { name: group.title }).count()).toBe(1);
      }
      const network = footer.getByRole('region', { name: shellText.networkHeading });
      for (const sister of school.sisterSchools) {
        const link = network.getByRole('link', { name: `${sister.name} ${shellText.newTabHint}` });
        expect(await link.getAttribute('href')).toBe(sister.url);
        expect(await link.getAttribute('target')).toBe('_blank');
        expect(await link.getAttribute('rel')).toContain('noopener');
      }
      for (const [name, url] of [
        ['Facebook', school.social.facebook],
        ['Instagram', school.social.instagram],
      ] as const) {
        const link = footer.getByRole('link', { name: `${name} ${shellText.newTabHint}` });
        expect(await link.getAttribute('href')).toBe(url);
        expect(await link.getAttribute('target')).toBe('_blank');
      }
      expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} ${school.name}`);
    }));

  it('shows back-to-top after 300px of scrolling and takes the reader back up', () =>
    withPage(viewport, async (page) => {
      await openPage(page, running.site.url);
      const button = page.getByRole('button', { name: 'Back to top' });
      expect(await button.isVisible()).toBe(false);
      await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), BACK_TO_TOP_THRESHOLD_PX - 50);
      await page.waitForTimeout(100);
      expect(await button.isVisible()).toBe(false);
      await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), BACK_TO_TOP_THRESHOLD_PX + 200);
      await expect.poll(() => button.isVisible()).toBe(true);
      await button.click();
      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(PAGE_TOP_ID);
      await expect.poll(() => button.isVisible()).toBe(false);
    }));

  it('resets the scroll position when moving to another page', () =>
    withPage(viewport, async (page) => {
      await openPage(page, running.site.url);
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('link', { name: 'Gallery' }).click();
      await page.waitForURL(`${running.site.url}/gallery`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    }));
});

describe('desktop navigation (1366x768)', () => {
  const desktopNav = (page: Page) => page.getByRole('navigation', { name: shellText.mainNavLabel });
  const toggle = (page: Page, label: string) =>
    desktopNav(page).getByRole('button', { name: `${label} ${shellText.submenuSuffix}` });

  it('hides the menu button and marks the current page', () =>
    withPage('desktop', async (page) => {
      await openPage(page, `${running.site.url}/faq`);
      expect(await page.getByRole('button', { name: shellText.menuButton }).isVisible()).toBe(false);
      const current = desktopNav(page).locator('[aria-current="page"]');
      expect(await current.count()).toBe(1);
      expect(await current.getAttribute('href')).toBe('/faq');
    }));

  it('opens a dropdown on hover and closes it shortly after the pointer leaves', () =>
    withPage('desktop', async (page) => {
      await openPage(page, running.site.url);
      const submenu = page.locator(`#${await toggle(page, aboutGroup.label).getAttribute('aria-controls')}`);
      expect(await submenu.isVisible()).toBe(false);
      await desktopNav(page).getByRole('link', { name: aboutGroup.label, exact: true }).hover();
      await expect.poll(() => submenu.isVisible()).toBe(true);
      expect(await toggle(page, aboutGroup.label).getAttribute('aria-expanded')).toBe('true');
      for (const child of aboutGroup.children ?? []) {
        expect(await submenu.getByRole('link', { name: child.label }).getAttribute('href')).toBe(child.path);
      }
      // Moving down into the submenu keeps it open.
      await submenu.getByRole('link', { name: aboutGroup.children?.[1]?.label }).hover();
      await page.waitForTimeout(NAV_CLOSE_DELAY_MS * 3);
      expect(await submenu.isVisible()).toBe(true);
      await page.mouse.move(600, 600);
      await expect.poll(() => submenu.isVisible()).toBe(false);
      expect(await toggle(page, aboutGroup.label).getAttribute('aria-expanded')).toBe('false');
    }));

  it('works by keyboard: Enter opens, Tab walks the submenu, Escape closes and returns focus, leaving closes', () =>
    withPage('desktop', async (page) => {
      await openPage(page, running.site.url);
      await desktopNav(page).getByRole('link', { name: aboutGroup.label, exact: true }).focus();
      await page.keyboard.press('Tab');
      const aboutToggle = toggle(page, aboutGroup.label);
      expect(await aboutToggle.evaluate((button) => button === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      expect(await aboutToggle.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(aboutGroup.children?.[0]?.label);
      await page.keyboard.press('Escape');
      expect(await aboutToggle.getAttribute('aria-expanded')).toBe('false');
      expect(await aboutToggle.evaluate((button) => button === document.activeElement)).toBe(true);

      await page.keyboard.press('Enter');
      for (let step = 0; step < (aboutGroup.children?.length ?? 0); step += 1) await page.keyboard.press('Tab');
      expect(await aboutToggle.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(programGroup.label);
      await expect.poll(() => aboutToggle.getAttribute('aria-expanded')).toBe('false');
    }));

  it('opens with a click (or tap) on the toggle, one at a time, and closes on an outside click', () =>
    withPage('desktop', async (page) => {
      await openPage(page, running.site.url);
      const aboutToggle = toggle(page, aboutGroup.label);
      const programToggle = toggle(page, programGroup.label);
      await aboutToggle.click();
      expect(await aboutToggle.getAttribute('aria-expanded')).toBe('true');
      await programToggle.click();
      expect(await programToggle.getAttribute('aria-expanded')).toBe('true');
      expect(await aboutToggle.getAttribute('aria-expanded')).toBe('false');
      await page.mouse.click(600, 600);
      await expect.poll(() => programToggle.getAttribute('aria-expanded')).toBe('false');
    }));

  it('closes the dropdown when one of its pages is chosen', () =>
    withPage('desktop', async (page) => {
      await openPage(page, running.site.url);
      const programToggle = toggle(page, programGroup.label);
      await programToggle.click();
      const firstChild = programGroup.children?.[0];
      await desktopNav(page).getByRole('link', { name: firstChild?.label }).click();
      await page.waitForURL(`${running.site.url}${firstChild?.path}`);
      await page.mouse.move(600, 600);
      await expect.poll(() => programToggle.getAttribute('aria-expanded')).toBe('false');
      expect(await desktopNav(page).locator('[aria-current="page"]').getAttribute('href')).toBe(firstChild?.path);
    }));

  it('is axe-clean with a dropdown open', () =>
    withPage('desktop', async (page) => {
      await openPage(page, running.site.url);
      await toggle(page, aboutGroup.label).click();
      expect(await toggle(page, aboutGroup.label).getAttribute('aria-expanded')).toBe('true');
      await expectNoAccessibilityViolations(page);
    }));
});

describe('mobile menu (390x844)', () => {
  const menuButton = (page: Page) => page.getByRole('button', { name: shellText.menuButton, exact: true });
  const panel = (page: Page) => page.getByRole('dialog', { name: shellText.menuDialogLabel });
  const groupToggle = (page: Page, label: string) =>
    panel(page).getByRole('button', { name: `${label} ${shellText.submenuSuffix}` });
  const expanded = async (page: Page) =>
    panel(page)
      .locator('button[aria-expanded="true"]')
      .evaluateAll((buttons) => buttons.map((button) => button.textContent));

  it('opens full screen, locks the page, keeps focus inside and closes with Escape', () =>
    withPage('phone', async (page) => {
      await openPage(page, running.site.url);
      expect(await page.getByRole('navigation', { name: shellText.mainNavLabel }).count()).toBe(0);
      expect(await panel(page).count()).toBe(0);
      await menuButton(page).click();
      // The panel's code arrives with the first press (decision 0006): the menu opens once it has.
      await expect.poll(() => menuButton(page).getAttribute('aria-expanded')).toBe('true');
      const box = await panel(page).boundingBox();
      expect(box).toEqual({ x: 0, y: 0, width: viewports.phone.width, height: viewports.phone.height });
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
      for (const item of mainMenu) {
        expect(await panel(page).getByRole('link', { name: item.label, exact: true }).getAttribute('href')).toBe(
          item.path,
        );
      }
      // Focus starts inside and wraps around in both directions.
      const focusInside = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
      expect(await focusInside()).toBe(true);
      await page.keyboard.press('Shift+Tab');
      expect(await focusInside()).toBe(true);
      await page.keyboard.press('Tab');
      expect(await focusInside()).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(shellText.closeMenu);

      await page.keyboard.press('Escape');
      expect(await panel(page).count()).toBe(0);
      expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
      expect(await menuButton(page).evaluate((button) => button === document.activeElement)).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    }));

  it('opens one group at a time and collapses them when the menu closes', () =>
    withPage('phone', async (page) => {
      await openPage(page, running.site.url);
      await menuButton(page).click();
      const firstAboutPage = aboutGroup.children?.[0]?.label ?? '';
      const firstProgramPage = programGroup.children?.[0]?.label ?? '';
      expect(await panel(page).getByRole('link', { name: firstAboutPage }).isVisible()).toBe(false);
      await groupToggle(page, aboutGroup.label).click();
      expect(await panel(page).getByRole('link', { name: firstAboutPage }).isVisible()).toBe(true);
      await groupToggle(page, programGroup.label).click();
      expect(await panel(page).getByRole('link', { name: firstProgramPage }).isVisible()).toBe(true);
      expect(await panel(page).getByRole('link', { name: firstAboutPage }).isVisible()).toBe(false);
      expect(await expanded(page)).toEqual([`${programGroup.label} ${shellText.submenuSuffix}`]);
      // A second press closes the open group.
      await groupToggle(page, programGroup.label).click();
      expect(await expanded(page)).toEqual([]);
      await groupToggle(page, programGroup.label).click();

      await panel(page).getByRole('button', { name: shellText.closeMenu }).click();
      expect(await menuButton(page).evaluate((button) => button === document.activeElement)).toBe(true);
      await menuButton(page).click();
      expect(await expanded(page)).toEqual([]);
      expect(await panel(page).getByRole('link', { name: firstProgramPage }).isVisible()).toBe(false);
    }));

  it('closes when a link is chosen and goes to that page at the top', () =>
    withPage('phone', async (page) => {
      await openPage(page, running.site.url);
      await page.evaluate(() => window.scrollTo({ top: 600, behavior: 'instant' }));
      await menuButton(page).click();
      await groupToggle(page, aboutGroup.label).click();
      const target = aboutGroup.children?.[1];
      await panel(page).getByRole('link', { name: target?.label }).click();
      await page.waitForURL(`${running.site.url}${target?.path}`);
      expect(await panel(page).count()).toBe(0);
      expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
      await menuButton(page).click();
      expect(await panel(page).locator('[aria-current="page"]').getAttribute('href')).toBe(target?.path);
    }));

  it('loads the panel only when the visitor reaches for the Menu button', () =>
    withPage('phone', async (page) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await openPage(page, running.site.url);
      await page.waitForLoadState('networkidle');
      const panelScripts = () => scripts.filter((script) => script.includes('/MobileMenuPanel-'));
      expect(panelScripts()).toEqual([]);
      await menuButton(page).click();
      await panel(page).getByRole('button', { name: shellText.closeMenu }).waitFor();
      expect(panelScripts().length).toBeGreaterThan(0);
    }));

  it('stays closed while its panel cannot load, and opens at the next press once it can', async () => {
    const page = await running.page('phone');
    const errors = collectPageErrors(page);
    try {
      await openPage(page, running.site.url);
      await page.route('**/assets/MobileMenuPanel-*.js', (route) => route.abort('internetdisconnected'));
      const failed = page.waitForEvent('requestfailed');
      await menuButton(page).click();
      await failed;
      expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
      expect(await panel(page).count()).toBe(0);
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

      await page.unroute('**/assets/MobileMenuPanel-*.js');
      await menuButton(page).click();
      await expect.poll(() => menuButton(page).getAttribute('aria-expanded')).toBe('true');
      await panel(page).getByRole('button', { name: shellText.closeMenu }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(shellText.closeMenu);
      // Only the lost connection was reported, nothing the page itself did.
      expect(errors.filter((error) => !error.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('is axe-clean on Home with the menu and a group open', () =>
    withPage('phone', async (page) => {
      await openPage(page, running.site.url);
      await menuButton(page).click();
      await groupToggle(page, aboutGroup.label).click();
      await expectNoAccessibilityViolations(page);
    }));
});
