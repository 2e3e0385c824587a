import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumOptions, sharedChromiumKey } from './browser';

/**
 * Vitest global setup of the browser and release tiers: one Chromium for the whole run, which each
 * test file's launchBrowser() connects to (a new connection, its own contexts) instead of starting
 * Chromium again: a launch and a close took 4 to 5 s of the busy 2-core machine (decision 0058).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer(chromiumOptions());
  project.provide(sharedChromiumKey, server.wsEndpoint());
  return () => server.close();
}
