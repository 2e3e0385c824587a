/**
 * The compiled server's entry (`npm start`): serves the build it was compiled with, and refuses a
 * build made with other settings (builtWith.ts) in the same report as every other problem.
 */
import { buildMismatches } from './builtWith';
import { runFromEnvironment } from './index';
import { settingsReport } from './settingsReport';

const report = settingsReport();
await runFromEnvironment({
  report: { ...report, findings: [...report.findings, ...buildMismatches(report.config, report.findings)] },
});
