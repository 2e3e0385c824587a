import fs from 'node:fs';

/**
 * The variables an EnvironmentFile sets as systemd reads the simple form our template uses:
 * `NAME=value` lines, `#` comments, a value optionally in double quotes.
 */
export function readEnvironmentFile(file: string): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (!match) continue;
    const [, name = '', raw = ''] = match;
    variables[name] = raw.replace(/^"(.*)"$/, '$1');
  }
  return variables;
}

/** Every variable the template names, set or in a comment (`#NAME=`). */
export function namedInEnvironmentFile(file: string): string[] {
  return [...fs.readFileSync(file, 'utf8').matchAll(/^#?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1] ?? '');
}
