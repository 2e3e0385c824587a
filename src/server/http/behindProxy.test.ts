import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson as postLogin, TEST_ADMIN_PASSWORD, testStaffEnv } from '../auth/testLogin';
import { postJson, validContact } from '../testing/enquiryTestData';
import { startTestServer, type TestServer } from '../testing/testServer';

/** Two visitors behind the school's reverse proxy: the proxy connects from loopback and names each in X-Forwarded-For. */
const visitorA = { 'x-forwarded-for': '203.0.113.10' };
const visitorB = { 'x-forwarded-for': '198.51.100.20' };

describe('behind one trusted proxy (TRUST_PROXY=1)', { timeout: 60_000 }, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ...testStaffEnv, TRUST_PROXY: '1', ENQUIRY_RATE_LIMIT: '1' }, { servePages: false });
  });
  afterAll(() => server.close());

  it('counts enquiries per visitor, not per proxy', async () => {
    expect((await postJson(`${server.url}/api/contact`, validContact(), visitorA)).status).toBe(201);
    expect((await postJson(`${server.url}/api/contact`, validContact(), visitorA)).status).toBe(429);
    expect((await postJson(`${server.url}/api/contact`, validContact(), visitorB)).status).toBe(201);
    const stored = await server.services.storage.db.selectFrom('contact_submissions').select('ip').orderBy('id').execute();
    expect(stored.map((row) => row.ip)).toEqual(['203.0.113.10', '198.51.100.20']);
  });

  it('locks out only the visitor who guessed wrong, not the staff behind the same proxy', async () => {
    const login = (password: string, headers: Record<string, string>) => postLogin(`${server.url}/api/admin/login`, { password }, headers);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await login('wrong password', visitorA)).status).toBe(401);
    expect((await login(TEST_ADMIN_PASSWORD, visitorA)).status).toBe(429);
    expect((await login(TEST_ADMIN_PASSWORD, visitorB)).status).toBe(200);
  });

  it('ignores addresses the visitor adds in front of the proxy’s own entry', async () => {
    const spoofed = { 'x-forwarded-for': '198.51.100.20, 203.0.113.10' };
    expect((await postJson(`${server.url}/api/contact`, validContact(), spoofed)).status).toBe(429);
  });
});
