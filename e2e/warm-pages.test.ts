import { expect, it } from 'vitest';
import { openPage } from './support/browser';
import { useSiteAndBrowser } from './support/site';

const running = useSiteAndBrowser();

it(
  "starts each page of a file's warm context as a fresh context would: no cookies, the site's localStorage empty, the page before closed",
  { timeout: 60_000 },
  async () => {
    const first = await running.page('phone');
    await openPage(first, running.site.url);
    await first.evaluate(() => {
      window.localStorage.setItem('left-behind', 'yes');
      document.cookie = 'left-behind=yes; path=/';
    });
    expect(await first.context().cookies()).toHaveLength(1);

    const second = await running.page('phone');
    expect(second.context()).toBe(first.context());
    expect(first.isClosed()).toBe(true);
    expect(await second.context().cookies()).toEqual([]);
    await openPage(second, running.site.url);
    expect(await second.evaluate(() => window.localStorage.getItem('left-behind'))).toBeNull();
    await second.close();
  },
);
