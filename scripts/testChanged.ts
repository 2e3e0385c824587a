/**
 * `npm run test:changed [base]`: the tests a branch's changes touch, against `base` (main), with
 * the changes not yet committed. Unit tests through the whole import graph (vitest --changed);
 * server, browser and release tests by test/changedTests.ts. Browser tests run the built site:
 * build first after a change to the client.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { projectRoot } from '#server/buildOutput.ts';
import { dearTestsTouched } from '#test/changedTests.ts';
import { classifyTestFiles } from '#test/tiers.ts';

const base = process.argv[2] ?? 'main';
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: projectRoot, encoding: 'utf8' }).split('\n').filter(Boolean);
// The branch's own changes: against where it left base, not base's newer commits.
const [since = base] = git('merge-base', base, 'HEAD');
const changed = [
  ...git('diff', '--name-only', '--relative', since),
  ...git('ls-files', '--others', '--exclude-standard'),
];
const dear = dearTestsTouched(projectRoot, changed, classifyTestFiles(projectRoot));
console.log(
  `${changed.length} files changed since ${base}; server, browser and release test files touched: ${dear.length}`,
);

const vitest = (...args: string[]) =>
  spawnSync('npx', ['vitest', 'run', ...args], { cwd: projectRoot, stdio: 'inherit' }).status ?? 1;
const unit = vitest('--project', 'unit', '--changed', since, '--passWithNoTests');
const others = dear.length > 0 ? vitest(...dear) : 0;
process.exit(unit || others);
