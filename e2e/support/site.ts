import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { launchBrowser } from './browser';

/**
 * The built site served by the real server on a loopback port with a fresh data folder.
 * `npm test` builds before the browser tests run.
 */
export function startSite(env: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer(env);
}

export type SiteAndBrowser = { site: TestServer; browser: Browser };

/** Starts the site and Chromium once for a test file, and stops both after it. */
export function useSiteAndBrowser(env: Record<string, string> = {}): SiteAndBrowser {
  const running = {} as SiteAndBrowser;
  beforeAll(async () => {
    [running.site, running.browser] = await Promise.all([startSite(env), launchBrowser()]);
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.site?.close();
  });
  return running;
}
