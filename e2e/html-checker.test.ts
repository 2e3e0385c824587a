import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { pageFileFor, pagesDir } from '../src/server/buildOutput';
import { prerenderPaths } from '../src/shared/routes';
import { startingBlogPosts } from '../src/shared/content/blogPosts';

/** The Nu HTML Checker (npm vnu-jar exports the jar's path), run with the system's Java 17+. */
const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));

type NuMessage = { type: string; subType?: string; url?: string; message: string; extract?: string; lastLine?: number };

type DeliberateWarning = { message: string; reason: string };

/** Warnings kept on purpose (docs/decisions/0014-html-and-a11y-checkers.md). Everything else fails. */
const deliberateWarnings: DeliberateWarning[] = [
  {
    message: "The 'list' role is unnecessary for element 'ul'.",
    reason: 'Safari drops the list semantics of a list styled list-style: none unless it has role="list"',
  },
  {
    message: "The 'list' role is unnecessary for element 'ol'.",
    reason: 'Safari drops the list semantics of a list styled list-style: none unless it has role="list"',
  },
];

const pageOf = (message: NuMessage) => (message.url ? path.relative(pagesDir, fileURLToPath(message.url)) : 'no page');

const isDeliberate = (warning: DeliberateWarning, message: NuMessage) =>
  message.type === 'info' && message.subType === 'warning' && message.message === warning.message;

const describeMessage = (message: NuMessage) => `${pageOf(message)}:${message.lastLine ?? '?'} ${message.type}${message.subType ? `/${message.subType}` : ''}: ${message.message} [${message.extract ?? ''}]`;

/** Checks the files in one run (the checker takes seconds to start), with the system's Java. */
async function runChecker(files: string[]): Promise<{ checked: string[]; messages: NuMessage[] }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      'java',
      ['-jar', vnuJar, '--format', 'json', '--asciiquotes', '--skip-info-messages', '--verbose', '--exit-zero-always', ...files],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    // The report goes to stderr; with --verbose, the name of each file checked goes to stdout.
    const { messages } = JSON.parse(stderr) as { messages: NuMessage[] };
    return { checked: stdout.trim().split('\n').map((file) => path.resolve(file)), messages };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('The Nu HTML Checker needs Java 17 or later as `java` on the PATH (Debian: apt-get install default-jre-headless).');
    }
    throw error;
  }
}

describe('the Nu HTML Checker on every prerendered page', () => {
  it('finds no errors, and no warnings but the deliberate ones', { timeout: 180_000 }, async () => {
    const files = prerenderPaths(startingBlogPosts()).map(pageFileFor);
    const { checked, messages } = await runChecker(files);
    expect(checked).toEqual(files);

    const unexplained = messages.filter((message) => !deliberateWarnings.some((warning) => isDeliberate(warning, message)));
    expect(unexplained.map(describeMessage)).toEqual([]);
    // A deliberate warning nothing raises any more is out of date and must go from the list.
    const outOfDate = deliberateWarnings.filter((warning) => !messages.some((message) => isDeliberate(warning, message)));
    expect(outOfDate).toEqual([]);
  });
});
