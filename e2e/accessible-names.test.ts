import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shellText } from '#client/app/layout/shellText.ts';
import { staticRoutes } from '#shared/routes.ts';
import { exposedControls, wordCount, type ExposedControl } from './support/accessibilityTree';
import { newContext, openPage, viewports, type ViewportName } from './support/browser';
import { useSiteAndBrowser } from './support/site';

/** Every route of the spec's table, a program tab and a blog post. */
const routes = [...staticRoutes.map((route) => route.path), '/programs/toddler', '/blog/farm-trip'];

const running = useSiteAndBrowser();

/** Controls whose name lost words of their text: two text nodes glued into one word ('About Uspages'). */
const gluedNames = (controls: ExposedControl[]) =>
  controls
    .filter((control) => wordCount(control.name) < wordCount(control.text))
    .map(({ role, name, text }) => `${role} "${name}" from "${text}"`);

/** On a phone the header's links and submenu buttons are in the menu panel, exposed only while it is open. */
async function openMobileMenu(page: Page) {
  await page.getByRole('button', { name: shellText.menuButton }).click();
  await page.getByRole('dialog', { name: shellText.menuDialogLabel }).waitFor();
}

describe.each(Object.keys(viewports) as ViewportName[])('accessible names at the %s viewport', (viewport) => {
  it.each(routes)('%s: no button or link is named with fewer words than its text', async (path) => {
    const context = await newContext(running.browser, viewport);
    const page = await context.newPage();
    try {
      await openPage(page, `${running.site.url}${path}`);
      // /admin shows its login card (and its controls) once the session check has answered.
      await page.locator('h1').first().waitFor();
      const controls = await exposedControls(page);
      expect(controls.length).toBeGreaterThan(10);
      if (viewport === 'phone') {
        await openMobileMenu(page);
        controls.push(...(await exposedControls(page)));
      }
      expect(gluedNames(controls)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
