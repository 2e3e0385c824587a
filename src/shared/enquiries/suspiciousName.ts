/*
 * A name that carries a web address, an @ or a run of digits is a program's advertisement more
 * often than a person (issue 34 §8): the office sees it marked, and no message greets by it.
 * Initials ("R.Kumar") are names: only the endings of common web addresses count as one.
 */
const checks: [RegExp, string][] = [
  [
    /:\/\/|\bwww\.|\.(?:com|net|org|in|io|co|info|biz|xyz|top|ru|cn|site|online|link|app|shop|club|live)\b/i,
    'contains a web address',
  ],
  [/@/, 'contains an @'],
  [/\d{3,}/, 'contains a run of digits'],
];

/** Why a name looks like it is not one, in a few plain words ("contains a web address"); undefined for a name that reads as a name. */
export function suspiciousName(name: string): string | undefined {
  return checks.find(([pattern]) => pattern.test(name))?.[1];
}
