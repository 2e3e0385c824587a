import { afterEach, describe, expect, it } from 'vitest';
import { loginCookie, postJson as postStaffJson, testStaffEnv } from '../../../test/support/testLogin';
import { postJson, validContact } from '../../../test/support/enquiryTestData';
import { startTestServer, type TestServer } from '../../../test/support/testServer';
import { insertTestContacts } from '../../../test/support/testEnquiries';

/**
 * A full disk, simulated: SQLite refuses to grow the database file past max_page_count (setting
 * it below the current size pins it there) and fails the write with SQLITE_FULL, "database or disk
 * is full", as it does when the disk itself is full.
 */
function fillTheDisk(server: TestServer) {
  server.services.storage.sqlite.pragma('max_page_count = 1');
}

function freeTheDisk(server: TestServer) {
  server.services.storage.sqlite.pragma('max_page_count = 1000000');
}

/** Writes until one is refused: the pages the database already has take a few first. */
async function untilRefused(write: (attempt: number) => Promise<Response>): Promise<Response> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await write(attempt);
    if (!response.ok) return response;
  }
  throw new Error('Every write was accepted: the disk did not fill');
}

const errorsLogged = (server: TestServer) => server.log.records.filter((record) => record.level === 'error');

describe('when the disk is full', { timeout: 30_000 }, () => {
  let server: TestServer;
  afterEach(() => server.close());

  it('logs the real cause of a failed write, not the rollback that followed it', async () => {
    server = await startTestServer({ ...testStaffEnv }, { servePages: false });
    const ids = await insertTestContacts(server.services.storage.db, Array.from({ length: 50 }, () => ({ createdAt: '2026-11-20T10:00:00.000Z' })));
    const cookie = await loginCookie(server.url);
    fillTheDisk(server);

    const remarks = (attempt: number) => `Called back, attempt ${attempt}. `.repeat(80).slice(0, 2000);
    const answer = await untilRefused((attempt) =>
      postStaffJson(`${server.url}/api/trpc/dashboard.update`, { json: { kind: 'contact', id: ids[attempt], remarks: remarks(attempt) } }, { cookie }),
    );
    expect(answer.status).toBe(500);
    expect(((await answer.json()) as { error: { json: { message: string } } }).error.json.message).toBe('Something went wrong. Please try again.');
    const enquiry = await untilRefused(() => postJson(`${server.url}/api/contact`, validContact({ message: 'Is there a place in the Primary class? '.repeat(60) })));
    expect(enquiry.status).toBe(500);

    const logged = JSON.stringify(errorsLogged(server));
    expect(errorsLogged(server).map((record) => record.message)).toEqual(['tRPC procedure failed', 'Enquiry could not be stored']);
    expect(logged.match(/database or disk is full/g)).toHaveLength(2);
    expect(logged).not.toContain('cannot rollback');
  });

  it('makes /healthz answer 503 while writes fail, and ok once they work again', async () => {
    server = await startTestServer({ ENQUIRY_RATE_LIMIT: '1000' }, { servePages: false });
    let clock = Date.now();
    server.services.now = () => new Date(clock);
    const health = async () => {
      const response = await fetch(`${server.url}/healthz`);
      return { status: response.status, body: (await response.json()) as unknown, cache: response.headers.get('cache-control') };
    };
    const bigEnquiry = () => postJson(`${server.url}/api/contact`, validContact({ message: 'We are moving to Perungudi in June. '.repeat(60) }));

    expect(await health()).toEqual({ status: 200, body: { status: 'ok' }, cache: 'no-store' });

    fillTheDisk(server);
    expect((await untilRefused(bigEnquiry)).status).toBe(500);
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
});
