import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { projectRoot, serverRendererFile } from '#server/buildOutput.ts';

/**
 * Tests that render pages with the build's own renderer need a site build in BUILD_DIR: made
 * here when there is none (`npm test` builds first, so this only happens when a file runs alone).
 */
export function ensureSiteBuilt(): void {
  if (fs.existsSync(serverRendererFile)) return;
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: process.env,
  });
  if (build.status !== 0) throw new Error('The site build failed; pages cannot be rendered.');
}
