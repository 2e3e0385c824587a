import fs from 'node:fs';
import path from 'node:path';
import { importedPath } from './importPaths.ts';

/**
 * Which tier a test file runs in, read from what the file uses rather than from where it lives:
 * server files are moving into folders by subject, and a file's folder says nothing about whether
 * it starts a server. Tiers, cheapest first; a file lands in the dearest tier it needs.
 *  - unit: no server, no browser.
 *  - server: a real server over HTTP (the test server helper, or a listener of its own).
 *  - browser: Chromium through e2e/support/browser.
 *  - release: tools beyond Node (Caddy, the HTML checker's java, LibreOffice) or a whole release
 *    (the upgrade test).
 * What the imports cannot tell (a file that spawns the server itself, or builds whole releases) is
 * said by a line of its own in the file: `// test tier: server` (or release, ...).
 */
export const tiers = ['unit', 'server', 'browser', 'release'] as const;
export type Tier = (typeof tiers)[number];

export const testFilePatterns = [
  'test/**/*.test.ts',
  'src/**/*.test.ts',
  'src/**/*.test.tsx',
  'scripts/**/*.test.ts',
  'e2e/**/*.test.ts',
];

const marker = /^\/\/ test tier: (unit|server|browser|release)$/m;

/** The support modules that decide a tier by themselves; any other support module passes on what it imports. */
const supportTiers: Record<string, Tier> = {
  'test/support/testServer.ts': 'server',
  'test/support/serverProcess.ts': 'server',
  'e2e/support/browser.ts': 'browser',
  'e2e/support/caddySite.ts': 'release',
  'e2e/support/htmlChecker.ts': 'release',
  'test/support/spreadsheet.ts': 'release',
};

/** A file that opens a listener of its own (the app's request listener on node:http) is a server test. */
const ownServer = /\bcreateRequestListener\b|\bhttp\.createServer\(|\.listen\(/;

/** A relative import, or one through a subpath alias of package.json `imports`. */
const projectImport = /\bfrom\s+'((?:\.{1,2}\/|#)[^']+)'/g;

const dearer = (a: Tier, b: Tier): Tier => (tiers.indexOf(a) >= tiers.indexOf(b) ? a : b);

function resolveSupport(root: string, fromFile: string, specifier: string): string | undefined {
  const base = importedPath(root, fromFile, specifier);
  if (!base || !/^(test|e2e)\/support\//.test(base)) return undefined;
  return ['', '.ts', '.tsx', '/index.ts']
    .map((ending) => base + ending)
    .find((file) => fs.statSync(path.join(root, file), { throwIfNoEntry: false })?.isFile());
}

function supportTier(root: string, file: string, seen: Set<string>): Tier {
  const decided = supportTiers[file];
  if (decided) return decided;
  if (seen.has(file)) return 'unit';
  seen.add(file);
  return importedTier(root, file, fs.readFileSync(path.join(root, file), 'utf8'), seen);
}

function importedTier(root: string, file: string, source: string, seen: Set<string>): Tier {
  let tier: Tier = 'unit';
  for (const [, specifier = ''] of source.matchAll(projectImport)) {
    const support = resolveSupport(root, file, specifier);
    if (support) tier = dearer(tier, supportTier(root, support, seen));
  }
  return tier;
}

/** The tier of one test file, given by its path relative to the project root. */
export function tierOf(root: string, file: string): Tier {
  const source = fs.readFileSync(path.join(root, file), 'utf8');
  const marked = tiers.find((tier) => tier === marker.exec(source)?.[1]);
  if (marked) return marked;
  const tier = importedTier(root, file, source, new Set());
  return ownServer.test(source) ? dearer(tier, 'server') : tier;
}

/** Every test file of the project, each under the one tier it runs in. */
export function classifyTestFiles(root: string): Record<Tier, string[]> {
  const byTier: Record<Tier, string[]> = { unit: [], server: [], browser: [], release: [] };
  const files = fs
    .globSync(testFilePatterns, { cwd: root, exclude: (name) => name === 'node_modules' })
    .map((file) => file.split(path.sep).join('/'))
    .sort();
  for (const file of files) byTier[tierOf(root, file)].push(file);
  return byTier;
}
