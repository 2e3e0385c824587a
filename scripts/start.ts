/**
 * `npm start`: builds the site when there is no build (or it was made for another PUBLIC_URL,
 * whose canonical links it carries), then serves it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { buildInfoFile, projectRoot, type BuildInfo } from '../src/server/buildOutput';
import { ConfigError, loadConfig } from '../src/server/config';
import { runFromEnvironment } from '../src/server';

function buildIsCurrent(publicUrl: string): boolean {
  if (!fs.existsSync(buildInfoFile)) return false;
  const info = JSON.parse(fs.readFileSync(buildInfoFile, 'utf8')) as BuildInfo;
  return info.publicUrl === publicUrl;
}

try {
  const { publicUrl } = loadConfig();
  if (!buildIsCurrent(publicUrl)) {
    console.log(`Building the site for ${publicUrl} …`);
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: projectRoot, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
await runFromEnvironment();
