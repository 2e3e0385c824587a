import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isLoopbackHost, proxyTrustWarning, readConfig, type Config } from './config';

/** One thing wrong with the settings: an error stops the server, a warning is logged and the server starts. */
export type SettingFinding = { severity: 'error' | 'warning'; variable: string; message: string };

export type SettingsReport = { config: Config; findings: SettingFinding[] };

type Rule = {
  /** The variables it reads; the first names the finding. */
  variables: string[];
  severity: SettingFinding['severity'];
  /** In production only, or whatever NODE_ENV is. */
  productionOnly: boolean;
  problem(config: Config, source: NodeJS.ProcessEnv): string | undefined;
};

/**
 * What a live site needs beyond valid values. A rule is skipped when one of its variables is
 * invalid (that is reported already). No message quotes a secret's value.
 */
const rules: Rule[] = [
  {
    variables: ['PUBLIC_URL'],
    severity: 'error',
    productionOnly: true,
    problem(config, source) {
      if (!source.PUBLIC_URL)
        return 'is not set. Set it to the site’s https address, e.g. PUBLIC_URL=https://www.aranyamontessori.in (and build with the same value).';
      const url = new URL(config.publicUrl);
      // A trial on the server itself: browsers keep the Secure cookie on a loopback address.
      if (url.protocol === 'https:' || isLoopbackHost(url.hostname.replace(/^\[|\]$/g, ''))) return undefined;
      return `is ${url.origin}, not https. Visitors and staff must reach the site over https: set PUBLIC_URL=https://${url.host} (and build with the same value).`;
    },
  },
  {
    variables: ['MAIL', 'SMTP_URL', 'NOTIFY_EMAIL'],
    severity: 'error',
    productionOnly: true,
    problem: (config) =>
      config.mail.smtpUrl || config.mail.off
        ? undefined
        : 'no mail is configured, so enquiries would reach the office only through the dashboard. Set SMTP_URL and NOTIFY_EMAIL, or MAIL=off to run without email on purpose.',
  },
  {
    variables: ['DATA_DIR'],
    severity: 'error',
    productionOnly: true,
    problem: (config) => unwritableProblem(config.dataDir),
  },
  {
    variables: ['BACKUP_DIR', 'DATA_DIR', 'OFFSITE_BACKUP'],
    severity: 'warning',
    productionOnly: true,
    problem: (config) =>
      config.backups.offsite === undefined && sameFileSystem(config.backups.dir, config.dataDir)
        ? `${config.backups.dir} is on the same disk as the data (${config.dataDir}): a failed disk or a lost server takes both. Copy the backups off the machine, encrypted, and name where in OFFSITE_BACKUP (e.g. OFFSITE_BACKUP=school-crypt:backups).`
        : undefined,
  },
  {
    variables: ['TRUST_PROXY', 'HOST'],
    severity: 'warning',
    productionOnly: false,
    problem: proxyTrustWarning,
  },
];

/** The nearest folder that exists: where a missing folder would be created. */
function existingAncestor(folder: string): string {
  let current = folder;
  while (!fs.existsSync(current) && path.dirname(current) !== current) current = path.dirname(current);
  return current;
}

function writable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** The server writes the folder and everything directly in it (database, its journal, keys, photos' folder). */
function unwritableProblem(dataDir: string): string | undefined {
  const user = os.userInfo().username;
  const fix = `Give it to that user, e.g. sudo chown -R ${user}: ${dataDir}`;
  const folder = existingAncestor(dataDir);
  if (folder !== dataDir) {
    return writable(folder)
      ? undefined
      : `${dataDir} does not exist, and the user this runs as (${user}) cannot create it in ${folder}. Create it for that user: sudo install -d -o ${user} -m 700 ${dataDir}`;
  }
  if (!fs.statSync(dataDir).isDirectory()) return `${dataDir} is not a folder.`;
  const locked = [dataDir, ...fs.readdirSync(dataDir).map((name) => path.join(dataDir, name))].filter(
    (file) => !writable(file),
  );
  if (locked.length === 0) return undefined;
  return `the user this runs as (${user}) cannot write ${locked.join(', ')}. ${fix}`;
}

function sameFileSystem(one: string, other: string): boolean {
  return fs.statSync(existingAncestor(one)).dev === fs.statSync(existingAncestor(other)).dev;
}

function findings(
  config: Config,
  source: NodeJS.ProcessEnv,
  applies: (rule: Rule) => boolean,
  invalidVariables: ReadonlySet<string> = new Set(),
): SettingFinding[] {
  return rules
    .filter(
      (rule) =>
        applies(rule) &&
        (config.isProduction || !rule.productionOnly) &&
        !rule.variables.some((variable) => invalidVariables.has(variable)),
    )
    .flatMap((rule) => {
      const message = rule.problem(config, source);
      return message ? [{ severity: rule.severity, variable: rule.variables[0] ?? '', message }] : [];
    });
}

/** The warnings about a valid configuration, which the server logs when it starts. */
export function settingWarnings(config: Config): SettingFinding[] {
  return findings(config, {}, (rule) => rule.severity === 'warning');
}

/** Every problem with the settings in `source`, at once: invalid values, then what a live site needs. */
export function settingsReport(source: NodeJS.ProcessEnv = process.env): SettingsReport {
  const { config, invalid } = readConfig(source);
  return {
    config,
    findings: [
      ...invalid.map(({ variable, message }): SettingFinding => ({ severity: 'error', variable, message })),
      ...findings(config, source, () => true, new Set(invalid.map(({ variable }) => variable))),
    ],
  };
}

export const hasErrors = (findings: readonly SettingFinding[]): boolean =>
  findings.some((finding) => finding.severity === 'error');

/** The report in plain words: the errors to fix, then the warnings. */
export function formatSettingsReport(findings: readonly SettingFinding[]): string {
  const section = (severity: SettingFinding['severity'], heading: string) => {
    const lines = findings
      .filter((finding) => finding.severity === severity)
      .map(({ variable, message }) => `  ${variable}: ${message}`);
    return lines.length > 0 ? [heading, ...lines] : [];
  };
  const errors = section('error', 'Fix these settings before the site can start:');
  const warnings = section('warning', 'Warnings (the site starts, but look at these):');
  if (errors.length + warnings.length === 0) return 'The settings are ready for production.';
  return [...errors, ...warnings].join('\n');
}
