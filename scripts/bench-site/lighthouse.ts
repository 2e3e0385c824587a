import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROME_FLAGS, CHROMIUM } from './chromium';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

export type LongTask = {
  /** The script the task is attributed to, or the document itself. */
  source: string;
  startTime: number;
  duration: number;
  /** Where the time went (script evaluation, style and layout, parsing …), largest first. */
  groups: [string, number][];
};

export type UnusedJavaScript = { source: string; totalBytes: number; wastedBytes: number };

type Run = {
  scores: Record<string, number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's measure of the host's CPU at the start of the run; it expects more than 1000. */
  benchmarkIndex: number;
  longTasks: LongTask[];
  unusedJavaScript: UnusedJavaScript[];
  failing: string[];
};

export type LighthouseFigure = Omit<Run, 'failing' | 'benchmarkIndex'> & {
  route: string;
  failing: string[];
  /** Each run's performance score, TBT and host benchmark, in the order measured: the spread behind the medians. */
  runs: { performance: number; tbt: number; benchmarkIndex: number }[];
};

type LongTaskDebugData = {
  urls: string[];
  tasks: ({ urlIndex: number; startTime: number; duration: number } & Record<string, number>)[];
};
type UnusedItem = { url: string; totalBytes: number; wastedBytes: number };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

function sourceName(url: string, pageUrl: string): string {
  if (url === pageUrl) return '(the document)';
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** Lighthouse lost the page load's trace (NO_NAVSTART): a failed measurement, not a score of 0. */
class TraceFailure extends Error {}
const TRACE_ATTEMPTS = 3;

async function runOnce(url: string): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measureOnce(url);
    } catch (error) {
      if (!(error instanceof TraceFailure) || attempt === TRACE_ATTEMPTS) throw error;
      console.log(`      (${error.message}; measuring again)`);
    }
  }
}

async function measureOnce(url: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits } = result.lhr;
    const traceFailure = Object.values(audits).find((audit) => audit.errorMessage?.includes('NO_NAVSTART'));
    if (traceFailure) throw new TraceFailure(`${url}: ${traceFailure.errorMessage}`);
    const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]));
    const failing = Object.values(categories)
      .filter((category) => category.id !== 'performance')
      .flatMap((category) =>
        category.auditRefs
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${category.id}:${ref.id}`),
      );
    const longTaskDetails = audits['long-tasks']?.details as { debugData?: LongTaskDebugData } | undefined;
    const debug = longTaskDetails?.debugData;
    const longTasks = (debug?.tasks ?? []).map(({ urlIndex, startTime, duration, ...groups }) => ({
      source: sourceName(debug?.urls[urlIndex] ?? '?', url),
      startTime,
      duration,
      groups: Object.entries(groups)
        .filter(([, ms]) => ms >= 5)
        .sort((a, b) => b[1] - a[1]),
    }));
    const unusedDetails = audits['unused-javascript']?.details as { items?: UnusedItem[] } | undefined;
    const unusedJavaScript = (unusedDetails?.items ?? []).map((item) => ({
      source: sourceName(item.url, url),
      totalBytes: item.totalBytes,
      wastedBytes: item.wastedBytes,
    }));
    const metric = (id: string) => audits[id]?.numericValue ?? 0;
    return {
      scores,
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
      longTasks,
      unusedJavaScript,
      failing,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse `runs` times on one address (a fresh browser each time): the median of each score and
 * metric, the long tasks and unused code of the run with the median performance score, and every
 * non-performance audit that failed in any run.
 */
export async function runLighthouse(url: string, route: string, runs: number): Promise<LighthouseFigure> {
  const results: Run[] = [];
  for (let run = 0; run < runs; run += 1) results.push(await runOnce(url));
  const byPerformance = [...results].sort(
    (a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0) || a.tbt - b.tbt,
  );
  const typical = byPerformance[Math.floor((byPerformance.length - 1) / 2)] ?? results[0];
  if (!typical) throw new Error('No Lighthouse run');
  return {
    route,
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, median(results.map((result) => result.scores[id] ?? 0))])),
    fcp: median(results.map((result) => result.fcp)),
    lcp: median(results.map((result) => result.lcp)),
    tbt: median(results.map((result) => result.tbt)),
    cls: median(results.map((result) => result.cls)),
    longTasks: typical.longTasks,
    unusedJavaScript: typical.unusedJavaScript,
    failing: [...new Set(results.flatMap((result) => result.failing))],
    runs: results.map((result) => ({
      performance: result.scores.performance ?? 0,
      tbt: result.tbt,
      benchmarkIndex: result.benchmarkIndex,
    })),
  };
}
