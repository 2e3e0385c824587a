import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaffAccount, loginCookie, postJson, testStaffEnv } from '../../../test/support/testLogin';
import { startTestServer, type TestServer } from '../../../test/support/testServer';

type OwnSession = { ref: string; current: boolean; createdAt: string; lastSeenAt: string; ip: string | null; device: string | null };

describe('each person’s own sessions', { timeout: 60_000 }, () => {
  let server: TestServer;
  const PASSWORD = 'arul keeps a long password';

  const sessions = async (cookie: string) => {
    const response = await fetch(`${server.url}/api/trpc/account.sessions`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const text = await response.text();
    return { text, list: (JSON.parse(text) as { result: { data: { json: OwnSession[] } } }).result.data.json };
  };
  const listStatus = async (cookie: string) => (await fetch(`${server.url}/api/admin/submissions`, { headers: { cookie } })).status;

  beforeAll(async () => {
    server = await startTestServer({ ...testStaffEnv }, { servePages: false });
    await addStaffAccount(server.services, { email: 'arul@example.in', name: 'Arul Selvam', role: 'office', password: PASSWORD });
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
    for (const cookie of [officePc, phone]) expect(text).not.toContain(String(decodeJwt(cookie.split('=')[1] ?? '').sid));
    // Another account's sessions are not listed, and cannot be ended from here.
    const ownerRef = (await sessions(owner)).list[0]?.ref;
    const foreign = await postJson(`${server.url}/api/trpc/account.endSession`, { json: { ref: ownerRef } }, { cookie: officePc });
    expect(foreign.status).toBe(404);
    expect(await listStatus(owner)).toBe(200);

    const phoneRef = list.find((session) => !session.current)?.ref;
    const ended = await postJson(`${server.url}/api/trpc/account.endSession`, { json: { ref: phoneRef } }, { cookie: officePc });
    expect(ended.status).toBe(200);
    expect(await listStatus(phone)).toBe(401);
    expect(await listStatus(officePc)).toBe(200);
    expect((await sessions(officePc)).list).toHaveLength(1);
    const audited = server.services.storage.sqlite.prepare(`select actor, details from audit_events where action = 'session-ended'`).all();
    expect(audited).toEqual([{ actor: 'Arul Selvam', details: JSON.stringify({ current: false }) }]);
  });
});
