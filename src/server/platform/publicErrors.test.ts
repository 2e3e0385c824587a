import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAuthMessages } from '#shared/dashboard/staffSignIn.ts';
import { loginCookie, testStaffEnv } from '#test/support/testLogin.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';

type Answer = { status: number; contentType: string; body: string };

/** Sends exactly these bytes (fetch would not send a body labelled gzip that is not). */
function send(
  server: TestServer,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<Answer> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path, method, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'] ?? '', body: text }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

type TrpcError = {
  message: string;
  data: { code: string; httpStatus: number; stack?: string; fieldErrors?: Record<string, string[]> };
};

function trpcError(answer: Answer): TrpcError {
  const parsed = JSON.parse(answer.body) as { error: { json: TrpcError } } | { error: { json: TrpcError } }[];
  return (Array.isArray(parsed) ? parsed[0]! : parsed).error.json;
}

/** What no visitor may read: stack frames, file paths, parser and runtime wording, zod's issue dumps. */
function expectPlain(message: string) {
  expect(message).toMatch(/^[A-Z]/);
  expect(message).not.toMatch(
    / at |\/work\/|node_modules|\.ts:|destructure|JSON at position|Unexpected|"code"|\[\s*\{|SyntaxError|TypeError|incorrect header/,
  );
}

/** The sentence of a refusal, whether it came as JSON or as text. */
const messageOf = (answer: Answer): string =>
  answer.contentType.includes('json') ? (JSON.parse(answer.body) as { message: string }).message : answer.body;

const json = { 'content-type': 'application/json' };
const unreadable = 'The request could not be read. Please reload the page and try again.';

describe(
  'errors in production (NODE_ENV unset) say what went wrong in plain words, nothing more',
  { timeout: 30_000 },
  () => {
    let server: TestServer;
    let cookie: string;
    beforeAll(async () => {
      server = await startTestServer({ ...testStaffEnv, NODE_ENV: 'production' }, { servePages: false });
      cookie = await loginCookie(server.url);
    });
    afterAll(() => server.close());

    it('sends no stack trace with a tRPC error, not even a plain 401', async () => {
      const answer = await send(server, 'GET', '/api/trpc/dashboard.counts', {});
      expect(answer.status).toBe(401);
      const error = trpcError(answer);
      expect(error.message).toBe(staffAuthMessages.sessionEnded);
      expect(error.data).not.toHaveProperty('stack');
      expect(answer.body).not.toContain('/work/');
    });

    it('answers a body tRPC cannot read with one plain sentence', async () => {
      const bodies = ['null', '{"json":', '[1,2', '{"password":"sent without superjson"}', '"text"'];
      for (const body of bodies) {
        const answer = await send(server, 'POST', '/api/trpc/auth.login', json, body);
        expect(answer.status, body).toBe(400);
        expect(trpcError(answer).message, body).toBe(unreadable);
      }
      const query = await send(server, 'GET', `/api/trpc/dashboard.list?input=${encodeURIComponent('{"json":')}`, {
        cookie,
      });
      expect(query.status).toBe(400);
      expect(trpcError(query).message).toBe(unreadable);
    });

    it('names the first problem of an invalid input in a sentence and keeps the fields in data', async () => {
      const answer = await send(
        server,
        'POST',
        '/api/trpc/dashboard.update',
        { ...json, cookie },
        JSON.stringify({ json: { kind: 'contact', id: 1, remarks: 'x'.repeat(2001) } }),
      );
      expect(answer.status).toBe(400);
      const error = trpcError(answer);
      expect(error.message).toBe('Remarks are limited to 2000 characters');
      expect(error.data.fieldErrors).toEqual({ remarks: ['Remarks are limited to 2000 characters'] });
      const wrongType = trpcError(
        await send(server, 'POST', '/api/trpc/auth.login', json, JSON.stringify({ json: { password: 5 } })),
      );
      expectPlain(wrongType.message);
      expect(wrongType.data.fieldErrors).toHaveProperty('password');
    });

    it('refuses a compressed body on tRPC with 415 and a plain sentence', async () => {
      for (const body of ['{"json":{"password":"x"}}', gzipSync('{"json":{"password":"x"}}')]) {
        const answer = await send(
          server,
          'POST',
          '/api/trpc/auth.login',
          { ...json, 'content-encoding': 'gzip' },
          body,
        );
        expect(answer.status).toBe(415);
        expect(JSON.parse(answer.body)).toEqual({ message: 'Please send the request body uncompressed.' });
      }
    });

    it('answers a body labelled gzip that is not gzip with 400 on the staff login and the enquiry forms', async () => {
      const login = await send(
        server,
        'POST',
        '/api/admin/login',
        { ...json, 'content-encoding': 'gzip' },
        '{"password":"x"}',
      );
      expect(login.status).toBe(400);
      expect(JSON.parse(login.body)).toEqual({ message: unreadable });
      const jsonPost = await send(
        server,
        'POST',
        '/api/contact',
        { ...json, 'content-encoding': 'gzip' },
        '{"name":"Priya"}',
      );
      expect(jsonPost.status).toBe(400);
      expect(messageOf(jsonPost)).toBe(unreadable);
      // Without JavaScript the parent gets the form's page again, saying what happened.
      const formPost = await send(
        server,
        'POST',
        '/api/contact',
        { 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': 'gzip' },
        'name=Priya',
      );
      expect(formPost.status).toBe(400);
      expect(formPost.contentType).toMatch(/^text\/html/);
      expect(formPost.body).toContain(unreadable);
      expect(server.log.records.filter((record) => record.level === 'error')).toEqual([]);
    });

    it('answers an address it cannot decode with 400, not 500', async () => {
      const answer = await send(server, 'GET', '/api/admin/export/%E0.csv', { cookie });
      expect(answer.status).toBe(400);
      expect(messageOf(answer)).toBe(unreadable);
    });
  },
);

describe('errors in development', () => {
  it('carry the stack trace for the developer', async () => {
    const server = await startTestServer({ NODE_ENV: 'development' }, { servePages: false });
    try {
      const error = trpcError(await send(server, 'GET', '/api/trpc/dashboard.counts', {}));
      expect(error.data.stack).toContain('TRPCError');
    } finally {
      await server.close();
    }
  });
});
