import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 768 },
} as const;
export type ViewportName = keyof typeof viewports;

/** Debian's Chromium, headless, with the flags this sandboxed, offline machine needs, and any a test adds. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-dev-shm-usage',
      ...extraArgs,
    ],
  });
}

/** `timezoneId` sets the device's clock zone (the school's times must not follow it). */
export async function newContext(
  browser: Browser,
  viewport: ViewportName,
  options: { javaScriptEnabled?: boolean; timezoneId?: string; bypassCSP?: boolean } = {},
): Promise<BrowserContext> {
  const isPhone = viewport === 'phone';
  const context = await browser.newContext({
    viewport: viewports[viewport],
    deviceScaleFactor: isPhone ? 2 : 1,
    isMobile: isPhone,
    hasTouch: isPhone,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    // Only for a test that must load its own script into a page whose policy allows none (the visit page).
    bypassCSP: options.bypassCSP ?? false,
    reducedMotion: 'no-preference',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  if (slowApiMs > 0)
    await context.route(/\/(trpc|api)\//, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * slowApiMs));
      // The page may have closed while its answer was held.
      await route.fallback().catch(() => undefined);
    });
  return context;
}

/**
 * `E2E_SLOW_API=1500 npm run test:browser` holds every API answer back by up to that many milliseconds,
 * each by its own random share, so that a test reading a part of the page before its answer has come
 * fails here rather than now and then on a busy CI machine.
 */
const slowApiMs = Number(process.env.E2E_SLOW_API ?? 0);

/** Fails the test on any console error or uncaught exception the page reports. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** Opens a page and waits until React has hydrated it (or mounted it, for the dashboard). */
export async function openPage(page: Page, url: string): Promise<number> {
  const response = await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 });
  return response?.status() ?? 0;
}

/**
 * Content-Security-Policy violations the page causes. Chromium reports some (eval checks in
 * libraries, blocked style attributes) only as DevTools issues, not on the console.
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Audits.issueAdded', ({ issue }) => {
    const details = issue.details.contentSecurityPolicyIssueDetails;
    if (details)
      violations.push(
        `${details.violatedDirective} (${details.contentSecurityPolicyViolationType}) at ${details.sourceCodeLocation?.url ?? details.blockedURL ?? 'page'}`,
      );
  });
  await cdp.send('Audits.enable');
  return violations;
}
