import { describe, expect, it } from 'vitest';
import { PAGE_MODULES_ELEMENT_ID, type PageModules } from '#shared/pageModules.ts';
import { collectPageErrors, newContext, openPage } from './support/browser';
import { useSiteAndBrowser } from './support/site';

const running = useSiteAndBrowser();

/** What the browser fetched and when, against when the page first painted, in the page's own clock. */
async function loadTimings(route: string) {
  const context = await newContext(running.browser, 'phone');
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  try {
    await openPage(page, `${running.site.url}${route}`);
    // A page the browser draws (/admin) may be hydrated before its first paint is reported.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, {
      timeout: 15_000,
    });
    const timings = await page.evaluate((listId) => {
      const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src');
      const fetched = performance
        .getEntriesByType('resource')
        .filter((resource) => new URL(resource.name).pathname.endsWith('.js'))
        .map((resource) => ({ path: new URL(resource.name).pathname, start: resource.startTime }));
      return {
        entry,
        scriptsInPage: document.querySelectorAll('script[type="module"]').length,
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        fetched,
        listed: JSON.parse(document.getElementById(listId)?.textContent ?? 'null') as PageModules | null,
      };
    }, PAGE_MODULES_ELEMENT_ID);
    return { ...timings, errors };
  } finally {
    await context.close();
  }
}

describe('scripts after the first paint', () => {
  it.each(['/', '/gallery', '/programs/toddler', '/contact', '/blog/farm-trip'])(
    '%s paints with only the entry script fetched, then fetches what it lists and hydrates',
    async (route) => {
      const { entry, scriptsInPage, firstPaint, fetched, listed, errors } = await loadTimings(route);
      expect(errors).toEqual([]);
      expect(scriptsInPage).toBe(1);
      expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
      expect(firstPaint).toBeGreaterThan(0);
      expect(listed?.paintFirst).toBe(true);

      const fetchedPaths = fetched.map((script) => script.path);
      // Everything the page listed arrived (the page hydrated with it)…
      expect(fetchedPaths).toEqual(expect.arrayContaining(listed?.modules ?? ['(no list)']));
      // …and nothing but the entry script was asked for before the page had painted.
      const early = fetched.filter((script) => script.path !== entry && script.start < firstPaint!);
      expect(early).toEqual([]);
    },
  );

  it('/admin, which the browser draws, fetches its modules at once: its first paint is the login screen', async () => {
    const { firstPaint, fetched, listed, errors } = await loadTimings('/admin');
    expect(errors).toEqual([]);
    expect(listed?.paintFirst).toBe(false);
    expect(firstPaint).toBeGreaterThan(0);
    const modules = fetched.filter((script) => listed?.modules.includes(script.path));
    expect(modules.map((script) => script.path).sort()).toEqual([...(listed?.modules ?? [])].sort());
    expect(modules.filter((script) => script.start > firstPaint!)).toEqual([]);
  });
});
