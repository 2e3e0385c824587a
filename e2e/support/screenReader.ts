import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { virtual } from '@guidepup/virtual-screen-reader';
import type { Page } from 'playwright-core';

type VirtualScreenReader = typeof virtual;
type Command = keyof VirtualScreenReader['commands'];
type Window = { virtualScreenReader: VirtualScreenReader };

const browserBuild = fs.readFileSync(
  createRequire(import.meta.url).resolve('@guidepup/virtual-screen-reader/browser.js'),
  'utf8',
);

/**
 * Where the page under test imports the screen reader from. Served by the test browser itself
 * (a route), on the site's own origin, so the site's strict CSP allows it unchanged.
 */
const MODULE_PATH = '/__tests__/virtual-screen-reader.js';

/** Steps moveTo takes before it gives up: more than the items of the longest page. */
const MAX_STEPS = 2000;

/**
 * A virtual screen reader (@guidepup/virtual-screen-reader) running inside the page: it reads
 * the page as a screen reader would, follows focus, and hears live regions. Tests assert on
 * what it has said, in the order said, e.g. 'heading, Staff Dashboard, level 1' or
 * 'polite: Photo 2 of 28: …'.
 */
export type ScreenReader = {
  /** Every phrase spoken since the start or the last clear(). */
  spoken(): Promise<string[]>;
  clear(): Promise<void>;
  /** Moves to the next item and returns what was said. */
  next(): Promise<string>;
  previous(): Promise<string>;
  /** Moves forward until it says a phrase that matches, as a listener arrowing down the page would (or up it, `backwards`). */
  moveTo(phrase: string | RegExp, options?: { backwards?: boolean }): Promise<string>;
  /** Runs one of the screen reader's commands (next heading, next landmark, …). */
  perform(command: Command): Promise<string>;
  /** Activates the item under the cursor, as Enter does in browse mode: a click, with no pointer hovering. */
  act(): Promise<void>;
  /** Presses a key on the item under the cursor (focusing it), e.g. 'Enter' or 'ArrowRight'. */
  press(key: string): Promise<void>;
  stop(): Promise<void>;
};

export async function startScreenReader(page: Page): Promise<ScreenReader> {
  const origin = new URL(page.url()).origin;
  await page.route(`${origin}${MODULE_PATH}`, (route) =>
    route.fulfill({ body: browserBuild, contentType: 'text/javascript' }),
  );
  // Passed as text: vitest would rewrite an import() written inside a function for Node.
  await page.evaluate(
    `import(${JSON.stringify(MODULE_PATH)}).then(({ virtual }) => { window.virtualScreenReader = virtual; return virtual.start({ container: document.body }); })`,
  );

  const lastPhrase = () => page.evaluate(() => (window as unknown as Window).virtualScreenReader.lastSpokenPhrase());
  return {
    spoken: () => page.evaluate(() => (window as unknown as Window).virtualScreenReader.spokenPhraseLog()),
    clear: () => page.evaluate(() => (window as unknown as Window).virtualScreenReader.clearSpokenPhraseLog()),
    async next() {
      await page.evaluate(() => (window as unknown as Window).virtualScreenReader.next());
      return lastPhrase();
    },
    async previous() {
      await page.evaluate(() => (window as unknown as Window).virtualScreenReader.previous());
      return lastPhrase();
    },
    async moveTo(phrase, { backwards = false } = {}) {
      const wanted = typeof phrase === 'string' ? { exact: phrase } : { source: phrase.source, flags: phrase.flags };
      const found = await page.evaluate(
        async ({ wanted, maxSteps, backwards }) => {
          const reader = (window as unknown as Window).virtualScreenReader;
          const matches = (said: string) =>
            'exact' in wanted ? said === wanted.exact : new RegExp(wanted.source, wanted.flags).test(said);
          for (let step = 0; step < maxSteps; step++) {
            await (backwards ? reader.previous() : reader.next());
            const said = await reader.lastSpokenPhrase();
            if (matches(said)) return said;
          }
          return undefined;
        },
        { wanted, maxSteps: MAX_STEPS, backwards },
      );
      if (found === undefined) throw new Error(`The screen reader never said ${String(phrase)}`);
      return found;
    },
    async perform(command) {
      await page.evaluate((name) => {
        const reader = (window as unknown as Window).virtualScreenReader;
        return reader.perform(reader.commands[name]);
      }, command);
      return lastPhrase();
    },
    act: () => page.evaluate(() => (window as unknown as Window).virtualScreenReader.act()),
    press: (key) => page.evaluate((name) => (window as unknown as Window).virtualScreenReader.press(name), key),
    stop: () => page.evaluate(() => (window as unknown as Window).virtualScreenReader.stop()),
  };
}
