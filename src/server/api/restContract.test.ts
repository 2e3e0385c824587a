import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCookie, testStaffEnv } from '#test/support/testLogin.ts';
import { postJson, validAdmission, validContact } from '#test/support/enquiryTestData.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';

type JsonAnswer = { message: string; id?: number; fieldErrors?: Record<string, string[]> };
type Snapshot = {
  contactSubmissions: Array<Record<string, unknown>>;
  admissionSubmissions: Array<Record<string, unknown>>;
};

/** The spec's bodies (docs/spec.md §3 "as entered"), exactly as an integrator who read only the spec would send them. */
const specContact = () => ({
  name: 'Priya Raman',
  email: 'priya@example.com',
  phone: '+91 9876543210',
  message: 'We would like to visit the school.',
  type: 'general',
  timestamp: new Date().toISOString(),
  token: '',
});

const specAdmission = () => ({
  studentName: 'Arjun Raman',
  birthDate: '2022-08-15',
  parentName: 'Priya Raman',
  email: 'priya@example.com',
  countryCode: '+91',
  phone: '9876543210',
  programOfInterest: 'primary',
  message: '',
});

describe('the REST contract of docs/spec.md §3 and §7', () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startTestServer({ ENQUIRY_RATE_LIMIT: '1000', ...testStaffEnv }, { servePages: false });
    cookie = await loginCookie(server.url);
  });
  afterAll(() => server.close());

  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await postJson(`${server.url}${path}`, body, headers);
    return { status: response.status, body: (await response.json()) as JsonAnswer };
  };
  const snapshot = async (): Promise<Snapshot> => {
    const response = await fetch(`${server.url}/api/admin/submissions`, {
      headers: { cookie, accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Snapshot;
  };

  it("accepts the spec's contact body (phone as code, space, digits; timestamp; empty token) and shows it to staff", async () => {
    const sent = specContact();
    const { status, body } = await post('/api/contact', sent);
    expect(status).toBe(201);
    expect(body.id).toBeGreaterThan(0);
    const row = (await snapshot()).contactSubmissions.find((candidate) => candidate.id === body.id);
    expect(row).toMatchObject({
      name: sent.name,
      email: sent.email,
      phone: '+91 9876543210',
      type: 'general',
      message: sent.message,
      status: 'pending',
      isRead: false,
    });
  });

  it("accepts the spec's admission body without an idempotency key and shows it to staff", async () => {
    const sent = specAdmission();
    const { status, body } = await post('/api/admission-enquiry', sent);
    expect(status).toBe(201);
    const row = (await snapshot()).admissionSubmissions.find((candidate) => candidate.id === body.id);
    expect(row).toMatchObject({
      childName: sent.studentName,
      childAge: sent.birthDate,
      parentName: sent.parentName,
      email: sent.email,
      phone: '+91 9876543210',
      program: 'primary',
      message: '',
    });
  });

  it("still accepts our form's split country code and phone", async () => {
    const { status, body } = await post('/api/contact', validContact({ countryCode: '+44', phone: '7700 900123' }));
    expect(status).toBe(201);
    expect((await snapshot()).contactSubmissions.find((row) => row.id === body.id)).toMatchObject({
      phone: '+44 7700900123',
    });
  });

  it('takes the country code from a combined phone on the admission path too', async () => {
    const { countryCode: _code, ...withoutCode } = specAdmission();
    const { status, body } = await post('/api/admission-enquiry', {
      ...withoutCode,
      phone: '+971 501234567',
      studentName: 'Meera',
    });
    expect(status).toBe(201);
    expect((await snapshot()).admissionSubmissions.find((row) => row.id === body.id)).toMatchObject({
      phone: '+971 501234567',
    });
  });

  it("gives the spec's digit-count message for a 3-digit phone after the code", async () => {
    const { status, body } = await post('/api/contact', { ...specContact(), phone: '+91 123' });
    expect(status).toBe(400);
    expect(body.fieldErrors).toEqual({ phone: ['Phone number must be between 4-10 digits'] });
  });

  it('gives the digits-only message for letters after the code, and a clear message for an unknown code', async () => {
    expect((await post('/api/contact', { ...specContact(), phone: '+91 98765abc' })).body.fieldErrors).toEqual({
      phone: ['Phone number must contain only digits'],
    });
    const unknown = await post('/api/contact', { ...specContact(), phone: '+49 301234567' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors?.phone?.[0]).toMatch(
      /^\+49 is not a country code we can take\. Use one of: \+91, \+1, /,
    );
  });

  it('answers 400 with a plain message and the spec messages per field', async () => {
    const { status, body } = await post('/api/contact', { ...specContact(), name: 'P', message: 'short' });
    expect(status).toBe(400);
    expect(body.message).toBe('Please correct the highlighted fields and send again.');
    expect(body.fieldErrors).toEqual({
      name: ['Name must be at least 2 characters.'],
      message: ['Message must be at least 10 characters.'],
    });
  });

  it('refuses a timestamp that is not an ISO date and time, saying so', async () => {
    const { status, body } = await post('/api/contact', { ...specContact(), timestamp: 'yesterday' });
    expect(status).toBe(400);
    expect(body.fieldErrors).toEqual({
      timestamp: ['The timestamp must be an ISO 8601 date and time, such as 2026-11-23T10:15:00Z.'],
    });
  });

  it('ignores unknown extra fields', async () => {
    const { status } = await post('/api/contact', {
      ...specContact(),
      name: 'Kavya',
      source: 'crm',
      utm: { campaign: 'x' },
    });
    expect(status).toBe(201);
  });

  it('takes the Idempotency-Key header: ten concurrent sends store one row and all get its id', async () => {
    const key = randomUUID();
    const sent = { ...specContact(), name: 'Lakshmi' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post('/api/contact', sent, { 'idempotency-key': key })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    const rows = await server.services.storage.db
      .selectFrom('contact_enquiries')
      .select('id')
      .where('idempotency_key', '=', key)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("takes the body's idempotencyKey when there is no header", async () => {
    const key = `crm-import-${randomUUID()}`;
    const first = await post('/api/admission-enquiry', {
      ...specAdmission(),
      studentName: 'Ravi',
      idempotencyKey: key,
    });
    const again = await post('/api/admission-enquiry', {
      ...specAdmission(),
      studentName: 'Ravi',
      idempotencyKey: key,
    });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.id).toBe(first.body.id);
  });

  it('answers 409 for the same key with other content, and stores nothing new', async () => {
    const key = randomUUID();
    const first = await post('/api/contact', { ...specContact(), name: 'Anitha' }, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const other = await post('/api/contact', { ...specContact(), name: 'Someone Else' }, { 'idempotency-key': key });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(
      'This Idempotency-Key was already used for a different enquiry. Use a new key for a new enquiry.',
    );
    const rows = await server.services.storage.db
      .selectFrom('contact_enquiries')
      .select('name')
      .where('idempotency_key', '=', key)
      .execute();
    expect(rows).toEqual([{ name: 'Anitha' }]);
  });

  it('refuses a header and a body key that disagree', async () => {
    const { status, body } = await post(
      '/api/contact',
      { ...specContact(), idempotencyKey: 'one' },
      { 'idempotency-key': 'two' },
    );
    expect(status).toBe(400);
    expect(body.fieldErrors).toEqual({
      idempotencyKey: ['The Idempotency-Key header and the idempotencyKey field differ. Send one key.'],
    });
  });

  it('stores the same content sent twice without a key once (the key is derived on the server)', async () => {
    const sent = { ...specContact(), name: 'Derived Key Test' };
    const first = await post('/api/contact', sent);
    const second = await post('/api/contact', sent);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).toBe(first.body.id);
  });

  it('keeps the form path (tRPC) strict: our own client always sends its key', async () => {
    const { idempotencyKey: _key, ...withoutKey } = validAdmission();
    const response = await postJson(`${server.url}/api/trpc/enquiries.submitAdmission`, { json: withoutKey });
    expect(response.status).toBe(400);
  });
});
