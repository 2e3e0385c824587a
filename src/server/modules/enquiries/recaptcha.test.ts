import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enquiryOutcomeMessages } from '#shared/enquiries/outcomeMessages.ts';
import { freePort } from '#test/support/smtpSink.ts';
import { postJson, validAdmission, validContact } from '#test/support/enquiryTestData.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';

type Verdict = { success: boolean; score?: number; action?: string; hostname?: string; 'error-codes'?: string[] };

/** A stand-in for Google's siteverify: answers what the test sets and records what it was asked. */
async function startFakeVerifier() {
  const state: { verdict: Verdict; requests: URLSearchParams[] } = { verdict: { success: true }, requests: [] };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      state.requests.push(new URLSearchParams(body));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(state.verdict));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/siteverify`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const HOST = 'www.aranya.test';
const recaptchaEnv = (verifyUrl: string) => ({
  PUBLIC_URL: `https://${HOST}`,
  RECAPTCHA_SITE_KEY: 'site-key-for-tests',
  RECAPTCHA_SECRET_KEY: 'secret-for-tests',
  RECAPTCHA_MIN_SCORE: '0.5',
  RECAPTCHA_VERIFY_URL: verifyUrl,
});

describe('reCAPTCHA v3 verification (keys set)', () => {
  let verifier: Awaited<ReturnType<typeof startFakeVerifier>>;
  let server: TestServer;
  beforeAll(async () => {
    verifier = await startFakeVerifier();
    server = await startTestServer(recaptchaEnv(verifier.url), { servePages: false });
  });
  afterAll(async () => {
    await server.close();
    await verifier.close();
  });
  beforeEach(() => {
    verifier.state.requests.length = 0;
  });

  const stored = async (table: 'contact_enquiries' | 'admission_enquiries', key: string) =>
    (await server.services.storage.db.selectFrom(table).select('id').where('idempotency_key', '=', key).execute())
      .length;
  const spamReasonsOf = async (key: string) => {
    const row = await server.services.storage.db
      .selectFrom('contact_enquiries')
      .select('spam_reasons')
      .where('idempotency_key', '=', key)
      .executeTakeFirstOrThrow();
    return row.spam_reasons === null ? null : JSON.parse(row.spam_reasons);
  };

  it('hands the site key to the form', async () => {
    expect((await server.services.enquiries.formSession()).recaptchaSiteKey).toBe('site-key-for-tests');
  });

  it('accepts a good score for the right action and hostname, sending secret, token and IP to the verifier', async () => {
    verifier.state.verdict = { success: true, score: 0.9, action: 'submit_contact_form', hostname: HOST };
    const sent = validContact({ token: 'token-1' });
    expect((await postJson(`${server.url}/api/contact`, sent)).status).toBe(201);
    expect(await spamReasonsOf(sent.idempotencyKey)).toBeNull();
    expect(Object.fromEntries(verifier.state.requests[0]!)).toEqual({
      secret: 'secret-for-tests',
      response: 'token-1',
      remoteip: '127.0.0.1',
    });
  });

  it('checks the admission form against its own action', async () => {
    verifier.state.verdict = { success: true, score: 0.7, action: 'admission_form', hostname: HOST };
    const sent = validAdmission({ token: 'token-2' });
    expect((await postJson(`${server.url}/api/admission-enquiry`, sent)).status).toBe(201);
    expect(await stored('admission_enquiries', sent.idempotencyKey)).toBe(1);
  });

  const verdictsAgainst: [string, Verdict, string][] = [
    [
      'a low score',
      { success: true, score: 0.3, action: 'submit_contact_form', hostname: HOST },
      'recaptcha-low-score',
    ],
    ['another action', { success: true, score: 0.9, action: 'admission_form', hostname: HOST }, 'recaptcha-failed'],
    [
      'another hostname',
      { success: true, score: 0.9, action: 'submit_contact_form', hostname: 'evil.example' },
      'recaptcha-failed',
    ],
    [
      'a token Google did not accept (forged, expired or replayed)',
      { success: false, 'error-codes': ['timeout-or-duplicate'] },
      'recaptcha-failed',
    ],
  ];
  for (const [situation, verdict, reason] of verdictsAgainst) {
    it(`keeps an enquiry with ${situation} in the Spam folder, answering as for any other`, async () => {
      verifier.state.verdict = verdict;
      const sent = validContact({ token: 'token-3' });
      const response = await postJson(`${server.url}/api/contact`, sent);
      expect(response.status).toBe(201);
      expect(((await response.json()) as { message: string }).message).toBe(enquiryOutcomeMessages.contact.success);
      expect(await spamReasonsOf(sent.idempotencyKey)).toEqual([reason]);
    });
  }

  it('accepts and logs an enquiry without a token (the script failed on the phone), without asking the verifier', async () => {
    const sent = validContact();
    expect((await postJson(`${server.url}/api/contact`, sent)).status).toBe(201);
    expect(await stored('contact_enquiries', sent.idempotencyKey)).toBe(1);
    expect(verifier.state.requests).toHaveLength(0);
    expect(server.log.records).toContainEqual(
      expect.objectContaining({
        message: 'reCAPTCHA not verified; enquiry accepted',
        fields: expect.objectContaining({ reason: 'no token sent' }),
      }),
    );
  });

  it('does not ask Google about an enquiry that already gave itself away', async () => {
    const sent = validContact({ token: 'token-5', website: 'filled by a bot' });
    expect((await postJson(`${server.url}/api/contact`, sent)).status).toBe(201);
    expect(await spamReasonsOf(sent.idempotencyKey)).toEqual(['honeypot']);
    expect(verifier.state.requests).toHaveLength(0);
  });
});

describe('reCAPTCHA verifier down', () => {
  it('accepts and logs the enquiry when nothing answers at the verify URL', async () => {
    const port = await freePort();
    const server = await startTestServer(recaptchaEnv(`http://127.0.0.1:${port}/siteverify`), { servePages: false });
    try {
      const sent = validAdmission({ token: 'token-4' });
      expect((await postJson(`${server.url}/api/admission-enquiry`, sent)).status).toBe(201);
      const rows = await server.services.storage.db
        .selectFrom('admission_enquiries')
        .select('id')
        .where('idempotency_key', '=', sent.idempotencyKey)
        .execute();
      expect(rows).toHaveLength(1);
      expect(server.log.records).toContainEqual(
        expect.objectContaining({
          message: 'reCAPTCHA not verified; enquiry accepted',
          fields: expect.objectContaining({ reason: expect.stringMatching(/^verifier unreachable/) }),
        }),
      );
    } finally {
      await server.close();
    }
  });
});
