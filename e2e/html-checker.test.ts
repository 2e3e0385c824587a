import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pageFileFor, pagesDir } from '#server/buildOutput.ts';
import { prerenderPaths } from '#shared/routes.ts';
import { startingBlogPosts } from '#shared/content/blogPosts.ts';
import { runChecker, type NuMessage } from './support/htmlChecker';

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

const describeMessage = (message: NuMessage) =>
  `${pageOf(message)}:${message.lastLine ?? '?'} ${message.type}${message.subType ? `/${message.subType}` : ''}: ${message.message} [${message.extract ?? ''}]`;

describe('the Nu HTML Checker on every prerendered page', () => {
  it('finds no errors, and no warnings but the deliberate ones', { timeout: 180_000 }, async () => {
    const files = prerenderPaths(startingBlogPosts()).map(pageFileFor);
    const { checked, messages } = await runChecker(files);
    expect(checked).toEqual(files);

    const unexplained = messages.filter(
      (message) => !deliberateWarnings.some((warning) => isDeliberate(warning, message)),
    );
    expect(unexplained.map(describeMessage)).toEqual([]);
    // A deliberate warning nothing raises any more is out of date and must go from the list.
    const outOfDate = deliberateWarnings.filter(
      (warning) => !messages.some((message) => isDeliberate(warning, message)),
    );
    expect(outOfDate).toEqual([]);
  });
});
