import {
  chromium,
  type Browser,
  type BrowserContext,
  type Download,
  type LaunchOptions,
  type Page,
} from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 768 },
} as const;
export type ViewportName = keyof typeof viewports;

/** Debian's Chromium, headless, with the flags this sandboxed, offline machine needs, and any a test adds. */
export function chromiumOptions(extraArgs: string[] = []): LaunchOptions {
  return {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-dev-shm-usage',
      // A context's pages on one site share one renderer while one of them lives (keepRendererWarm).
      '--process-per-site',
      ...extraArgs,
    ],
  };
}

/** What e2e/support/sharedChromium.ts provides to the test files: the shared Chromium's address. */
export const sharedChromiumKey = 'sharedChromiumEndpoint';
declare module 'vitest' {
  interface ProvidedContext {
    [sharedChromiumKey]?: string;
  }
}

/**
 * Chromium for a test file or script. Under vitest's browser and release tiers it is a connection
 * to the one Chromium of the run (its close() ends only this connection and its contexts); a test
 * that needs flags of its own, or a script, starts its own.
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const shared = extraArgs.length === 0 ? await sharedChromiumEndpoint() : undefined;
  return shared ? chromium.connect(shared) : chromium.launch(chromiumOptions(extraArgs));
}

async function sharedChromiumEndpoint(): Promise<string | undefined> {
  // Scripts (screenshots) run outside vitest, where its inject() has nothing to give.
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject(sharedChromiumKey);
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
 * Keeps one page of the site open in a context that a test file reuses, so that each page the file
 * opens after it joins the same warm renderer: a page opened in a fresh renderer took 1.1 s to load
 * and hydrate and 0.7 s to compile axe-core, against 0.6 s and 0.2 s in a warm one (decision 0058).
 * Returns that page, which only holds the renderer.
 */
export async function keepRendererWarm(context: BrowserContext, siteUrl: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${siteUrl}/robots.txt`);
  return page;
}

/**
 * A test file's pages, each in the file's one context for its viewport, whose renderer stays warm.
 * Each page starts as in a fresh context as far as the site can tell: no cookies, the site's
 * localStorage empty (sessionStorage is the tab's own), and no other page of the file still open.
 * The HTTP cache is kept. A test that changes the context itself (its clock, routes, init scripts
 * or options) makes a context of its own with newContext().
 */
export function warmPages(browser: () => Browser, siteUrl: () => string) {
  const warm = new Map<ViewportName, { context: BrowserContext; keeper: Page }>();
  return {
    async page(viewport: ViewportName): Promise<Page> {
      let held = warm.get(viewport);
      if (!held) {
        const context = await newContext(browser(), viewport);
        held = { context, keeper: await keepRendererWarm(context, siteUrl()) };
        warm.set(viewport, held);
      }
      const { context, keeper } = held;
      await Promise.all(
        context
          .pages()
          .filter((page) => page !== keeper)
          .map((page) => page.close()),
      );
      await context.clearCookies();
      await keeper.evaluate(() => window.localStorage.clear());
      return context.newPage();
    },
    async close(): Promise<void> {
      await Promise.all([...warm.values()].map(({ context }) => context.close()));
      warm.clear();
    },
  };
}

/**
 * `E2E_SLOW_API=1500 npm run test:browser` holds every API answer back by up to that many milliseconds,
 * each by its own random share, so that a test reading a part of the page before its answer has come
 * fails here rather than now and then on a busy CI machine.
 */
const slowApiMs = Number(process.env.E2E_SLOW_API ?? 0);

/** A download's bytes; download.path() is refused by a connected Chromium such as the shared one. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

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
