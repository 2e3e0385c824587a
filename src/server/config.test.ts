import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkAdminPassword } from '#server/modules/staff/service.ts';
import { ConfigError, loadConfig } from './config';
import { guessableMessage, guessablePasswords } from '#test/support/guessablePasswords.ts';

describe('configuration from the environment', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      env: 'production',
      publicUrl: 'http://localhost:3000',
      recaptcha: undefined,
    });
    expect(config.dataDir).toMatch(/data$/);
    expect(config.recaptcha).toBeUndefined();
  });

  it('keeps the default data and backup folders (children’s details) out of git, in a checkout', () => {
    const config = loadConfig({});
    const isGitCheckout = (() => {
      try {
        return (
          execFileSync('git', ['rev-parse', '--is-inside-work-tree'], {
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'ignore'],
          }).trim() === 'true'
        );
      } catch {
        return false;
      }
    })();
    if (!isGitCheckout) return;
    const files = [
      path.join(config.dataDir, 'school.sqlite'),
      path.join(config.backups.dir, 'school-2025-01-31T02-00-00Z.sqlite'),
      path.join(config.backups.dir, 'photos', 'x.jpg'),
    ];
    // git check-ignore names each ignored path on its own line.
    const ignored = execFileSync(
      'git',
      ['check-ignore', '--no-index', ...files.map((file) => path.relative(process.cwd(), file))],
      { encoding: 'utf8' },
    )
      .trim()
      .split('\n');
    expect(ignored).toHaveLength(files.length);
  });

  it('names the variable and the problem for a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PUBLIC_URL: 'school.example' })).toThrow(/PUBLIC_URL: must be an absolute http\(s\) URL/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ RECAPTCHA_MIN_SCORE: '2' })).toThrow(/RECAPTCHA_MIN_SCORE/);
  });

  it('requires the reCAPTCHA keys together and an office address with SMTP', () => {
    expect(() => loadConfig({ RECAPTCHA_SITE_KEY: 'site' })).toThrow(/must be set together/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://localhost:2525' })).toThrow(/NOTIFY_EMAIL/);
    const config = loadConfig({
      RECAPTCHA_SITE_KEY: 'site',
      RECAPTCHA_SECRET_KEY: 'secret',
      RECAPTCHA_MIN_SCORE: '0.7',
    });
    expect(config.recaptcha).toMatchObject({ siteKey: 'site', secretKey: 'secret', minScore: 0.7 });
  });

  it('takes a MAIL that is a path for the mailbox that login, su - and sudo set, not a setting', () => {
    // `sudo -u school sh -c '. /etc/school/school.env && npm run backup'` once step 13 removed MAIL=off (docs/deploy.md).
    const settings = { SMTP_URL: 'smtp://website:secret@smtp.example.com:587', NOTIFY_EMAIL: 'office@example.com' };
    expect(loadConfig({ ...settings, MAIL: '/var/mail/school' }).mail).toMatchObject({
      off: false,
      smtpUrl: settings.SMTP_URL,
    });
    expect(() => loadConfig({ MAIL: 'no' })).toThrow(/MAIL: must be off/);
  });

  it('splits several session secrets for key rotation', () => {
    const [newer, older] = ['n'.repeat(32), 'o'.repeat(40)];
    expect(loadConfig({ SESSION_SECRET: `${newer}, ${older}` }).admin.sessionSecrets).toEqual([newer, older]);
  });

  it('drops a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://www.school.example/' }).publicUrl).toBe('https://www.school.example');
  });

  it('keeps backups beside DATA_DIR, the newest 14, and takes none on its own unless BACKUP_INTERVAL_HOURS is set', () => {
    expect(loadConfig({ DATA_DIR: '/srv/school/data' }).backups).toEqual({
      dir: '/srv/school/data-backups',
      keep: 14,
      intervalMs: undefined,
    });
    expect(
      loadConfig({ BACKUP_DIR: '/mnt/backups/school', BACKUP_KEEP: '30', BACKUP_INTERVAL_HOURS: '6' }).backups,
    ).toEqual({
      dir: '/mnt/backups/school',
      keep: 30,
      intervalMs: 6 * 3_600_000,
    });
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    expect(() => loadConfig({ BACKUP_INTERVAL_HOURS: 'daily' })).toThrow(/BACKUP_INTERVAL_HOURS/);
    expect(() => loadConfig({ BACKUP_INTERVAL_HOURS: '0.1' })).toThrow(/BACKUP_INTERVAL_HOURS/);
  });

  it('keeps closed enquiries 24 months unless RETENTION_MONTHS says otherwise, and refuses a period that is not whole months from 1 to 120', () => {
    expect(loadConfig({}).retention).toEqual({ closedEnquiryMonths: 24 });
    expect(loadConfig({ RETENTION_MONTHS: '' }).retention).toEqual({ closedEnquiryMonths: 24 });
    expect(loadConfig({ RETENTION_MONTHS: ' 36 ' }).retention).toEqual({ closedEnquiryMonths: 36 });
    for (const bad of ['0', '121', '1.5', 'two years', '-6']) {
      expect(() => loadConfig({ RETENTION_MONTHS: bad }), bad).toThrow(
        /RETENTION_MONTHS: must be a whole number of months from 1 to 120/,
      );
    }
  });

  it('reads TRUST_PROXY as Express needs it: a hop count, a boolean, or names and addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'FALSE' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(
      loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::/8, 192.168.1.7 ,linklocal,uniquelocal,::1' }).trustProxy,
    ).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8', '192.168.1.7', 'linklocal', 'uniquelocal', '::1']);
  });

  it('stops on a TRUST_PROXY Express would misread', () => {
    for (const bad of [
      'yes',
      '1.5',
      '-1',
      'loopback,',
      '10.0.0.0/33',
      'fd00::/129',
      '10.0.0/8',
      'proxy.example',
      '10.0.0.1/',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: must be/);
    }
  });

  it('refuses an ADMIN_PASSWORD shorter than 12 characters, naming the variable', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'elevenchars' })).toThrow(
      /ADMIN_PASSWORD: Please choose a password of at least 12 characters/,
    );
    expect(() => loadConfig({ ADMIN_PASSWORD: '   padded   ' })).toThrow(/ADMIN_PASSWORD/);
    expect(loadConfig({ ADMIN_PASSWORD: 'twelve chars' }).admin.password).toBe('twelve chars');
  });

  it('holds ADMIN_PASSWORD to the rule of every staff password: no common password, no control characters', async () => {
    await expect(checkAdminPassword(loadConfig({ ADMIN_PASSWORD: 'Password1234' }))).rejects.toThrow(
      new ConfigError(`Invalid configuration:\n  ADMIN_PASSWORD: ${guessableMessage}`),
    );
    for (const password of guessablePasswords) {
      await expect(checkAdminPassword(loadConfig({ ADMIN_PASSWORD: password }))).rejects.toThrow(
        new ConfigError(`Invalid configuration:\n  ADMIN_PASSWORD: ${guessableMessage}`),
      );
    }
    expect(() => loadConfig({ ADMIN_PASSWORD: 'twelve\tchars' })).toThrow(
      /ADMIN_PASSWORD: A password cannot contain line breaks, tabs or other control characters/,
    );
    await expect(checkAdminPassword(loadConfig({ ADMIN_PASSWORD: 'twelve chars' }))).resolves.toBeUndefined();
    await expect(checkAdminPassword(loadConfig({}))).resolves.toBeUndefined();
  });
});
