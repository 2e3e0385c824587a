import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '#test/support/smtpSink.ts';
import {
  addStaffAccount,
  postJson,
  sessionCookieFrom,
  TEST_ADMIN_PASSWORD,
  testStaffEnv,
} from '#test/support/testLogin.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { slowedSignIn } from '#shared/dashboard/staffSignIn.ts';

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const start = Date.parse('2026-11-23T04:00:00.000Z');
type LoginAnswer = {
  status: number;
  retryAfter: string | null;
  message: string | undefined;
  codeRequired: boolean;
  cookies: string[];
};

function loginAt(server: TestServer) {
  return async (
    body: { email?: string; password: string; code?: string },
    ip: string,
    headers: Record<string, string> = {},
  ): Promise<LoginAnswer> => {
    const response = await postJson(`${server.url}/api/admin/login`, body, { ...from(ip), ...headers });
    const answer = (await response.json()) as { message?: string; codeRequired?: boolean };
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      message: answer.message,
      codeRequired: answer.codeRequired === true,
      cookies: response.headers.getSetCookie(),
    };
  };
}

/** Ten wrong passwords at an account, each from an address of its own: the account is now being guessed at. */
async function guessTenTimes(login: ReturnType<typeof loginAt>, body: { email?: string }, prefix: string) {
  for (let guess = 1; guess <= 10; guess++)
    expect((await login({ ...body, password: `guess ${guess}` }, `${prefix}.${guess}`)).status).toBe(401);
}

const codeIn = (mail: { body: string }) => /\b(\d{4} \d{4})\b/.exec(mail.body)?.[1];
const cookieNamed = (cookies: string[], name: RegExp) => cookies.find((value) => name.test(value))?.split(';')[0];

describe('signing in from a new browser while the account is being guessed at (mail on)', { timeout: 120_000 }, () => {
  let server: TestServer;
  let sink: SmtpSink;
  let login: ReturnType<typeof loginAt>;
  const colleague = {
    email: 'kala@example.in',
    name: 'Kala Murugan',
    role: 'office',
    password: 'kala has her own password',
  } as const;
  const owner = {
    email: 'devi@example.in',
    name: 'Devi Natarajan',
    role: 'owner',
    password: 'devi keeps the school running',
  } as const;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(
      { ...testStaffEnv, TRUST_PROXY: 'loopback', SMTP_URL: sink.url, NOTIFY_EMAIL: 'office@aranya.test' },
      { servePages: false },
    );
    server.services.now = () => new Date(start);
    await addStaffAccount(server.services, colleague);
    await addStaffAccount(server.services, owner);
    login = loginAt(server);
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  it('never answers 429 for the account, asks every new browser for a code the same way whatever the password, and emails a code only for the right one', async () => {
    await guessTenTimes(login, {}, '198.51.100');
    const wrong = await login({ password: 'an eleventh guess' }, '203.0.113.1');
    const right = await login({ password: TEST_ADMIN_PASSWORD }, '203.0.113.2');
    for (const answer of [wrong, right]) {
      expect(answer.status).toBe(401);
      expect(answer.retryAfter).toBeNull();
      expect(answer.codeRequired).toBe(true);
      expect(answer.message).toBe(slowedSignIn.message('email'));
    }
    // Only the right password sent a code, to NOTIFY_EMAIL for the first Owner (she has no address of her own).
    const codeMails = () => sink.received.filter((mail) => codeIn(mail) !== undefined);
    await expect.poll(() => codeMails().length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(codeMails()).toHaveLength(1);
    expect(codeMails()[0]!.to).toEqual(['office@aranya.test']);
    const code = codeIn(codeMails()[0]!)!;

    // A guesser with a wrong password and the code gets nothing; the right password and the code get in.
    expect((await login({ password: 'still guessing', code }, '203.0.113.3')).message).toBe(slowedSignIn.invalid);
    const signedIn = await login({ password: TEST_ADMIN_PASSWORD, code }, '203.0.113.2');
    expect(signedIn.status).toBe(200);
    expect(
      sessionCookieFrom(
        new Response(null, { headers: signedIn.cookies.map((value) => ['set-cookie', value] as [string, string]) }),
      ),
    ).toBeDefined();
    // The code works once.
    expect((await login({ password: TEST_ADMIN_PASSWORD, code }, '203.0.113.4')).message).toBe(slowedSignIn.invalid);
  });

  it('tells the Owners once, not once per guess, that an account is being guessed at', async () => {
    await guessTenTimes(login, { email: colleague.email }, '198.51.101');
    for (let guess = 1; guess <= 10; guess++)
      await login({ email: colleague.email, password: `more ${guess}` }, `198.51.102.${guess}`);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const alerts = sink.received.filter(
      (mail) => /being guessed/i.test(mail.headers.subject ?? '') && mail.body.includes(colleague.email),
    );
    expect(alerts.map((mail) => mail.to[0]).sort()).toEqual([owner.email, 'office@aranya.test'].sort());
    // Her own known browser is not asked for a code, and her emailed code goes to her own address.
    const emailed = await login({ email: colleague.email, password: colleague.password }, '203.0.113.20');
    expect(emailed.message).toBe(slowedSignIn.message('email'));
    await expect
      .poll(() => sink.received.filter((mail) => mail.to.includes(colleague.email) && codeIn(mail)).length)
      .toBe(1);
  });

  it('gives the browser a password is changed in a fresh session id and a device cookie that still counts as known', async () => {
    const first = await login({ email: owner.email, password: owner.password }, '192.0.2.30');
    expect(first.status).toBe(200);
    const session = cookieNamed(first.cookies, /^(__Host-)?staff_session=/)!;
    const device = cookieNamed(first.cookies, /^(__Host-)?staff_device=/)!;
    const newPassword = 'a long new password for devi';
    const changed = await postJson(
      `${server.url}/api/trpc/account.changePassword`,
      { json: { currentPassword: owner.password, newPassword, confirmPassword: newPassword } },
      { ...from('192.0.2.30'), cookie: `${session}; ${device}` },
    );
    expect(changed.status).toBe(200);
    const renewed = changed.headers.getSetCookie();
    const newSession = cookieNamed(renewed, /^(__Host-)?staff_session=/);
    const newDevice = cookieNamed(renewed, /^(__Host-)?staff_device=/);
    expect(newSession).toBeDefined();
    expect(newSession).not.toBe(session);
    expect(newDevice).toBeDefined();
    // The old session token no longer works; the new one does.
    const asks = async (cookie: string) =>
      (
        (await (await fetch(`${server.url}/api/trpc/auth.session`, { headers: { cookie } })).json()) as {
          result: { data: { json: { authenticated: boolean } } };
        }
      ).result.data.json.authenticated;
    expect(await asks(session)).toBe(false);
    expect(await asks(newSession!)).toBe(true);
    // While her account is guessed at, the renewed device still signs in without a code.
    await guessTenTimes(login, { email: owner.email }, '198.51.103');
    expect(
      (await login({ email: owner.email, password: newPassword }, '192.0.2.31', { cookie: newDevice! })).status,
    ).toBe(200);
  });

  it('counts wrong current passwords against the account, whatever the address', async () => {
    const signedIn = await login({ email: colleague.email, password: colleague.password }, '192.0.2.40');
    // Her account is being guessed at (above), so a new browser needs the code: the one emailed a moment ago (on this still clock) still works.
    expect(signedIn.codeRequired).toBe(true);
    const code = codeIn(sink.received.filter((mail) => mail.to.includes(colleague.email) && codeIn(mail)).at(-1)!)!;
    const inside = await login({ email: colleague.email, password: colleague.password, code }, '192.0.2.40');
    expect(inside.status).toBe(200);
    const cookie = cookieNamed(inside.cookies, /^(__Host-)?staff_session=/)!;
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      const response = await postJson(
        `${server.url}/api/trpc/account.changePassword`,
        {
          json: {
            currentPassword: `not it ${attempt}`,
            newPassword: 'another long new password',
            confirmPassword: 'another long new password',
          },
        },
        { ...from(`198.51.104.${attempt}`), cookie },
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe('signing in from a new browser while the account is being guessed at (mail off)', { timeout: 120_000 }, () => {
  let server: TestServer;
  let login: ReturnType<typeof loginAt>;
  beforeAll(async () => {
    server = await startTestServer({ ...testStaffEnv, TRUST_PROXY: 'loopback', MAIL: 'off' }, { servePages: false });
    login = loginAt(server);
  });
  afterAll(() => server.close());

  it('names the command on the server that prints a code, and that code lets the Owner in once', async () => {
    await guessTenTimes(login, {}, '198.51.100');
    const asked = await login({ password: TEST_ADMIN_PASSWORD }, '203.0.113.2');
    expect(asked.message).toBe(slowedSignIn.message('command'));
    expect(asked.message).toContain('npm run staff:sign-in-code');
    // Run without blocking this process, which also serves the site.
    const script = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/staff-sign-in-code.ts'], {
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: server.dataDir, MAIL: 'off', ...testStaffEnv },
      encoding: 'utf8',
    });
    expect(script.stderr).toBe('');
    const code = /\b(\d{4} \d{4})\b/.exec(script.stdout)?.[1];
    expect(code).toBeDefined();
    expect((await login({ password: 'a guess', code: code! }, '203.0.113.3')).message).toBe(slowedSignIn.invalid);
    expect((await login({ password: TEST_ADMIN_PASSWORD, code: code! }, '203.0.113.2')).status).toBe(200);
  });
});
