/**
 * The compiled server's entry (`npm start`): serves the build it was compiled with. A build made
 * with other settings (another PUBLIC_URL in its canonical links, another RETENTION_MONTHS in its
 * privacy notice) would tell visitors something untrue, so it is refused.
 */
import fs from 'node:fs';
import { renderSettingVariables, type RenderSettings } from '../shared/renderSettings';
import { buildInfoFile, type BuildInfo } from './buildOutput';
import { ConfigError, loadConfig, renderSettingsOf } from './config';
import { runFromEnvironment } from './index';

function builtWith(): Partial<BuildInfo> {
  if (!fs.existsSync(buildInfoFile)) return {};
  return JSON.parse(fs.readFileSync(buildInfoFile, 'utf8')) as BuildInfo;
}

try {
  const wanted = renderSettingsOf(loadConfig());
  const built = builtWith();
  const differing = (Object.keys(renderSettingVariables) as (keyof RenderSettings)[]).filter((key) => built[key] !== wanted[key]);
  if (differing.length > 0) {
    for (const key of differing) {
      console.error(`The site was built with ${renderSettingVariables[key]}=${built[key] ?? '(no build)'}, but it is now ${wanted[key]}.`);
    }
    console.error(`Run \`npm run build\` with these settings, then \`npm start\`.`);
    process.exit(1);
  }
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // runFromEnvironment reports configuration errors in plain words.
}
await runFromEnvironment();
