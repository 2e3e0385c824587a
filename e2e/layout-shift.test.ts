import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, viewports, type ViewportName } from './support/browser';
import { useSiteAndBrowser } from './support/site';

const running = useSiteAndBrowser();

/** The slow phone Lighthouse's mobile preset stands for: 150 ms round trips, 1.6 Mbit/s down, a CPU 4 times slower. */
async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Cumulative layout shift as the browser reports it (shifts right after input do not count), from the first byte on. */
async function layoutShiftWhileLoading(
  page: Page,
  url: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<{ total: number; shifted: string[] }> {
  await page.addInitScript(() => {
    const record = { total: 0, shifted: [] as string[] };
    (window as unknown as { __layoutShift: typeof record }).__layoutShift = record;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        record.total += entry.value;
        for (const source of entry.sources ?? []) {
          const node = source.node;
          record.shifted.push(
            node instanceof Element
              ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}`
              : String(node?.nodeName),
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  await ready(page);
  await page.waitForLoadState('networkidle');
  return page.evaluate(
    () => (window as unknown as { __layoutShift: { total: number; shifted: string[] } }).__layoutShift,
  );
}

describe.each(Object.keys(viewports) as ViewportName[])(
  'layout shift at the %s viewport, on a throttled phone connection',
  (viewport) => {
    it(
      'keeps the footer still while the dashboard loads and the login card appears (CLS <= 0.01)',
      { timeout: 60_000 },
      async () => {
        const context = await newContext(running.browser, viewport);
        const page = await context.newPage();
        try {
          await throttle(page);
          const shift = await layoutShiftWhileLoading(page, `${running.site.url}/admin`, (opened) =>
            opened.getByRole('button', { name: 'Log in' }).waitFor({ timeout: 45_000 }),
          );
          expect(shift.total, `shifted: ${shift.shifted.join(', ')}`).toBeLessThanOrEqual(0.01);
        } finally {
          await context.close();
        }
      },
    );
  },
);
