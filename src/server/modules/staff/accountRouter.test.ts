import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addStaffAccount,
  loginCookie,
  postJson,
  sessionCookieFrom,
  TEST_ADMIN_PASSWORD,
  testStaffEnv,
} from '#test/support/testLogin.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { guessableMessage, guessablePasswords } from '#test/support/guessablePasswords.ts';

type OwnSession = {
  ref: string;
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  ip: string | null;
  device: string | null;
};

describe('each person’s own sessions', { timeout: 60_000 }, () => {
  let server: TestServer;
  const PASSWORD = 'arul keeps a long password';

  const sessions = async (cookie: string) => {
    const response = await fetch(`${server.url}/api/trpc/account.sessions`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const text = await response.text();
    return { text, list: (JSON.parse(text) as { result: { data: { json: OwnSession[] } } }).result.data.json };
  };
  const listStatus = async (cookie: string) =>
    (await fetch(`${server.url}/api/admin/submissions`, { headers: { cookie } })).status;

  beforeAll(async () => {
    server = await startTestServer({ ...testStaffEnv, TRUST_PROXY: 'loopback' }, { servePages: false });
    await addStaffAccount(server.services, {
      email: 'arul@example.in',
      name: 'Arul Selvam',
      role: 'office',
      password: PASSWORD,
    });
  });
  afterAll(() => server.close());

  it('shows where the account is signed in, never a session id, and ends another of its sessions at once', async () => {
    const officePc = await loginCookie(server.url, PASSWORD, { 'user-agent': 'Office PC' }, 'arul@example.in');
    const phone = await loginCookie(server.url, PASSWORD, { 'user-agent': 'Arul phone' }, 'arul@example.in');
    const owner = await loginCookie(server.url);

    const { text, list } = await sessions(officePc);
    expect(list.map((session) => [session.device, session.current])).toEqual([
      ['Arul phone', false],
      ['Office PC', true],
    ]);
    for (const cookie of [officePc, phone])
      expect(text).not.toContain(String(decodeJwt(cookie.split('=')[1] ?? '').sid));
    // Another account's sessions are not listed, and cannot be ended from here.
    const ownerRef = (await sessions(owner)).list[0]?.ref;
    const foreign = await postJson(
      `${server.url}/api/trpc/account.endSession`,
      { json: { ref: ownerRef } },
      { cookie: officePc },
    );
    expect(foreign.status).toBe(404);
    expect(await listStatus(owner)).toBe(200);

    const phoneRef = list.find((session) => !session.current)?.ref;
    const ended = await postJson(
      `${server.url}/api/trpc/account.endSession`,
      { json: { ref: phoneRef } },
      { cookie: officePc },
    );
    expect(ended.status).toBe(200);
    expect(await listStatus(phone)).toBe(401);
    expect(await listStatus(officePc)).toBe(200);
    expect((await sessions(officePc)).list).toHaveLength(1);
    const audited = server.services.storage.sqlite
      .prepare(`select actor, details from audit_events where action = 'session-ended'`)
      .all();
    expect(audited).toEqual([{ actor: 'Arul Selvam', details: JSON.stringify({ current: false }) }]);
  });

  it('changes the person’s own password with their current one: this browser goes on in a fresh session, their other sessions end, and the trail says so', async () => {
    const EMAIL = 'kala@example.in';
    const FIRST = 'kala keeps a long password';
    const NEW = 'kala chose a new long one';
    await addStaffAccount(server.services, { email: EMAIL, name: 'Kala Murugan', role: 'editor', password: FIRST });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const here = await loginCookie(server.url, FIRST, from('198.51.100.1'), EMAIL);
    const elsewhere = await loginCookie(server.url, FIRST, from('198.51.100.2'), EMAIL);
    let current = here;
    const change = async (input: unknown, ip = '198.51.100.1') => {
      const response = await postJson(
        `${server.url}/api/trpc/account.changePassword`,
        { json: input },
        { cookie: current, ...from(ip) },
      );
      const body = (await response.json()) as {
        result?: { data: { json: { message: string } } };
        error?: { json: { message: string } };
      };
      return { status: response.status, message: body.result?.data.json.message ?? body.error?.json.message };
    };
    const sessionStatus = async (cookie: string) =>
      (await fetch(`${server.url}/api/trpc/account.sessions`, { headers: { cookie } })).status;

    // The new password is held to the links' rule, with the same words.
    expect(await change({ currentPassword: FIRST, newPassword: 'short' })).toEqual({
      status: 400,
      message: 'Please choose a password of at least 12 characters.',
    });
    expect(await change({ currentPassword: FIRST, newPassword: 'Password1234' })).toEqual({
      status: 400,
      message: guessableMessage,
    });
    for (const newPassword of guessablePasswords)
      expect(await change({ currentPassword: FIRST, newPassword })).toEqual({ status: 400, message: guessableMessage });
    expect(await change({ currentPassword: 'not my password at all', newPassword: NEW })).toEqual({
      status: 400,
      message: 'That is not your current password.',
    });
    expect(await sessionStatus(elsewhere)).toBe(200);

    const changed = await postJson(
      `${server.url}/api/trpc/account.changePassword`,
      { json: { currentPassword: FIRST, newPassword: NEW } },
      { cookie: here, ...from('198.51.100.1') },
    );
    expect(changed.status).toBe(200);
    expect(
      ((await changed.json()) as { result: { data: { json: { message: string } } } }).result.data.json.message,
    ).toBe('Your password is changed. You are still signed in here; your other sessions have ended.');
    // Still signed in here, with a fresh session id (issue 34): the old one ended with the old password.
    const renewed = sessionCookieFrom(changed);
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(here);
    expect(await sessionStatus(renewed!)).toBe(200);
    expect(await sessionStatus(here)).toBe(401);
    current = renewed!;
    expect(await sessionStatus(elsewhere)).toBe(401);
    expect(
      (await postJson(`${server.url}/api/admin/login`, { email: EMAIL, password: FIRST }, from('198.51.100.3'))).status,
    ).toBe(401);
    await loginCookie(server.url, NEW, from('198.51.100.4'), EMAIL);
    const audited = server.services.storage.sqlite
      .prepare(`select actor, details from audit_events where action = 'own-password-change'`)
      .all();
    expect(audited).toEqual([{ actor: 'Kala Murugan', details: JSON.stringify({ otherSessionsEnded: 1 }) }]);
    expect(server.log.records.map((entry) => JSON.stringify(entry)).join('\n')).not.toContain(NEW);

    // The first Owner's password comes from ADMIN_PASSWORD, which would put the old one back at the next start.
    const owner = await loginCookie(server.url, undefined, from('198.51.100.5'));
    const ownerChange = await postJson(
      `${server.url}/api/trpc/account.changePassword`,
      { json: { currentPassword: TEST_ADMIN_PASSWORD, newPassword: NEW } },
      { cookie: owner, ...from('198.51.100.5') },
    );
    expect(ownerChange.status).toBe(400);
    expect(((await ownerChange.json()) as { error: { json: { message: string } } }).error.json.message).toBe(
      'Your password is set on the server (ADMIN_PASSWORD or ADMIN_PASSWORD_HASH), which would put it back at the next restart. Please change it there.',
    );

    // Wrong current passwords count towards the address's login limit (and the account's, newBrowserSignIn.test.ts): a stolen session cannot be used to guess the password.
    for (let attempt = 1; attempt <= 5; attempt++)
      expect(
        (await change({ currentPassword: `wrong guess number ${attempt}`, newPassword: FIRST }, '203.0.113.9')).status,
      ).toBe(400);
    expect(await change({ currentPassword: NEW, newPassword: FIRST }, '203.0.113.9')).toMatchObject({
      status: 429,
      message: 'Too many failed login attempts. Please try again in 15 minutes.',
    });
  });
});
