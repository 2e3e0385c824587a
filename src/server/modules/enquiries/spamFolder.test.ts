import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  NotSpamResult,
  SpamPage,
  EnquiryCounts,
  EnquiryListPage,
  SubmissionsSnapshot,
} from '#shared/dashboard/index.ts';
import { loginCookie, postJson, testStaffEnv } from '#test/support/testLogin.ts';
import { loadConfig } from '#server/config.ts';
import { memoryLogger } from '#test/support/memoryLogger.ts';
import { openStorage } from '#server/storage/database.ts';
import { postForm, submitThroughForm, validAdmission, validContact } from '#test/support/enquiryTestData.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtpSink.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { createSpamFolder } from './spamFolder';
import { createSpamRepository } from './spamRepository';
import { startingContactSource } from '#test/support/schoolFacts.ts';

const OFFICE = 'office@aranya.test';
const DAY = 24 * 60 * 60_000;

/** The dashboard's tRPC calls over real HTTP with a staff session. */
function staffApi(server: TestServer, cookie: string) {
  return {
    async query<T>(procedure: string, input?: unknown): Promise<T> {
      const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
      const response = await fetch(`${server.url}/api/trpc/${procedure}${query}`, { headers: { cookie } });
      const body = await response.json();
      if (!response.ok) throw new Error(`${procedure}: ${response.status} ${JSON.stringify(body)}`);
      return body.result.data.json as T;
    },
    async mutate<T>(procedure: string, input: unknown): Promise<{ status: number; data: T }> {
      const response = await postJson(`${server.url}/api/trpc/${procedure}`, { json: input }, { cookie });
      const body = await response.json();
      return { status: response.status, data: (body.result?.data.json ?? body.error?.json) as T };
    },
  };
}

describe('the Spam folder', { timeout: 30_000 }, () => {
  let sink: SmtpSink;
  let server: TestServer;
  let api: ReturnType<typeof staffApi>;
  let clock: number;

  const formToken = async () => (await server.services.enquiries.formSession()).formToken;
  const settleMail = async () => {
    server.services.mailOutbox?.kick();
    await server.services.mailOutbox?.whenIdle();
  };
  const stored = (table: 'contact_enquiries' | 'admission_enquiries', key: string) =>
    server.services.storage.db
      .selectFrom(table)
      .select(['id', 'spam_reasons'])
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  const outboxRowsOf = (kind: 'contact' | 'admission', id: number) =>
    server.services.storage.db
      .selectFrom('outbox')
      .selectAll()
      .where('enquiry_kind', '=', kind)
      .where('enquiry_id', '=', id)
      .execute();

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(
      {
        ...testStaffEnv,
        SMTP_URL: sink.url,
        NOTIFY_EMAIL: OFFICE,
        ENQUIRY_MIN_FILL_SECONDS: '3',
        ENQUIRY_RATE_LIMIT: '1000',
      },
      { servePages: false },
    );
    clock = Date.parse('2026-11-20T04:00:00.000Z');
    server.services.now = () => new Date(clock);
    api = staffApi(server, await loginCookie(server.url));
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });
  afterEach(() => {
    sink.received.length = 0;
  });

  const honeypot = validContact({
    name: 'Cheap Pills',
    email: 'victim@example.net',
    website: 'http://cheap-pills.example',
    message: 'Buy now at http://cheap-pills.example today',
  });
  const tooFast = validAdmission({ studentName: 'Bot Child', email: 'bot@example.net' });
  const noToken = validContact({ name: 'No Token', email: 'no-token@example.net' });
  const postedWithoutScript = { ...validContact({ name: 'Ravi Shankar', email: 'ravi.nojs@example.com' }) } as Record<
    string,
    string
  >;

  it('stores each suspicious enquiry with its reasons, queues no email and answers as for any other', async () => {
    const honeypotToken = await formToken();
    clock += 4_000;
    const fastToken = await formToken();
    clock += 1_000;
    const honeypotAnswer = await submitThroughForm(server.url, 'contact', { ...honeypot, formToken: honeypotToken });
    clock += 1;
    const tooFastAnswer = await submitThroughForm(server.url, 'admission', { ...tooFast, formToken: fastToken });
    clock += 1;
    const noTokenAnswer = await submitThroughForm(server.url, 'contact', noToken);
    clock += 1;
    const formPost = await postForm(`${server.url}/api/contact`, postedWithoutScript);

    for (const answer of [honeypotAnswer, tooFastAnswer, noTokenAnswer]) {
      expect(answer.status).toBe(200);
      expect(answer.id).toBeGreaterThan(0);
    }
    expect(formPost.status).toBe(200);

    const rows = {
      honeypot: await stored('contact_enquiries', honeypot.idempotencyKey),
      tooFast: await stored('admission_enquiries', tooFast.idempotencyKey),
      noToken: await stored('contact_enquiries', noToken.idempotencyKey),
      formPost: await server.services.storage.db
        .selectFrom('contact_enquiries')
        .select(['id', 'spam_reasons'])
        .where('email', '=', 'ravi.nojs@example.com')
        .executeTakeFirst(),
    };
    expect(rows.honeypot?.id).toBe(honeypotAnswer.id);
    expect(JSON.parse(rows.honeypot?.spam_reasons ?? 'null')).toEqual(['honeypot']);
    expect(JSON.parse(rows.tooFast?.spam_reasons ?? 'null')).toEqual(['too-fast']);
    expect(JSON.parse(rows.noToken?.spam_reasons ?? 'null')).toEqual(['no-form-token']);
    // Posted before the script arrived, or without JavaScript: no token to judge, so it reaches the office.
    expect(rows.formPost?.spam_reasons).toBeNull();

    expect(await outboxRowsOf('contact', rows.honeypot!.id)).toEqual([]);
    expect(await outboxRowsOf('admission', rows.tooFast!.id)).toEqual([]);
    expect(await outboxRowsOf('contact', rows.noToken!.id)).toEqual([]);
    await settleMail();
    // Only the post without JavaScript was mailed: to the office and to its sender.
    expect(sink.received.flatMap((mail) => mail.to).sort()).toEqual([OFFICE, 'ravi.nojs@example.com'].sort());
    expect(server.log.records).toContainEqual(
      expect.objectContaining({
        message: 'Enquiry looks automated; stored in the Spam folder',
        fields: expect.objectContaining({ reasons: ['honeypot'], ip: '127.0.0.1' }),
      }),
    );
  });

  it('stores and mails an enquiry with a good form token, filled in for longer than the minimum', async () => {
    const sent = validContact({ name: 'Priya Raman', email: 'priya.real@example.in', formToken: await formToken() });
    clock += 4_000;
    const answer = await submitThroughForm(server.url, 'contact', sent);
    expect(answer.status).toBe(200);
    expect((await stored('contact_enquiries', sent.idempotencyKey))?.spam_reasons).toBeNull();
    expect(await sink.waitFor(2)).toHaveLength(2);
  });

  it("keeps spam out of the office's lists, counts, search, snapshot and CSV exports, and counts it on its own", async () => {
    const counts = await api.query<EnquiryCounts>('dashboard.counts');
    expect(counts).toEqual({ contact: { total: 2, unread: 2 }, admission: { total: 0, unread: 0 }, spam: 3 });

    const contacts = await api.query<EnquiryListPage>('dashboard.list', { kind: 'contact' });
    expect(contacts.total).toBe(2);
    expect(contacts.rows.map((row) => row.email).sort()).toEqual(['priya.real@example.in', 'ravi.nojs@example.com']);
    // A search alone is counted in the full-text index, which also holds spam.
    const search = await api.query<EnquiryListPage>('dashboard.list', { kind: 'contact', search: 'example' });
    expect([search.total, search.rows.length]).toEqual([2, 2]);
    expect((await api.query<EnquiryListPage>('dashboard.list', { kind: 'contact', search: 'Cheap Pills' })).total).toBe(
      0,
    );
    expect((await api.query<EnquiryListPage>('dashboard.list', { kind: 'admission' })).total).toBe(0);

    const cookie = await loginCookie(server.url);
    const snapshot = (await (
      await fetch(`${server.url}/api/admin/submissions`, { headers: { cookie } })
    ).json()) as SubmissionsSnapshot;
    expect(snapshot.contactSubmissions.map((row) => row.email).sort()).toEqual([
      'priya.real@example.in',
      'ravi.nojs@example.com',
    ]);
    expect(snapshot.admissionSubmissions).toEqual([]);
    const csv = await (await fetch(`${server.url}/api/admin/export/contact.csv`, { headers: { cookie } })).text();
    expect(csv).toContain('priya.real@example.in');
    for (const spammer of ['victim@example.net', 'no-token@example.net']) expect(csv).not.toContain(spammer);

    // Staff changes reach only the office's lists.
    const spamId = (await stored('contact_enquiries', honeypot.idempotencyKey))!.id;
    expect((await api.mutate('dashboard.markRead', { kind: 'contact', id: spamId })).status).toBe(404);
  });

  it('lists the Spam folder newest first, both kinds together, with the reasons', async () => {
    const page = await api.query<SpamPage>('dashboard.spam', {});
    expect(page).toMatchObject({ total: 3, page: 1, pageCount: 1 });
    expect(page.entries.map((entry) => [entry.kind, entry.row.email, entry.reasons])).toEqual([
      ['contact', 'no-token@example.net', ['no-form-token']],
      ['admission', 'bot@example.net', ['too-fast']],
      ['contact', 'victim@example.net', ['honeypot']],
    ]);
    const second = await api.query<SpamPage>('dashboard.spam', { page: 2, pageSize: 2 });
    expect(second.entries.map((entry) => entry.row.email)).toEqual(['victim@example.net']);
  });

  it('"Not spam" moves the enquiry to its list and sends the office notification and the acknowledgement then', async () => {
    const row = (await stored('contact_enquiries', noToken.idempotencyKey))!;
    const moved = await api.mutate<NotSpamResult>('dashboard.notSpam', { kind: 'contact', id: row.id });
    expect(moved).toEqual({ status: 200, data: { kind: 'contact', id: row.id, mailsQueued: 2 } });

    const mails = await sink.waitFor(2);
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual(['no-token@example.net', OFFICE].sort());
    expect(mails.find((mail) => mail.to.includes(OFFICE))?.headers.subject).toBe(
      `New contact message (Employment) from No Token (contact #${row.id})`,
    );
    await settleMail();
    expect((await outboxRowsOf('contact', row.id)).every((outbox) => outbox.sent_at !== null)).toBe(true);

    expect((await stored('contact_enquiries', noToken.idempotencyKey))?.spam_reasons).toBeNull();
    const contacts = await api.query<EnquiryListPage>('dashboard.list', { kind: 'contact' });
    expect(contacts.rows.map((entry) => entry.email)).toContain('no-token@example.net');
    expect((await api.query<EnquiryCounts>('dashboard.counts')).spam).toBe(2);

    // Once out, it is out: a second "Not spam" (another office tab) changes and sends nothing.
    const again = await api.mutate<{ message: string }>('dashboard.notSpam', { kind: 'contact', id: row.id });
    expect(again.status).toBe(404);
    expect(again.data.message).toBe('This enquiry is no longer in the Spam folder.');
    await settleMail();
    expect(sink.received).toHaveLength(2);
  });

  it('deletes spam 30 days after it arrived, and nothing else', async () => {
    const arrived = clock;
    const spam = validContact({ email: 'old-spam@example.net', website: 'filled' });
    const real = validContact({ email: 'old-real@example.net' });
    await submitThroughForm(server.url, 'contact', spam);
    await postJson(`${server.url}/api/contact`, real);

    clock = arrived + 30 * DAY - 60_000;
    await server.services.spamFolder.sweep();
    expect(await stored('contact_enquiries', spam.idempotencyKey)).toBeDefined();

    clock = arrived + 30 * DAY + 60_000;
    expect(await server.services.spamFolder.sweep()).toBe(3);
    expect(await stored('contact_enquiries', spam.idempotencyKey)).toBeUndefined();
    expect(await stored('contact_enquiries', real.idempotencyKey)).toBeDefined();
    const afterAMonth = staffApi(server, await loginCookie(server.url));
    expect((await afterAMonth.query<SpamPage>('dashboard.spam', {})).total).toBe(0);
    expect(server.log.records).toContainEqual(
      expect.objectContaining({ message: 'Old spam deleted', fields: { deleted: 3, olderThanDays: 30 } }),
    );
  });
});

describe('the spam sweep', () => {
  const oldSpam = (createdAt: string) => ({
    created_at: createdAt,
    name: 'Old Spam',
    email: 'old@example.net',
    country_code: '+91',
    phone: '9840012345',
    type: 'general',
    message: 'Buy now, buy now, buy now',
    ip: '203.0.113.9',
    user_agent: null,
    idempotency_key: randomUUID(),
    spam_reasons: JSON.stringify(['honeypot']),
  });

  it('runs when the server starts', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spam-sweep-'));
    try {
      const storage = await openStorage(dataDir);
      await storage.db
        .insertInto('contact_enquiries')
        .values(oldSpam(new Date(Date.now() - 31 * DAY).toISOString()))
        .execute();
      await storage.db
        .insertInto('contact_enquiries')
        .values(oldSpam(new Date(Date.now() - 29 * DAY).toISOString()))
        .execute();
      await storage.close();

      const server = await startTestServer({}, { servePages: false, dataDir });
      try {
        await vi.waitFor(async () => {
          const left = await server.services.storage.db.selectFrom('contact_enquiries').select('created_at').execute();
          expect(left).toHaveLength(1);
        });
      } finally {
        await server.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('runs again at its interval while the server is up', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spam-sweep-'));
    const storage = await openStorage(dataDir);
    const log = memoryLogger();
    const clock = { now: Date.parse('2026-12-01T00:00:00.000Z') };
    const folder = createSpamFolder({
      config: loadConfig({ DATA_DIR: dataDir }),
      repository: createSpamRepository(storage.db),
      outbox: undefined,
      log,
      now: () => new Date(clock.now),
      schoolContact: startingContactSource,
      followUps: { firstFollowUp: () => Promise.reject(new Error('Nothing is released in this test')) },
      intervalMs: 20,
    });
    try {
      folder.start();
      await storage.db.insertInto('contact_enquiries').values(oldSpam('2026-10-30T00:00:00.000Z')).execute();
      await vi.waitFor(() => expect(log.records.map((record) => record.message)).toContain('Old spam deleted'));
      expect(await storage.db.selectFrom('contact_enquiries').select('id').execute()).toEqual([]);
    } finally {
      folder.stop();
      await storage.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
