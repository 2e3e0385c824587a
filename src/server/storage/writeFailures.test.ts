import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { loginCookie, postJson as postStaffJson, testStaffEnv } from '#test/support/testLogin.ts';
import { postForm, postJson, validContact } from '#test/support/enquiryTestData.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { insertTestContacts } from '#test/support/testEnquiries.ts';
import { fillTheDisk, freeTheDisk, untilRefused } from '#test/support/fullDisk.ts';

const errorsLogged = (server: TestServer) => server.log.records.filter((record) => record.level === 'error');

describe('when the disk is full', { timeout: 30_000 }, () => {
  let server: TestServer;
  afterEach(() => server.close());

  it('logs the real cause of a failed write, not the rollback that followed it', async () => {
    server = await startTestServer({ ...testStaffEnv }, { servePages: false });
    const ids = await insertTestContacts(
      server.services.storage.db,
      Array.from({ length: 50 }, () => ({ createdAt: '2026-11-20T10:00:00.000Z' })),
    );
    const cookie = await loginCookie(server.url);
    fillTheDisk(server);

    const remarks = (attempt: number) => `Called back, attempt ${attempt}. `.repeat(80).slice(0, 2000);
    const answer = await untilRefused((attempt) =>
      postStaffJson(
        `${server.url}/api/trpc/dashboard.update`,
        { json: { kind: 'contact', id: ids[attempt], remarks: remarks(attempt) } },
        { cookie },
      ),
    );
    expect(answer.status).toBe(503);
    expect(((await answer.json()) as { error: { json: { message: string } } }).error.json.message).toBe(
      'The website cannot save anything just now. Please try again in a few minutes.',
    );
    const enquiry = await untilRefused(() =>
      postJson(
        `${server.url}/api/contact`,
        validContact({ message: 'Is there a place in the Primary class? '.repeat(60) }),
      ),
    );
    expect(enquiry.status).toBe(503);

    const logged = JSON.stringify(errorsLogged(server));
    expect(errorsLogged(server).map((record) => record.message)).toEqual([
      'tRPC procedure failed',
      'Enquiry could not be stored',
    ]);
    expect(logged.match(/database or disk is full/g)).toHaveLength(2);
    expect(logged).not.toContain('cannot rollback');
  });

  it('makes /healthz answer 503 while writes fail, and ok once they work again', async () => {
    server = await startTestServer({ ENQUIRY_RATE_LIMIT: '1000' }, { servePages: false });
    let clock = Date.now();
    server.services.now = () => new Date(clock);
    const health = async () => {
      const response = await fetch(`${server.url}/healthz`);
      return {
        status: response.status,
        body: (await response.json()) as unknown,
        cache: response.headers.get('cache-control'),
      };
    };
    const bigEnquiry = () =>
      postJson(
        `${server.url}/api/contact`,
        validContact({ message: 'We are moving to Perungudi in June. '.repeat(60) }),
      );

    expect(await health()).toEqual({ status: 200, body: { status: 'ok' }, cache: 'no-store' });

    fillTheDisk(server);
    expect((await untilRefused(bigEnquiry)).status).toBe(503);
    // Right away: the failed write is remembered, whenever the last check ran.
    expect(await health()).toEqual({ status: 503, body: { status: 'unwritable' }, cache: 'no-store' });
    clock += 60_000;
    // A fresh check finds the database still cannot grow.
    expect((await health()).status).toBe(503);

    freeTheDisk(server);
    clock += 60_000;
    expect(await health()).toEqual({ status: 200, body: { status: 'ok' }, cache: 'no-store' });
    expect((await bigEnquiry()).status).toBe(201);

    // With no enquiry arriving at all, the check itself finds out.
    fillTheDisk(server);
    clock += 60_000;
    expect((await health()).status).toBe(503);

    const storageRecords = server.log.records.filter((record) => record.message.startsWith('Storage'));
    expect(storageRecords.map((record) => [record.level, record.message])).toEqual([
      ['error', 'Storage cannot take writes'],
      ['info', 'Storage takes writes again'],
      ['error', 'Storage cannot take writes'],
    ]);
    expect(JSON.stringify(storageRecords[0])).toContain('database or disk is full');
  });

  it('answers an enquiry it cannot store for now with 503 and Retry-After, on every door, and stores it once the disk has room', async () => {
    server = await startTestServer({ ENQUIRY_RATE_LIMIT: '1000' }, { servePages: false });
    const message = 'We are moving to Perungudi in June and would like to visit. '.repeat(40);
    fillTheDisk(server);

    // The JSON API.
    const kept = validContact({ message });
    const json = await untilRefused(() =>
      postJson(`${server.url}/api/contact`, { ...kept, idempotencyKey: randomUUID() }),
    );
    expect(json.status).toBe(503);
    expect(json.headers.get('retry-after')).toBe('60');
    expect(((await json.json()) as { message: string }).message).toMatch(
      /^Your enquiry was not received: our website cannot store it just now\. Please try again in a few minutes, or call us on /,
    );

    // What the forms call: the code says the failure will pass, so the form keeps the enquiry to send again.
    const trpc = await postJson(`${server.url}/api/trpc/enquiries.submitContact`, { json: kept });
    expect(trpc.status).toBe(503);
    expect(trpc.headers.get('retry-after')).toBe('60');
    expect(((await trpc.json()) as { error: { json: { data: { code: string } } } }).error.json.data.code).toBe(
      'SERVICE_UNAVAILABLE',
    );

    // A form posted without JavaScript: a page that says so, with the answers kept in the form.
    const page = await postForm(`${server.url}/api/contact`, { ...validContact({ message }), website: '' } as Record<
      string,
      string
    >);
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('60');
    const html = await page.text();
    expect(html).toContain(
      'Your enquiry was not received: our website cannot store it just now. Please try again in a few minutes',
    );
    expect(html).toContain('Perungudi');

    freeTheDisk(server);
    const sent = await postJson(`${server.url}/api/trpc/enquiries.submitContact`, { json: kept });
    expect(sent.status).toBe(200);
    expect(
      await server.services.storage.db
        .selectFrom('contact_enquiries')
        .select('id')
        .where('idempotency_key', '=', kept.idempotencyKey)
        .execute(),
    ).toHaveLength(1);
  });
});
