import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson as postLogin, TEST_ADMIN_PASSWORD, testStaffEnv } from '#test/support/testLogin.ts';
import { postJson, validContact } from '#test/support/enquiryTestData.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';

/** Two visitors behind the school's reverse proxy: the proxy connects from loopback and names each in X-Forwarded-For. */
const visitorA = { 'x-forwarded-for': '203.0.113.10' };
const visitorB = { 'x-forwarded-for': '198.51.100.20' };

describe('behind one trusted proxy (TRUST_PROXY=1)', { timeout: 60_000 }, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      { ...testStaffEnv, TRUST_PROXY: '1', ENQUIRY_RATE_LIMIT: '1' },
      { servePages: false },
    );
  });
  afterAll(() => server.close());

  it('counts enquiries per visitor, not per proxy', async () => {
    expect((await postJson(`${server.url}/api/contact`, validContact(), visitorA)).status).toBe(201);
    expect((await postJson(`${server.url}/api/contact`, validContact(), visitorA)).status).toBe(429);
    expect((await postJson(`${server.url}/api/contact`, validContact(), visitorB)).status).toBe(201);
    const stored = await server.services.storage.db
      .selectFrom('contact_enquiries')
      .select('ip')
      .orderBy('id')
      .execute();
    expect(stored.map((row) => row.ip)).toEqual(['203.0.113.10', '198.51.100.20']);
  });

  it('locks out only the visitor who guessed wrong, not the staff behind the same proxy', async () => {
    const login = (password: string, headers: Record<string, string>) =>
      postLogin(`${server.url}/api/admin/login`, { password }, headers);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await login('wrong password', visitorA)).status).toBe(401);
    expect((await login(TEST_ADMIN_PASSWORD, visitorA)).status).toBe(429);
    expect((await login(TEST_ADMIN_PASSWORD, visitorB)).status).toBe(200);
  });

  it('ignores addresses the visitor adds in front of the proxy’s own entry', async () => {
    const spoofed = { 'x-forwarded-for': '198.51.100.20, 203.0.113.10' };
    expect((await postJson(`${server.url}/api/contact`, validContact(), spoofed)).status).toBe(429);
  });
});

describe('PUBLIC_URL on https behind a proxy that says the visitor came over http', { timeout: 30_000 }, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      { TRUST_PROXY: '1', PUBLIC_URL: 'https://www.school.example' },
      { servePages: false },
    );
  });
  afterAll(() => server.close());

  const overHttp = { 'x-forwarded-proto': 'http' };
  const send = (method: string, path: string, headers: Record<string, string>) =>
    fetch(`${server.url}${path}`, { method, headers, redirect: 'manual' });

  it('moves GET and HEAD permanently to the same address on https', async () => {
    for (const method of ['GET', 'HEAD']) {
      const response = await send(method, '/faq?tab=fees', overHttp);
      expect(response.status, method).toBe(301);
      expect(response.headers.get('location'), method).toBe('https://www.school.example/faq?tab=fees');
    }
  });

  it('moves other methods with 308, so a browser repeats the POST on https', async () => {
    const response = await send('POST', '/api/contact', { ...overHttp, 'content-type': 'application/json' });
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe('https://www.school.example/api/contact');
  });

  it('stays on the PUBLIC_URL host whatever the path or Host header says', async () => {
    const response = await send('GET', '//evil.example/', { ...overHttp, 'x-forwarded-host': 'evil.example' });
    expect(new URL(response.headers.get('location') ?? '').host).toBe('www.school.example');
  });

  it('serves what arrived over https, what came without a proxy word, and health checks over http', async () => {
    expect((await send('GET', '/robots.txt', { 'x-forwarded-proto': 'https' })).status).toBe(200);
    expect((await send('GET', '/robots.txt', {})).status).toBe(200);
    expect((await send('GET', '/healthz', overHttp)).status).toBe(200);
  });
});

describe('without a trusted proxy, or with an http PUBLIC_URL', () => {
  it('does not redirect on a header anyone could send', async () => {
    const environments: Record<string, string>[] = [
      { PUBLIC_URL: 'https://www.school.example' },
      { TRUST_PROXY: '1', PUBLIC_URL: 'http://school.test' },
    ];
    for (const env of environments) {
      const server = await startTestServer(env, { servePages: false });
      try {
        const response = await fetch(`${server.url}/robots.txt`, {
          headers: { 'x-forwarded-proto': 'http' },
          redirect: 'manual',
        });
        expect(response.status, JSON.stringify(env)).toBe(200);
      } finally {
        await server.close();
      }
    }
  });
});

describe('methods and browser features', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { servePages: false });
  });
  afterAll(() => server.close());

  it('answers TRACE and other methods the site does not use with 405 and the methods it does', async () => {
    for (const method of ['TRACE', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND']) {
      for (const path of ['/', '/api/contact', '/api/trpc/auth.login', '/api/admin/login']) {
        // node:http, because fetch refuses to send TRACE.
        const response = await new Promise<{ status: number | undefined; allow: string | undefined; body: string }>(
          (resolve, reject) => {
            const { hostname, port } = new URL(server.url);
            const request = http.request({ hostname, port, path, method }, (answer) => {
              let body = '';
              answer.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
              answer.on('end', () => resolve({ status: answer.statusCode, allow: answer.headers.allow, body }));
            });
            request.on('error', reject).end();
          },
        );
        expect(response, `${method} ${path}`).toEqual({
          status: 405,
          allow: 'GET, HEAD, POST',
          body: 'This address answers only GET, HEAD and POST requests.',
        });
      }
    }
    expect(server.log.records.filter((record) => record.level === 'error')).toEqual([]);
  });

  it('denies the browser features the site never uses (the map frame keeps full screen)', async () => {
    const policy = (await fetch(`${server.url}/robots.txt`)).headers.get('permissions-policy') ?? '';
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid'])
      expect(policy).toContain(`${feature}=()`);
    expect(policy).not.toContain('fullscreen');
  });
});
