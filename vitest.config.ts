import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          environment: 'node',
          // Many of these start a real server (and scrypt a password) on 2 shared cores: 5 s is
          // too tight when the machine is busy. Speed targets live in the benchmarks, not here.
          testTimeout: 20_000,
          // Closing a server waits for the background compression of a publish's pages.
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser at a time: the machine has two cores and the suites share one server.
          fileParallelism: false,
          // expect.poll's 1 s default is shorter than a busy machine takes to answer a request and
          // redraw; Playwright's own waits allow 30 s. A poll still fails on a state that never comes.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
