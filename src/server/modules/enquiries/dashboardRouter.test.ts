import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnquiryListPage } from '#shared/dashboard/index.ts';
import { loginCookie, postJson, testStaffEnv } from '#test/support/testLogin.ts';
import { insertTestAdmissions, insertTestContacts } from '#test/support/testEnquiries.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { textMessages } from '#shared/enquiries/fields.ts';

/** Calls a tRPC procedure over real HTTP as the dashboard does (superjson envelope). */
function trpc(server: TestServer, cookie: string) {
  return {
    cookie,
    async query<T>(path: string, input?: unknown): Promise<T> {
      const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
      const response = await fetch(`${server.url}/api/trpc/${path}${query}`, { headers: { cookie } });
      const body = await response.json();
      if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
      return body.result.data.json as T;
    },
    async mutate<T>(path: string, input: unknown): Promise<{ status: number; data: T }> {
      const response = await postJson(`${server.url}/api/trpc/${path}`, { json: input }, { cookie });
      const body = await response.json();
      return { status: response.status, data: (body.result?.data.json ?? body.error?.json) as T };
    },
  };
}

describe('the workbench', { timeout: 30_000 }, () => {
  let server: TestServer;
  let api: ReturnType<typeof trpc>;
  let contactIds: number[];
  let admissionIds: number[];

  beforeAll(async () => {
    server = await startTestServer({ ...testStaffEnv }, { servePages: false });
    const db = server.services.storage.db;
    contactIds = await insertTestContacts(db, [
      {
        createdAt: '2026-11-01T03:00:00.000Z',
        name: 'Anitha Subramanian',
        email: 'anitha@example.com',
        phone: '9840011111',
      },
      {
        createdAt: '2026-11-02T03:00:00.000Z',
        name: 'Ravi Shankar',
        email: 'ravi@example.org',
        phone: '9840022222',
        status: 'responded',
        isRead: true,
      },
      {
        createdAt: '2026-11-03T03:00:00.000Z',
        name: 'அருண் குமார்',
        email: 'arun@example.com',
        phone: '9840033333',
        type: 'feedback',
      },
    ]);
    admissionIds = await insertTestAdmissions(
      db,
      Array.from({ length: 30 }, (_, index) => ({
        // 2026-11-01 00:30 IST onward, one a day; day boundaries are tested in IST below.
        createdAt: new Date(Date.parse('2026-10-31T19:00:00.000Z') + index * 86_400_000).toISOString(),
        studentName: index === 7 ? 'Meenakshi Raj' : `Child ${index}`,
        parentName: `Parent ${index}`,
        email: `parent${index}@example.com`,
        phone: String(9000000100 + index),
        programOfInterest: ['toddler', 'primary', 'elementary', 'adolescent'][index % 4],
        status: index % 3 === 0 ? ('responded' as const) : ('pending' as const),
        isRead: index % 3 === 0,
      })),
    );
    api = trpc(server, await loginCookie(server.url));
  });
  afterAll(() => server.close());

  it('lists newest first with counts and pages', async () => {
    const first = await api.query<EnquiryListPage>('dashboard.list', { kind: 'admission', pageSize: 10 });
    expect(first).toMatchObject({ kind: 'admission', total: 30, page: 1, pageSize: 10, pageCount: 3 });
    expect(first.rows.map((row) => row.id)).toEqual(admissionIds.slice(20).reverse());
    const third = await api.query<EnquiryListPage>('dashboard.list', { kind: 'admission', pageSize: 10, page: 3 });
    expect(third.rows.map((row) => row.id)).toEqual(admissionIds.slice(0, 10).reverse());
    const counts = await api.query('dashboard.counts');
    expect(counts).toEqual({ contact: { total: 3, unread: 2 }, admission: { total: 30, unread: 20 }, spam: 0 });
  });

  it('reads rows with every answer under its field name, and the office work', async () => {
    const page = await api.query<EnquiryListPage>('dashboard.list', { kind: 'contact', search: 'Ravi' });
    expect(page.rows).toEqual([
      {
        id: contactIds[1],
        createdAt: '2026-11-02T03:00:00.000Z',
        name: 'Ravi Shankar',
        email: 'ravi@example.org',
        countryCode: '+91',
        phone: '9840022222',
        type: 'general',
        message: 'We would like to visit the school.',
        status: 'responded',
        isRead: true,
        remarks: '',
      },
    ]);
  });

  it('searches names, email and phone digits, including non-Latin names and short text', async () => {
    const ids = async (input: object) =>
      (await api.query<EnquiryListPage>('dashboard.list', input)).rows.map((row) => row.id);
    expect(await ids({ kind: 'contact', search: 'anitha' })).toEqual([contactIds[0]]);
    expect(await ids({ kind: 'contact', search: 'example.org' })).toEqual([contactIds[1]]);
    expect(await ids({ kind: 'contact', search: '98400 33333' })).toEqual([contactIds[2]]);
    expect(await ids({ kind: 'contact', search: 'அருண்' })).toEqual([contactIds[2]]);
    expect(await ids({ kind: 'contact', search: 'Sh' })).toEqual([contactIds[1]]);
    expect(await ids({ kind: 'admission', search: 'meenakshi' })).toEqual([admissionIds[7]]);
    expect(await ids({ kind: 'admission', search: 'parent 12' })).toEqual([admissionIds[12]]);
    expect(await ids({ kind: 'admission', search: '100%' })).toEqual([]);
    // Counted in the full-text index alone, and through the table when other filters join in.
    const total = async (input: object) => (await api.query<EnquiryListPage>('dashboard.list', input)).total;
    expect(await total({ kind: 'admission', search: 'Parent 1' })).toBe(11);
    expect(await total({ kind: 'admission', search: 'Parent 1', status: 'responded' })).toBe(3);
  });

  it('filters by status, program and a date range in the school time zone', async () => {
    const list = (input: object) =>
      api.query<EnquiryListPage>('dashboard.list', { kind: 'admission', pageSize: 100, ...input });
    expect((await list({ status: 'responded' })).total).toBe(10);
    expect((await list({ status: 'pending' })).total).toBe(20);
    const toddlers = await list({ program: 'toddler' });
    expect(toddlers.total).toBe(8);
    expect(toddlers.rows.every((row) => 'programOfInterest' in row && row.programOfInterest === 'toddler')).toBe(true);
    expect((await list({ program: 'toddler', status: 'responded' })).total).toBe(3);
    // Rows fall at 00:30 IST each day from Nov 1: Nov 3 to Nov 5 inclusive holds three of them.
    const range = await list({ from: '2026-11-03', to: '2026-11-05' });
    expect(range.rows.map((row) => row.id)).toEqual([admissionIds[4], admissionIds[3], admissionIds[2]]);
    expect((await list({ from: '', to: '', search: '' })).total).toBe(30);
  });

  it('stores status, mark-as-responded and remarks, visible in a fresh read, with history', async () => {
    const id = contactIds[0]!;
    const statusChange = await api.mutate('dashboard.update', { kind: 'contact', id, status: 'responded' });
    expect(statusChange.status).toBe(200);
    expect(statusChange.data).toMatchObject({ id, status: 'responded', isRead: true });
    await api.mutate('dashboard.update', { kind: 'contact', id, status: 'pending' });
    const remarks = await api.mutate('dashboard.update', {
      kind: 'contact',
      id,
      remarks: '  Called back, visiting Monday  ',
    });
    expect(remarks.data).toMatchObject({ remarks: 'Called back, visiting Monday' });

    const admission = admissionIds[1]!;
    await api.mutate('dashboard.markRead', { kind: 'admission', id: admission });
    const responded = await api.mutate('dashboard.markResponded', { kind: 'admission', id: admission });
    expect(responded.data).toMatchObject({ status: 'responded', isRead: true });

    // A fresh login (another browser) reads what was stored.
    const other = trpc(server, await loginCookie(server.url));
    const contact = (await other.query<EnquiryListPage>('dashboard.list', { kind: 'contact', search: 'anitha' }))
      .rows[0];
    expect(contact).toMatchObject({ status: 'pending', isRead: true, remarks: 'Called back, visiting Monday' });
    const snapshot = await (
      await fetch(`${server.url}/api/admin/submissions`, { headers: { cookie: await loginCookie(server.url) } })
    ).json();
    expect(snapshot.admissionSubmissions.find((row: { id: number }) => row.id === admission)).toMatchObject({
      status: 'responded',
      isRead: true,
    });

    const history = await other.query<{ field: string; oldValue: string; newValue: string; changedAt: string }[]>(
      'dashboard.history',
      { kind: 'contact', id },
    );
    expect(history.map(({ field, oldValue, newValue }) => ({ field, oldValue, newValue }))).toEqual([
      { field: 'status', oldValue: 'pending', newValue: 'responded' },
      { field: 'isRead', oldValue: 'false', newValue: 'true' },
      { field: 'status', oldValue: 'responded', newValue: 'pending' },
      { field: 'remarks', oldValue: '', newValue: 'Called back, visiting Monday' },
    ]);
    expect(history.every((entry) => !Number.isNaN(Date.parse(entry.changedAt)))).toBe(true);
    const admissionHistory = await other.query<{ field: string }[]>('dashboard.history', {
      kind: 'admission',
      id: admission,
    });
    expect(admissionHistory.map((entry) => entry.field)).toEqual(['isRead', 'status']);
  });

  it('keeps history append-only in the database itself', async () => {
    const { db } = server.services.storage;
    await expect(sql`update enquiry_history set new_value = 'forged'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from enquiry_history`.execute(db)).rejects.toThrow(/append-only/);
  });

  it('refuses a search with a NUL or another control character in a plain sentence, never a 500', async () => {
    for (const search of ['abc\0def', 'a\0', '\0', 'Ravi\u0007', 'x\u001b[0m']) {
      const input = encodeURIComponent(JSON.stringify({ json: { kind: 'contact', search } }));
      const response = await fetch(`${server.url}/api/trpc/dashboard.list?input=${input}`, {
        headers: { cookie: api.cookie },
      });
      expect(response.status, JSON.stringify(search)).toBe(400);
      const { error } = (await response.json()) as {
        error: { json: { message: string; data: { fieldErrors: Record<string, string[]> } } };
      };
      expect(error.json.message).toBe(textMessages.control);
      expect(error.json.data.fieldErrors).toEqual({ search: [textMessages.control] });
    }
    expect(server.log.records.filter((record) => record.level === 'error')).toEqual([]);
  });

  it('refuses unknown rows and oversized remarks', async () => {
    expect((await api.mutate('dashboard.markResponded', { kind: 'contact', id: 999_999 })).status).toBe(404);
    expect(
      (await api.mutate('dashboard.update', { kind: 'contact', id: contactIds[0], remarks: 'x'.repeat(2001) })).status,
    ).toBe(400);
    expect((await api.mutate('dashboard.update', { kind: 'contact', id: contactIds[0] })).status).toBe(400);
  });

  it('answers GET /api/admin/submissions with both lists in the spec shape', async () => {
    const response = await fetch(`${server.url}/api/admin/submissions`, {
      headers: { cookie: await loginCookie(server.url), accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(['admissionSubmissions', 'contactSubmissions']);
    expect(body.contactSubmissions).toHaveLength(3);
    expect(body.admissionSubmissions).toHaveLength(30);
    expect(Object.keys(body.contactSubmissions[0]).sort()).toEqual([
      'createdAt',
      'email',
      'id',
      'isRead',
      'message',
      'name',
      'phone',
      'remarks',
      'status',
      'type',
    ]);
    expect(Object.keys(body.admissionSubmissions[0]).sort()).toEqual(
      [
        'childAge',
        'childName',
        'createdAt',
        'email',
        'id',
        'isRead',
        'message',
        'parentName',
        'phone',
        'program',
        'remarks',
        'status',
      ].sort(),
    );
    expect(body.admissionSubmissions[0].childAge).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
