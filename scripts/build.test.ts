import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '#server/buildOutput.ts';

describe('npm run build with BUILD_DIR outside the project', () => {
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'school-build-'));
  afterAll(() => fs.rmSync(outside, { recursive: true, force: true }));

  it('is refused at once with a message saying why, and writes nothing there', { timeout: 120_000 }, () => {
    const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
      cwd: projectRoot,
      env: { ...process.env, BUILD_DIR: outside },
      encoding: 'utf8',
    });
    expect(build.status).toBe(1);
    expect(build.stderr.trim()).toBe(
      `BUILD_DIR must be a folder inside the project (${projectRoot}), not ${outside}: the built server and page renderer load their packages from the project's node_modules.`,
    );
    expect(fs.readdirSync(outside)).toEqual([]);
  });
});

describe('npm run build with BUILD_DIR on a folder of the project', () => {
  it.each(['src/server', 'docs', '.', 'e2e/support'])(
    'refuses %s before writing anything: only dist or a folder under .builds/ may be emptied and rewritten',
    { timeout: 120_000 },
    (buildDir) => {
      const before = fs.readdirSync(path.join(projectRoot, buildDir)).sort();
      const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
        cwd: projectRoot,
        env: { ...process.env, BUILD_DIR: buildDir },
        encoding: 'utf8',
      });
      expect(build.status).toBe(1);
      expect(build.stderr.trim()).toBe(
        `BUILD_DIR must be dist or a folder under .builds/ (such as .builds/next), not ${path.resolve(projectRoot, buildDir)}: the build empties the folders it writes.`,
      );
      expect(fs.readdirSync(path.join(projectRoot, buildDir)).sort()).toEqual(before);
    },
  );
});
