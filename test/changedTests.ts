import fs from 'node:fs';
import path from 'node:path';
import { importedPath } from './importPaths.ts';
import type { Tier } from './tiers.ts';

/** A relative import, or one through a subpath alias of package.json `imports`. */
const projectImport = /\bfrom\s+'((?:\.{1,2}\/|#)[^']+)'/g;
const sourceEndings = ['', '.ts', '.tsx', '/index.ts'];

const isSupport = (file: string) => file.startsWith('test/support/') || file.startsWith('e2e/support/');

/**
 * The project files a test file imports itself (relative imports and aliases), and those its support modules
 * (test/support, e2e/support) import, as test/tiers.ts reads them; not through other modules.
 */
function directImports(root: string, file: string, seen = new Set<string>()): string[] {
  seen.add(file);
  const source = fs.readFileSync(path.join(root, file), 'utf8');
  const imported: string[] = [];
  for (const [, specifier = ''] of source.matchAll(projectImport)) {
    const base = importedPath(root, file, specifier);
    if (!base) continue;
    const found = sourceEndings
      .map((ending) => base.replace(/\.tsx?$/, '') + ending)
      .find((candidate) => fs.statSync(path.join(root, candidate), { throwIfNoEntry: false })?.isFile());
    if (!found) continue;
    const imports = found.split(path.sep).join('/');
    imported.push(imports);
    if (isSupport(imports) && !seen.has(imports)) imported.push(...directImports(root, imports, seen));
  }
  return imported;
}

/** The subject of a file in a server module (`src/server/modules/<subject>/…`), decision 0052. */
const moduleSubject = (file: string) => /^src\/server\/modules\/([^/]+)\//.exec(file)?.[1];

/** A test file's folders and its name without `.test.ts`, to find the tests named for a subject. */
const pathWords = (file: string) => file.replace(/\.test\.tsx?$/, '').split('/');

/**
 * The server, browser and release test files that a change to `changed` touches: a test file that
 * changed, sits in the folder of a changed file (a subject's module and its tests), is named for
 * the subject of a changed module (`e2e/visits.test.ts` for `modules/visits/`), or imports a
 * changed file itself. Not through the whole import graph: every one of
 * these files starts the whole server, so the graph picks nearly all of them for any change
 * (decision 0058).
 */
export function dearTestsTouched(root: string, changed: string[], byTier: Record<Tier, string[]>): string[] {
  const changedSet = new Set(changed);
  const changedFolders = new Set(changed.map((file) => path.posix.dirname(file)));
  const subjects = new Set(changed.map(moduleSubject).filter((subject) => subject !== undefined));
  return [...byTier.server, ...byTier.browser, ...byTier.release].filter(
    (testFile) =>
      changedSet.has(testFile) ||
      changedFolders.has(path.posix.dirname(testFile)) ||
      pathWords(testFile).some((word) => subjects.has(word)) ||
      directImports(root, testFile).some((file) => changedSet.has(file)),
  );
}
