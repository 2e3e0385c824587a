import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const equalAccessSource = fs.readFileSync(require.resolve('accessibility-checker-engine/ace.js'), 'utf8');

export type Violation = {
  engine: 'axe-core' | 'equal-access';
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
};

/**
 * IBM Equal Access findings judged and kept, each on one element only
 * (docs/decisions/0014-html-and-a11y-checkers.md).
 */
const acceptedEqualAccessFindings = [
  {
    ruleId: 'aria_content_in_landmark',
    selector: 'a.skip-link',
    reason:
      'the skip link must be the first thing Tab reaches, before the admissions banner (a complementary landmark of its own)',
  },
  {
    ruleId: 'element_tabbable_role_valid',
    selector: 'div.report-table[role="region"][aria-labelledby]',
    reason:
      'a wide table scrolls sideways in a named region that Tab reaches, so a keyboard can scroll it (axe scrollable-region-focusable, WCAG 2.1.1)',
  },
  {
    ruleId: 'element_tabbable_role_valid',
    selector: 'div.visits__table-scroll[role="region"][aria-labelledby]',
    reason: "a day's visitors on a phone: the same sideways-scrolling table in a named region as the report's",
  },
  {
    ruleId: 'element_tabbable_role_valid',
    selector: 'div.report-chart__scroll[role="region"][aria-label]',
    reason:
      "the report's chart, never drawn so narrow that its labels fall under 12 px: on a phone it scrolls sideways as the tables do",
  },
];

/**
 * Runs both accessibility engines in the page: axe-core for WCAG 2.0/2.1/2.2 A and AA, then IBM's
 * Equal Access checker with its IBM_Accessibility policy (WCAG 2.2 A and AA plus IBM's own
 * requirements). Only definite failures count: axe's violations, and Equal Access results of level
 * "violation" (not "potential violation", "recommendation" or "manual"). Both scripts are evaluated
 * through the DevTools protocol, so the page's strict CSP (no inline scripts) stays on while they run.
 */
export async function accessibilityViolations(page: Page): Promise<Violation[]> {
  // target-size counts a link that happens to be scrolled under the sticky header as
  // "obscured"; measuring from the top of the page removes that accident of scroll position.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  return [...(await onSettledPage(page, axeViolations)), ...(await onSettledPage(page, equalAccessViolations))];
}

const MOTION_EVENTS = ['animationstart', 'transitionstart'] as const;

/**
 * Colours are judged as they settle: a toast caught half faded in measured 1.71:1 on a busy
 * machine. The engine runs once finite animations have finished (the banner's endless scrolling
 * text is left running), and runs again if something began to move while it ran: a lazily loaded
 * toast can mount in the middle of a check that takes seconds under load.
 */
async function onSettledPage(page: Page, engine: (page: Page) => Promise<Violation[]>): Promise<Violation[]> {
  for (let attempt = 1; ; attempt += 1) {
    await untilNothingIsBusy(page);
    // The count is taken before the wait: a toast mounting while the others finish counts as motion.
    const before = await page.evaluate(async (events) => {
      const counter = window as unknown as { motionStarts?: number };
      if (counter.motionStarts === undefined) {
        counter.motionStarts = 0;
        for (const name of events) window.addEventListener(name, () => (counter.motionStarts! += 1), true);
      }
      const start = counter.motionStarts;
      await Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      );
      return start;
    }, MOTION_EVENTS);
    const violations = await engine(page);
    if (violations.length === 0 || (await motionStarts(page)) === before || attempt === 3) return violations;
  }
}

/**
 * A dashboard list fetching again stays on screen dimmed and `aria-busy` (a status, not a colour to
 * judge); a slow answer can keep it so for seconds. A part that never stops being busy is checked
 * as it stands once the wait is over, so the check still fails on it.
 */
async function untilNothingIsBusy(page: Page): Promise<void> {
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 15_000 })
    .catch(() => undefined);
}

function motionStarts(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { motionStarts: number }).motionStarts);
}

/**
 * Evaluates an engine's script unless the document already holds it: compiling and starting axe-core
 * took 0.5 to 0.8 s of the busy 2-core machine for each check, and a test often checks one page
 * again after each step.
 */
async function loadEngine(page: Page, engine: 'axe' | 'ace', source: string): Promise<void> {
  const loaded = await page.evaluate((name) => {
    const global = (window as unknown as Record<string, { run?: unknown; Checker?: unknown } | undefined>)[name];
    return typeof (name === 'axe' ? global?.run : global?.Checker) === 'function';
  }, engine);
  if (!loaded) await page.evaluate(source);
}

async function axeViolations(page: Page): Promise<Violation[]> {
  await loadEngine(page, 'axe', axeSource);
  return page.evaluate(async () => {
    type AxeResult = {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: string[]; failureSummary?: string }[];
    };
    const axe = (
      window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeResult[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      engine: 'axe-core' as const,
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target, failureSummary: node.failureSummary })),
    }));
  });
}

async function equalAccessViolations(page: Page): Promise<Violation[]> {
  await loadEngine(page, 'ace', equalAccessSource);
  return page.evaluate(async (accepted) => {
    type Result = { ruleId: string; value: [string, string]; path: { dom: string }; message: string; snippet: string };
    const ace = (
      window as unknown as {
        ace: { Checker: new () => { check(document: Document, policies: string[]): Promise<{ results: Result[] }> } };
      }
    ).ace;
    const report = await new ace.Checker().check(document, ['IBM_Accessibility']);
    const elementAt = (xpath: string) =>
      document.evaluate(xpath, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue;
    const isAccepted = (result: Result) =>
      accepted.some(({ ruleId, selector }) => {
        const element = elementAt(result.path.dom);
        return ruleId === result.ruleId && element instanceof Element && element.matches(selector);
      });
    return report.results
      .filter((result) => result.value[0] === 'VIOLATION' && result.value[1] === 'FAIL' && !isAccepted(result))
      .map((result) => ({
        engine: 'equal-access' as const,
        id: result.ruleId,
        impact: 'violation',
        help: result.message,
        nodes: [{ target: [result.path.dom], failureSummary: result.snippet }],
      }));
  }, acceptedEqualAccessFindings);
}

/** A readable summary for assertion messages. */
export function describeViolations(violations: Violation[]): string {
  return violations
    .map(
      (violation) =>
        `${violation.engine} ${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`).join('\n  ')}`,
    )
    .join('\n');
}

/** Both engines find nothing on the page as it stands. */
export async function expectAccessible(page: Page): Promise<void> {
  const violations = await accessibilityViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}
