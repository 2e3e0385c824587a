import { subDays } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '#shared/staff/auditTrail.ts';
import { validAdmission } from '#test/support/enquiryTestData.ts';
import { addStaffAccount, loginCookie, postJson, TEST_ADMIN_PASSWORD, testStaffEnv } from '#test/support/testLogin.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { appRouter } from '#server/api/root.ts';

const OFFICE = { email: 'arul@example.in', name: 'Arul Selvam', password: 'arul keeps a long password' };
const parent = {
  name: 'Revathi Subramanian',
  email: 'revathi.audit@example.in',
  phone: '9123456780',
  child: 'Nila Subramanian',
};

describe('the audit trail', { timeout: 60_000 }, () => {
  let server: TestServer;
  let owner: string;
  let office: string;
  let enquiryId: number;
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  const trail = async (query: Record<string, unknown> = {}): Promise<AuditPage> => {
    const input = encodeURIComponent(JSON.stringify({ json: query }));
    const response = await fetch(`${server.url}/api/trpc/staff.activity?input=${input}`, {
      headers: { cookie: owner },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { result: { data: { json: AuditPage } } }).result.data.json;
  };
  const call = (procedure: string, input: unknown, cookie: string, ip: string) => {
    const encoded = encodeURIComponent(JSON.stringify({ json: input }));
    return fetch(`${server.url}/api/trpc/${procedure}?input=${encoded}`, { headers: { cookie, ...from(ip) } });
  };

  beforeAll(async () => {
    server = await startTestServer({ ...testStaffEnv, TRUST_PROXY: 'loopback' }, { servePages: false });
    await addStaffAccount(server.services, { ...OFFICE, role: 'office' });
    const sent = await postJson(
      `${server.url}/api/admission-enquiry`,
      validAdmission({
        studentName: parent.child,
        parentName: parent.name,
        email: parent.email,
        countryCode: '+91',
        phone: parent.phone,
      }),
    );
    enquiryId = ((await sent.json()) as { id: number }).id;
    owner = await loginCookie(server.url, TEST_ADMIN_PASSWORD, from('198.51.100.1'));
    office = await loginCookie(server.url, OFFICE.password, from('198.51.100.2'), OFFICE.email);
  });
  afterAll(() => server.close());

  it('records each sign-in, failure, opening, change, export, data request and sign-out with who, when and from where, and nothing of the parent', async () => {
    const ip = '198.51.100.2';
    expect(
      (
        await postJson(
          `${server.url}/api/admin/login`,
          { email: OFFICE.email, password: 'not it at all' },
          from('203.0.113.9'),
        )
      ).status,
    ).toBe(401);
    const ref = { kind: 'admission', id: enquiryId };
    expect((await call('dashboard.history', ref, office, ip)).status).toBe(200);
    expect(
      (
        await postJson(
          `${server.url}/api/trpc/dashboard.update`,
          { json: { ...ref, status: 'responded', remarks: `Called ${parent.name}` } },
          { cookie: office, ...from(ip) },
        )
      ).status,
    ).toBe(200);
    const csv = await fetch(
      `${server.url}/api/admin/export/admission.csv?status=responded&search=${encodeURIComponent(parent.name)}`,
      { headers: { cookie: office, ...from(ip) } },
    );
    expect(csv.status).toBe(200);
    await csv.text();
    expect((await call('privacy.findPerson', { email: parent.email }, owner, '198.51.100.1')).status).toBe(200);
    const download = await fetch(
      `${server.url}/api/admin/export/person.json?email=${encodeURIComponent(parent.email)}`,
      { headers: { cookie: owner, ...from('198.51.100.1') } },
    );
    expect(download.status).toBe(200);
    expect((await postJson(`${server.url}/api/admin/logout`, {}, { cookie: office, ...from(ip) })).status).toBe(200);

    const { entries } = await trail();
    const byAction = (action: string) => entries.filter((entry) => entry.action === action);
    expect(byAction('sign-in').map((entry) => [entry.actor, entry.ip])).toEqual(
      expect.arrayContaining([
        ['Owner', '198.51.100.1'],
        ['Arul Selvam', '198.51.100.2'],
      ]),
    );
    expect(byAction('sign-in-failed')).toEqual([
      expect.objectContaining({ actor: 'Arul Selvam', ip: '203.0.113.9', details: { withEmail: true } }),
    ]);
    expect(byAction('enquiry-opened')).toEqual([expect.objectContaining({ actor: 'Arul Selvam', ip, details: ref })]);
    expect(byAction('status-change')).toEqual([
      expect.objectContaining({ actor: 'Arul Selvam', details: { ...ref, from: 'pending', to: 'responded' } }),
    ]);
    expect(byAction('remarks-change')).toEqual([expect.objectContaining({ actor: 'Arul Selvam', details: ref })]);
    expect(byAction('export')).toEqual([
      expect.objectContaining({
        actor: 'Arul Selvam',
        details: { kind: 'admission', status: 'responded', searched: true, rows: 1 },
      }),
    ]);
    expect(byAction('person-search')).toEqual([
      expect.objectContaining({ actor: 'Owner', details: { by: 'email', found: 1, families: 0 } }),
    ]);
    expect(byAction('person-download')).toEqual([
      expect.objectContaining({ actor: 'Owner', details: { enquiries: 1, families: 0 } }),
    ]);
    expect(byAction('sign-out')).toEqual([expect.objectContaining({ actor: 'Arul Selvam', ip })]);
    for (const entry of entries) expect(Date.parse(entry.at)).not.toBeNaN();
    const everything = JSON.stringify(entries);
    for (const secret of [parent.name, parent.email, parent.phone, parent.child, OFFICE.password, 'not it at all'])
      expect(everything).not.toContain(secret);
  });

  it('lets the Owner narrow the trail by person, action and date', async () => {
    const all = await trail();
    const arul = all.entries.find((entry) => entry.actor === 'Arul Selvam')?.accountId;
    const byPerson = await trail({ accountId: arul });
    expect(byPerson.total).toBeGreaterThan(0);
    expect(new Set(byPerson.entries.map((entry) => entry.actor))).toEqual(new Set(['Arul Selvam']));
    const signIns = await trail({ action: 'sign-in' });
    expect(new Set(signIns.entries.map((entry) => entry.action))).toEqual(new Set(['sign-in']));
    expect((await trail({ to: '2020-01-01' })).total).toBe(0);
    expect((await trail({ from: '2020-01-01' })).total).toBe(all.total);
  });

  it('cannot be changed through any procedure, nor in the database; only entries over a year old are ever deleted', async () => {
    const before = server.services.storage.sqlite.prepare('select * from audit_events order by id').all();
    expect(before.length).toBeGreaterThan(5);
    // Every mutation there is, called by the Owner with an input it might take: none touches the trail.
    const mutations = Object.entries(
      appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>,
    ).filter(([, procedure]) => procedure._def.type === 'mutation');
    expect(mutations.length).toBeGreaterThan(5);
    for (const [path] of mutations) {
      if (path === 'auth.logout') continue;
      await postJson(
        `${server.url}/api/trpc/${path}`,
        { json: { id: before.length, kind: 'admission', enquiries: [], reason: 'request', email: parent.email } },
        { cookie: owner },
      );
    }
    const after = server.services.storage.sqlite
      .prepare('select * from audit_events where id <= ? order by id')
      .all(before.length);
    expect(after).toEqual(before);

    const sqlite = server.services.storage.sqlite;
    expect(() => sqlite.prepare(`update audit_events set actor = 'Someone else' where id = 1`).run()).toThrow(
      /cannot be changed/,
    );
    expect(() => sqlite.prepare('delete from audit_events where id = 1').run()).toThrow(/kept for a year/);

    const insert = sqlite.prepare(
      `insert into audit_events (at, account_id, actor, action, ip) values (?, 1, 'Owner', 'sign-in', '192.0.2.1')`,
    );
    const now = new Date();
    insert.run(subDays(now, 400).toISOString());
    insert.run(subDays(now, 300).toISOString());
    const count = () => (sqlite.prepare('select count(*) as n from audit_events').get() as { n: number }).n;
    const total = count();
    await server.services.retention.purge();
    expect(count()).toBe(total - 1);
    expect(
      sqlite.prepare(`select count(*) as n from audit_events where at < ?`).get(subDays(now, 365).toISOString()),
    ).toEqual({ n: 0 });
  });
});
