import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionRoles, staffRoles, type Permission, type StaffRole } from '#shared/staff/roles.ts';
import { validContact } from '#test/support/enquiryTestData.ts';
import { addStaffAccount, loginCookie, postJson, testStaffEnv } from '#test/support/testLogin.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { adminRest } from '#server/api/adminRest.ts';
import { routesOf } from '#test/support/expressRoutes.ts';
import type { ProcedureMeta } from '#server/trpc.ts';
import { hashPassword } from '#server/modules/staff/service.ts';
import { appRouter } from './root';
import { auditActorText, auditDetailsText } from '#client/features/admin/staff/auditText.ts';
import type { AuditPage } from '#shared/staff/auditTrail.ts';
import { guessableMessage } from '#test/support/guessablePasswords.ts';
import { ensureSiteBuilt } from '#test/support/siteBuild.ts';
import { procedureNeeds, restNeeds } from '#test/support/accessNeeds.ts';

const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: string; meta?: ProcedureMeta } }>,
).map(([path, procedure]) => ({ path, type: procedure._def.type, fileInput: procedure._def.meta?.fileInput === true }));

const PASSWORD = 'a long enough password for every role';
const accounts: Record<StaffRole, { email: string; name: string }> = {
  owner: { email: 'meera.owner@example.in', name: 'Meera Krishnan' },
  office: { email: 'office@example.in', name: 'Arul Selvam' },
  editor: { email: 'editor@example.in', name: 'Divya Raj' },
};

describe('staff roles', { timeout: 60_000 }, () => {
  let server: TestServer;
  const cookies = {} as Record<StaffRole, string>;

  beforeAll(async () => {
    server = await startTestServer({ ...testStaffEnv }, { servePages: false });
    for (const role of staffRoles) {
      await addStaffAccount(server.services, { ...accounts[role], role, password: PASSWORD });
      cookies[role] = await loginCookie(server.url, PASSWORD, {}, accounts[role].email);
    }
    expect((await postJson(`${server.url}/api/contact`, validContact())).status).toBe(201);
  });
  afterAll(() => server.close());

  const restRoutes = () => routesOf(adminRest(server.services));

  it('knows what every procedure and REST path needs: none is left unplaced', () => {
    expect(procedures.map((procedure) => procedure.path).sort()).toEqual(Object.keys(procedureNeeds).sort());
    expect(restRoutes().sort()).toEqual(Object.keys(restNeeds).sort());
  });

  function callProcedure({ path, type, fileInput }: (typeof procedures)[number], cookie: string): Promise<Response> {
    const input = { kind: 'contact', id: 1 };
    // An upload takes a file's bytes: the role is judged before they are read.
    if (fileInput)
      return fetch(`${server.url}/api/trpc/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', cookie },
        body: 'not a photo',
      });
    if (type === 'mutation') return postJson(`${server.url}/api/trpc/${path}`, { json: input }, { cookie });
    return fetch(`${server.url}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, {
      headers: { cookie },
    });
  }

  it.each(staffRoles)(
    'lets the %s call exactly the procedures and REST paths its role allows, and answers 403 for the rest',
    async (role) => {
      for (const procedure of procedures) {
        const { path } = procedure;
        const need = procedureNeeds[path];
        if (need === 'public' || need === undefined) continue;
        if (need === 'parent') {
          expect((await callProcedure(procedure, cookies[role])).status, `${role} on ${path}`).toBe(401);
          continue;
        }
        const allowed = need === 'signedIn' || (permissionRoles[need] as readonly StaffRole[]).includes(role);
        const response = await callProcedure(procedure, cookies[role]);
        if (allowed) expect([403, 401], `${role} on ${path}`).not.toContain(response.status);
        else expect(response.status, `${role} on ${path}`).toBe(403);
      }
      const examples: Record<string, string> = {
        'GET /submissions': '/api/admin/submissions',
        'GET /export/:kind.csv': '/api/admin/export/contact.csv',
        'GET /export/:kind.xlsx': '/api/admin/export/contact.xlsx',
        'GET /report.csv': '/api/admin/report.csv',
        'GET /export/person.json': '/api/admin/export/person.json?email=nobody@example.in',
        'GET /export/person.html': '/api/admin/export/person.html?email=nobody@example.in',
        'GET /content/preview': '/api/admin/content/preview?path=/faq',
      };
      for (const [route, url] of Object.entries(examples)) {
        const need = restNeeds[route] as Permission;
        const response = await fetch(`${server.url}${url}`, { headers: { cookie: cookies[role] } });
        const allowed = (permissionRoles[need] as readonly StaffRole[]).includes(role);
        // A preview needs the built site, which a test run without a build lacks: that is a 412, not a refusal.
        if (allowed)
          expect([200, ...(route === 'GET /content/preview' ? [412] : [])], `${role} on ${route}`).toContain(
            response.status,
          );
        else expect(response.status, `${role} on ${route}`).toBe(403);
        if (!allowed)
          expect(await response.json()).toEqual({
            message: 'Your account cannot do this. Ask the school’s Owner if you need it.',
          });
      }
    },
  );

  it("lets a parent's session open the parent procedures and no staff one", async () => {
    const at = server.services.now().toISOString();
    const family = await server.services.storage.db
      .insertInto('parent_families')
      .values({ child_name: 'Anika', class_name: 'Rose', program: 'primary', created_at: at, removed_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.services.storage.db
      .insertInto('parent_guardians')
      .values({
        family_id: family.id,
        email: 'parent@example.in',
        name: 'Lakshmi Raman',
        phone: '9840012345',
        password_hash: await hashPassword(PASSWORD),
        invited_at: at,
        accepted_at: at,
        removed_at: null,
      })
      .execute();
    const signedIn = await postJson(`${server.url}/api/trpc/parents.signIn`, {
      json: { email: 'parent@example.in', password: PASSWORD },
    });
    const parentCookie = signedIn.headers.getSetCookie().find((value) => value.startsWith('parent_session='));
    expect(signedIn.status).toBe(200);
    const cookie = parentCookie?.split(';')[0] ?? '';
    // Signing out everywhere ends this session too: it is called last.
    const endsTheSession = (path: string) => path === 'parents.signOutEverywhere';
    const inOrder = [
      ...procedures.filter((procedure) => !endsTheSession(procedure.path)),
      ...procedures.filter((procedure) => endsTheSession(procedure.path)),
    ];
    for (const procedure of inOrder) {
      const need = procedureNeeds[procedure.path];
      if (need === 'public') continue;
      const response = await callProcedure(procedure, cookie);
      if (need === 'parent') expect([401, 403], `parent on ${procedure.path}`).not.toContain(response.status);
      else expect(response.status, `parent on ${procedure.path}`).toBe(401);
    }
    // The staff REST paths refuse it too.
    expect((await fetch(`${server.url}/api/admin/submissions`, { headers: { cookie } })).status).toBe(401);
  });

  it('signs each person in by email in any letter case, and says who is signed in', async () => {
    const cookie = await loginCookie(server.url, PASSWORD, {}, accounts.office.email.toUpperCase());
    const session = await (await fetch(`${server.url}/api/admin/session`, { headers: { cookie } })).json();
    expect(session).toMatchObject({
      authenticated: true,
      account: { name: 'Arul Selvam', email: 'office@example.in', role: 'office' },
    });
    const firstOwner = await (
      await fetch(`${server.url}/api/admin/session`, { headers: { cookie: await loginCookie(server.url) } })
    ).json();
    expect(firstOwner).toMatchObject({ authenticated: true, account: { name: 'Owner', email: null, role: 'owner' } });
  });

  it('answers a wrong password and an unknown email alike, without saying which was wrong', async () => {
    for (const body of [
      { email: accounts.office.email, password: 'not the password at all' },
      { email: 'nobody@example.in', password: PASSWORD },
    ]) {
      const response = await postJson(`${server.url}/api/admin/login`, body, { 'x-forwarded-for': '192.0.2.1' });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'Invalid email or password' });
    }
    // The spec's password-only login signs in the first Owner, never another account with the same password.
    expect((await postJson(`${server.url}/api/admin/login`, { password: PASSWORD })).status).toBe(401);
  });

  it("names the person in the enquiry's history", async () => {
    const cookie = cookies.office;
    const sent = (await (await postJson(`${server.url}/api/contact`, validContact())).json()) as { id: number };
    const ref = { kind: 'contact', id: sent.id };
    expect((await postJson(`${server.url}/api/trpc/dashboard.markResponded`, { json: ref }, { cookie })).status).toBe(
      200,
    );
    const input = encodeURIComponent(JSON.stringify({ json: ref }));
    const history = (await (
      await fetch(`${server.url}/api/trpc/dashboard.history?input=${input}`, { headers: { cookie } })
    ).json()) as {
      result: { data: { json: { field: string; changedBy: string | null }[] } };
    };
    const entries = history.result.data.json;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.find((entry) => entry.field === 'status')?.changedBy).toBe('Arul Selvam');
  });

  it('ends an account’s sessions at once when it is disabled, and refuses its password afterwards', async () => {
    await addStaffAccount(server.services, {
      email: 'left@example.in',
      name: 'Left School',
      role: 'office',
      password: PASSWORD,
    });
    const cookie = await loginCookie(server.url, PASSWORD, {}, 'left@example.in');
    expect((await fetch(`${server.url}/api/admin/submissions`, { headers: { cookie } })).status).toBe(200);
    await server.services.storage.db
      .updateTable('staff_accounts')
      .set({ disabled_at: new Date().toISOString() })
      .where('email', '=', 'left@example.in')
      .execute();
    expect((await fetch(`${server.url}/api/admin/submissions`, { headers: { cookie } })).status).toBe(401);
    expect(
      (await postJson(`${server.url}/api/admin/login`, { email: 'left@example.in', password: PASSWORD })).status,
    ).toBe(401);
  });
});

// The compiled command, as `npm run staff:add` runs it: through tsx, each run spent 15 to 20 s of a
// busy machine resolving the source's thousands of imports (package.json lookups), not running.
const staffAdd = ['scripts/launch.mjs', 'staff-add'];

describe('npm run staff:add', { timeout: 180_000 }, () => {
  beforeAll(ensureSiteBuilt, 900_000);
  const run = (dataDir: string, args: string[], password: string) =>
    spawnSync(process.execPath, [...staffAdd, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, STAFF_NEW_PASSWORD: password, ADMIN_PASSWORD: '', SESSION_SECRET: '' },
      encoding: 'utf8',
    });

  it('creates an account its person signs in with at once; refuses a common password, a taken email and a bad role, naming the problem', async () => {
    const server = await startTestServer({ ...testStaffEnv }, { servePages: false });
    try {
      const args = ['--email', 'kala@example.in', '--name', 'Kala Murugan', '--role', 'office'];
      const commonPassword = run(server.dataDir, args, 'aranyamontessori');
      expect(commonPassword.status).toBe(1);
      expect(commonPassword.stderr).toContain(`${guessableMessage} Nothing was created.`);
      // One run each costs a few seconds; commonPasswords.test.ts scores the other four with the same function.
      expect(run(server.dataDir, args, 'kalamurugan2024').stderr).toContain(`${guessableMessage} Nothing was created.`);

      const created = run(server.dataDir, args, 'kala chooses a long one');
      expect(created.status, created.stderr).toBe(0);
      expect(created.stdout).toContain('Office account created for Kala Murugan <kala@example.in>');
      expect(created.stdout + created.stderr).not.toContain('kala chooses a long one');
      const cookie = await loginCookie(server.url, 'kala chooses a long one', {}, 'kala@example.in');
      expect((await fetch(`${server.url}/api/admin/submissions`, { headers: { cookie } })).status).toBe(200);

      const again = run(server.dataDir, args, 'another long password');
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('Another account already has this email address. Nothing was created.');

      const badRole = run(
        server.dataDir,
        ['--email', 'x@example.in', '--name', 'X Y', '--role', 'admin'],
        'another long password',
      );
      expect(badRole.status).toBe(1);
      expect(badRole.stderr).toContain('--role: Please choose a role: owner, office, editor');
    } finally {
      await server.close();
    }
  });

  /** The command with its password piped in, as `printf '%s\n%s\n' "$PW" "$PW" | npm run staff:add -- …` does. */
  const piped = (dataDir: string, args: string[], input: string) =>
    spawnSync(process.execPath, [...staffAdd, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, STAFF_NEW_PASSWORD: '', ADMIN_PASSWORD: '', SESSION_SECRET: '' },
      input,
      encoding: 'utf8',
    });
  const personArgs = (name: string) => ['--email', `${name}@example.in`, '--name', `${name} Raman`, '--role', 'editor'];

  it('takes a piped password as one line, or two lines that match (typed twice, as the prompt asks), and refuses anything else', async () => {
    const server = await startTestServer({ ...testStaffEnv }, { servePages: false });
    try {
      const twice = piped(server.dataDir, personArgs('mani'), 'mani picks a long one\nmani picks a long one\n');
      expect(twice.status, twice.stderr).toBe(0);
      await loginCookie(server.url, 'mani picks a long one', {}, 'mani@example.in');
      const once = piped(server.dataDir, personArgs('devi'), 'devi picks a long one\r\n');
      expect(once.status, once.stderr).toBe(0);
      await loginCookie(server.url, 'devi picks a long one', {}, 'devi@example.in');

      const refusals = {
        'first long password\nsecond long password\n': 'The two passwords differ. Nothing was changed.',
        'a long password\na long password\na long password\n':
          'Standard input has more than two lines: give the password on one line, or twice on two.',
        'a long\tpassword with a tab': 'A password cannot contain line breaks, tabs or other control characters.',
      };
      for (const [input, message] of Object.entries(refusals)) {
        const refused = piped(server.dataDir, personArgs('ravi'), input);
        expect(refused.status, input).toBe(1);
        expect(refused.stderr).toContain(message);
      }
      expect(
        server.services.storage.sqlite
          .prepare("select count(*) as n from staff_accounts where email = 'ravi@example.in'")
          .get(),
      ).toEqual({ n: 0 });
    } finally {
      await server.close();
    }
  });

  it('names the command and the new account in the Activity tab', async () => {
    const server = await startTestServer({ ...testStaffEnv }, { servePages: false });
    try {
      const created = piped(
        server.dataDir,
        ['--email', 'kala@example.in', '--name', 'Kala Murugan', '--role', 'office'],
        'kala chooses a long one\n',
      );
      expect(created.status, created.stderr).toBe(0);
      const cookie = await loginCookie(server.url);
      const input = encodeURIComponent(JSON.stringify({ json: { action: 'account-created' } }));
      const response = await fetch(`${server.url}/api/trpc/staff.activity?input=${input}`, { headers: { cookie } });
      const { entries } = ((await response.json()) as { result: { data: { json: AuditPage } } }).result.data.json;
      const accounts = new Map(
        (await server.services.storage.db.selectFrom('staff_accounts').select(['id', 'name']).execute()).map((row) => [
          row.id,
          row.name,
        ]),
      );
      expect(entries).toHaveLength(1);
      expect(auditActorText(entries[0]!)).toBe('npm run staff:add');
      expect(auditDetailsText(entries[0]!, (id) => accounts.get(id))).toBe('Kala Murugan, Office');
    } finally {
      await server.close();
    }
  });
});
