import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { passwordCheckLimits } from './password';
import { slowedSignIn } from '#shared/dashboard/staffSignIn.ts';
import { addStaffAccount, loginCookie, postJson, TEST_ADMIN_PASSWORD, testStaffEnv } from '#test/support/testLogin.ts';

const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('a flood of wrong logins from many addresses', { timeout: 120_000 }, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ...testStaffEnv, TRUST_PROXY: 'loopback' }, { servePages: false });
  });
  afterAll(() => server.close());

  /** A wrong login through the REST path or the dashboard's tRPC path, answered with its status, Retry-After and message. */
  async function wrongLogin(index: number) {
    const headers = from(`198.51.100.${index + 1}`);
    const response =
      index % 2 === 0
        ? await postJson(`${server.url}/api/admin/login`, { password: `guess ${index}` }, headers)
        : await postJson(`${server.url}/api/trpc/auth.login`, { json: { password: `guess ${index}` } }, headers);
    const body = (await response.json()) as { message?: string; error?: { json?: { message?: string } } };
    return {
      path: index % 2 === 0 ? 'rest' : 'trpc',
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      message: body.message ?? body.error?.json?.message,
    };
  }

  it('answers what the queue cannot take with 503 and Retry-After at once, on both paths, without counting it as a failure', async () => {
    const admitted = passwordCheckLimits.shared.concurrent + passwordCheckLimits.shared.waiting;
    const answers: Awaited<ReturnType<typeof wrongLogin>>[] = [];
    await Promise.all(
      Array.from({ length: admitted + 10 }, (_, index) => wrongLogin(index).then((answer) => answers.push(answer))),
    );

    const busy = answers.filter((answer) => answer.status === 503);
    const checked = answers.filter((answer) => answer.status === 401);
    expect(busy.length + checked.length).toBe(answers.length);
    expect(checked.length).toBeGreaterThanOrEqual(admitted);
    expect(new Set(busy.map((answer) => answer.path))).toEqual(new Set(['rest', 'trpc']));
    // The refusals do not wait for a hash: the first answers to arrive are refusals.
    expect(answers[0]?.status).toBe(503);
    for (const answer of busy) {
      expect(answer.retryAfter).toBe('1');
      expect(answer.message).toBe('The server is busy checking other logins. Please try again in a moment.');
    }
    // Only the passwords actually checked count towards each address's limit of 5.
    const counted = server.services.storage.sqlite.prepare('select count(*) as n from staff_login_failures').get() as {
      n: number;
    };
    expect(counted.n).toBe(checked.length);

    // Once the flood has been answered, the right password gets in.
    await loginCookie(server.url, TEST_ADMIN_PASSWORD, from('192.0.2.10'));
  });
});

describe('the staff audit log', { timeout: 60_000 }, () => {
  let server: TestServer;
  const start = Date.parse('2026-11-21T04:00:00.000Z');
  beforeAll(async () => {
    server = await startTestServer({ ...testStaffEnv, TRUST_PROXY: 'loopback' }, { servePages: false });
    server.services.now = () => new Date(start);
  });
  afterAll(() => server.close());

  const audit = (event: string) => server.log.records.filter((record) => record.fields?.audit === event);

  it('logs every login, failure, lockout, logout, password change and export with time and address, and never a secret', async () => {
    const office = '192.0.2.44';
    const cookie = await loginCookie(server.url, TEST_ADMIN_PASSWORD, { ...from(office), 'user-agent': 'Office PC' });
    expect(audit('login')).toEqual([
      expect.objectContaining({
        level: 'info',
        message: 'Staff logged in',
        fields: { audit: 'login', ip: office, accountId: 1, userAgent: 'Office PC' },
      }),
    ]);

    const exported = await fetch(`${server.url}/api/admin/export/contact.csv?status=pending`, {
      headers: { cookie, ...from(office) },
    });
    expect(exported.status).toBe(200);
    await exported.text();
    expect(audit('export')).toEqual([
      expect.objectContaining({
        message: 'Staff exported enquiries',
        fields: expect.objectContaining({ audit: 'export', ip: office, kind: 'contact', status: 'pending' }),
      }),
    ]);

    expect((await postJson(`${server.url}/api/admin/logout`, {}, { cookie, ...from(office) })).status).toBe(200);
    expect(audit('logout')).toEqual([
      expect.objectContaining({ message: 'Staff logged out', fields: { audit: 'logout', ip: office } }),
    ]);

    const attacker = '203.0.113.77';
    const guesses = ['123456', 'aranya2026', 'montessori', 'password1', 'letmein!'];
    for (const guess of guesses)
      expect((await postJson(`${server.url}/api/admin/login`, { password: guess }, from(attacker))).status).toBe(401);
    expect(audit('login-failed')).toHaveLength(5);
    expect(audit('login-failed')[0]).toMatchObject({
      level: 'warn',
      message: 'Staff login failed',
      fields: { audit: 'login-failed', ip: attacker },
    });
    expect(audit('lockout')).toEqual([
      expect.objectContaining({
        level: 'warn',
        message: 'Staff login locked out',
        fields: { audit: 'lockout', ip: attacker, clientKey: attacker, retryAfterSeconds: 900 },
      }),
    ]);
    expect(
      (await postJson(`${server.url}/api/admin/login`, { password: TEST_ADMIN_PASSWORD }, from(attacker))).status,
    ).toBe(429);
    expect(audit('login-refused')).toEqual([
      expect.objectContaining({
        message: 'Staff login refused: too many failed attempts',
        fields: { audit: 'login-refused', ip: attacker, retryAfterSeconds: 900 },
      }),
    ]);

    await server.services.staffAuth.changePassword('a brand new staff password', server.services.now());
    expect(audit('password-change')).toEqual([
      expect.objectContaining({
        message: 'Staff password set from ADMIN_PASSWORD',
        fields: { audit: 'password-change', source: 'ADMIN_PASSWORD' },
      }),
      expect.objectContaining({
        level: 'info',
        message: 'Staff password changed',
        fields: { audit: 'password-change', accountId: 1, version: 2 },
      }),
    ]);

    for (const record of server.log.records) expect(Date.parse(String(record.time))).not.toBeNaN();
    const everything = JSON.stringify(server.log.records);
    for (const secret of [
      TEST_ADMIN_PASSWORD,
      'a brand new staff password',
      cookie.slice('staff_session='.length),
      testStaffEnv.SESSION_SECRET,
      ...guesses,
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe('a device the office signed in from before (device cookie)', { timeout: 120_000 }, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ...testStaffEnv, TRUST_PROXY: 'loopback' }, { servePages: false });
  });
  afterAll(() => server.close());

  const office = '192.0.2.60';
  const deviceCookieOf = (response: Response) =>
    response.headers.getSetCookie().find((value) => /^(__Host-)?staff_device=/.test(value));

  async function deviceCookie(): Promise<string> {
    const response = await postJson(`${server.url}/api/admin/login`, { password: TEST_ADMIN_PASSWORD }, from(office));
    expect(response.status).toBe(200);
    const cookie = deviceCookieOf(response);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Strict/i);
    expect(cookie).toMatch(/; Path=\//i);
    return cookie!.split(';')[0]!;
  }

  /**
   * Wrong logins from ever new addresses, back to back, until stopped: the shared password-check
   * lane stays full. Each at an email of its own: guesses at one account would soon be slowed
   * before their password is checked.
   */
  function flood() {
    let running = true;
    const statuses: number[] = [];
    const senders = Array.from({ length: 8 }, async (_, sender) => {
      for (let index = 0; running; index++) {
        const guess = { email: `guess-${sender}-${index}@example.in`, password: `guess ${index}` };
        const response = await postJson(`${server.url}/api/admin/login`, guess, from(`10.9.${sender}.${index % 250}`));
        statuses.push(response.status);
      }
    });
    return {
      statuses,
      firstRefusal: async () => {
        while (!statuses.includes(503)) await new Promise((resolve) => setTimeout(resolve, 5));
      },
      stop: async () => {
        running = false;
        await Promise.all(senders);
      },
    };
  }

  it('signs the office in at the first try while a flood of wrong logins fills the shared queue', async () => {
    const device = await deviceCookie();
    const burst = flood();
    try {
      await burst.firstRefusal();
      const answers = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        answers.push(
          (
            await postJson(
              `${server.url}/api/admin/login`,
              { password: TEST_ADMIN_PASSWORD },
              { ...from(office), cookie: device },
            )
          ).status,
        );
      }
      expect(answers).toEqual([200, 200, 200]);
      // Without the device cookie the same login takes its chances with everyone else: the one shared
      // check is free for a moment each time a hash ends, so a single try may slip in, five in a row do not.
      const stranger = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        stranger.push(
          (await postJson(`${server.url}/api/admin/login`, { password: TEST_ADMIN_PASSWORD }, from('192.0.2.61')))
            .status,
        );
      }
      expect(stranger).toContain(503);
    } finally {
      await burst.stop();
    }
    expect(burst.statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
  });

  it('lets a known device in when its address is locked out by someone else behind the same router, and locks a device by its own failures', async () => {
    const device = await deviceCookie();
    const shared = '192.0.2.62';
    for (let index = 0; index < 5; index++)
      expect(
        (await postJson(`${server.url}/api/admin/login`, { password: `nope ${index}` }, from(shared))).status,
      ).toBe(401);
    expect(
      (await postJson(`${server.url}/api/admin/login`, { password: TEST_ADMIN_PASSWORD }, from(shared))).status,
    ).toBe(429);
    expect(
      (
        await postJson(
          `${server.url}/api/admin/login`,
          { password: TEST_ADMIN_PASSWORD },
          { ...from(shared), cookie: device },
        )
      ).status,
    ).toBe(200);

    for (let index = 0; index < 5; index++) {
      expect(
        (
          await postJson(
            `${server.url}/api/admin/login`,
            { password: `typo ${index}` },
            { ...from('192.0.2.63'), cookie: device },
          )
        ).status,
      ).toBe(401);
    }
    expect(
      (
        await postJson(
          `${server.url}/api/admin/login`,
          { password: TEST_ADMIN_PASSWORD },
          { ...from('192.0.2.64'), cookie: device },
        )
      ).status,
    ).toBe(429);
  });

  it('treats a forged or altered device cookie as none', async () => {
    // A day on: the wrong passwords for the first Owner above would slow a new device's sign-in.
    server.services.now = () => new Date(Date.now() + 24 * 60 * 60_000);
    const device = await deviceCookie();
    const [name, value] = device.split('=') as [string, string];
    const altered = `${name}=${value.slice(0, -2)}${value.endsWith('A') ? 'B' : 'A'}`;
    const locked = '192.0.2.65';
    for (let index = 0; index < 5; index++)
      await postJson(`${server.url}/api/admin/login`, { password: `nope ${index}` }, from(locked));
    for (const cookie of [altered, `${name}=not-a-token`]) {
      expect(
        (
          await postJson(
            `${server.url}/api/admin/login`,
            { password: TEST_ADMIN_PASSWORD },
            { ...from(locked), cookie },
          )
        ).status,
      ).toBe(429);
    }
  });
});

describe('failed logins counted against the account guessed at', { timeout: 120_000 }, () => {
  let server: TestServer;
  const start = Date.parse('2026-11-23T04:00:00.000Z');
  const setClock = (offsetMs: number) => {
    server.services.now = () => new Date(start + offsetMs);
  };
  const colleague = {
    email: 'kala@example.in',
    name: 'Kala Murugan',
    role: 'office',
    password: 'kala has her own password',
  } as const;
  const login = (body: { email?: string; password: string }, ip: string, headers: Record<string, string> = {}) =>
    postJson(`${server.url}/api/admin/login`, body, { ...from(ip), ...headers });

  beforeAll(async () => {
    server = await startTestServer({ ...testStaffEnv, TRUST_PROXY: 'loopback' }, { servePages: false });
    setClock(0);
    await addStaffAccount(server.services, colleague);
  });
  afterAll(() => server.close());

  const auditEntries = (action: string) =>
    server.services.storage.sqlite
      .prepare('select account_id as accountId, actor, ip, details from audit_events where action = ?')
      .all(action) as {
      accountId: number | null;
      actor: string | null;
      ip: string | null;
      details: string;
    }[];

  it("keeps a colleague's wrong guesses at the first Owner counted when she signs in to her own account from the same address", async () => {
    const desk = '192.0.2.80';
    const guesses: number[] = [];
    for (let round = 0; round < 6; round++) {
      for (let guess = 0; guess < 4; guess++)
        guesses.push((await login({ password: `guess ${round}-${guess}` }, desk)).status);
      const own = await login({ email: colleague.email, password: colleague.password }, desk);
      if (round === 0) expect(own.status).toBe(200);
    }
    expect(guesses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(guesses.slice(5))).toEqual(new Set([429]));

    // Her own typos are still forgotten once she signs in: they were failures of her account.
    const office = '192.0.2.81';
    for (let round = 0; round < 3; round++) {
      for (let typo = 0; typo < 4; typo++)
        expect((await login({ email: colleague.email, password: `typo ${typo}` }, office)).status).toBe(401);
      expect((await login({ email: colleague.email, password: colleague.password }, office)).status).toBe(200);
    }
  });

  it('asks a new browser for a code once guesses at one account are spread over many addresses, keeps its known device in, and says so once in the activity', async () => {
    // A day on, the first test's guesses at the first Owner no longer count.
    const day = 24 * 60 * 60_000;
    setClock(day);
    const known = await login({ password: TEST_ADMIN_PASSWORD }, '192.0.2.90');
    expect(known.status).toBe(200);
    const device = known.headers
      .getSetCookie()
      .find((value) => /^(__Host-)?staff_device=/.test(value))!
      .split(';')[0]!;

    const statuses: number[] = [];
    for (let address = 1; address <= 6; address++) {
      for (let guess = 0; guess < 5; guess++)
        statuses.push((await login({ password: `spread ${address}-${guess}` }, `198.51.100.${address}`)).status);
    }
    // Never 429 for the account (decision 0051): each address has its own 5, and the account only asks new browsers for more.
    expect(statuses).toEqual(Array<number>(30).fill(401));

    const asked = await login({ password: TEST_ADMIN_PASSWORD }, '198.51.100.99');
    expect(asked.status).toBe(401);
    expect(asked.headers.get('retry-after')).toBeNull();
    expect(((await asked.json()) as { message: string }).message).toBe(slowedSignIn.message('command'));
    const askedByTrpc = await postJson(
      `${server.url}/api/trpc/auth.login`,
      { json: { password: TEST_ADMIN_PASSWORD } },
      from('198.51.100.98'),
    );
    expect(askedByTrpc.status).toBe(401);
    expect((await login({ password: TEST_ADMIN_PASSWORD }, '198.51.100.97', { cookie: device })).status).toBe(200);

    const underAttack = auditEntries('account-under-attack');
    expect(underAttack).toEqual([expect.objectContaining({ accountId: 1, actor: 'Owner', ip: '198.51.100.2' })]);
    expect(JSON.parse(underAttack[0]!.details)).toEqual({ failures: 10 });

    // A day after the last guess, a new browser signs in with the password alone again.
    setClock(2 * day + 60_000);
    expect((await login({ password: TEST_ADMIN_PASSWORD }, '198.51.100.8')).status).toBe(200);
    expect(auditEntries('account-under-attack')).toHaveLength(1);
    // The colleague's account was not slowed by guesses at another.
    expect((await login({ email: colleague.email, password: colleague.password }, '198.51.100.9')).status).toBe(200);
  });

  it('answers the same for an email no account has, so the limit does not tell who has an account', async () => {
    const statuses: number[] = [];
    for (let address = 1; address <= 11; address++)
      statuses.push((await login({ email: 'nobody@example.in', password: 'a guess' }, `203.0.113.${address}`)).status);
    // The eleventh asks for a code, as at an account that is being guessed at.
    expect(statuses).toEqual(Array<number>(11).fill(401));
    const eleventh = await login({ email: 'nobody@example.in', password: 'a guess' }, '203.0.113.12');
    expect(((await eleventh.json()) as { message: string }).message).toBe(slowedSignIn.message('command'));
    expect(auditEntries('account-under-attack')).toHaveLength(1);
  });
});
