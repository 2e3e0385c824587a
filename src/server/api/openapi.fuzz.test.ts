import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentChecks, type OpenApiDocument, type Operation } from '#test/support/openApiChecks.ts';
import { sample, seededRandom, type JsonSchema, type Random } from '#test/support/jsonSchemaSamples.ts';
import { addStaffAccount, loginCookie, postJson, testStaffEnv } from '#test/support/testLogin.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { reportQuerySchema } from '#shared/admissions/report.ts';

/**
 * A fuzz of GET /api/openapi.json against the server, as a client generating requests from the
 * document would do it: every operation is sent many requests made from its own schemas (bodies,
 * path and query parameters), and every answer must be one the document describes: its status,
 * its media type, and a body its schema accepts. A schema-valid request never gets 400. Then
 * broken requests, and the refusals that need a particular state (no session, another role, a
 * lockout), must be described too. SEED picks another run; a failure names the seed.
 */
const seed = Number(process.env.SEED ?? 20_261_126);
const checks = documentChecks();

/** How many requests each operation gets in each media type: a JSON enquiry is cheap, a form post renders a page, a login checks a password (half a second). */
const samplesPer = (path: string, mediaType: string | undefined) =>
  path === '/api/admin/login'
    ? 4
    : mediaType === 'application/x-www-form-urlencoded'
      ? 10
      : mediaType === 'application/json'
        ? 30
        : path === '/api/admin/logout'
          ? 3
          : 10;

/**
 * Rules the document states in words because JSON Schema cannot relate two query parameters: a
 * request that breaks one is expected to be refused with 400 (and that answer must be described).
 */
/** An email or a phone; and any enquiry or Parents' Corner family chosen must be among those found, which a made-up id never is. */
function personRule(query: URLSearchParams): boolean {
  return Boolean(query.get('email') || query.get('phone')) && !query.has('enquiry') && !query.has('family');
}

const rulesInWords: Record<string, (query: URLSearchParams) => boolean> = {
  'get /api/admin/export/{kind}.csv': (query) =>
    !query.get('from') || !query.get('to') || query.get('from')! <= query.get('to')!,
  'get /api/admin/export/{kind}.xlsx': (query) =>
    !query.get('from') || !query.get('to') || query.get('from')! <= query.get('to')!,
  'get /api/admin/export/person.json': personRule,
  'get /api/admin/export/person.html': personRule,
  // The first month not after the last, and at most 36 months: the shared schema's own rules across the two.
  'get /api/admin/report.csv': (query) => reportQuerySchema.safeParse(Object.fromEntries(query)).success,
};

type Built = { url: string; init: RequestInit; label: string; rulesKept: boolean };

/** The address every login of the fuzz comes from; the refusals test then locks it out. */
const LOCKED_OUT = { 'x-forwarded-for': '192.0.2.1' };
const TEST_STAFF_PASSWORD = 'a long password for the fuzz staff';

describe('the OpenAPI document against the server', { timeout: 60_000 }, () => {
  let server: TestServer;
  let document: OpenApiDocument;
  let owner: string;
  let visitor = 0;
  /** Each request from its own address (TRUST_PROXY=loopback), so limits meant for one client stay out of the way. */
  const freshAddress = () => ({
    'x-forwarded-for': `10.${(++visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`,
  });

  beforeAll(async () => {
    // A low enquiry limit: the fuzz sends each request from its own address, the refusals test reaches it from one.
    server = await startTestServer(
      { ...testStaffEnv, TRUST_PROXY: 'loopback', ENQUIRY_RATE_LIMIT: '3' },
      { servePages: false },
    );
    document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApiDocument;
    owner = await loginCookie(server.url);
  });
  afterAll(() => server.close());

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );

  /** A value the schema accepts, made at random and confirmed by the validator. */
  function validSample(schema: JsonSchema, random: Random, what: string): unknown {
    let found: string[] = [];
    for (let attempt = 0; attempt < 30; attempt++) {
      const value = sample(schema, random);
      found = checks.problems(schema, value);
      if (found.length === 0) return value;
    }
    throw new Error(`No valid sample for ${what}: ${found.join('; ')}`);
  }

  /** One request made from the operation's schemas; the body in the given media type. */
  function buildRequest(
    path: string,
    method: string,
    operation: Operation,
    random: Random,
    mediaType: string | undefined,
  ): Built {
    let address = path;
    const query = new URLSearchParams();
    for (const parameter of operation.parameters ?? []) {
      // The Idempotency-Key header must agree with a key in the body: the bodies carry the key.
      if (parameter.in === 'header' || (!parameter.required && !random.chance(0.6))) continue;
      const value = validSample(parameter.schema, random, `${method} ${path} ${parameter.name}`);
      if (parameter.in === 'path') address = address.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
      // An array in the query is the parameter repeated (style form, explode), as the document says.
      if (parameter.in === 'query')
        for (const item of Array.isArray(value) ? value : [value]) query.append(parameter.name, String(item));
    }
    const headers: Record<string, string> = path === '/api/admin/login' ? { ...LOCKED_OUT } : { ...freshAddress() };
    // A staff session for every read; a POST keeps its own (logout would end the shared one).
    if (method === 'get') headers.cookie = owner;
    let body: string | undefined;
    if (mediaType) {
      const value = validSample(
        operation.requestBody!.content[mediaType]!.schema,
        random,
        `${method} ${path} ${mediaType}`,
      );
      headers['content-type'] = mediaType;
      body =
        mediaType === 'application/json'
          ? JSON.stringify(value)
          : new URLSearchParams(value as Record<string, string>).toString();
    }
    const search = query.size > 0 ? `?${query}` : '';
    const rule = rulesInWords[`${method} ${path}`];
    return {
      url: `${server.url}${address}${search}`,
      init: { method: method.toUpperCase(), headers, ...(body === undefined ? {} : { body }) },
      label: `${method.toUpperCase()} ${address}${search} ${mediaType ?? ''} ${body?.slice(0, 400) ?? ''}`,
      rulesKept: rule ? rule(query) : true,
    };
  }

  it('answers every request made from the document as the document describes, never 400 to a valid one and never a server failure', async () => {
    const random = seededRandom(seed);
    const failures: string[] = [];
    let sent = 0;
    for (const { path, method, operation } of operations()) {
      const mediaTypes = operation.requestBody ? Object.keys(operation.requestBody.content) : [undefined];
      for (const mediaType of mediaTypes) {
        for (let count = 0; count < samplesPer(path, mediaType); count++) {
          const request = buildRequest(path, method, operation, random, mediaType);
          const response = await fetch(request.url, request.init).catch((error: unknown) => {
            failures.push(`no answer (${String(error)}, ${String((error as Error).cause)}): ${request.label}`);
          });
          if (!response) continue;
          sent++;
          const refusedValid = response.status === 400 && request.rulesKept;
          const problem = await checks.answerProblem(operation, response.clone());
          if (refusedValid)
            failures.push(`400 to a valid request: ${request.label} -> ${(await response.text()).slice(0, 300)}`);
          // Described (every path may fail), yet never expected: nothing made from the document may break the server.
          if (response.status >= 500) failures.push(`${response.status} to ${request.label}`);
          if (problem) failures.push(`${request.label} -> ${problem}`);
        }
      }
    }
    expect(failures.slice(0, 12), `seed ${seed}: ${failures.length} failures, the first shown`).toEqual([]);
    expect(sent).toBeGreaterThan(100);
  });

  /** Sends a request to one operation of the document and answers its status; what the document does not describe is noted in `problems`. */
  async function sendTo(
    problems: string[],
    path: string,
    method: string,
    address: string,
    init: RequestInit = {},
  ): Promise<number> {
    const operation = document.paths[path]![method]!;
    const response = await fetch(`${server.url}${address}`, {
      method: method.toUpperCase(),
      ...init,
      headers: { ...freshAddress(), ...(init.headers as Record<string, string>) },
    });
    const problem = await checks.answerProblem(operation, response);
    if (problem)
      problems.push(`${method.toUpperCase()} ${address} ${String(init.body ?? '').slice(0, 200)} -> ${problem}`);
    return response.status;
  }

  /** Copies of a valid body, each with one thing the schema refuses: a required field left out, given a number, or given text it refuses. */
  function brokenBodies(
    schema: JsonSchema,
    valid: Record<string, unknown>,
  ): { label: string; body: Record<string, unknown> }[] {
    const broken: { label: string; body: Record<string, unknown> }[] = [];
    const properties = schema.properties as Record<string, JsonSchema>;
    for (const name of schema.required as string[]) {
      const { [name]: _left, ...without } = valid;
      broken.push({ label: `${name} left out`, body: without });
      broken.push({ label: `${name} a number`, body: { ...valid, [name]: 12345 } });
      const maxLength = properties[name]?.maxLength as number | undefined;
      const refused = [
        '',
        ' ',
        '\u0000x',
        '\u202eab',
        'ab\ufffd',
        '2025-02-30',
        '+999 12',
        'x@',
        ...(maxLength ? ['x'.repeat(maxLength + 1)] : []),
      ]
        .map((text) => ({ ...valid, [name]: text }))
        .find((body) => checks.problems(schema, body).length > 0);
      if (refused) broken.push({ label: `${name} ${JSON.stringify(refused[name]).slice(0, 20)}`, body: refused });
    }
    return broken;
  }

  it('describes its refusals of requests the document does not allow: 400 for each broken body or parameter, 404, 413, 415', async () => {
    const random = seededRandom(seed + 1);
    const problems: string[] = [];
    const notRefused: string[] = [];
    for (const path of ['/api/contact', '/api/admission-enquiry', '/api/admin/login']) {
      const content = document.paths[path]!.post!.requestBody!.content;
      for (const [mediaType, { schema }] of Object.entries(content)) {
        const valid = validSample(schema, random, `${path} ${mediaType}`) as Record<string, unknown>;
        for (const { label, body } of brokenBodies(schema, valid)) {
          // A form post carries text only: a number arrives as its digits, which some fields take.
          if (mediaType !== 'application/json' && label.endsWith('a number')) continue;
          const encoded =
            mediaType === 'application/json'
              ? JSON.stringify(body)
              : new URLSearchParams(body as Record<string, string>).toString();
          const status = await sendTo(problems, path, 'post', path, {
            headers: { 'content-type': mediaType },
            body: encoded,
          });
          if (status !== 400) notRefused.push(`${path} ${mediaType} ${label}: ${status}`);
        }
      }
      for (const body of ['[]', '"text"', '42', 'null', '{"unfinished": ']) {
        const status = await sendTo(problems, path, 'post', path, {
          headers: { 'content-type': 'application/json' },
          body,
        });
        if (status !== 400) notRefused.push(`${path} ${body}: ${status}`);
      }
    }
    const staff = { headers: { cookie: owner } };
    for (const address of [
      '/api/admin/export/person.json',
      '/api/admin/export/person.json?email=someone',
      '/api/admin/export/person.json?phone=12',
    ]) {
      expect(await sendTo(problems, '/api/admin/export/person.json', 'get', address, staff), address).toBe(400);
    }
    for (const address of [
      '/api/admin/export/contact.csv?from=2025-02-30',
      '/api/admin/export/contact.csv?status=lost',
      '/api/admin/export/contact.csv?search=%00',
      '/api/admin/export/person.csv',
    ]) {
      expect(await sendTo(problems, '/api/admin/export/{kind}.csv', 'get', address, staff), address).toBe(400);
    }
    expect(await sendTo(problems, '/api/admin/export/{kind}.csv', 'get', '/api/admin/export/.csv', staff)).toBe(404);
    expect(
      await sendTo(
        problems,
        '/api/admin/content/preview',
        'get',
        '/api/admin/content/preview?path=/no-such-page',
        staff,
      ),
    ).toBe(400);

    const tooLong = JSON.stringify({ message: 'x'.repeat(40_000) });
    for (const path of ['/api/contact', '/api/admission-enquiry', '/api/admin/login']) {
      expect(
        await sendTo(problems, path, 'post', path, { headers: { 'content-type': 'application/json' }, body: tooLong }),
        path,
      ).toBe(413);
      expect(
        await sendTo(problems, path, 'post', path, { headers: { 'content-type': 'text/plain' }, body: 'hello' }),
        path,
      ).toBe(415);
    }
    const manyFields = Array.from({ length: 60 }, (_, index) => `field${index}=x`).join('&');
    expect(
      await sendTo(problems, '/api/contact', 'post', '/api/contact', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: manyFields,
      }),
    ).toBe(413);
    expect(
      await sendTo(problems, '/api/admin/logout', 'post', '/api/admin/logout', {
        headers: { 'content-type': 'text/plain' },
        body: 'bye',
      }),
    ).toBe(415);
    expect(
      await sendTo(problems, '/api/admin/logout', 'post', '/api/admin/logout', {
        headers: { 'content-type': 'application/json' },
        body: '{',
      }),
    ).toBe(400);

    expect(notRefused).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('describes the refusals that depend on who asks and what came before: 401, 403, 409, 429, and the two-step login', async () => {
    const problems: string[] = [];
    const staffGets = {
      '/api/admin/submissions': '/api/admin/submissions',
      '/api/admin/export/{kind}.csv': '/api/admin/export/admission.csv',
      '/api/admin/export/person.json': '/api/admin/export/person.json?phone=9840012345',
      '/api/admin/content/preview': '/api/admin/content/preview?path=/',
    };
    for (const [path, address] of Object.entries(staffGets))
      expect(await sendTo(problems, path, 'get', address), path).toBe(401);

    const cookieOf = async (role: 'office' | 'editor') => {
      const email = `${role}@school.test`;
      await addStaffAccount(server.services, { email, name: `The ${role}`, role, password: TEST_STAFF_PASSWORD });
      return loginCookie(server.url, TEST_STAFF_PASSWORD, freshAddress(), email);
    };
    const office = await cookieOf('office');
    const editor = await cookieOf('editor');
    const forbidden: [string, string][] = [
      ['/api/admin/export/person.json', office],
      ['/api/admin/content/preview', office],
      ['/api/admin/submissions', editor],
      ['/api/admin/export/{kind}.csv', editor],
    ];
    for (const [path, cookie] of forbidden)
      expect(
        await sendTo(problems, path, 'get', staffGets[path as keyof typeof staffGets], { headers: { cookie } }),
        path,
      ).toBe(403);

    const crossSite = { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' };
    expect(
      await sendTo(problems, '/api/admin/login', 'post', '/api/admin/login', {
        headers: crossSite,
        body: JSON.stringify({ password: 'anything' }),
      }),
    ).toBe(403);
    expect(
      await sendTo(problems, '/api/admin/logout', 'post', '/api/admin/logout', { headers: crossSite, body: '{}' }),
    ).toBe(403);

    const enquiry = validSample(
      document.paths['/api/contact']!.post!.requestBody!.content['application/json']!.schema,
      seededRandom(seed + 2),
      'a contact',
    ) as Record<string, unknown>;
    const json = { 'content-type': 'application/json' };
    const keyed: Record<string, unknown> = { ...enquiry, idempotencyKey: 'fuzz-409' };
    expect(
      await sendTo(problems, '/api/contact', 'post', '/api/contact', { headers: json, body: JSON.stringify(keyed) }),
    ).toBe(201);
    expect(
      await sendTo(problems, '/api/contact', 'post', '/api/contact', {
        headers: json,
        body: JSON.stringify({ ...keyed, name: `${String(keyed.name).slice(0, 90)} again` }),
      }),
    ).toBe(409);
    const oneSender = { ...json, 'x-forwarded-for': '192.0.2.2' };
    const fromOneSender = await Promise.all(
      Array.from({ length: 4 }, () =>
        sendTo(problems, '/api/contact', 'post', '/api/contact', { headers: oneSender, body: JSON.stringify(enquiry) }),
      ),
    );
    expect(fromOneSender).toContain(429);
    const formPost = { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '192.0.2.2' };
    expect(
      await sendTo(problems, '/api/contact', 'post', '/api/contact', {
        headers: formPost,
        body: new URLSearchParams(enquiry as Record<string, string>).toString(),
      }),
    ).toBe(429);

    // Wrong passwords from one address until it is locked out (the fuzz's logins came from it too).
    const statuses: number[] = [];
    while (!statuses.includes(429) && statuses.length < 6) {
      statuses.push(
        await sendTo(problems, '/api/admin/login', 'post', '/api/admin/login', {
          headers: { ...json, ...LOCKED_OUT },
          body: JSON.stringify({ password: 'not the password' }),
        }),
      );
    }
    expect(statuses).toContain(429);

    // The editor turns two-step login on; a login without the code is then refused with twoStepRequired.
    const secret = (
      (await (await postJson(`${server.url}/api/trpc/twoStep.start`, {}, { cookie: editor })).json()) as {
        result: { data: { json: { secret: string } } };
      }
    ).result.data.json.secret;
    expect(
      (
        await postJson(
          `${server.url}/api/trpc/twoStep.confirm`,
          { json: { code: generateSync({ secret }) } },
          { cookie: editor },
        )
      ).status,
    ).toBe(200);
    const editorLogin = { email: 'editor@school.test', password: TEST_STAFF_PASSWORD };
    const loginAnswer = async (body: unknown) => {
      const response = await postJson(`${server.url}/api/admin/login`, body, freshAddress());
      const answer = {
        status: response.status,
        body: (await response.clone().json()) as { twoStepRequired?: boolean },
      };
      const problem = await checks.answerProblem(document.paths['/api/admin/login']!.post!, response);
      if (problem) problems.push(`login ${JSON.stringify(body)} -> ${problem}`);
      return answer;
    };
    expect(await loginAnswer(editorLogin)).toEqual({
      status: 401,
      body: expect.objectContaining({ twoStepRequired: true }),
    });
    expect(await loginAnswer({ ...editorLogin, code: ' - ' })).toEqual({
      status: 400,
      body: expect.objectContaining({ twoStepRequired: true }),
    });

    // Last, as it holds back the Owner too: everyone must have two-step login on, and the office has not.
    expect(
      (
        await postJson(
          `${server.url}/api/trpc/staff.setTwoStepRequired`,
          { json: { required: true } },
          { cookie: owner },
        )
      ).status,
    ).toBe(200);
    expect(
      await sendTo(problems, '/api/admin/submissions', 'get', '/api/admin/submissions', {
        headers: { cookie: office },
      }),
    ).toBe(403);

    expect(problems).toEqual([]);
  });
});
