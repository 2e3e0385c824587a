import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARENT_REMEMBER_DAYS } from '#shared/parents/parentsCorner.ts';
import { STAFF_LINK_HOURS } from '#shared/staff/accounts.ts';
import { invitedParent, PARENT_PASSWORD, parentCall } from '#test/support/parentsApi.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtpSink.ts';
import { signedInStaffApi } from '#test/support/staffApi.ts';
import { testStaffEnv } from '#test/support/testLogin.ts';
import { insertTestContacts } from '#test/support/testEnquiries.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';

describe('the request scope', { timeout: 30_000 }, () => {
  let server: TestServer;
  // Mail on, so that a parent's invitation reaches them.
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(
      { ...testStaffEnv, SMTP_URL: sink.url, NOTIFY_EMAIL: 'office@scope.test', MAIL_FROM: 'Web <web@scope.test>' },
      { servePages: false },
    );
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  /** From here on, each read of the clock is a second later than the one before; answers the reads. */
  function movingClock(): string[] {
    const start = Date.now();
    const reads: string[] = [];
    server.services.now = () => {
      const at = new Date(start + reads.length * 1000);
      reads.push(at.toISOString());
      return at;
    };
    return reads;
  }

  it('gives a request one time: a change and its audit entry carry it, however the clock moves while it runs', async () => {
    const api = await signedInStaffApi(server);
    const db = server.services.storage.db;
    const [id] = await insertTestContacts(db, [{ createdAt: '2026-11-01T03:00:00.000Z' }]);
    const reads = movingClock();

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

  it("gives the Owner's staff page one time too: a new account, its link and both audit entries carry it", async () => {
    const api = await signedInStaffApi(server);
    const db = server.services.storage.db;
    const reads = movingClock();

    const invited = await api.mutate('staff.invite', {
      name: 'Meena Raman',
      email: 'meena@example.in',
      role: 'office',
    });
    expect(invited.status).toBe(200);

    const account = await db
      .selectFrom('staff_accounts')
      .select(['id', 'created_at'])
      .where('email', '=', 'meena@example.in')
      .executeTakeFirstOrThrow();
    const link = await db
      .selectFrom('staff_links')
      .select(['created_at', 'expires_at'])
      .where('account_id', '=', account.id)
      .executeTakeFirstOrThrow();
    const entries = await db
      .selectFrom('audit_events')
      .select(['action', 'at'])
      .where('action', 'in', ['account-created', 'link-created'])
      .orderBy('id')
      .execute();
    expect(reads.length).toBeGreaterThan(1);
    expect(account.created_at).toBe(reads[0]);
    expect(link.created_at).toBe(reads[0]);
    expect(Date.parse(link.expires_at) - Date.parse(reads[0]!)).toBe(STAFF_LINK_HOURS * 3_600_000);
    expect(entries).toEqual([
      { action: 'account-created', at: reads[0] },
      { action: 'link-created', at: reads[0] },
    ]);
  });

  it("gives a parent's sign-in one time: the session starts at it and ends exactly the remembered days after", async () => {
    const staff = await signedInStaffApi(server);
    const email = 'kavya.parent@example.in';
    await invitedParent({ server, staff, sink }, email, 'Lotus');
    const reads = movingClock();

    const signedIn = await parentCall(server, 'signIn', { email, password: PARENT_PASSWORD, rememberMe: true });
    expect(signedIn.status).toBe(200);

    const session = await server.services.storage.db
      .selectFrom('parent_sessions')
      .innerJoin('parent_guardians', 'parent_guardians.id', 'parent_sessions.guardian_id')
      .select(['parent_sessions.created_at', 'parent_sessions.expires_at'])
      .where('parent_guardians.email', '=', email)
      .where('parent_sessions.remembered', '=', 1)
      .executeTakeFirstOrThrow();
    expect(reads.length).toBeGreaterThan(0);
    expect(session.created_at).toBe(reads[0]);
    expect(Date.parse(session.expires_at) - Date.parse(session.created_at)).toBe(PARENT_REMEMBER_DAYS * 86_400_000);
  });
});
