import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { launchBrowser, warmPages, type ViewportName } from './browser';

/**
 * The built site served by the real server on a loopback port with a fresh data folder.
 * `npm test` builds before the browser tests run.
 */
export function startSite(env: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer(env);
}

export type SiteAndBrowser = {
  site: TestServer;
  browser: Browser;
  /** A page in the file's warm context for the viewport (warmPages in ./browser). */
  page(viewport: ViewportName): Promise<Page>;
};

/** Starts the site and Chromium once for a test file, and stops both after it. */
export function useSiteAndBrowser(env: Record<string, string> = {}): SiteAndBrowser {
  const pages = warmPages(
    () => running.browser,
    () => running.site.url,
  );
  const running = { page: pages.page } as SiteAndBrowser;
  beforeAll(async () => {
    [running.site, running.browser] = await Promise.all([startSite(env), launchBrowser()]);
  });
  afterAll(async () => {
    await pages.close();
    await running.browser?.close();
    await running.site?.close();
  });
  return running;
}
