// It clones the repository and builds a release.
// test tier: release
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '#server/buildOutput.ts';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'school-release-'));
const clone = path.join(scratch, 'repository');
const git = (...args: string[]) => execFileSync('git', args, { cwd: clone, encoding: 'utf8' }).trim();
const release = (...args: string[]) =>
  spawnSync(path.join(projectRoot, 'node_modules/.bin/tsx'), [path.join(projectRoot, 'scripts/release.ts'), ...args], {
    cwd: clone,
    encoding: 'utf8',
  });
const readJson = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(clone, file), 'utf8')) as {
    version: string;
    packages: Record<string, { version: string }>;
  };
const commit = (file: string, text: string, subject: string) => {
  fs.appendFileSync(path.join(clone, file), text);
  git('commit', '--quiet', '-am', subject);
};

beforeAll(() => {
  execFileSync('git', ['clone', '--quiet', projectRoot, clone]);
  git('config', 'user.name', 'A developer');
  git('config', 'user.email', 'developer@example.org');
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

// In a clone of this repository: the real one is never tagged by a test.
describe('npm run release', () => {
  it('refuses without a level, and with uncommitted changes, changing nothing', () => {
    const before = git('rev-parse', 'HEAD');
    const bare = release();
    expect(bare.status).toBe(1);
    expect(bare.stderr.trim()).toBe(
      'Name the kind of release: npm run release -- patch (fixes), minor (new things) or major (a big step).',
    );
    fs.appendFileSync(path.join(clone, 'README.md'), 'not committed\n');
    const dirty = release('minor');
    expect(dirty.status).toBe(1);
    expect(dirty.stderr.trim()).toBe(
      'Commit or put aside the changes in README.md first: a release is made of committed work only.',
    );
    git('checkout', '--quiet', 'README.md');
    expect(git('rev-parse', 'HEAD')).toBe(before);
  });

  it('bumps the version, writes the commits since the last tag into CHANGELOG.md, commits and makes an annotated tag', () => {
    commit('README.md', '\nA change to release.\n', 'The office sees a change to release');
    const [major = 0, minor = 0] = readJson('package.json').version.split('.').map(Number);
    const version = `${major}.${minor + 1}.0`;
    const result = release('minor');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(readJson('package.json').version).toBe(version);
    expect(readJson('package-lock.json').version).toBe(version);
    expect(readJson('package-lock.json').packages['']?.version).toBe(version);
    const changelog = fs.readFileSync(path.join(clone, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toMatch(new RegExp(`^## v${version.replaceAll('.', '\\.')} \\(\\d{4}-\\d{2}-\\d{2}\\)$`, 'm'));
    expect(changelog).toContain('- The office sees a change to release\n');
    expect(git('status', '--porcelain')).toBe('');
    expect(git('describe', '--tags', '--exact-match')).toBe(`v${version}`);
    expect(git('cat-file', '-t', `v${version}`)).toBe('tag');
    expect(git('log', '-1', '--format=%s')).toBe(`Release v${version}`);
    expect(result.stdout).toContain(`git push origin HEAD v${version}`);
  });

  it('lists only the commits since that tag, and says which deploy files and Node version a volunteer must install again', () => {
    const previous = git('describe', '--tags', '--abbrev=0');
    commit('deploy/Caddyfile', '# a comment\n', 'Caddy holds visits longer');
    fs.writeFileSync(path.join(clone, '.nvmrc'), '24.99.0\n');
    git('commit', '--quiet', '-am', 'Node 24.99');
    const result = release('patch');
    expect(result.status).toBe(0);
    const changelog = fs.readFileSync(path.join(clone, 'CHANGELOG.md'), 'utf8');
    const newest = changelog.slice(changelog.indexOf('## '), changelog.indexOf(`## ${previous}`));
    expect(newest).toContain('- Caddy holds visits longer\n- Node 24.99\n');
    expect(newest).not.toContain('The office sees a change to release');
    expect(newest).toContain('Node changes to 24.99.0: install it as docs/deploy.md step 3 says, before the upgrade.');
    expect(newest).toContain(
      'deploy/Caddyfile changed: copy it again as docs/deploy.md step 10 says, after the upgrade.',
    );
    expect(newest).not.toContain('school.service');
  });

  it('refuses when nothing was committed since the last release', () => {
    const result = release('patch');
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      `Nothing was committed since ${git('describe', '--tags', '--abbrev=0')}: there is nothing to release.`,
    );
  });
});
