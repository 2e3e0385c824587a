import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { generateSync } from 'otplib';
import { afterEach, describe, expect, it } from 'vitest';
import { validAdmission, validContact } from '#test/support/enquiryTestData.ts';
import { memoryLogger } from '#test/support/memoryLogger.ts';
import { startSmtpSink } from '#test/support/smtpSink.ts';
import { postJson, sessionCookieFrom, testStaffEnv } from '#test/support/testLogin.ts';
import { startTestServer } from '#test/support/testServer.ts';
import { FIRST_OWNER_PASSWORD_FILE, TWO_STEP_KEY_FILE } from '#server/modules/staff/service.ts';
import { projectRoot } from './buildOutput';

const serverProcessFile = fileURLToPath(new URL('../../test/support/serverProcess.ts', import.meta.url));

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The server as `npm start` runs it, in a child process; every line it writes to stdout and stderr is kept. */
async function startServerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverProcessFile], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const lines: string[] = [];
  const read = [child.stdout, child.stderr].map(
    (stream) =>
      new Promise<void>((resolve) =>
        createInterface({ input: stream })
          .on('line', (line) => lines.push(line))
          .once('close', resolve),
      ),
  );
  let url: string | undefined;
  while (url === undefined) {
    if (child.exitCode !== null) throw new Error(`The server exited at start:\n${lines.join('\n')}`);
    const listening = lines.find((line) => line.includes('"Server listening"'));
    url = listening ? (JSON.parse(listening) as { url: string }).url : undefined;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    lines,
    /** Stops it as systemd does (SIGTERM) and answers once it has exited and all it wrote was read. */
    async stop() {
      child.kill('SIGTERM');
      await Promise.all([exited, ...read]);
    },
  };
}

type Logged = { level: string; time: string; message: string; requestId?: string } & Record<string, unknown>;

describe('the log', { timeout: 120_000 }, () => {
  it('of a whole run holds no password, token, link, cookie or key, and names the request of every line about one', async () => {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-secrets-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const smtpPassword = 'relay-pass-7Qx2mWv9';
    const server = await startServerProcess({
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: '',
      ADMIN_PASSWORD_HASH: '',
      SESSION_SECRET: '',
      SMTP_URL: `smtp://website%40aranya.test:${smtpPassword}@127.0.0.1:${sink.port}`,
      NOTIFY_EMAIL: 'office@aranya.test',
      MAIL_FROM: 'Aranya Website <website@aranya.test>',
      ENQUIRY_MIN_FILL_SECONDS: '0',
    });
    const { url } = server;
    /** The request id each answer named, by what the test did. */
    const answered: Record<string, string> = {};
    const remember = (what: string, response: Response) => {
      answered[what] = response.headers.get('x-request-id') ?? '';
      return response;
    };
    const trpc = async <T>(what: string, procedure: string, cookie: string, input?: unknown) => {
      const response = remember(
        what,
        await postJson(`${url}/api/trpc/${procedure}`, { json: input ?? null }, cookie ? { cookie } : {}),
      );
      const body = (await response.json()) as { result?: { data: { json: T } } };
      if (response.status !== 200 || !body.result)
        throw new Error(`${procedure}: ${response.status} ${JSON.stringify(body)}`);
      return body.result.data.json;
    };
    const login = async (what: string, body: Record<string, string>) => {
      const response = remember(what, await postJson(`${url}/api/admin/login`, body));
      const cookie = sessionCookieFrom(response);
      if (response.status !== 200 || !cookie) throw new Error(`${what}: ${response.status} ${await response.text()}`);
      return cookie;
    };

    // The first start generated the Owner's password into an owner-only file, not into the log.
    const passwordFile = path.join(dataDir, FIRST_OWNER_PASSWORD_FILE);
    expect(fs.statSync(passwordFile).mode & 0o777).toBe(0o600);
    const ownerPassword = fs.readFileSync(passwordFile, 'utf8').trim();
    expect(ownerPassword).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);

    // A body that is not JSON, the password typed without quotes: the parser's message quotes what it read.
    const unreadable = await fetch(`${url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"password": ${ownerPassword}}`,
    });
    expect(unreadable.status).toBe(400);
    expect(
      remember('wrong login', await postJson(`${url}/api/admin/login`, { password: `${ownerPassword}-wrong` })).status,
    ).toBe(401);
    const ownerCookie = await login('owner login', { password: ownerPassword });

    const { secret: totpSecret } = await trpc<{ secret: string }>('two-step start', 'twoStep.start', ownerCookie);
    const firstCode = generateSync({ secret: totpSecret });
    const { recoveryCodes } = await trpc<{ recoveryCodes: string[] }>(
      'two-step confirm',
      'twoStep.confirm',
      ownerCookie,
      { code: firstCode },
    );

    const invited = await trpc<{ link: { url: string } }>('invite', 'staff.invite', ownerCookie, {
      email: 'priya@aranya.test',
      name: 'Priya Raman',
      role: 'office',
    });
    const linkToken = invited.link.url.split('#set-password=')[1] ?? '';
    expect(linkToken.length).toBeGreaterThan(20);
    await sink.waitFor(1);
    const staffPassword = 'priya chose a long password';
    await trpc('set password', 'auth.setPassword', '', { token: linkToken, password: staffPassword });
    const staffCookie = await login('staff login', { email: 'priya@aranya.test', password: staffPassword });

    const formTokens: string[] = [];
    for (const [procedure, enquiry] of [
      ['enquiries.submitContact', validContact()],
      ['enquiries.submitAdmission', validAdmission()],
    ] as const) {
      const response = await fetch(`${url}/api/trpc/enquiries.formSession`);
      const { formToken } = ((await response.json()) as { result: { data: { json: { formToken: string } } } }).result
        .data.json;
      formTokens.push(formToken);
      await trpc(procedure, procedure, '', { ...enquiry, formToken });
    }
    // The invitation, then each enquiry to the office and to its sender.
    await sink.waitFor(5);

    const exported = remember(
      'export',
      await fetch(`${url}/api/admin/export/contact.csv`, { headers: { cookie: staffCookie } }),
    );
    expect(exported.status).toBe(200);
    await exported.text();
    for (const [what, cookie] of [
      ['owner logout', ownerCookie],
      ['staff logout', staffCookie],
    ] as const) {
      expect(remember(what, await postJson(`${url}/api/admin/logout`, {}, { cookie })).status).toBe(200);
    }
    const nextCode = generateSync({ secret: totpSecret, epoch: Date.now() / 1000 + 30 });
    const secondCookie = await login('owner login with a code', { password: ownerPassword, code: nextCode });
    expect((await postJson(`${url}/api/admin/logout`, {}, { cookie: secondCookie })).status).toBe(200);
    const twoStepKey = fs.readFileSync(path.join(dataDir, TWO_STEP_KEY_FILE), 'utf8').trim();
    await server.stop();

    // Every line is a JSON record.
    expect(server.lines.length).toBeGreaterThan(10);
    const records = server.lines.map((line) => JSON.parse(line) as Logged);
    for (const record of records) {
      expect(record).toMatchObject({
        level: expect.stringMatching(/^(info|warn|error)$/),
        message: expect.any(String),
      });
      expect(Date.parse(record.time)).not.toBeNaN();
    }

    // No secret, nor any ten characters of one in a row.
    const cookieValue = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);
    const secrets = {
      ownerPassword,
      smtpPassword,
      staffPassword,
      totpSecret,
      linkToken,
      twoStepKey,
      ownerCookie: cookieValue(ownerCookie),
      staffCookie: cookieValue(staffCookie),
      secondCookie: cookieValue(secondCookie),
      ...Object.fromEntries(recoveryCodes.map((code, index) => [`recovery code ${index + 1}`, code])),
      ...Object.fromEntries(formTokens.map((token, index) => [`form token ${index + 1}`, token])),
    };
    const everything = server.lines.join('\n');
    const piecesOf = (secret: string) =>
      Array.from({ length: secret.length - 9 }, (_, start) => secret.slice(start, start + 10));
    const found = Object.entries(secrets).map(
      ([name, secret]) => [name, piecesOf(secret).filter((piece) => everything.includes(piece))] as const,
    );
    expect(Object.fromEntries(found.filter(([, pieces]) => pieces.length > 0))).toEqual({});
    for (const code of [firstCode, nextCode]) expect(everything).not.toMatch(new RegExp(`(?<![0-9])${code}(?![0-9])`));

    // A line about a request carries its id, the one its answer named.
    const lineOf = (message: string) => records.find((record) => record.message === message);
    expect(lineOf('Staff login failed')?.requestId).toBe(answered['wrong login']);
    expect(lineOf('Staff logged in')?.requestId).toBe(answered['owner login']);
    expect(lineOf('Staff exported enquiries')?.requestId).toBe(answered['export']);
    expect(records.filter((record) => record.message === 'Enquiry stored').map((record) => record.requestId)).toEqual([
      answered['enquiries.submitContact'],
      answered['enquiries.submitAdmission'],
    ]);
    expect(records.filter((record) => record.message === 'Staff logged out').map((record) => record.requestId)).toEqual(
      [answered['owner logout'], answered['staff logout'], expect.any(String)],
    );
    for (const record of records.filter((line) => 'ip' in line || 'path' in line))
      expect(record.requestId, record.message).toMatch(/^[0-9a-f]{12}$/);
    expect(new Set(Object.values(answered)).size).toBe(Object.keys(answered).length);
  });
});

describe('the first Owner’s password set before the first start', { timeout: 120_000 }, () => {
  it('with `npm run admin:password` and the service’s env file: the server generates none, signs the Owner in with it, and logs it nowhere', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'first-owner-'));
    cleanups.push(() => fs.rmSync(folder, { recursive: true, force: true }));
    const settings = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1',
      DATA_DIR: path.join(folder, 'data'),
      MAIL: 'off',
    };
    const envFile = path.join(folder, 'school.env');
    fs.writeFileSync(
      envFile,
      Object.entries(settings)
        .map(([name, value]) => `${name}=${value}`)
        .join('\n'),
    );
    const password = 'the volunteer typed this twice';
    const set = spawnSync('npm', ['run', '--silent', 'admin:password', '--', '--environment-file', envFile], {
      cwd: projectRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: os.tmpdir(),
        ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      },
      input: `${password}\n${password}\n`,
      encoding: 'utf8',
    });
    expect(set.status, set.stderr).toBe(0);
    expect(set.stdout).toContain("The first Owner's password changed");
    expect(set.stdout + set.stderr).not.toContain(password);

    const server = await startServerProcess({
      ...settings,
      PORT: '0',
      ADMIN_PASSWORD: '',
      ADMIN_PASSWORD_HASH: '',
      SESSION_SECRET: '',
    });
    expect(fs.existsSync(path.join(settings.DATA_DIR, FIRST_OWNER_PASSWORD_FILE))).toBe(false);
    const login = await postJson(`${server.url}/api/admin/login`, { password });
    expect(login.status).toBe(200);
    await server.stop();
    expect(server.lines.join('\n')).not.toContain(password.slice(0, 10));
    expect(server.lines.some((line) => line.includes('generated'))).toBe(false);
  });
});

describe('the logger', () => {
  it('writes no value of a field named for a secret, at the top of a record or one level down', () => {
    const log = memoryLogger();
    log.warn('Something with secrets in it', {
      password: 'p4ss-word-1',
      outer: { token: 'tok-en-2', kept: 'plain' },
      smtpUrl: 'smtp://u:p4ss@relay',
      cookie: 'staff_session=abc',
    });
    expect(log.records).toEqual([
      expect.objectContaining({
        level: 'warn',
        message: 'Something with secrets in it',
        fields: {
          password: '[redacted]',
          outer: { token: '[redacted]', kept: 'plain' },
          smtpUrl: '[redacted]',
          cookie: '[redacted]',
        },
      }),
    ]);
  });
});

describe('request ids', { timeout: 60_000 }, () => {
  const wrongLogin = (url: string, requestId: string) =>
    postJson(`${url}/api/admin/login`, { password: 'not the password' }, { 'x-request-id': requestId });
  const failedLoginIds = (log: ReturnType<typeof memoryLogger>) =>
    log.records.filter((record) => record.message === 'Staff login failed').map((record) => record.requestId);

  it('are made by the server, whatever a visitor sends, when no proxy is trusted', async () => {
    const server = await startTestServer(testStaffEnv, { servePages: false });
    try {
      const answer = await wrongLogin(server.url, 'chosen-by-the-visitor');
      expect(answer.status).toBe(401);
      const id = answer.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f]{12}$/);
      expect(failedLoginIds(server.log)).toEqual([id]);
      expect((await fetch(`${server.url}/api/no-such-thing`)).headers.get('x-request-id')).toMatch(/^[0-9a-f]{12}$/);
    } finally {
      await server.close();
    }
  });

  it('are the trusted proxy’s own when it sends a plain one, so both logs can be matched', async () => {
    const server = await startTestServer({ ...testStaffEnv, TRUST_PROXY: 'loopback' }, { servePages: false });
    try {
      expect((await wrongLogin(server.url, 'nginx-7f3a9c.01')).headers.get('x-request-id')).toBe('nginx-7f3a9c.01');
      const odd = (await wrongLogin(server.url, 'two words')).headers.get('x-request-id');
      expect(odd).toMatch(/^[0-9a-f]{12}$/);
      expect(failedLoginIds(server.log)).toEqual(['nginx-7f3a9c.01', odd]);
    } finally {
      await server.close();
    }
  });

  it.each(['1', 'true'])(
    'are the server’s own with TRUST_PROXY=%s: a hop count or true names no proxy, so anyone who connects could choose one',
    async (trustProxy) => {
      const server = await startTestServer({ ...testStaffEnv, TRUST_PROXY: trustProxy }, { servePages: false });
      try {
        const id = (await wrongLogin(server.url, 'chosen-by-the-visitor')).headers.get('x-request-id');
        expect(id).toMatch(/^[0-9a-f]{12}$/);
        expect(failedLoginIds(server.log)).toEqual([id]);
      } finally {
        await server.close();
      }
    },
  );
});
