import { describe, expect, it } from 'vitest';
import { resolveRoute, staticRoutes } from '#shared/routes.ts';
import { startingBlogPosts } from '#shared/content/blogPosts.ts';
import { accessibilityViolations, describeViolations } from './support/accessibility';
import {
  collectPageErrors,
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

const running = useSiteAndBrowser({ ADMIN_PASSWORD: 'correct horse battery staple' });

describe.each(Object.keys(viewports) as ViewportName[])('every route at the %s viewport', (viewport) => {
  it.each(routes)('%s loads, hydrates without errors and passes axe', async (path) => {
    const context = await newContext(running.browser, viewport);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const cspViolations = await watchCspViolations(page);
    try {
      const status = await openPage(page, `${running.site.url}${path}`);
      const expected = resolveRoute(path, startingBlogPosts()).status;
      expect(status).toBe(expected);
      // /admin shows its heading once the session check has answered; wait for it rather than race it.
      await page.locator('h1').first().waitFor({ state: 'visible', timeout: 10_000 });
      // The running.browser reports the document's own 404 as a failed resource; anything else is a real error.
      const unexpected = errors.filter((error) => !(expected === 404 && error.includes('status of 404')));
      expect(unexpected).toEqual([]);
      expect(cspViolations).toEqual([]);
      const violations = await accessibilityViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
