/**
 * `npm run bench:site`: the public site's budgets.
 * 1. JavaScript each content route downloads before any interaction (bytes on the wire, brotli as the browser accepts it),
 *    measured in Chromium, against a budget of 80 KB; and whether any tRPC code came along.
 * 2. Lighthouse 12 (mobile preset, simulated throttling) on five key routes: median of
 *    LIGHTHOUSE_RUNS runs (default 3) for performance, accessibility, best practices and SEO.
 * The site is built for, and served at, its own loopback origin so canonical links match.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const PORT = Number(process.env.BENCH_PORT ?? 4173);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const JS_BUDGET_BYTES = 80 * 1024;
const LIGHTHOUSE_ROUTES = ['/', '/programs', '/faq', '/gallery', '/contact'];
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-dev-shm-usage'];

process.env.BUILD_DIR = '.builds/bench';
process.env.PUBLIC_URL = ORIGIN;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

console.log(`Building the site for ${ORIGIN} …`);
const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit', env: process.env });
if (build.status !== 0) process.exit(build.status ?? 1);

// Imported after BUILD_DIR is set: the server reads the build folder when its modules load.
const { loadConfig } = await import('../src/server/config');
const { startServer } = await import('../src/server');
const { indexablePaths } = await import('../src/shared/routes');
const { consoleLogger } = await import('../src/server/log');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-site-'));
const quietLog = { ...consoleLogger, info: () => undefined };
const server = await startServer(
  loadConfig({ ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production' }),
  quietLog,
);

type JsFigure = { route: string; bytes: number; files: number; loadsTrpc: boolean };

/** Gzip bytes of every script the page fetches until the network is idle, without any interaction. */
async function measureJavaScript(routes: string[]): Promise<JsFigure[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROME_FLAGS.slice(1) });
  const figures: JsFigure[] = [];
  try {
    for (const route of routes) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      // Body bytes as sent (gzip), without the response headers: the budget is about the code itself.
      const scripts = new Map<string, { url: string; headerBytes: number }>();
      let bytes = 0;
      cdp.on('Network.responseReceived', (event) => {
        if (event.type === 'Script') scripts.set(event.requestId, { url: event.response.url, headerBytes: event.response.encodedDataLength });
      });
      cdp.on('Network.loadingFinished', (event) => {
        const script = scripts.get(event.requestId);
        if (script) bytes += event.encodedDataLength - script.headerBytes;
      });
      await page.goto(`${ORIGIN}${route}`, { waitUntil: 'networkidle' });
      let loadsTrpc = false;
      for (const { url } of scripts.values()) {
        const source = await (await fetch(url)).text();
        if (source.includes('httpBatchLink') || source.includes('TRPCClientError') || source.includes('trpc-accept')) loadsTrpc = true;
      }
      figures.push({ route, bytes, files: scripts.size, loadsTrpc });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return figures;
}

type LighthouseFigure = { route: string; scores: Record<string, number>; lcp: number; tbt: number; cls: number; failing: string[] };

async function runLighthouse(route: string): Promise<LighthouseFigure> {
  const runs: { scores: Record<string, number>; lcp: number; tbt: number; cls: number; failing: string[] }[] = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    try {
      const result = await lighthouse(`${ORIGIN}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(TARGETS),
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
      const { categories, audits } = result.lhr;
      const scores = Object.fromEntries(Object.keys(TARGETS).map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]));
      const failing = Object.values(categories)
        .filter((category) => category.id !== 'performance')
        .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => `${category.id}:${ref.id}`));
      runs.push({
        scores,
        lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
        tbt: audits['total-blocking-time']?.numericValue ?? 0,
        cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
        failing,
      });
    } finally {
      await chrome.kill();
    }
  }
  return {
    route,
    scores: Object.fromEntries(Object.keys(TARGETS).map((id) => [id, median(runs.map((run) => run.scores[id] ?? 0))])),
    lcp: median(runs.map((run) => run.lcp)),
    tbt: median(runs.map((run) => run.tbt)),
    cls: median(runs.map((run) => run.cls)),
    failing: [...new Set(runs.flatMap((run) => run.failing))],
  };
}

let failed = false;
try {
  const contentRoutes = indexablePaths().filter((route) => !['/contact', '/admission-enquiry'].includes(route));
  const js = await measureJavaScript(contentRoutes);
  console.log(`\nJavaScript before interaction (on the wire, budget ${kb(JS_BUDGET_BYTES)} per content route)`);
  for (const figure of js) {
    const over = figure.bytes > JS_BUDGET_BYTES;
    failed ||= over || figure.loadsTrpc;
    console.log(`  ${figure.route.padEnd(36)} ${kb(figure.bytes).padStart(9)}  ${figure.files} files${figure.loadsTrpc ? '  LOADS tRPC' : ''}${over ? '  OVER BUDGET' : ''}`);
  }
  console.log(`  median ${kb(median(js.map((figure) => figure.bytes)))}, largest ${kb(Math.max(...js.map((figure) => figure.bytes)))}`);
  const forms = await measureJavaScript(['/contact', '/admission-enquiry']);
  for (const figure of forms) console.log(`  (form) ${figure.route.padEnd(29)} ${kb(figure.bytes).padStart(9)}  ${figure.files} files`);

  console.log(`\nLighthouse ${LIGHTHOUSE_RUNS} run(s) per route, mobile preset, median scores`);
  for (const route of LIGHTHOUSE_ROUTES) {
    const figure = await runLighthouse(route);
    const misses = Object.entries(TARGETS).filter(([id, target]) => (figure.scores[id] ?? 0) < target);
    failed ||= misses.length > 0;
    console.log(
      `  ${route.padEnd(12)} perf ${figure.scores.performance}  a11y ${figure.scores.accessibility}  best ${figure.scores['best-practices']}  seo ${figure.scores.seo}` +
        `  | LCP ${Math.round(figure.lcp)} ms  TBT ${Math.round(figure.tbt)} ms  CLS ${figure.cls.toFixed(3)}${misses.length ? '  BELOW TARGET' : ''}`,
    );
    if (figure.failing.length) console.log(`    failing audits: ${figure.failing.join(', ')}`);
  }
} finally {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(failed ? '\nSome budgets are not met.' : '\nAll budgets met.');
process.exit(failed ? 1 : 0);
