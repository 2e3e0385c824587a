import { describe, expect, it } from 'vitest';
import { staticRoutes } from '#shared/routes.ts';
import { collectPageErrors, newContext, openPage } from './support/browser';
import { useSiteAndBrowser } from './support/site';

const running = useSiteAndBrowser();

/** Every public route of the spec's table, a program tab and a blog post (the dashboard is not a parent's page). */
const routes = [
  ...staticRoutes.filter((route) => !route.clientOnly).map((route) => route.path),
  '/programs/toddler',
  '/blog/farm-trip',
];

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

describe('public pages start without the browser locale data', () => {
  it.each(routes)('%s hydrates without Intl, toLocale… or localeCompare', async (route) => {
    const context = await newContext(running.browser, 'phone');
    try {
      await context.addInitScript(recordIntlUse);
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await openPage(page, `${running.site.url}${route}`);
      // Hydration renders in a transition, in slices: wait until the page has nothing left to do before reading.
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
      expect(errors).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { intlUsed: string[] }).intlUsed)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
