import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaffApi } from '#test/support/staffApi.ts';
import { testStaffEnv } from '#test/support/testLogin.ts';
import { insertTestContacts } from '#test/support/testEnquiries.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';

describe('the request scope', { timeout: 30_000 }, () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ ...testStaffEnv }, { servePages: false });
  });
  afterAll(() => server.close());

  it('gives a request one time: a change and its audit entry carry it, however the clock moves while it runs', async () => {
    const api = await signedInStaffApi(server);
    const db = server.services.storage.db;
    const [id] = await insertTestContacts(db, [{ createdAt: '2026-11-01T03:00:00.000Z' }]);
    // Each read of the clock is a second later than the one before, from here on.
    const start = Date.now();
    const reads: string[] = [];
    server.services.now = () => {
      const at = new Date(start + reads.length * 1000);
      reads.push(at.toISOString());
      return at;
    };

    expect((await api.mutate('dashboard.update', { kind: 'contact', id, status: 'responded' })).status).toBe(200);

    const changes = await db
      .selectFrom('enquiry_history')
      .select(['field', 'changed_at'])
      .where('enquiry_id', '=', id!)
      .execute();
    const entry = await db
      .selectFrom('audit_events')
      .select('at')
      .where('action', '=', 'status-change')
      .executeTakeFirstOrThrow();
    expect(reads.length).toBeGreaterThan(1);
    // The scope is built as the request arrives, before the session is checked against the clock.
    expect(changes).toEqual([
      { field: 'status', changed_at: reads[0] },
      { field: 'isRead', changed_at: reads[0] },
    ]);
    expect(entry.at).toBe(reads[0]);
  });
});
