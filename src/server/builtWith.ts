import fs from 'node:fs';
import { renderSettingVariables, type RenderSettings } from '#shared/renderSettings.ts';
import { buildInfoFile, type BuildInfo } from './buildOutput';
import { renderSettingsOf, type Config } from './config';
import type { SettingFinding } from './settingsReport';

function builtWith(): Partial<BuildInfo> {
  if (!fs.existsSync(buildInfoFile)) return {};
  return JSON.parse(fs.readFileSync(buildInfoFile, 'utf8')) as BuildInfo;
}

/**
 * A build made with other settings (another PUBLIC_URL in its canonical links, another
 * RETENTION_MONTHS in its privacy notice) would tell visitors something untrue: each differing
 * setting is an error of the start-up report. Variables already reported invalid are left out.
 */
export function buildMismatches(config: Config, reported: readonly SettingFinding[]): SettingFinding[] {
  const built = builtWith();
  const wanted = renderSettingsOf(config);
  return (Object.keys(renderSettingVariables) as (keyof RenderSettings)[])
    .filter(
      (key) =>
        built[key] !== wanted[key] && !reported.some((finding) => finding.variable === renderSettingVariables[key]),
    )
    .map((key) => ({
      severity: 'error',
      variable: renderSettingVariables[key],
      message: `the site was built with ${renderSettingVariables[key]}=${built[key] ?? '(no build)'}, but it is now ${wanted[key]}. Run \`npm run build\` with these settings, then start again.`,
    }));
}
