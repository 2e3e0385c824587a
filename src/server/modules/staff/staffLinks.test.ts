import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCookie, postJson, testStaffEnv } from '#test/support/testLogin.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { guessableMessage, guessablePasswords } from '#test/support/guessablePasswords.ts';

type Invited = { account: { id: number; hasPassword: boolean }; link: { url: string; expiresAt: string } };

describe('inviting staff and links to choose a password', { timeout: 60_000 }, () => {
  let server: TestServer;
  let owner: string;
  const start = Date.parse('2026-11-25T04:00:00.000Z');
  const hours = (count: number) => count * 3_600_000;
  const setClock = (offset: number) => {
    server.services.now = () => new Date(start + offset);
  };

  const mutate = async <T>(procedure: string, input: unknown, cookie?: string) => {
    const response = await postJson(`${server.url}/api/trpc/${procedure}`, { json: input }, cookie ? { cookie } : {});
    const body = await response.json();
    return { status: response.status, data: (body.result?.data.json ?? body.error?.json) as T };
  };
  const query = async <T>(procedure: string, input: unknown) => {
    const response = await fetch(
      `${server.url}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
    );
    return ((await response.json()) as { result: { data: { json: T } } }).result.data.json;
  };
  const tokenOf = (url: string) => url.split('#set-password=')[1] ?? '';
  const invite = (email: string, name = 'Arul Selvam', role = 'office') =>
    mutate<Invited>('staff.invite', { email, name, role }, owner);

  beforeAll(async () => {
    server = await startTestServer({ ...testStaffEnv }, { servePages: false });
    setClock(0);
    owner = await loginCookie(server.url);
  });
  afterAll(() => server.close());

  it('gives the Owner a single-use link on the site, after #, with which the person chooses a password and signs in', async () => {
    const { status, data } = await invite('arul@example.in');
    expect(status).toBe(200);
    expect(data.account.hasPassword).toBe(false);
    expect(data.link.url).toMatch(
      new RegExp(`^${server.services.config.publicUrl}/admin#set-password=[A-Za-z0-9_-]{43}$`),
    );
    expect(Date.parse(data.link.expiresAt) - start).toBe(hours(72));
    const token = tokenOf(data.link.url);
    expect(await query('auth.linkHolder', { token })).toEqual({
      valid: true,
      name: 'Arul Selvam',
      email: 'arul@example.in',
      purpose: 'invitation',
    });
    // Only a hash of the secret is stored.
    expect(JSON.stringify(server.services.storage.sqlite.prepare('select * from staff_links').all())).not.toContain(
      token,
    );

    const common = await mutate<{ message: string }>('auth.setPassword', { token, password: 'password1234' });
    expect(common).toEqual({ status: 400, data: expect.objectContaining({ message: guessableMessage }) });
    for (const password of [...guessablePasswords, 'arulselvam2024']) {
      expect(await mutate<{ message: string }>('auth.setPassword', { token, password })).toEqual({
        status: 400,
        data: expect.objectContaining({ message: guessableMessage }),
      });
    }
    const short = await mutate<{ message: string }>('auth.setPassword', { token, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.data.message).toContain('at least 12 characters');

    const set = await mutate<{ message: string }>('auth.setPassword', { token, password: 'arul chose this one' });
    expect(set.status).toBe(200);
    await loginCookie(server.url, 'arul chose this one', {}, 'arul@example.in');

    const again = await mutate<{ message: string }>('auth.setPassword', { token, password: 'someone else tries' });
    expect(again).toEqual({
      status: 404,
      data: expect.objectContaining({
        message: 'This link has expired or has already been used. Please ask the school’s Owner for a new one.',
      }),
    });
    expect(await query('auth.linkHolder', { token })).toEqual({ valid: false });
  });

  it('stops a link after 72 hours, and an older link once a newer one is made', async () => {
    const { data } = await invite('kala@example.in', 'Kala Murugan');
    setClock(hours(72) + 1000);
    expect(await query('auth.linkHolder', { token: tokenOf(data.link.url) })).toEqual({ valid: false });
    expect(
      (await mutate('auth.setPassword', { token: tokenOf(data.link.url), password: 'too late for this' })).status,
    ).toBe(404);

    setClock(0);
    const first = await mutate<Invited>('staff.passwordLink', { accountId: data.account.id }, owner);
    const second = await mutate<Invited>('staff.passwordLink', { accountId: data.account.id }, owner);
    expect(
      (await mutate('auth.setPassword', { token: tokenOf(first.data.link.url), password: 'kala chose this one' }))
        .status,
    ).toBe(404);
    expect(
      (await mutate('auth.setPassword', { token: tokenOf(second.data.link.url), password: 'kala chose this one' }))
        .status,
    ).toBe(200);
  });

  it('lets the Owner change a role and disable an account, which ends its sessions; never their own or the first Owner’s', async () => {
    const { data } = await invite('divya@example.in', 'Divya Raj', 'editor');
    expect(
      (await mutate('auth.setPassword', { token: tokenOf(data.link.url), password: 'divya chose this one' })).status,
    ).toBe(200);
    const divya = await loginCookie(server.url, 'divya chose this one', {}, 'divya@example.in');
    expect((await fetch(`${server.url}/api/admin/submissions`, { headers: { cookie: divya } })).status).toBe(403);

    expect((await mutate('staff.update', { accountId: data.account.id, role: 'office' }, owner)).status).toBe(200);
    expect((await fetch(`${server.url}/api/admin/submissions`, { headers: { cookie: divya } })).status).toBe(200);
    expect((await mutate('staff.update', { accountId: data.account.id, disabled: true }, owner)).status).toBe(200);
    expect((await fetch(`${server.url}/api/admin/submissions`, { headers: { cookie: divya } })).status).toBe(401);
    expect(
      (await postJson(`${server.url}/api/admin/login`, { email: 'divya@example.in', password: 'divya chose this one' }))
        .status,
    ).toBe(401);

    const self = await mutate<{ message: string }>('staff.update', { accountId: 1, disabled: true }, owner);
    expect(self).toEqual({
      status: 400,
      data: expect.objectContaining({ message: 'You cannot change your own account here; another Owner can.' }),
    });
    const otherOwner = await invite('meera@example.in', 'Meera Krishnan', 'owner');
    expect(
      (await mutate('auth.setPassword', { token: tokenOf(otherOwner.data.link.url), password: 'meera chose this one' }))
        .status,
    ).toBe(200);
    const meera = await loginCookie(server.url, 'meera chose this one', {}, 'meera@example.in');
    const firstOwner = await mutate<{ message: string }>('staff.update', { accountId: 1, role: 'office' }, meera);
    expect(firstOwner.status).toBe(400);
    expect(firstOwner.data.message).toContain('first Owner');

    const taken = await invite('DIVYA@example.in', 'Someone Else');
    expect(taken).toEqual({
      status: 409,
      data: expect.objectContaining({ message: 'Another account already has this email address.' }),
    });
    const actions = server.services.storage.sqlite
      .prepare(
        `select action from audit_events where action in ('account-created', 'link-created', 'password-set', 'role-change', 'account-disabled')`,
      )
      .all();
    expect(new Set(actions.map((row) => (row as { action: string }).action))).toEqual(
      new Set(['account-created', 'link-created', 'password-set', 'role-change', 'account-disabled']),
    );
  });
});
