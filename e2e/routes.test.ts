import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellText } from '#client/app/layout/shellText.ts';
import { resolveRoute, staticRoutes } from '#shared/routes.ts';
import { startingBlogPosts } from '#shared/content/blogPosts.ts';
import { accessibilityViolations, describeViolations } from './support/accessibility';
import { exposedControls, wordCount, type ExposedControl } from './support/accessibilityTree';
import {
  collectPageErrors,
  keepRendererWarm,
  watchCspViolations,
  newContext,
  openPage,
  viewports,
  type ViewportName,
} from './support/browser';
import { useSiteAndBrowser } from './support/site';

/** Every route of the spec's table, a program tab, both named posts, an unknown post and an unknown path. */
const routes = [
  ...staticRoutes.map((route) => route.path),
  '/programs/toddler',
  '/programs/adolescent',
  '/blog/farm-trip',
  '/blog/montessori-during-lockdown',
  '/blog/no-such-post',
  '/no-such-page',
];

/** The dashboard is not a parent's page: only the public pages must start without the locale data. */
const dashboardPaths = new Set(staticRoutes.filter((route) => route.clientOnly).map((route) => route.path));

const running = useSiteAndBrowser({ ADMIN_PASSWORD: 'correct horse battery staple' });

/**
 * Records each use of the browser's locale machinery (Intl and the toLocale and localeCompare
 * methods built on it). Its first use in a fresh page starts ICU, which held the main thread for
 * 27 to 160 ms in Chromium here, in the middle of the page's hydration (decision 0006).
 */
function recordIntlUse() {
  const used: string[] = [];
  (window as unknown as { intlUsed: string[] }).intlUsed = used;
  const intl = Intl as unknown as Record<string, new (...args: unknown[]) => unknown>;
  for (const name of [
    'DateTimeFormat',
    'NumberFormat',
    'Collator',
    'PluralRules',
    'RelativeTimeFormat',
    'ListFormat',
    'Segmenter',
    'DisplayNames',
  ]) {
    const original = intl[name];
    if (!original) continue;
    intl[name] = new Proxy(original, {
      construct(target, args, newTarget) {
        used.push(`Intl.${name}`);
        return Reflect.construct(target, args, newTarget) as object;
      },
      apply(target, self, args) {
        used.push(`Intl.${name}`);
        return Reflect.apply(target, self, args) as unknown;
      },
    });
  }
  const methods: [object, string][] = [
    [String.prototype, 'localeCompare'],
    [Number.prototype, 'toLocaleString'],
    [Date.prototype, 'toLocaleString'],
    [Date.prototype, 'toLocaleDateString'],
    [Date.prototype, 'toLocaleTimeString'],
    [Array.prototype, 'toLocaleString'],
  ];
  for (const [owner, name] of methods) {
    const original = (owner as Record<string, (...args: unknown[]) => unknown>)[name]!;
    (owner as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      used.push(name);
      return original.apply(this, args);
    };
  }
}

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

/**
 * Every check of a route is made in one visit at each viewport: opening a page in a fresh context
 * took 1.5 s of the 2-core machine, and the checks read the page without changing it (the menu
 * is opened last). The pages of a viewport share its context and warm renderer: the public pages
 * set nothing in it, and each visit is a page of its own.
 */

describe.each(Object.keys(viewports) as ViewportName[])('every route at the %s viewport', (viewport) => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newContext(running.browser, viewport);
    // Recorded on every page of the phone's context; read only on the public pages.
    if (viewport === 'phone') await context.addInitScript(recordIntlUse);
    await keepRendererWarm(context, running.site.url);
  });
  afterAll(async () => {
    await context?.close();
  });

  it.each(routes)(
    '%s loads, hydrates without errors (a public page on a phone without Intl, toLocale… or localeCompare), passes both accessibility engines and names each control with all the words of its text',
    async (path) => {
      const checksLocale = viewport === 'phone' && !dashboardPaths.has(path);
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const cspViolations = await watchCspViolations(page);
      try {
        const status = await openPage(page, `${running.site.url}${path}`);
        const expected = resolveRoute(path, startingBlogPosts()).status;
        expect(status).toBe(expected);
        // /admin shows its heading once the session check has answered; wait for it rather than race it.
        await page.locator('h1').first().waitFor({ state: 'visible', timeout: 10_000 });
        if (checksLocale) {
          // Hydration renders in a transition, in slices: wait until the page has nothing left to do before reading.
          await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
          expect(await page.evaluate(() => (window as unknown as { intlUsed: string[] }).intlUsed)).toEqual([]);
        }
        // The running.browser reports the document's own 404 as a failed resource; anything else is a real error.
        const unexpected = errors.filter((error) => !(expected === 404 && error.includes('status of 404')));
        expect(unexpected).toEqual([]);
        expect(cspViolations).toEqual([]);
        const violations = await accessibilityViolations(page);
        expect(violations, describeViolations(violations)).toEqual([]);
        const controls = await exposedControls(page);
        expect(controls.length).toBeGreaterThan(10);
        if (viewport === 'phone') {
          await openMobileMenu(page);
          controls.push(...(await exposedControls(page)));
        }
        expect(gluedNames(controls)).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );
});
