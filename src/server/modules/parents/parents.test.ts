import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaffApi } from '../../../../test/support/staffApi';
import { postJson, testStaffEnv } from '../../../../test/support/testLogin';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../../../test/support/smtpSink';
import { startTestServer, type TestServer } from '../../../../test/support/testServer';
import { PARENT_LINK_FRAGMENT, PARENT_REMEMBER_DAYS, parentMessages } from '../../../shared/parents/parentsCorner';

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

  it('keeps parent and staff sessions apart', async () => {
    const parent = await invitedParent('apart@example.com', 'Tulip');
    const asParent = await fetch(`${server.url}/api/trpc/parents.families`, { headers: { cookie: parent.cookie } });
    expect(asParent.status).toBe(401);
    const staffOnParent = await fetch(`${server.url}/api/trpc/parents.view`, { headers: { cookie: staff.cookie } });
    expect(staffOnParent.status).toBe(401);
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
