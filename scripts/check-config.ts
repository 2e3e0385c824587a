/**
 * `npm run check-config`: the report the server makes at start (settingsReport.ts), for the
 * current environment, without starting it, and whether the build matches it (builtWith.ts). `-- --environment-file FILE` reads the service's env file
 * first (scripts/launch.mjs). Exits 1 when something must be fixed; warnings alone exit 0.
 */
import { buildMismatches } from '../src/server/builtWith';
import { adminPasswordProblem } from '../src/server/config';
import { formatSettingsReport, hasErrors, settingsReport, type SettingFinding } from '../src/server/settingsReport';

const { config, findings } = settingsReport();
// The server checks this one once it listens (decision 0021); here there is no start to hurry.
const commonPassword = findings.some((finding) => finding.variable === 'ADMIN_PASSWORD') ? undefined : await adminPasswordProblem(config);
const all: SettingFinding[] = [...findings, ...buildMismatches(config, findings), ...(commonPassword ? [{ severity: 'error' as const, variable: 'ADMIN_PASSWORD', message: commonPassword }] : [])];
if (!config.isProduction) console.log(`NODE_ENV=${config.env}: only the values were checked. What a live site needs is checked with NODE_ENV=production.`);
console.log(formatSettingsReport(all));
process.exit(hasErrors(all) ? 1 : 0);
