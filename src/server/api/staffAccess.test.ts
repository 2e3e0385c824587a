import { spawnSync } from 'node:child_process';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingKey } from '#server/modules/staff/service.ts';
import {
  loginCookie,
  postJson,
  sessionCookieFrom,
  TEST_ADMIN_PASSWORD,
  TEST_SESSION_SECRET,
  testStaffEnv,
} from '#test/support/testLogin.ts';
import { adminRest } from '#server/api/adminRest.ts';
import { routesOf } from '#test/support/expressRoutes.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { appRouter } from './root';
import { procedureNeeds, restNeeds, withoutStaffSession } from '#test/support/accessNeeds.ts';

const staffProcedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>,
)
  .filter(([path]) => !withoutStaffSession(procedureNeeds[path]))
  .map(([path, procedure]) => ({ path, type: procedure._def.type }));

function staffRestPaths(server: TestServer): { method: string; path: string }[] {
  return routesOf(adminRest(server.services))
    .filter((route) => !withoutStaffSession(restNeeds[route]))
    .map((route) => {
      const [method = '', path = ''] = route.split(' ');
      return { method, path: `/api/admin${path.replace(':kind', 'contact')}` };
    });
}

function callProcedure(
  server: TestServer,
  procedure: { path: string; type: string },
  cookie: string | undefined,
): Promise<Response> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (procedure.type === 'mutation')
    return postJson(`${server.url}/api/trpc/${procedure.path}`, { json: { kind: 'contact', id: 1 } }, headers);
  const input = encodeURIComponent(JSON.stringify({ json: { kind: 'contact', id: 1 } }));
  return fetch(`${server.url}/api/trpc/${procedure.path}?input=${input}`, { headers });
}

/** Staff paths that need a query to answer 200. */
const exampleQueries: Record<string, string> = {
  '/api/admin/export/person.json': '?email=nobody@example.in',
  '/api/admin/export/person.html': '?email=nobody@example.in',
};

function callRest(
  server: TestServer,
  route: { method: string; path: string },
  cookie: string | undefined,
): Promise<Response> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const url = `${server.url}${route.path}${exampleQueries[route.path] ?? ''}`;
  return route.method === 'GET' ? fetch(url, { headers }) : postJson(url, {}, headers);
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('staff access', { timeout: 30_000 }, () => {
  let server: TestServer;
  let validCookie: string;
  const badCookies: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer({ ...testStaffEnv }, { servePages: false });
    validCookie = await loginCookie(server.url);
    const token = validCookie.slice('staff_session='.length);
    const { sid } = decodeJwt(token);
    const { kid } = decodeProtectedHeader(token);
    const key = signingKey(TEST_SESSION_SECRET);
    const now = Math.floor(Date.now() / 1000);
    const sign = (alg: string, secret: Uint8Array, claims: { iat: number; exp: number }) =>
      new SignJWT({ sid })
        .setProtectedHeader({ alg, kid: kid ?? '' })
        .setAudience('staff-dashboard')
        .setIssuedAt(claims.iat)
        .setExpirationTime(claims.exp)
        .sign(secret);

    const [header, payload, signature] = token.split('.') as [string, string, string];
    const tamperedPayload = base64url({ ...decodeJwt(token), sid: `${String(sid)}x` });
    badCookies.forged = await sign('HS256', new TextEncoder().encode('an-attacker-secret-of-at-least-32-chars!'), {
      iat: now,
      exp: now + 3600,
    });
    badCookies.tampered = `${header}.${tamperedPayload}.${signature}`;
    badCookies.expired = await sign('HS256', key.secret, { iat: now - 9 * 3600, exp: now - 3600 });
    badCookies.hs512 = await sign('HS512', key.secret, { iat: now, exp: now + 3600 });
    badCookies.algNone = `${base64url({ alg: 'none', kid, typ: 'JWT' })}.${payload}.`;
    badCookies.garbage = 'not-a-token';

    const loggedOut = await loginCookie(server.url);
    const logout = await postJson(`${server.url}/api/admin/logout`, {}, { cookie: loggedOut });
    expect(logout.status).toBe(200);
    badCookies.loggedOut = loggedOut.slice('staff_session='.length);
  });

  afterAll(() => server.close());

  it('finds the staff procedures and REST paths to check', () => {
    expect(staffProcedures.map((procedure) => procedure.path)).toEqual(
      expect.arrayContaining([
        'dashboard.list',
        'dashboard.counts',
        'dashboard.update',
        'dashboard.markResponded',
        'dashboard.markRead',
        'dashboard.history',
        'dashboard.export',
        'dashboard.spam',
        'dashboard.notSpam',
        'mail.undelivered',
        'mail.retry',
        'privacy.retention',
        'privacy.findPerson',
        'privacy.erasePerson',
        'privacy.exportPerson',
        'admissions.moveStage',
        'admissions.board',
        'report.admissions',
        'visits.coming',
      ]),
    );
    expect(staffRestPaths(server).map((route) => route.path)).toEqual(
      expect.arrayContaining([
        '/api/admin/submissions',
        '/api/admin/export/contact.csv',
        '/api/admin/export/person.json',
        '/api/admin/export/person.html',
        '/api/admin/report.csv',
      ]),
    );
  });

  it('accepts a real session on every staff procedure and REST path', async () => {
    for (const procedure of staffProcedures) {
      const response = await callProcedure(server, procedure, validCookie);
      expect(response.status, procedure.path).not.toBe(401);
    }
    for (const route of staffRestPaths(server)) {
      const response = await callRest(server, route, validCookie);
      expect(response.status, route.path).toBe(200);
    }
  });

  it('refuses every staff procedure and REST path without a cookie, or with a forged, tampered, expired, logged-out or wrong-algorithm token', async () => {
    for (const [name, token] of [['no cookie', undefined], ...Object.entries(badCookies)] as [
      string,
      string | undefined,
    ][]) {
      const cookie = token === undefined ? undefined : `staff_session=${token}`;
      for (const procedure of staffProcedures) {
        const response = await callProcedure(server, procedure, cookie);
        expect(response.status, `${name} on ${procedure.path}`).toBe(401);
      }
      for (const route of staffRestPaths(server)) {
        const response = await callRest(server, route, cookie);
        expect(response.status, `${name} on ${route.method} ${route.path}`).toBe(401);
        expect(await response.json()).toEqual({ message: 'Your session has ended. Please log in again.' });
      }
    }
  });

  it('logs in with the spec answer, sets a strict HttpOnly cookie, and reports the session', async () => {
    const response = await postJson(`${server.url}/api/admin/login`, { password: TEST_ADMIN_PASSWORD });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Login successful' });
    const setCookie = response.headers.getSetCookie()[0] ?? '';
    expect(setCookie).toMatch(/^staff_session=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
    const cookie = sessionCookieFrom(response)!;
    const session = await (await fetch(`${server.url}/api/admin/session`, { headers: { cookie } })).json();
    expect(session).toMatchObject({ authenticated: true });

    // docs/spec.md §7: logout is a POST with no body; afterwards the session is gone on the server.
    const logout = await fetch(`${server.url}/api/admin/logout`, { method: 'POST', headers: { cookie } });
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie()[0]).toMatch(/^staff_session=;/);
    expect(await (await fetch(`${server.url}/api/admin/session`, { headers: { cookie } })).json()).toEqual({
      authenticated: false,
    });
    expect((await fetch(`${server.url}/api/admin/submissions`, { headers: { cookie } })).status).toBe(401);
  });

  it('answers a wrong password with 401 and the message the dashboard shows', async () => {
    const response = await postJson(`${server.url}/api/admin/login`, { password: 'wrong' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Invalid password' });
  });

  it('refuses cross-site and non-JSON mutations', async () => {
    const url = `${server.url}/api/admin/login`;
    const body = JSON.stringify({ password: TEST_ADMIN_PASSWORD });
    const crossOrigin = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body,
    });
    expect(crossOrigin.status).toBe(403);
    const crossSite = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body,
    });
    expect(crossSite.status).toBe(403);
    const form = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `password=${TEST_ADMIN_PASSWORD}`,
    });
    expect(form.status).toBe(415);
    const plain = await fetch(url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body });
    expect(plain.status).toBe(415);
    const sameOrigin = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, 'sec-fetch-site': 'same-origin' },
      body,
    });
    expect(sameOrigin.status).toBe(200);

    // The same rule on the tRPC path, for a staff mutation with a valid session.
    const trpcUpdate = `${server.url}/api/trpc/dashboard.markRead`;
    const update = JSON.stringify({ json: { kind: 'contact', id: 1 } });
    const trpcCrossSite = await fetch(trpcUpdate, {
      method: 'POST',
      headers: { cookie: validCookie, 'content-type': 'application/json', origin: 'https://evil.example' },
      body: update,
    });
    expect(trpcCrossSite.status).toBe(403);
    const trpcForm = await fetch(trpcUpdate, {
      method: 'POST',
      headers: { cookie: validCookie, 'content-type': 'text/plain' },
      body: update,
    });
    expect(trpcForm.status).toBe(415);
  });
});

describe('session lifetime', { timeout: 30_000 }, () => {
  let server: TestServer;
  const start = Date.parse('2026-11-21T04:00:00.000Z');
  const minutes = (count: number) => count * 60_000;
  const setClock = (offset: number) => {
    server.services.now = () => new Date(start + offset);
  };
  const listStatus = async (cookie: string) =>
    (await fetch(`${server.url}/api/admin/submissions`, { headers: { cookie } })).status;

  beforeAll(async () => {
    server = await startTestServer({ ...testStaffEnv }, { servePages: false });
  });
  afterAll(() => server.close());

  it('ends a session after 30 minutes without activity', async () => {
    setClock(0);
    const cookie = await loginCookie(server.url);
    setClock(minutes(29));
    expect(await listStatus(cookie)).toBe(200);
    setClock(minutes(29 + 29));
    expect(await listStatus(cookie)).toBe(200);
    setClock(minutes(29 + 29 + 30));
    expect(await listStatus(cookie)).toBe(401);
  });

  it('ends a session 8 hours after login however active it is', async () => {
    setClock(0);
    const cookie = await loginCookie(server.url);
    for (let offset = minutes(20); offset < minutes(8 * 60); offset += minutes(20)) {
      setClock(offset);
      expect(await listStatus(cookie)).toBe(200);
    }
    setClock(minutes(8 * 60));
    expect(await listStatus(cookie)).toBe(401);
  });

  it('ends every session when the password changes', async () => {
    setClock(0);
    const first = await loginCookie(server.url);
    const second = await loginCookie(server.url);
    await server.services.staffAuth.changePassword('a brand new staff password', server.services.now());
    expect(await listStatus(first)).toBe(401);
    expect(await listStatus(second)).toBe(401);
    const oldPassword = await postJson(`${server.url}/api/admin/login`, { password: TEST_ADMIN_PASSWORD });
    expect(oldPassword.status).toBe(401);
    expect(await listStatus(await loginCookie(server.url, 'a brand new staff password'))).toBe(200);
  });
});

describe('login attempt limit', { timeout: 60_000 }, () => {
  let server: TestServer;
  const start = Date.parse('2026-11-21T04:00:00.000Z');
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const attempt = (password: string, ip: string) => postJson(`${server.url}/api/admin/login`, { password }, from(ip));

  beforeAll(async () => {
    server = await startTestServer({ ...testStaffEnv, TRUST_PROXY: 'loopback' }, { servePages: false });
    server.services.now = () => new Date(start);
  });
  afterAll(() => server.close());

  it('answers 429 with a retry time after 5 failures from one address, without locking out anyone else', async () => {
    const attacker = '203.0.113.5';
    for (let failure = 0; failure < 5; failure++) expect((await attempt('guess', attacker)).status).toBe(401);
    const blocked = await attempt(TEST_ADMIN_PASSWORD, attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe(String(15 * 60));
    expect((await blocked.json()).message).toBe('Too many failed login attempts. Please try again in 15 minutes.');

    expect((await attempt(TEST_ADMIN_PASSWORD, '198.51.100.7')).status).toBe(200);

    server.services.now = () => new Date(start + 15 * 60_000);
    expect((await attempt(TEST_ADMIN_PASSWORD, attacker)).status).toBe(200);
  });

  it('counts only failures, and a success starts the count again', async () => {
    const office = '198.51.100.20';
    for (let failure = 0; failure < 4; failure++) expect((await attempt('typo', office)).status).toBe(401);
    expect((await attempt(TEST_ADMIN_PASSWORD, office)).status).toBe(200);
    for (let failure = 0; failure < 4; failure++) expect((await attempt('typo', office)).status).toBe(401);
    expect((await attempt(TEST_ADMIN_PASSWORD, office)).status).toBe(200);
  });

  it('counts an IPv6 /64 as one client', async () => {
    for (let host = 1; host <= 5; host++) expect((await attempt('guess', `2001:db8:1:2::${host}`)).status).toBe(401);
    expect((await attempt(TEST_ADMIN_PASSWORD, '2001:db8:1:2::99')).status).toBe(429);
  });
});

describe('npm run admin:password', { timeout: 60_000 }, () => {
  it('sets a new password and ends every session of the running server', async () => {
    const server = await startTestServer({ ...testStaffEnv }, { servePages: false });
    try {
      const cookie = await loginCookie(server.url);
      const script = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin-password.ts'], {
        env: {
          ...process.env,
          DATA_DIR: server.dataDir,
          ADMIN_NEW_PASSWORD: 'the office changed it',
          ADMIN_PASSWORD: '',
          SESSION_SECRET: '',
        },
        encoding: 'utf8',
      });
      expect(script.status, script.stderr).toBe(0);
      expect(script.stdout).toMatch(/Their open sessions have ended/);
      const audit = script.stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(audit).toEqual([
        expect.objectContaining({
          level: 'info',
          message: 'Staff password changed',
          audit: 'password-change',
          source: 'npm run admin:password',
        }),
      ]);
      expect(Date.parse(String(audit[0]?.time))).not.toBeNaN();
      expect(script.stdout + script.stderr).not.toContain('the office changed it');
      expect((await fetch(`${server.url}/api/admin/submissions`, { headers: { cookie } })).status).toBe(401);
      expect((await postJson(`${server.url}/api/admin/login`, { password: TEST_ADMIN_PASSWORD })).status).toBe(401);
      await loginCookie(server.url, 'the office changed it');
    } finally {
      await server.close();
    }
  });

  it('takes a password piped twice, as the prompt asks for it, as one password without its line breaks', async () => {
    const server = await startTestServer({ ...testStaffEnv }, { servePages: false });
    try {
      const script = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin-password.ts'], {
        env: {
          ...process.env,
          DATA_DIR: server.dataDir,
          ADMIN_NEW_PASSWORD: '',
          ADMIN_PASSWORD: '',
          SESSION_SECRET: '',
        },
        input: 'piped in by the office\npiped in by the office\n',
        encoding: 'utf8',
      });
      expect(script.status, script.stderr).toBe(0);
      await loginCookie(server.url, 'piped in by the office');
    } finally {
      await server.close();
    }
  });
});
