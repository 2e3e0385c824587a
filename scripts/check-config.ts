/**
 * `npm run check-config`: the report the server makes at start (settingsReport.ts), for the
 * current environment, without starting it, and whether the build matches it (builtWith.ts). `-- --environment-file FILE` reads the service's env file
 * first (scripts/launch.mjs). Exits 1 when something must be fixed; warnings alone exit 0.
 */
import { buildMismatches } from '#server/builtWith.ts';
import { adminPasswordProblem } from '#server/modules/staff/service.ts';
import { formatSettingsReport, hasErrors, settingsReport, type SettingFinding } from '#server/settingsReport.ts';

const { config, findings } = settingsReport();
// The server checks this one once it listens (decision 0021); here there is no start to hurry.
const commonPassword = findings.some((finding) => finding.variable === 'ADMIN_PASSWORD')
  ? undefined
  : await adminPasswordProblem(config);
const all: SettingFinding[] = [
  ...findings,
  ...buildMismatches(config, findings),
  ...(commonPassword ? [{ severity: 'error' as const, variable: 'ADMIN_PASSWORD', message: commonPassword }] : []),
];
// Outside production no production rule is checked, so a clean report must not say the site is ready for one.
if (config.isProduction) console.log(formatSettingsReport(all));
else {
  console.log(
    `NODE_ENV=${config.env}: ${all.length === 0 ? 'the values are valid. Only' : 'only'} the values were checked: what a live site needs is checked with NODE_ENV=production.`,
  );
  if (all.length > 0) console.log(formatSettingsReport(all));
}
process.exit(hasErrors(all) ? 1 : 0);
