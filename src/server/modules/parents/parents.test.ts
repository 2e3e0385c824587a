import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaffApi } from '#test/support/staffApi.ts';
import { postJson, testStaffEnv } from '#test/support/testLogin.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '#test/support/smtpSink.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { PARENT_LINK_FRAGMENT, PARENT_REMEMBER_DAYS, parentMessages } from '#shared/parents/parentsCorner.ts';
import { REMOVED_FAMILY_DAYS } from '#shared/retention.ts';
import { changePasswordMessages } from '#shared/staff/accounts.ts';
import { newPasswordMessages } from '#shared/staff/newPassword.ts';

const PASSWORD = 'mango trees by the well';
const linkIn = (mail: ReceivedMail) => {
  const match = new RegExp(`#${PARENT_LINK_FRAGMENT}([A-Za-z0-9_-]+)`).exec(mail.body);
  if (!match?.[1]) throw new Error('No link in the mail');
  return match[1];
};
const parentCookieFrom = (response: Response) =>
  response.headers.getSetCookie().find((value) => /^(__Host-)?parent_session=/.test(value));

let sink: SmtpSink;
let server: TestServer;
let staff: Awaited<ReturnType<typeof signedInStaffApi>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer(
    { ...testStaffEnv, SMTP_URL: sink.url, NOTIFY_EMAIL: 'office@aranya.test', MAIL_FROM: 'Aranya <web@aranya.test>' },
    { servePages: false },
  );
  staff = await signedInStaffApi(server);
});
afterAll(async () => {
  await server.close();
  await sink.close();
});

async function call<T>(procedure: string, input: unknown, cookie = '') {
  const response = await postJson(
    `${server.url}/api/trpc/parents.${procedure}`,
    { json: input },
    cookie ? { cookie } : {},
  );
  const body = await response.json();
  return { response, status: response.status, data: (body.result?.data.json ?? body.error?.json) as T };
}
async function view(cookie: string) {
  const response = await fetch(`${server.url}/api/trpc/parents.view`, { headers: { cookie } });
  const body = await response.json();
  return { status: response.status, data: body.result?.data.json ?? body.error?.json };
}
/** Every test here signs in from one address: the earlier tests' failures are forgotten so that its 5 in 15 minutes are this test's own. */
async function forgetAddressFailures() {
  await server.services.storage.db.deleteFrom('staff_login_failures').where('client_key', 'like', 'parent-%').execute();
}
/** Adds a family, reads its invitation from the SMTP sink, accepts it and signs in. */
async function invitedParent(email: string, className: string, program = 'primary') {
  const before = sink.received.length;
  const added = await staff.mutate('parents.addFamily', {
    parentName: 'Lakshmi Raman',
    email,
    phone: '9840012345',
    childName: 'Anika Raman',
    className,
    program,
  });
  expect(added.status).toBe(200);
  // A notice's email to another parent (published by an earlier test) may come first.
  let invitation: ReceivedMail | undefined;
  for (let count = before + 1; !invitation; count += 1)
    invitation = (await sink.waitFor(count)).slice(before).find((mail) => mail.to.includes(email));
  expect(invitation.to).toEqual([email]);
  const token = linkIn(invitation);
  const chosen = await call<{ message: string }>('choosePassword', { token, password: PASSWORD });
  expect(chosen.status).toBe(200);
  // Single use.
  expect((await call('choosePassword', { token, password: PASSWORD })).status).toBe(404);
  const signedIn = await call('signIn', { email, password: PASSWORD, rememberMe: false });
  expect(signedIn.status).toBe(200);
  const cookie = parentCookieFrom(signedIn.response);
  if (!cookie) throw new Error('No parent cookie');
  return { cookie: cookie.split(';')[0] ?? '', setCookie: cookie };
}

describe("Parents' Corner over HTTP", () => {
  it('invites a parent by email, who chooses a password, signs in with a browser-session cookie and sees the seeded notices', async () => {
    const { setCookie, cookie } = await invitedParent('lakshmi@example.com', 'Primary A');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).not.toMatch(/Expires=/i);
    const seen = await view(cookie);
    expect(seen.status).toBe(200);
    expect(seen.data.childName).toBe('Anika Raman');
    expect(seen.data.notices.map((notice: { title: string }) => notice.title)).toContain('Summer Vacation Schedule');
    // The page's first question is answered without a 401 either way.
    const asked = async (headers: Record<string, string>) => {
      const response = await fetch(`${server.url}/api/trpc/parents.signedInView`, { headers });
      return { status: response.status, view: (await response.json()).result?.data.json };
    };
    expect(await asked({})).toEqual({ status: 200, view: null });
    expect((await asked({ cookie })).view).toEqual(seen.data);
  });

  it('keeps a remembered parent for 30 days', async () => {
    const signedIn = await call('signIn', { email: 'lakshmi@example.com', password: PASSWORD, rememberMe: true });
    const expires = /Expires=([^;]+)/i.exec(parentCookieFrom(signedIn.response) ?? '')?.[1];
    const days = (Date.parse(expires ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(PARENT_REMEMBER_DAYS - 0.1);
    expect(days).toBeLessThanOrEqual(PARENT_REMEMBER_DAYS);
  });

  it('answers a wrong password and an unknown email with the same sentence', async () => {
    const wrongPassword = await call('signIn', {
      email: 'lakshmi@example.com',
      password: 'not the password',
      rememberMe: false,
    });
    const unknown = await call('signIn', { email: 'nobody@example.com', password: PASSWORD, rememberMe: false });
    expect(wrongPassword.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrongPassword.data).toMatchObject({ message: parentMessages.invalidSignIn });
    expect(unknown.data).toMatchObject({ message: parentMessages.invalidSignIn });
  });

  it('answers "forgot password" the same words, and mails a reset link only to a parent who exists', async () => {
    const before = sink.received.length;
    const stranger = await call<{ message: string }>('forgotPassword', { email: 'stranger@example.com' });
    const parent = await call<{ message: string }>('forgotPassword', { email: 'lakshmi@example.com' });
    expect(stranger.data.message).toBe(parentMessages.forgotAnswer);
    expect(parent.data.message).toBe(parentMessages.forgotAnswer);
    const mails = (await sink.waitFor(before + 1)).slice(before);
    server.services.mailOutbox?.kick();
    await server.services.mailOutbox?.whenIdle();
    expect(sink.received.slice(before).map((mail) => mail.to)).toEqual([['lakshmi@example.com']]);
    const token = linkIn(mails[0] as ReceivedMail);
    expect((await call('choosePassword', { token, password: 'a new song for the garden' })).status).toBe(200);
    expect((await call('signIn', { email: 'lakshmi@example.com', password: PASSWORD, rememberMe: false })).status).toBe(
      401,
    );
    expect((await call('choosePassword', { token, password: PASSWORD })).status).toBe(404);
  });

  it("shows a class notice to that class's parent and not to another class's", async () => {
    const rose = await invitedParent('rose.parent@example.com', 'Rose');
    const lotus = await invitedParent('lotus.parent@example.com', 'Lotus');
    const published = await staff.mutate<{ id: number }>('parents.publishNotice', {
      title: 'Rose class picnic',
      body: 'We go to **Guindy park** on Friday.',
      audience: 'class',
      audienceValue: 'Rose',
    });
    expect(published.status).toBe(200);
    const roseView = await view(rose.cookie);
    const notice = roseView.data.notices[0];
    expect(notice).toMatchObject({ title: 'Rose class picnic', unread: true });
    expect(notice.html).toContain('<strong>Guindy park</strong>');
    expect((await view(lotus.cookie)).data.notices.map((n: { title: string }) => n.title)).not.toContain(
      'Rose class picnic',
    );
    // Another class's parent cannot mark it read either.
    expect((await call('markRead', { noticeId: published.data.id }, lotus.cookie)).status).toBe(404);
    expect((await call('markRead', { noticeId: published.data.id }, rose.cookie)).status).toBe(200);
    expect((await view(rose.cookie)).data.notices[0].unread).toBe(false);
    // Nor can a notice be marked read before it is published, by a parent who already sees another.
    const later = await staff.mutate<{ id: number }>('parents.publishNotice', {
      title: 'Rose class sports day',
      body: 'Next month.',
      audience: 'class',
      audienceValue: 'Rose',
      publishAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(later.status).toBe(200);
    expect((await call('markRead', { noticeId: later.data.id }, rose.cookie)).status).toBe(404);
    const readers = await staff.query<{ name: string }[]>('parents.noticeReaders', { noticeId: published.data.id });
    expect(readers).toHaveLength(1);
  });

  it('ends access at once when the office removes the family, and records it in the audit trail', async () => {
    const parent = await invitedParent('leaving@example.com', 'Jasmine');
    expect((await view(parent.cookie)).status).toBe(200);
    const families = await staff.query<{ familyId: number; guardians: { email: string }[] }[]>('parents.families');
    const family = families.find((row) => row.guardians.some((guardian) => guardian.email === 'leaving@example.com'));
    expect((await staff.mutate('parents.removeFamily', { familyId: family?.familyId })).status).toBe(200);
    expect((await view(parent.cookie)).status).toBe(401);
    expect((await call('signIn', { email: 'leaving@example.com', password: PASSWORD, rememberMe: false })).status).toBe(
      401,
    );
    const actions = await server.services.storage.db.selectFrom('audit_events').select('action').execute();
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['family-added', 'family-invited', 'family-removed', 'notice-published']),
    );
  });

  it('erases a removed family 30 days later, with its parents and their sessions, and not before', async () => {
    const guardianRows = (email: string) =>
      server.services.storage.db.selectFrom('parent_guardians').select('id').where('email', '=', email).execute();
    expect(await guardianRows('leaving@example.com')).toHaveLength(1);
    const realNow = server.services.now;
    server.services.now = () => new Date(realNow().getTime() + (REMOVED_FAMILY_DAYS - 1) * 86_400_000);
    try {
      await server.services.retention.purge();
      expect(await guardianRows('leaving@example.com')).toHaveLength(1);
      server.services.now = () => new Date(realNow().getTime() + (REMOVED_FAMILY_DAYS + 1) * 86_400_000);
      await server.services.retention.purge();
      expect(await guardianRows('leaving@example.com')).toHaveLength(0);
      const sessions = await server.services.storage.db.selectFrom('parent_sessions').select('guardian_id').execute();
      const live = await server.services.storage.db.selectFrom('parent_guardians').select('id').execute();
      expect(sessions.every((row) => live.some((guardian) => guardian.id === row.guardian_id))).toBe(true);
    } finally {
      server.services.now = realNow;
    }
  });

  it('keeps parent and staff sessions apart', async () => {
    const parent = await invitedParent('apart@example.com', 'Tulip');
    const asParent = await fetch(`${server.url}/api/trpc/parents.families`, { headers: { cookie: parent.cookie } });
    expect(asParent.status).toBe(401);
    const staffOnParent = await fetch(`${server.url}/api/trpc/parents.view`, { headers: { cookie: staff.cookie } });
    expect(staffOnParent.status).toBe(401);
  });

  it('lists the devices signed in with their browser in plain words, this one marked', async () => {
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const parent = await invitedParent('devices@example.com', 'Lily');
    const phone = await postJson(
      `${server.url}/api/trpc/parents.signIn`,
      { json: { email: 'devices@example.com', password: PASSWORD, rememberMe: true } },
      { 'user-agent': android },
    );
    const phoneCookie = (parentCookieFrom(phone) ?? '').split(';')[0] ?? '';
    const devices = await fetch(`${server.url}/api/trpc/parents.devices`, {
      headers: { cookie: phoneCookie, 'user-agent': iphone },
    });
    expect(devices.status).toBe(200);
    const listed = (await devices.json()).result.data.json as {
      current: boolean;
      browser: string;
      lastUsedAt: string;
    }[];
    expect(listed).toHaveLength(2);
    expect(listed.find((device) => device.current)?.browser).toBe('Chrome on Android');
    expect(listed.every((device) => !Number.isNaN(Date.parse(device.lastUsedAt)))).toBe(true);
    expect((await view(parent.cookie)).status).toBe(200);
  });

  it('signs out everywhere: every session of that guardian ends, and no other guardian’s', async () => {
    const first = await invitedParent('everywhere@example.com', 'Daisy');
    const second = await call('signIn', { email: 'everywhere@example.com', password: PASSWORD, rememberMe: true });
    const secondCookie = (parentCookieFrom(second.response) ?? '').split(';')[0] ?? '';
    const other = await invitedParent('staying@example.com', 'Daisy');
    const ended = await call<{ message: string }>('signOutEverywhere', undefined, first.cookie);
    expect(ended.status).toBe(200);
    expect(ended.data.message).toBe(parentMessages.signedOutEverywhere);
    expect((await view(first.cookie)).status).toBe(401);
    expect((await view(secondCookie)).status).toBe(401);
    expect((await view(other.cookie)).status).toBe(200);
  });

  it('changes the password with the current one: the rule applies, other devices end, this one goes on', async () => {
    await forgetAddressFailures();
    const here = await invitedParent('changing@example.com', 'Iris');
    const elsewhere = await call('signIn', { email: 'changing@example.com', password: PASSWORD, rememberMe: false });
    const elsewhereCookie = (parentCookieFrom(elsewhere.response) ?? '').split(';')[0] ?? '';
    const wrong = await call<{ message: string }>(
      'changePassword',
      { currentPassword: 'not my password', newPassword: 'a brand new garden path' },
      here.cookie,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.data.message).toBe(changePasswordMessages.currentWrong);
    const easy = await call<{ message: string }>(
      'changePassword',
      { currentPassword: PASSWORD, newPassword: 'password1234' },
      here.cookie,
    );
    expect(easy.status).toBe(400);
    expect(easy.data.message).toBe(newPasswordMessages.tooEasy);
    const changed = await call<{ message: string }>(
      'changePassword',
      { currentPassword: PASSWORD, newPassword: 'a brand new garden path' },
      here.cookie,
    );
    expect(changed.status).toBe(200);
    expect(changed.data.message).toBe(parentMessages.passwordChanged);
    const fresh = (parentCookieFrom(changed.response) ?? '').split(';')[0] ?? '';
    expect(fresh).not.toBe(here.cookie);
    expect((await view(fresh)).status).toBe(200);
    expect((await view(here.cookie)).status).toBe(401);
    expect((await view(elsewhereCookie)).status).toBe(401);
    expect(
      (await call('signIn', { email: 'changing@example.com', password: 'a brand new garden path', rememberMe: false }))
        .status,
    ).toBe(200);
  });

  it("counts a wrong current password against the parent's account as a failed sign-in", async () => {
    await forgetAddressFailures();
    const parent = await invitedParent('guessed@example.com', 'Lotus');
    const guardian = await server.services.storage.db
      .selectFrom('parent_guardians')
      .select('id')
      .where('email', '=', 'guessed@example.com')
      .executeTakeFirstOrThrow();
    await call('changePassword', { currentPassword: 'a wrong guess', newPassword: 'another long path' }, parent.cookie);
    const failures = await server.services.storage.db
      .selectFrom('staff_login_failures')
      .select('account_key')
      .where('account_key', '=', `parent:${guardian.id}`)
      .execute();
    expect(failures).toHaveLength(1);
  });

  // Last: it locks this test's address out of parents' sign-ins for 15 minutes.
  it("holds an address to the staff sign-in's limit: 5 failures in 15 minutes, then 429 with Retry-After", async () => {
    let status = 0;
    let response: Response | undefined;
    for (let attempt = 0; attempt < 6 && status !== 429; attempt += 1) {
      ({ status, response } = await call('signIn', {
        email: 'lakshmi@example.com',
        password: 'wrong guess',
        rememberMe: false,
      }));
    }
    expect(status).toBe(429);
    expect(Number(response?.headers.get('retry-after'))).toBeGreaterThan(0);
    // The staff sign-in counts apart.
    expect((await postJson(`${server.url}/api/admin/login`, { password: testStaffEnv.ADMIN_PASSWORD })).status).toBe(
      200,
    );
  });
});
