import { describe, expect, it } from 'vitest';
import { collectPageErrors, newContext, openPage } from './support/browser';
import { useSiteAndBrowser } from './support/site';

const running = useSiteAndBrowser();

describe('the generic failure screen', () => {
  it('shows when a page cannot load, and Refresh Page brings it back', async () => {
    const context = await newContext(running.browser, 'desktop');
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    try {
      await openPage(page, `${running.site.url}/`);
      // A lost connection while the FAQ's code is fetched: the page fails to render.
      await page.route('**/assets/FaqPage-*.js', (route) => route.abort('internetdisconnected'));
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ', exact: true }).click();

      const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
      await alert.waitFor();
      expect(await alert.getByRole('heading', { level: 1 }).textContent()).toBe('Something went wrong');
      expect(await alert.textContent()).toContain(
        "We're sorry, but there was an error loading this page. Please try refreshing the page.",
      );
      expect(errors.some((error) => error.includes('Page failed to render'))).toBe(true);

      await page.unroute('**/assets/FaqPage-*.js');
      await Promise.all([page.waitForEvent('load'), alert.getByRole('button', { name: 'Refresh Page' }).click()]);
      await page.waitForSelector('html[data-hydrated="true"]');
      expect(new URL(page.url()).pathname).toBe('/faq');
      expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toContain(
        'Frequently Asked Questions',
      );
    } finally {
      await context.close();
    }
  });
});
