import fs from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import type express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { loginCookie, testStaffEnv } from '#test/support/testLogin.ts';
import { projectRoot } from '#server/buildOutput.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';

type ListedRoute = { path: string | RegExp; methods: string[] | undefined; router: ListableRouter | undefined };
type ListableRouter = { listRoutes(): ListedRoute[] };
type Document = { paths: Record<string, Record<string, unknown>> };

/** Every method and path mounted in the app, mounted routers followed (Express 5's router.listRoutes). */
function mountedRoutes(router: ListableRouter, prefix = ''): Array<{ method: string; path: string }> {
  return router.listRoutes().flatMap(({ path, methods, router: mounted }) => {
    if (typeof path !== 'string') throw new Error(`A route with a pattern path cannot be documented: ${String(path)}`);
    const full = `${prefix}${path === '/' ? '' : path}`;
    if (mounted) return mountedRoutes(mounted, full);
    return (methods ?? [])
      .filter((method) => method !== 'HEAD')
      .map((method) => ({ method: method.toLowerCase(), path: full }));
  });
}

/** Express's ':kind.csv' is OpenAPI's '{kind}.csv'. */
const asOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  let server: TestServer;
  let document: Document;
  beforeAll(async () => {
    server = await startTestServer({ ENQUIRY_RATE_LIMIT: '1000', ...testStaffEnv }, { servePages: false });
    const response = await fetch(`${server.url}/api/openapi.json`);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    document = (await response.json()) as Document;
  });
  afterAll(() => server.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every REST route mounted in the app (every method of every path under /api but tRPC)', () => {
    const app = createApp(server.services, { servePages: false }) as express.Express & { router: ListableRouter };
    const rest = mountedRoutes(app.router).filter(
      ({ path }) => path.startsWith('/api/') && !path.startsWith('/api/trpc'),
    );
    expect(rest.map(({ path }) => path)).toEqual(
      expect.arrayContaining([
        '/api/contact',
        '/api/admission-enquiry',
        '/api/admin/login',
        '/api/admin/export/:kind.csv',
      ]),
    );
    for (const { method, path } of rest)
      expect(document.paths[asOpenApiPath(path)], `${method} ${path}`).toHaveProperty(method);
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`),
    );
    expect(documented.sort()).toEqual(rest.map(({ method, path }) => `${method} ${asOpenApiPath(path)}`).sort());
  });

  it('describes the enquiry bodies from the shared schemas: fields, required ones, enums and the phone in both shapes', () => {
    const body = (path: string) =>
      (
        document.paths[path]!.post as {
          requestBody: {
            content: Record<
              string,
              { schema: { required: string[]; properties: Record<string, Record<string, unknown>> } }
            >;
          };
        }
      ).requestBody.content['application/json']!.schema;
    const contact = body('/api/contact');
    expect(contact.required.sort()).toEqual(['email', 'message', 'name', 'phone']);
    expect(Object.keys(contact.properties)).toEqual(
      expect.arrayContaining(['countryCode', 'type', 'timestamp', 'token', 'idempotencyKey']),
    );
    expect(contact.properties.type!.enum).toEqual(['general', 'employment', 'feedback']);
    expect(contact.properties.phone!.examples).toContain('+91 9876543210');
    const admission = body('/api/admission-enquiry');
    expect(admission.required.sort()).toEqual([
      'birthDate',
      'email',
      'parentName',
      'phone',
      'programOfInterest',
      'studentName',
    ]);
    expect(admission.properties.programOfInterest!.enum).toEqual(['toddler', 'primary', 'elementary', 'adolescent']);
    expect(admission.properties.countryCode!.enum).toContain('+971');
  });
});

/** docs/integrating.md: each curl example, run as written against a live server. */
describe('the curl examples of docs/integrating.md', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ENQUIRY_RATE_LIMIT: '1000', ...testStaffEnv }, { servePages: false });
  });
  afterAll(() => server.close());

  const guide = fs.readFileSync(`${projectRoot}/docs/integrating.md`, 'utf8');
  const examples = [...guide.matchAll(/curl -X POST (\S+)[^\n]*\\\n(?:[^\n]*\\\n)*?\s*-d '([^']+)'/g)].map(
    ([, url, body]) => ({ url: url!, body: body! }),
  );

  it('sends both enquiries as the guide shows, and staff read them back', async () => {
    expect(examples.map(({ url }) => new URL(url).pathname)).toEqual(['/api/contact', '/api/admission-enquiry']);
    const ids: number[] = [];
    for (const { url, body } of examples) {
      const response = await fetch(`${server.url}${new URL(url).pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(response.status, body).toBe(201);
      ids.push(((await response.json()) as { id: number }).id);
    }
    const cookie = await loginCookie(server.url);
    const snapshot = (await (
      await fetch(`${server.url}/api/admin/submissions`, { headers: { cookie } })
    ).json()) as Record<string, Array<{ id: number }>>;
    expect(snapshot.contactSubmissions!.map((row) => row.id)).toContain(ids[0]);
    expect(snapshot.admissionSubmissions!.map((row) => row.id)).toContain(ids[1]);
  });
});
