import { defineConfig } from 'vitest/config';
import { classifyTestFiles } from './test/tiers.ts';

// Each test file runs in exactly one tier, read from what it uses (test/tiers.ts), so that a
// developer can run the cheap tiers alone and files can move between folders freely.
// test/tiers.test.ts proves every test file lands in exactly one tier.
const byTier = classifyTestFiles(import.meta.dirname);

// Many server and browser tests scrypt a password and wait on a busy 2-core machine: 5 s is too
// tight. Speed targets live in docs/benchmarks.md, not here.
const serverTimeouts = {
  testTimeout: 20_000,
  // Closing a server waits for the background compression of a publish's pages.
  hookTimeout: 60_000,
};
// One Chromium for the whole run, which each file's launchBrowser() connects to.
const sharedChromium = ['e2e/support/sharedChromium.ts'];
const browserTimeouts = {
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // expect.poll's 1 s default is shorter than a busy machine takes to answer a request and
  // redraw; Playwright's own waits allow 30 s. A poll still fails on a state that never comes.
  expect: { poll: { timeout: 10_000 } },
};

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker, which ran every unit and server file one after
    // another. Two halve those tiers' time; the browser and release tiers keep to one file at a
    // time below (docs/benchmarks.md).
    maxWorkers: 2,
    projects: [
      { test: { name: 'unit', include: byTier.unit, environment: 'node', ...serverTimeouts } },
      { test: { name: 'server', include: byTier.server, environment: 'node', ...serverTimeouts } },
      // One browser at a time: the machine has two cores, and Chromium with its server takes both.
      {
        test: {
          name: 'browser',
          include: byTier.browser,
          environment: 'node',
          fileParallelism: false,
          globalSetup: sharedChromium,
          ...browserTimeouts,
        },
      },
      // Caddy, java's HTML checker, LibreOffice and whole release builds: one at a time for the same
      // reason, and after the other tiers (group 1), never beside a browser test.
      {
        test: {
          name: 'release',
          include: byTier.release,
          environment: 'node',
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          globalSetup: sharedChromium,
          ...browserTimeouts,
        },
      },
    ],
  },
});
