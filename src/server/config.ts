import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { RenderSettings } from '#shared/renderSettings.ts';
import { DEFAULT_RETENTION_MONTHS, MAX_RETENTION_MONTHS } from '#shared/retention.ts';
import { newPasswordSchema } from '#shared/staff/newPassword.ts';

/** HMAC-SHA256 wants a key of at least 256 bits; a shorter SESSION_SECRET would be guessable offline. */
const MIN_SESSION_SECRET_LENGTH = 32;

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** Express's `trust proxy` in the forms it reads correctly: hops, all-or-nothing, or whom to trust. */
export type TrustProxy = number | boolean | string[];

const trustProxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Express reads a string as a list of addresses, so "1" would mean the address 0.0.0.1 and
 * trust nobody: a hop count must reach it as a number. Anything it would misread stops start-up.
 */
function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every((entry) => trustProxyNames.has(entry) || isAddressOrRange(entry)) ? entries : undefined;
}

const trustProxySchema = optionalText.transform((value, context) => {
  const trustProxy = parseTrustProxy(value);
  if (trustProxy !== undefined) return trustProxy;
  context.addIssue({
    code: 'custom',
    message:
      'must be a number of proxy hops (e.g. 1), true, false, or a comma-separated list of loopback, linklocal, uniquelocal, IP addresses and CIDR ranges',
  });
  return z.NEVER;
});

const monthsMessage = `must be a whole number of months from 1 to ${MAX_RETENTION_MONTHS}`;

/**
 * Every environment variable the server reads, with its default. docs/deploy.md lists the same
 * variables; a bad value stops start-up with one clear message naming the variable.
 */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, message: 'must be an absolute http(s) URL' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  TRUST_PROXY: trustProxySchema,

  SMTP_URL: optionalText.pipe(
    z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  NOTIFY_EMAIL: optionalText.pipe(z.email({ message: 'must be an email address' }).optional()),
  MAIL_FROM: optionalText,
  // login, su - and sudo set MAIL to the user's mailbox (/var/mail/USER): a path is theirs, not this setting.
  MAIL: optionalText
    .transform((value) => (value?.startsWith('/') ? undefined : value))
    .pipe(z.enum(['off'], { message: 'must be off (or unset): MAIL=off says the site sends no email' }).optional()),

  RECAPTCHA_SITE_KEY: optionalText,
  RECAPTCHA_SECRET_KEY: optionalText,
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),

  ENQUIRY_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  ENQUIRY_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  ENQUIRY_MIN_FILL_SECONDS: z.coerce.number().min(0).default(3),

  // Its strength is scored once the server listens, when it differs from the stored password (checkAdminPassword).
  ADMIN_PASSWORD: optionalText.pipe(newPasswordSchema.optional()),
  ADMIN_PASSWORD_HASH: optionalText,
  SESSION_SECRET: optionalText.refine(
    (value) =>
      value === undefined ||
      value.split(',').every((secret) => secret.trim() === '' || secret.trim().length >= MIN_SESSION_SECRET_LENGTH),
    `each secret must be at least ${MIN_SESSION_SECRET_LENGTH} characters`,
  ),

  BACKUP_DIR: optionalText,
  BACKUP_KEEP: z.coerce.number().int().min(1).default(14),
  BACKUP_INTERVAL_HOURS: optionalText.pipe(z.coerce.number<string>().min(1).max(168).optional()),
  OFFSITE_BACKUP: optionalText.pipe(
    z
      .string()
      .regex(
        /^[^\s:]+:\S*$/,
        'must name where the backups are copied off the machine, as the copy uses it: an rclone remote and folder such as school-crypt:backups',
      )
      .optional(),
  ),

  RETENTION_MONTHS: optionalText.pipe(
    z.coerce
      .number<string>({ message: monthsMessage })
      .int(monthsMessage)
      .min(1, monthsMessage)
      .max(MAX_RETENTION_MONTHS, monthsMessage)
      .default(DEFAULT_RETENTION_MONTHS),
  ),
});

type Environment = z.infer<typeof environmentSchema>;

/** Rules between variables, checked once each variable is valid on its own. */
const crossChecks: { variables: (keyof Environment)[]; holds(env: Environment): boolean; message: string }[] = [
  {
    variables: ['RECAPTCHA_SITE_KEY', 'RECAPTCHA_SECRET_KEY'],
    holds: (env) => Boolean(env.RECAPTCHA_SITE_KEY) === Boolean(env.RECAPTCHA_SECRET_KEY),
    message: 'RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY must be set together',
  },
  {
    variables: ['NOTIFY_EMAIL', 'SMTP_URL'],
    holds: (env) => !env.SMTP_URL || Boolean(env.NOTIFY_EMAIL),
    message: 'NOTIFY_EMAIL is required when SMTP_URL is set (the office address that receives enquiries)',
  },
  {
    variables: ['MAIL', 'SMTP_URL'],
    holds: (env) => !(env.MAIL === 'off' && env.SMTP_URL),
    message: 'MAIL=off and SMTP_URL are both set: remove one (MAIL=off says the site sends no email)',
  },
];

export type Config = {
  env: 'production' | 'development' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** Which hops in front of the server may name the visitor's address and protocol (X-Forwarded-For, -Proto). */
  trustProxy: TrustProxy;
  /** Whether TRUST_PROXY was set at all (false included): unset, a proxy's X-Forwarded-For earns a warning. */
  trustProxyChosen: boolean;
  /** `off`: MAIL=off says no email is sent (SMTP_URL unset on purpose). */
  mail: { smtpUrl: string | undefined; notifyEmail: string | undefined; from: string | undefined; off: boolean };
  recaptcha: { siteKey: string; secretKey: string; minScore: number; verifyUrl: string } | undefined;
  /** Spam defences of the two enquiry forms: enquiries per IP per window, and the shortest believable fill time. */
  enquiries: { rateLimit: number; rateWindowMs: number; minFillMs: number };
  admin: { password: string | undefined; passwordHash: string | undefined; sessionSecrets: string[] };
  /**
   * Online copies of the database: where, how many are kept, how often the server takes one
   * (undefined: only `npm run backup`), and where they are copied off the machine (OFFSITE_BACKUP).
   */
  backups: { dir: string; keep: number; intervalMs: number | undefined; offsite: string | undefined };
  /** How many months a closed (responded) enquiry is kept after the office's last change to it. */
  retention: { closedEnquiryMonths: number };
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A variable whose value cannot be used, and why (never the value: it may be a secret). */
export type InvalidSetting = { variable: string; message: string };

/**
 * Reads the environment as far as it can: every invalid variable at once, and the configuration
 * with each of those at its default (so that the production checks can still look at the rest).
 */
export function readConfig(source: NodeJS.ProcessEnv = process.env): { config: Config; invalid: InvalidSetting[] } {
  const invalid: InvalidSetting[] = [];
  const usable: NodeJS.ProcessEnv = { ...source };
  for (;;) {
    const parsed = environmentSchema.safeParse(usable);
    if (parsed.success) {
      for (const check of crossChecks.filter((rule) => !rule.holds(parsed.data)))
        invalid.push({ variable: check.variables[0] ?? 'environment', message: check.message });
      return { config: configOf(parsed.data, source), invalid };
    }
    for (const issue of parsed.error.issues) {
      const variable = String(issue.path[0]);
      invalid.push({ variable, message: issue.message });
      // Every issue names a variable that is set: an unset one takes its default or stays undefined.
      delete usable[variable];
    }
  }
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const { config, invalid } = readConfig(source);
  if (invalid.length > 0)
    throw new ConfigError(
      `Invalid configuration:\n${invalid.map(({ variable, message }) => `  ${variable}: ${message}`).join('\n')}`,
    );
  return config;
}

function configOf(env: Environment, source: NodeJS.ProcessEnv): Config {
  const port = env.PORT;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    trustProxy: env.TRUST_PROXY,
    trustProxyChosen: Boolean(source.TRUST_PROXY?.trim()),
    mail: { smtpUrl: env.SMTP_URL, notifyEmail: env.NOTIFY_EMAIL, from: env.MAIL_FROM, off: env.MAIL === 'off' },
    recaptcha:
      env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET_KEY
        ? {
            siteKey: env.RECAPTCHA_SITE_KEY,
            secretKey: env.RECAPTCHA_SECRET_KEY,
            minScore: env.RECAPTCHA_MIN_SCORE,
            verifyUrl: env.RECAPTCHA_VERIFY_URL,
          }
        : undefined,
    enquiries: {
      rateLimit: env.ENQUIRY_RATE_LIMIT,
      rateWindowMs: env.ENQUIRY_RATE_WINDOW_SECONDS * 1000,
      minFillMs: env.ENQUIRY_MIN_FILL_SECONDS * 1000,
    },
    admin: {
      password: env.ADMIN_PASSWORD,
      passwordHash: env.ADMIN_PASSWORD_HASH,
      sessionSecrets:
        env.SESSION_SECRET?.split(',')
          .map((secret) => secret.trim())
          .filter(Boolean) ?? [],
    },
    backups: {
      // Beside the data folder, not in it: deleting or restoring DATA_DIR leaves the backups alone.
      dir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : `${dataDir}-backups`,
      keep: env.BACKUP_KEEP,
      intervalMs: env.BACKUP_INTERVAL_HOURS === undefined ? undefined : env.BACKUP_INTERVAL_HOURS * 3_600_000,
      offsite: env.OFFSITE_BACKUP,
    },
    retention: { closedEnquiryMonths: env.RETENTION_MONTHS },
  };
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost') return true;
  const family = isIP(host);
  return family !== 0 && loopback.check(host, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * A hop count (or true) makes the server believe the X-Forwarded-For of whoever connects. That is
 * right only when nobody but the proxy can connect: listening beyond loopback, anyone who reaches
 * the port directly names their own address and gets a fresh allowance of logins and enquiries.
 * A list of addresses (TRUST_PROXY=loopback, or the proxy's) believes only those.
 */
export function proxyTrustWarning(config: Config): string | undefined {
  const trustsAnyPeer = config.trustProxy === true || (typeof config.trustProxy === 'number' && config.trustProxy > 0);
  if (!trustsAnyPeer || isLoopbackHost(config.host)) return undefined;
  return (
    `TRUST_PROXY=${String(config.trustProxy)} believes the X-Forwarded-For of whoever connects, and the server listens on ${config.host}: ` +
    'anyone who reaches its port directly can name their own address and escape the login and enquiry limits. ' +
    'Behind a proxy on the same machine, set HOST=127.0.0.1; otherwise let only the proxy reach the port, or set TRUST_PROXY to its address.'
  );
}

/** The settings the rendered pages depend on (the build records them; see shared/renderSettings.ts). */
export function renderSettingsOf(config: Config): RenderSettings {
  return { publicUrl: config.publicUrl, closedEnquiryMonths: config.retention.closedEnquiryMonths };
}
