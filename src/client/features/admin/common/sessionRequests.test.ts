import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { staffAuthMessages } from '#shared/dashboard/staffSignIn.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { TEST_ADMIN_PASSWORD, testStaffEnv } from '#test/support/testLogin.ts';
import { askSession, SessionRequestError, sendLogin, sendLogout } from './sessionRequests';

const nodeFetch = globalThis.fetch;

/** The browser's fetch on the page: addresses relative to `origin`, its cookies kept as a browser keeps them. */
function browserFetch(origin: string): typeof fetch {
  const cookies = new Map<string, string>();
  return async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await nodeFetch(new URL(String(input), origin), { ...init, headers });
    for (const set of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = set.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value === '' || attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute)))
        cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
}

/** Asks the auth procedures of a real server as the sign-in screen does, without the tRPC client. */
describe('the sign-in screen’s calls to the auth procedures', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(testStaffEnv);
  });
  afterAll(() => server.close());
  afterEach(() => vi.unstubAllGlobals());

  const refusalOf = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) =>
        error instanceof SessionRequestError ? { message: error.message, status: error.status } : error,
    );

  it('reads the session, signs in, and signs out through the procedures', async () => {
    vi.stubGlobal('fetch', browserFetch(server.url));
    expect(await askSession()).toEqual({ authenticated: false });

    await sendLogin({ email: '', password: TEST_ADMIN_PASSWORD });
    const status = await askSession();
    expect(status.authenticated).toBe(true);
    expect(status.authenticated && status.account.role).toBe('owner');
    expect(status.authenticated && Date.parse(status.idleExpiresAt)).toBeGreaterThan(Date.now());

    await sendLogout();
    expect(await askSession()).toEqual({ authenticated: false });
  });

  it('gives the server’s message and status when a sign-in is refused', async () => {
    vi.stubGlobal('fetch', browserFetch(server.url));
    expect(await refusalOf(sendLogin({ password: 'not the password' }))).toEqual({
      message: staffAuthMessages.invalidPassword,
      status: 401,
    });
    expect(await askSession()).toEqual({ authenticated: false });
  });

  it('gives the status of an answer from outside tRPC, and none when no answer came', async () => {
    const proxy = http.createServer((_request, response) =>
      response.writeHead(502, { 'content-type': 'text/html' }).end('<p>Bad gateway</p>'),
    );
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      vi.stubGlobal('fetch', browserFetch(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`));
      expect(await refusalOf(sendLogin({ password: TEST_ADMIN_PASSWORD }))).toEqual({ message: '', status: 502 });
      expect(await refusalOf(askSession())).toEqual({ message: '', status: 502 });
    } finally {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await refusalOf(askSession())).toEqual({ message: '', status: undefined });
  });
});
