import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '#test/support/testServer.ts';
import { projectRoot } from './buildOutput';

const serverProcessFile = fileURLToPath(new URL('../../test/support/serverProcess.ts', import.meta.url));

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A scratch folder, readable by anyone (the unwritable case runs as another user). */
function scratch(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-config-'));
  fs.chmodSync(dir, 0o755);
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Nothing from the shell that runs the tests (vitest sets NODE_ENV=test): only what the service's env file would hold. */
const bareEnv = {
  PATH: process.env.PATH ?? '',
  HOME: os.tmpdir(),
  ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
};

/** A production setup with nothing to fix or warn of. */
function goodSetup(): Record<string, string> {
  const dir = scratch();
  return {
    NODE_ENV: 'production',
    PUBLIC_URL: JSON.parse(
      fs.readFileSync(path.join(projectRoot, process.env.BUILD_DIR ?? 'dist', 'build-info.json'), 'utf8'),
    ).publicUrl as string,
    HOST: '127.0.0.1',
    TRUST_PROXY: 'loopback',
    DATA_DIR: path.join(dir, 'data'),
    BACKUP_DIR: path.join(dir, 'backups'),
    OFFSITE_BACKUP: 'school-crypt:backups',
    SMTP_URL: 'smtps://website%40aranya.test:relay-pass-7Qx2mWv9@smtp.aranya.test:465',
    NOTIFY_EMAIL: 'office@aranya.test',
  };
}

/** `npm run check-config` as the volunteer runs it, with these variables and nothing else. */
function checkConfig(env: Record<string, string>, options: { args?: string[]; uid?: number } = {}) {
  const result = spawnSync(
    'npm',
    ['run', '--silent', 'check-config', ...(options.args ? ['--', ...options.args] : [])],
    {
      cwd: projectRoot,
      env: { ...bareEnv, ...env },
      encoding: 'utf8',
      ...(options.uid === undefined ? {} : { uid: options.uid, gid: options.uid }),
    },
  );
  return { status: result.status, output: result.stdout + result.stderr };
}

describe('npm run check-config', { timeout: 60_000 }, () => {
  it('says a good production setup is ready, and exits 0', () => {
    const { status, output } = checkConfig(goodSetup());
    expect(output.trim()).toBe('The settings are ready for production.');
    expect(status).toBe(0);
  });

  it('says only that the values were checked outside production, never that they are ready for production', () => {
    const { status, output } = checkConfig({ ...goodSetup(), NODE_ENV: 'development' });
    expect(output.trim()).toBe(
      'NODE_ENV=development: the values are valid. Only the values were checked: what a live site needs is checked with NODE_ENV=production.',
    );
    expect(status).toBe(0);
  });

  it('stops on a PUBLIC_URL that is not https, or not set; a trial on the machine itself (loopback) passes', () => {
    const http = checkConfig({ ...goodSetup(), PUBLIC_URL: 'http://www.aranyamontessori.in' });
    expect(http.status).toBe(1);
    expect(http.output).toContain('PUBLIC_URL: is http://www.aranyamontessori.in, not https');
    expect(http.output).toContain('PUBLIC_URL=https://www.aranyamontessori.in');
    const { PUBLIC_URL: _unset, ...withoutUrl } = goodSetup();
    const unset = checkConfig(withoutUrl);
    expect(unset.status).toBe(1);
    expect(unset.output).toContain('PUBLIC_URL: is not set');
    expect(checkConfig({ ...goodSetup(), PUBLIC_URL: 'https://www.aranyamontessori.in' }).output).not.toContain(
      'not https',
    );
  });

  it('stops when mail is neither configured nor explicitly off, and when it is both', () => {
    const { SMTP_URL: _smtp, NOTIFY_EMAIL: _notify, ...withoutMail } = goodSetup();
    const neither = checkConfig(withoutMail);
    expect(neither.status).toBe(1);
    expect(neither.output).toContain('MAIL: no mail is configured');
    expect(neither.output).toContain('MAIL=off');
    expect(checkConfig({ ...withoutMail, MAIL: 'off' }).status).toBe(0);
    const both = checkConfig({ ...goodSetup(), MAIL: 'off' });
    expect(both.status).toBe(1);
    expect(both.output).toContain('MAIL: MAIL=off and SMTP_URL are both set');
    const misspelt = checkConfig({ ...withoutMail, MAIL: 'no' });
    expect(misspelt.output).toContain('MAIL: must be off (or unset)');
  });

  it('stops when the server’s user cannot write the data folder', () => {
    const setup = goodSetup();
    fs.mkdirSync(setup.DATA_DIR!, { mode: 0o755 });
    // Root may write anything: the check then runs as nobody, as a service runs as its own user.
    const asRoot = process.getuid?.() === 0;
    if (!asRoot) fs.chmodSync(setup.DATA_DIR!, 0o555);
    cleanups.push(() => fs.chmodSync(setup.DATA_DIR!, 0o755));
    const { status, output } = checkConfig(setup, asRoot ? { uid: 65534 } : {});
    expect(output).toMatch(
      new RegExp(`DATA_DIR: the user this runs as \\(\\S+\\) cannot write ${setup.DATA_DIR}\\. Give it to that user`),
    );
    expect(status).toBe(1);
  });

  it('warns, without failing, when the backups share the data’s disk and no off-machine copy is named', () => {
    const { OFFSITE_BACKUP: _offsite, ...setup } = goodSetup();
    const { status, output } = checkConfig(setup);
    expect(output).toContain('Warnings (the site starts, but look at these):');
    expect(output).toContain(`BACKUP_DIR: ${setup.BACKUP_DIR} is on the same disk as the data (${setup.DATA_DIR})`);
    expect(output).toContain('OFFSITE_BACKUP');
    expect(output).not.toContain('Fix these settings');
    expect(status).toBe(0);
    expect(checkConfig({ ...setup, OFFSITE_BACKUP: 'nas-backups' }).output).toContain(
      'OFFSITE_BACKUP: must name where the backups are copied off the machine',
    );
  });

  it('warns when it trusts proxy hops yet listens beyond loopback', () => {
    const { status, output } = checkConfig({ ...goodSetup(), TRUST_PROXY: '1', HOST: '0.0.0.0' });
    expect(output).toContain('TRUST_PROXY: TRUST_PROXY=1 believes the X-Forwarded-For of whoever connects');
    expect(status).toBe(0);
  });

  it('names every problem at once, a common ADMIN_PASSWORD included, and never a secret’s value', () => {
    const secrets = {
      SMTP_URL: 'http://website:relay-pass-7Qx2mWv9@smtp.aranya.test',
      SESSION_SECRET: 'too-short-secret-9x',
      RECAPTCHA_SECRET_KEY: '6Lc-recaptcha-secret-Zq',
    };
    const { status, output } = checkConfig({
      ...goodSetup(),
      ...secrets,
      PUBLIC_URL: 'http://www.aranyamontessori.in',
      ADMIN_PASSWORD: 'short-pw',
    });
    expect(status).toBe(1);
    for (const variable of ['SMTP_URL', 'SESSION_SECRET', 'RECAPTCHA_SITE_KEY', 'ADMIN_PASSWORD', 'PUBLIC_URL'])
      expect(output).toContain(`\n  ${variable}: `);
    for (const secret of [...Object.values(secrets), 'relay-pass', 'short-pw']) expect(output).not.toContain(secret);
    const common = checkConfig({ ...goodSetup(), ADMIN_PASSWORD: 'password1234' });
    expect(common.output).toContain('ADMIN_PASSWORD: That password is too easy to guess.');
    expect(common.output).not.toContain('password1234');
    expect(common.status).toBe(1);
  });

  it('reads the service’s env file with --environment-file, over the shell’s variables', () => {
    const file = path.join(scratch(), 'school.env');
    const setup = goodSetup();
    fs.writeFileSync(
      file,
      `# as /etc/school/school.env\n${Object.entries(setup)
        .map(([name, value]) => `${name}=${value}`)
        .join('\n')}\n`,
    );
    const { status, output } = checkConfig(
      { NODE_ENV: 'development', PUBLIC_URL: 'http://www.aranyamontessori.in' },
      { args: ['--environment-file', file] },
    );
    expect(output.trim()).toBe('The settings are ready for production.');
    expect(status).toBe(0);
    const missing = checkConfig({}, { args: ['--environment-file', path.join(path.dirname(file), 'nowhere.env')] });
    expect(missing.output).toContain('nowhere.env does not');
    expect(missing.status).toBe(1);
  });
});

describe('the server at start in production', { timeout: 60_000 }, () => {
  it('stops with exit 1 and one report naming every problem, no secret in it', async () => {
    const dataFile = path.join(scratch(), 'a-file');
    fs.writeFileSync(dataFile, '');
    const child = spawn(process.execPath, ['--import', 'tsx', serverProcessFile], {
      env: {
        ...bareEnv,
        NODE_ENV: 'production',
        PORT: '0',
        PUBLIC_URL: 'http://www.aranyamontessori.in',
        DATA_DIR: dataFile,
        SESSION_SECRET: 'too-short-secret-9x',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toBe(
      [
        'Fix these settings before the site can start:',
        '  SESSION_SECRET: each secret must be at least 32 characters',
        '  PUBLIC_URL: is http://www.aranyamontessori.in, not https. Visitors and staff must reach the site over https: set PUBLIC_URL=https://www.aranyamontessori.in (and build with the same value).',
        '  MAIL: no mail is configured, so enquiries would reach the office only through the dashboard. Set SMTP_URL and NOTIFY_EMAIL, or MAIL=off to run without email on purpose.',
        `  DATA_DIR: ${dataFile} is not a folder.`,
        '',
      ].join('\n'),
    );
  });
});

describe('a proxy nobody declared', { timeout: 30_000 }, () => {
  const forwarded = { 'x-forwarded-for': '203.0.113.10' };
  const warnings = (server: Awaited<ReturnType<typeof startTestServer>>) =>
    server.log.records.filter((record) => record.level === 'warn' && record.message.includes('TRUST_PROXY'));

  it('is warned of once, naming TRUST_PROXY, when requests arrive with X-Forwarded-For and TRUST_PROXY is unset', async () => {
    const server = await startTestServer({}, { servePages: false });
    cleanups.push(() => server.close());
    await fetch(`${server.url}/healthz`);
    expect(warnings(server)).toEqual([]);
    for (let request = 0; request < 3; request++) await fetch(`${server.url}/healthz`, { headers: forwarded });
    expect(warnings(server)).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(
          /^TRUST_PROXY: requests arrive with X-Forwarded-For, but TRUST_PROXY is not set/,
        ),
        fields: { variable: 'TRUST_PROXY' },
      }),
    ]);
  });

  it('is not warned of when TRUST_PROXY was chosen, false included', async () => {
    for (const trustProxy of ['false', 'loopback']) {
      const server = await startTestServer({ TRUST_PROXY: trustProxy }, { servePages: false });
      cleanups.push(() => server.close());
      await fetch(`${server.url}/healthz`, { headers: forwarded });
      expect(warnings(server), trustProxy).toEqual([]);
    }
  });
});
