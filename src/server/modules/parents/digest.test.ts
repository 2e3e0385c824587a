import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitedParent, parentCall, PARENT_PASSWORD } from '#test/support/parentsApi.ts';
import { signedInStaffApi } from '#test/support/staffApi.ts';
import { testStaffEnv } from '#test/support/testLogin.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtpSink.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { PARENT_LINK_FRAGMENT, parentMessages } from '#shared/parents/parentsCorner.ts';

let sink: SmtpSink;
let server: TestServer;
let staff: Awaited<ReturnType<typeof signedInStaffApi>>;
/** The school's clock in this file: every check runs at a time the test chooses (Asia/Kolkata is UTC+5:30). */
let clock = '2026-12-02T10:00:00+05:30';

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer(
    { ...testStaffEnv, SMTP_URL: sink.url, NOTIFY_EMAIL: 'office@aranya.test', MAIL_FROM: 'Aranya <web@aranya.test>' },
    { servePages: false },
  );
  server.services.now = () => new Date(clock);
  staff = await signedInStaffApi(server);
});
afterAll(async () => {
  await server.close();
  await sink.close();
});

const mailsTo = (email: string) => sink.received.filter((mail) => mail.to.includes(email));
/** Runs the minute's check at `at`, and waits for the outbox to send what it queued. */
async function checkAt(at: string) {
  clock = at;
  await server.services.parents.mailDue();
  server.services.mailOutbox?.kick();
  await server.services.mailOutbox?.whenIdle();
}
/** Publishes to every family, signed in afresh: the test's clock outruns a staff session. */
async function publish(title: string, body: string) {
  staff = await signedInStaffApi(server);
  const published = await staff.mutate<{ id: number }>('parents.publishNotice', { title, body, audience: 'all' });
  expect(published.status).toBe(200);
  server.services.mailOutbox?.kick();
  await server.services.mailOutbox?.whenIdle();
  return published.data.id;
}
const signedInView = async (cookie: string) =>
  (await (await fetch(`${server.url}/api/trpc/parents.signedInView`, { headers: { cookie } })).json()).result.data
    .json as { noticeMail: string };

describe('notice emails at once or in a weekly digest, as each guardian chooses', () => {
  it('emails an at-once guardian on publish, and a weekly one only on Friday at 4 PM at the school, once', async () => {
    const first = await invitedParent({ server, staff, sink }, 'meena@example.com', 'Rose');
    // The family's second guardian, with their own sign-in and their own choice.
    const before = sink.received.length;
    expect(
      (
        await staff.mutate('parents.addGuardian', {
          familyId: first.familyId,
          parentName: 'Ravi Iyer',
          email: 'ravi@example.com',
          phone: '9840022222',
        })
      ).status,
    ).toBe(200);
    const [invitation] = (await sink.waitFor(before + 1)).slice(before);
    const token = new RegExp(`#${PARENT_LINK_FRAGMENT}([A-Za-z0-9_-]+)`).exec(invitation?.body ?? '')?.[1];
    expect((await parentCall(server, 'choosePassword', { token, password: PARENT_PASSWORD })).status).toBe(200);
    const signedIn = await parentCall(server, 'signIn', {
      email: 'ravi@example.com',
      password: PARENT_PASSWORD,
      rememberMe: true,
    });
    const ravi = (signedIn.response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';

    expect(await signedInView(ravi)).toMatchObject({ noticeMail: 'at-once' });
    const chosen = await parentCall<{ message: string }>(server, 'chooseNoticeMail', { noticeMail: 'weekly' }, ravi);
    expect(chosen.status).toBe(200);
    expect(chosen.data.message).toBe(parentMessages.noticeMailSaved.weekly);
    expect((await parentCall(server, 'chooseNoticeMail', { noticeMail: 'daily' }, ravi)).status).toBe(400);
    expect((await parentCall(server, 'chooseNoticeMail', { noticeMail: 'weekly' })).status).toBe(401);
    expect(await signedInView(ravi)).toMatchObject({ noticeMail: 'weekly' });
    expect(await signedInView(first.cookie)).toMatchObject({ noticeMail: 'at-once' });

    const sent = sink.received.length;
    clock = '2026-12-02T10:05:00+05:30';
    const sportsDay = await publish('Sports day on the ground', 'Wear **white**.');
    clock = '2026-12-03T11:00:00+05:30';
    await publish('Bus route change', 'The bus stops at Adyar.');
    // Meena (at once) has an email for each; Ravi (weekly) none yet.
    expect(mailsTo('meena@example.com').map((mail) => mail.headers.subject)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Sports day on the ground'),
        expect.stringContaining('Bus route change'),
      ]),
    );
    expect(sink.received.slice(sent).filter((mail) => mail.to.includes('ravi@example.com'))).toEqual([]);
    expect((await parentCall(server, 'markRead', { noticeId: sportsDay }, ravi)).status).toBe(200);

    await checkAt('2026-12-04T15:59:00+05:30');
    expect(mailsTo('ravi@example.com').slice(1)).toEqual([]);
    await checkAt('2026-12-04T16:00:00+05:30');
    const digests = mailsTo('ravi@example.com').slice(1);
    expect(digests).toHaveLength(1);
    const digest = digests[0]?.body ?? '';
    expect(digest).toContain('Sports day on the ground');
    expect(digest).toContain('Bus route change (not read yet)');
    expect(digest).not.toContain('Sports day on the ground (not read yet)');
    expect(digest).toContain('/parents-corner');
    expect(digest).not.toContain('white');
    expect(digest).not.toContain('Adyar');
    // Meena chose nothing: no digest for her.
    const meenaMails = mailsTo('meena@example.com').length;
    // A second check, as after a restart, sends nothing again.
    await checkAt('2026-12-04T16:01:00+05:30');
    expect(mailsTo('ravi@example.com').slice(1)).toHaveLength(1);
    expect(mailsTo('meena@example.com')).toHaveLength(meenaMails);

    // Published after Friday's digest: it waits for the next one, sent when the server is back on Saturday.
    clock = '2026-12-04T17:00:00+05:30';
    await publish('Annual day rehearsal', 'In the hall.');
    await checkAt('2026-12-11T15:00:00+05:30');
    expect(mailsTo('ravi@example.com').slice(1)).toHaveLength(1);
    await checkAt('2026-12-12T09:30:00+05:30');
    const late = mailsTo('ravi@example.com').slice(2);
    expect(late).toHaveLength(1);
    expect(late[0]?.body).toContain('Annual day rehearsal');
    expect(late[0]?.body).not.toContain('Bus route change');

    // A week with no new notice: no digest.
    await checkAt('2026-12-18T16:00:00+05:30');
    expect(mailsTo('ravi@example.com').slice(3)).toEqual([]);
  });
});
