import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForm, postJson, submitThroughForm, validAdmission, validContact } from '#test/support/enquiryTestData.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';

const HOUR = 60 * 60_000;

async function spamReasonsOf(
  server: TestServer,
  table: 'contact_enquiries' | 'admission_enquiries',
  key: string,
): Promise<unknown> {
  const row = await server.services.storage.db
    .selectFrom(table)
    .select('spam_reasons')
    .where('idempotency_key', '=', key)
    .executeTakeFirstOrThrow();
  return row.spam_reasons === null ? null : JSON.parse(row.spam_reasons);
}

describe('form tokens', { timeout: 30_000 }, () => {
  let server: TestServer;
  let clock: number;
  const formToken = async () => (await server.services.enquiries.formSession()).formToken;

  beforeAll(async () => {
    server = await startTestServer(
      { ENQUIRY_MIN_FILL_SECONDS: '3', ENQUIRY_RATE_LIMIT: '1000' },
      { servePages: false },
    );
    clock = Date.parse('2026-11-20T04:00:00.000Z');
    server.services.now = () => new Date(clock);
  });
  afterAll(() => server.close());

  it('are good for 24 hours: a form open for longer is stored as spam (stale), not lost', async () => {
    const token = await formToken();
    clock += 24 * HOUR - 60_000;
    const inTime = validContact({ formToken: token });
    expect((await submitThroughForm(server.url, 'contact', inTime)).status).toBe(200);
    expect(await spamReasonsOf(server, 'contact_enquiries', inTime.idempotencyKey)).toBeNull();

    const late = await formToken();
    clock += 24 * HOUR + 1_000;
    const stale = validAdmission({ formToken: late });
    const answer = await submitThroughForm(server.url, 'admission', stale);
    expect(answer.status).toBe(200);
    expect(answer.id).toBeGreaterThan(0);
    expect(await spamReasonsOf(server, 'admission_enquiries', stale.idempotencyKey)).toEqual(['stale-form-token']);
  });

  it('are good for one enquiry: its retries may send the token again, another enquiry may not', async () => {
    const token = await formToken();
    clock += 10_000;
    const first = validContact({ formToken: token });
    const sent = await submitThroughForm(server.url, 'contact', first);
    const retry = await submitThroughForm(server.url, 'contact', first);
    expect(retry.id).toBe(sent.id);
    expect(await spamReasonsOf(server, 'contact_enquiries', first.idempotencyKey)).toBeNull();

    const other = validContact({ formToken: token, name: 'Replayed Token' });
    expect((await submitThroughForm(server.url, 'contact', other)).status).toBe(200);
    expect(await spamReasonsOf(server, 'contact_enquiries', other.idempotencyKey)).toEqual(['reused-form-token']);
  });

  it('are refused when two enquiries send the same one at the same moment: one is stored normally, the other as spam', async () => {
    const token = await formToken();
    clock += 10_000;
    const racing = [validContact({ formToken: token }), validContact({ formToken: token })];
    await Promise.all(racing.map((input) => submitThroughForm(server.url, 'contact', input)));
    const verdicts = await Promise.all(
      racing.map((input) => spamReasonsOf(server, 'contact_enquiries', input.idempotencyKey)),
    );
    expect(verdicts.sort()).toEqual([null, ['reused-form-token']].sort());
  });

  it('are required on the forms\u2019 own path (tRPC): missing or not ours, the enquiry is spam; a post without JavaScript and a JSON client need none', async () => {
    const missing = validContact();
    const forged = validContact({ formToken: 'eyJhbGciOiJIUzI1NiJ9.e30.forged' });
    await submitThroughForm(server.url, 'contact', missing);
    await submitThroughForm(server.url, 'contact', forged);
    expect(await spamReasonsOf(server, 'contact_enquiries', missing.idempotencyKey)).toEqual(['no-form-token']);
    expect(await spamReasonsOf(server, 'contact_enquiries', forged.idempotencyKey)).toEqual(['invalid-form-token']);

    const posted = validContact({ email: 'posted-without-script@example.in' });
    // Sent before the page's script arrived (slow 4G), or with JavaScript off: it must reach the office.
    expect((await postForm(`${server.url}/api/contact`, posted as unknown as Record<string, string>)).status).toBe(200);
    expect(await spamReasonsOf(server, 'contact_enquiries', posted.idempotencyKey)).toBeNull();

    const integrator = validAdmission();
    expect((await postJson(`${server.url}/api/admission-enquiry`, integrator)).status).toBe(201);
    expect(await spamReasonsOf(server, 'admission_enquiries', integrator.idempotencyKey)).toBeNull();
  });
});

describe('form tokens across a restart (no SESSION_SECRET)', { timeout: 30_000 }, () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'form-tokens-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('stay readable, and a used one stays used', async () => {
    const env = { ENQUIRY_MIN_FILL_SECONDS: '0' };
    const before = await startTestServer(env, { servePages: false, dataDir });
    const used = (await before.services.enquiries.formSession()).formToken;
    const open = (await before.services.enquiries.formSession()).formToken;
    const first = validContact({ formToken: used });
    await submitThroughForm(before.url, 'contact', first);
    await before.close();

    const after = await startTestServer(env, { servePages: false, dataDir });
    try {
      const replay = validContact({ formToken: used });
      const fresh = validContact({ formToken: open });
      await submitThroughForm(after.url, 'contact', replay);
      await submitThroughForm(after.url, 'contact', fresh);
      expect(await spamReasonsOf(after, 'contact_enquiries', first.idempotencyKey)).toBeNull();
      expect(await spamReasonsOf(after, 'contact_enquiries', replay.idempotencyKey)).toEqual(['reused-form-token']);
      expect(await spamReasonsOf(after, 'contact_enquiries', fresh.idempotencyKey)).toBeNull();
    } finally {
      await after.close();
    }
  });
});
