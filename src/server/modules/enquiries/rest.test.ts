import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiryOutcomeMessages } from '#shared/enquiries/outcomeMessages.ts';
import { postJson, validAdmission, validContact } from '#test/support/enquiryTestData.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { startingContact } from '#test/support/schoolFacts.ts';

type JsonAnswer = { message: string; id?: number; fieldErrors?: Record<string, string[]> };

describe('POST /api/contact and /api/admission-enquiry (JSON)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ENQUIRY_RATE_LIMIT: '1000' }, { servePages: false });
  });
  afterAll(() => server.close());

  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await postJson(`${server.url}${path}`, body, headers);
    return { status: response.status, body: (await response.json()) as JsonAnswer };
  };

  it('stores a contact message with every field, its origin and the defaults of a new enquiry', async () => {
    const sent = validContact();
    const { status, body } = await post('/api/contact', sent, { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Test' });
    expect(status).toBe(201);
    expect(body.message).toBe(enquiryOutcomeMessages.contact.success);
    const row = await server.services.storage.db
      .selectFrom('contact_enquiries')
      .selectAll()
      .where('id', '=', body.id!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Priya Raman',
      email: 'priya.raman@example.in',
      country_code: '+91',
      phone: '9840011223',
      type: 'employment',
      message: sent.message,
      status: 'pending',
      is_read: 0,
      remarks: '',
      ip: '127.0.0.1',
      user_agent: 'Mozilla/5.0 (Linux; Android 14) Test',
      idempotency_key: sent.idempotencyKey,
    });
    expect(Date.now() - Date.parse(row.created_at)).toBeLessThan(60_000);
  });

  it('stores an admission enquiry with the birth date as a calendar date and the program', async () => {
    const sent = validAdmission();
    const { status, body } = await post('/api/admission-enquiry', sent);
    expect(status).toBe(201);
    expect(body.message).toBe(enquiryOutcomeMessages.admission.success);
    const row = await server.services.storage.db
      .selectFrom('admission_enquiries')
      .selectAll()
      .where('id', '=', body.id!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      student_name: 'Arjun Raman',
      birth_date: sent.birthDate,
      parent_name: 'Priya Raman',
      email: 'priya.raman@example.in',
      country_code: '+971',
      phone: '501234567',
      program_of_interest: 'primary',
      message: 'We are moving to Thoraipakkam in May.',
      guardian_confirmed: 'yes',
      status: 'pending',
      is_read: 0,
      remarks: '',
      ip: '127.0.0.1',
      idempotency_key: sent.idempotencyKey,
    });
  });

  it("stores the spec's admission body, which has no parent or guardian confirmation, as not confirmed", async () => {
    const { guardianConfirmed: _confirmed, ...specBody } = validAdmission();
    const { status, body } = await post('/api/admission-enquiry', specBody);
    expect(status).toBe(201);
    const row = await server.services.storage.db
      .selectFrom('admission_enquiries')
      .selectAll()
      .where('id', '=', body.id!)
      .executeTakeFirstOrThrow();
    expect(row.guardian_confirmed).toBeNull();
    const confirmed = await post('/api/admission-enquiry', validAdmission({ guardianConfirmed: true }));
    const confirmedRow = await server.services.storage.db
      .selectFrom('admission_enquiries')
      .selectAll()
      .where('id', '=', confirmed.body.id!)
      .executeTakeFirstOrThrow();
    expect(confirmedRow.guardian_confirmed).toBe('yes');
  });

  it('applies the defaults: contact type general, country code +91, admission message empty', async () => {
    const contact = validContact();
    delete (contact as Partial<typeof contact>).type;
    delete (contact as Partial<typeof contact>).countryCode;
    const first = await post('/api/contact', contact);
    const admission = validAdmission();
    delete (admission as Partial<typeof admission>).message;
    const second = await post('/api/admission-enquiry', admission);
    const contactRow = await server.services.storage.db
      .selectFrom('contact_enquiries')
      .selectAll()
      .where('id', '=', first.body.id!)
      .executeTakeFirstOrThrow();
    const admissionRow = await server.services.storage.db
      .selectFrom('admission_enquiries')
      .selectAll()
      .where('id', '=', second.body.id!)
      .executeTakeFirstOrThrow();
    expect([contactRow.type, contactRow.country_code, admissionRow.message]).toEqual(['general', '+91', '']);
  });

  it('rejects an invalid contact message with the messages of docs/spec.md §5, and stores nothing', async () => {
    const before = await server.services.storage.db
      .selectFrom('contact_enquiries')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const { status, body } = await post(
      '/api/contact',
      validContact({ name: 'P', email: 'priya@', phone: '98400-abc', message: 'Hi there' }),
    );
    expect(status).toBe(400);
    expect(body.fieldErrors).toEqual({
      name: ['Name must be at least 2 characters.'],
      email: ['Please enter a valid email address.'],
      phone: ['Phone number must contain only digits'],
      message: ['Message must be at least 10 characters.'],
    });
    const after = await server.services.storage.db
      .selectFrom('contact_enquiries')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses a phone with a trunk 0 after its country code (tel:+910442… reaches no one), and stores nothing', async () => {
    const trunkZero = [
      'Please leave out the 0 at the start: with the country code in front, the number is written without it.',
    ];
    for (const phone of [{ countryCode: '+91', phone: '0442345678' }, { phone: '+91 0442345678' }]) {
      const { status, body } = await post('/api/contact', validContact({ email: 'trunk.zero@example.in', ...phone }));
      expect(status, JSON.stringify(phone)).toBe(400);
      expect(body.fieldErrors).toEqual({ phone: trunkZero });
    }
    expect(
      await server.services.storage.db
        .selectFrom('contact_enquiries')
        .select('id')
        .where('email', '=', 'trunk.zero@example.in')
        .execute(),
    ).toEqual([]);
  });

  it('rejects an invalid admission enquiry with the messages of docs/spec.md §5', async () => {
    const { status, body } = await post(
      '/api/admission-enquiry',
      validAdmission({
        studentName: ' A ',
        birthDate: '',
        parentName: 'B',
        email: 'x@y',
        phone: '123',
        programOfInterest: '',
      }),
    );
    expect(status).toBe(400);
    expect(body.fieldErrors).toEqual({
      studentName: ["Student's name must be at least 2 characters"],
      birthDate: ['Please select a birth date'],
      parentName: ["Parent's name must be at least 2 characters"],
      email: ['Please enter a valid email address'],
      phone: ['Phone number must be between 4-10 digits'],
      programOfInterest: ['Please select a program'],
    });
  });

  it('rejects an impossible birth date and one outside the 16-year window', async () => {
    const impossible = await post('/api/admission-enquiry', validAdmission({ birthDate: '2023-02-30' }));
    expect(impossible.body.fieldErrors?.birthDate).toEqual(["That's not a valid date"]);
    const tooOld = await post('/api/admission-enquiry', validAdmission({ birthDate: '1990-05-01' }));
    expect(tooOld.status).toBe(400);
    expect(tooOld.body.fieldErrors?.birthDate).toHaveLength(1);
  });

  it('rejects a message over the length cap and a malformed idempotency key with field messages', async () => {
    const { status, body } = await post(
      '/api/contact',
      validContact({ message: 'x'.repeat(5001), idempotencyKey: 'not a key' }),
    );
    expect(status).toBe(400);
    expect(body.fieldErrors?.message).toEqual(['Message must be at most 5000 characters.']);
    expect(body.fieldErrors?.idempotencyKey).toEqual([
      'The idempotency key must be 1 to 255 visible ASCII characters (a UUID is best).',
    ]);
  });

  it('stores one row for the same idempotency key sent twice (double click, retry), answering both with its id', async () => {
    const sent = validContact();
    const [first, second] = await Promise.all([post('/api/contact', sent), post('/api/contact', sent)]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body.id).toBe(second.body.id);
    const rows = await server.services.storage.db
      .selectFrom('contact_enquiries')
      .select('id')
      .where('idempotency_key', '=', sent.idempotencyKey)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('answers malformed JSON with 400 and a message, never 500', async () => {
    const response = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": "Priya",',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'The request body is not valid JSON.', fieldErrors: {} });
  });

  it('answers JSON that is not an object with 400', async () => {
    for (const body of ['[1,2]', '"hello"', 'null']) {
      const response = await fetch(`${server.url}/api/admission-enquiry`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as JsonAnswer).message).toMatch(/JSON/);
    }
  });

  it('answers a body over the cap with 413 and a clear message', async () => {
    const { status, body } = await post('/api/contact', validContact({ message: 'x'.repeat(40 * 1024) }));
    expect(status).toBe(413);
    expect(body.message).toBe('The enquiry is too large to send. Please shorten the message and try again.');
  });

  it('answers other content types (or none) with 415', async () => {
    const plain = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(plain.status).toBe(415);
    expect(((await plain.json()) as JsonAnswer).message).toMatch(/application\/json/);
    const multipart = new FormData();
    multipart.set('name', 'Priya');
    expect((await fetch(`${server.url}/api/admission-enquiry`, { method: 'POST', body: multipart })).status).toBe(415);
    expect((await fetch(`${server.url}/api/contact`, { method: 'POST' })).status).toBe(415);
  });

  it('answers an unknown charset with 415', async () => {
    const response = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=klingon' },
      body: JSON.stringify(validContact()),
    });
    expect(response.status).toBe(415);
  });

  it('answers a filled honeypot like a success, keeps the enquiry in the Spam folder and logs the sender', async () => {
    const sent = validContact({ website: 'http://cheap-pills.example' });
    const { status, body } = await post('/api/contact', sent);
    expect(status).toBe(201);
    expect(body.message).toBe(enquiryOutcomeMessages.contact.success);
    const rows = await server.services.storage.db
      .selectFrom('contact_enquiries')
      .select(['id', 'spam_reasons'])
      .where('idempotency_key', '=', sent.idempotencyKey)
      .execute();
    expect(rows).toEqual([{ id: body.id, spam_reasons: '["honeypot"]' }]);
    expect(server.log.records).toContainEqual(
      expect.objectContaining({
        message: 'Enquiry looks automated; stored in the Spam folder',
        fields: expect.objectContaining({ reasons: ['honeypot'], ip: '127.0.0.1' }),
      }),
    );
  });
});

describe('minimum fill time', () => {
  let server: TestServer;
  let clock: number;
  beforeAll(async () => {
    server = await startTestServer({ ENQUIRY_MIN_FILL_SECONDS: '3' }, { servePages: false });
    clock = Date.now();
    server.services.now = () => new Date(clock);
  });
  afterAll(() => server.close());

  const formToken = async () => (await server.services.enquiries.formSession()).formToken;
  const stored = (key: string) =>
    server.services.storage.db
      .selectFrom('admission_enquiries')
      .select('spam_reasons')
      .where('idempotency_key', '=', key)
      .execute();

  it('keeps, silently, an enquiry sent sooner than a person could fill the form in the Spam folder', async () => {
    const sent = validAdmission({ formToken: await formToken() });
    clock += 1_000;
    const response = await postJson(`${server.url}/api/admission-enquiry`, sent);
    expect(response.status).toBe(201);
    expect(await stored(sent.idempotencyKey)).toEqual([{ spam_reasons: '["too-fast"]' }]);
  });

  it('stores an enquiry filled in for longer than the minimum', async () => {
    const sent = validAdmission({ formToken: await formToken() });
    clock += 3_500;
    expect((await postJson(`${server.url}/api/admission-enquiry`, sent)).status).toBe(201);
    expect(await stored(sent.idempotencyKey)).toEqual([{ spam_reasons: null }]);
  });

  it("stores a JSON client's enquiry without a token normally, and one with a token that is not ours as spam", async () => {
    const withoutToken = validAdmission();
    const forged = validAdmission({ formToken: 'eyJhbGciOiJIUzI1NiJ9.e30.forged' });
    expect((await postJson(`${server.url}/api/admission-enquiry`, withoutToken)).status).toBe(201);
    expect((await postJson(`${server.url}/api/admission-enquiry`, forged)).status).toBe(201);
    expect(await stored(withoutToken.idempotencyKey)).toEqual([{ spam_reasons: null }]);
    expect(await stored(forged.idempotencyKey)).toEqual([{ spam_reasons: '["invalid-form-token"]' }]);
  });
});

describe('rate limit per IP, shared by REST and tRPC', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      { ENQUIRY_RATE_LIMIT: '3', ENQUIRY_RATE_WINDOW_SECONDS: '600' },
      { servePages: false },
    );
  });
  afterAll(() => server.close());

  it('answers 429 with a clear message once the limit is used up, counting both paths', async () => {
    expect((await postJson(`${server.url}/api/contact`, validContact())).status).toBe(201);
    expect((await postJson(`${server.url}/api/admission-enquiry`, validAdmission())).status).toBe(201);
    const viaTrpc = await postJson(`${server.url}/api/trpc/enquiries.submitContact`, { json: validContact() });
    expect(viaTrpc.status).toBe(200);
    const refused = await postJson(`${server.url}/api/contact`, validContact());
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as JsonAnswer;
    expect(body.message).toBe(
      `Too many enquiries have been sent from your connection. Please try again in 10 minutes, or call us on ${startingContact.phones[0].display}.`,
    );
    const refusedTrpc = await postJson(`${server.url}/api/trpc/enquiries.submitAdmission`, { json: validAdmission() });
    expect(refusedTrpc.status).toBe(429);
  });

  it('opens again when the window has passed', async () => {
    const later = Date.now() + 601_000;
    server.services.now = () => new Date(later);
    expect((await postJson(`${server.url}/api/contact`, validContact())).status).toBe(201);
  });
});

describe('rate limit per client: an IPv6 /64 counts as one', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      { ENQUIRY_RATE_LIMIT: '2', ENQUIRY_RATE_WINDOW_SECONDS: '600', TRUST_PROXY: 'loopback' },
      { servePages: false },
    );
  });
  afterAll(() => server.close());

  const from = (ip: string) => postJson(`${server.url}/api/contact`, validContact(), { 'x-forwarded-for': ip });

  it('shares one allowance across the addresses of a /64, and keeps other /64s and IPv4 clients apart', async () => {
    expect((await from('2001:db8:1:2::1')).status).toBe(201);
    expect((await from('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).status).toBe(201);
    expect((await from('2001:0db8:0001:0002::99')).status).toBe(429);
    expect((await from('2001:db8:1:3::1')).status).toBe(201);
    expect((await from('203.0.113.7')).status).toBe(201);
    expect((await from('203.0.113.8')).status).toBe(201);
  });
});
