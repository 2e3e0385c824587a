import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaffApi } from '#test/support/staffApi.ts';
import { postJson, testStaffEnv } from '#test/support/testLogin.ts';
import { insertTestAdmissions } from '#test/support/testEnquiries.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '#test/support/smtpSink.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { PARENT_LINK_FRAGMENT, officeMessages } from '#shared/parents/parentsCorner.ts';
import { staffAccountMessages } from '#shared/staff/accounts.ts';

const PASSWORD = 'tamarind trees by the gate';

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

type Family = {
  familyId: number;
  childName: string;
  className: string;
  program: string;
  guardians: { id: number; name: string; email: string; acceptedAt: string | null }[];
};
type Notice = { id: number; title: string; publishAt: string; familiesRead: number; familiesFor: number };

const familyWith = async (email: string) =>
  (await staff.query<Family[]>('parents.families')).find((family) =>
    family.guardians.some((guardian) => guardian.email === email),
  );
const mailsTo = (email: string) => sink.received.filter((mail) => mail.to.includes(email));
/** Waits for the outbox to send what it holds. */
async function delivered() {
  server.services.mailOutbox?.kick();
  await server.services.mailOutbox?.whenIdle();
}
const actions = async () =>
  (await server.services.storage.db.selectFrom('audit_events').select('action').execute()).map((row) => row.action);

async function accept(mail: ReceivedMail, email: string) {
  const token = new RegExp(`#${PARENT_LINK_FRAGMENT}([A-Za-z0-9_-]+)`).exec(mail.body)?.[1];
  const chosen = await postJson(`${server.url}/api/trpc/parents.choosePassword`, {
    json: { token, password: PASSWORD },
  });
  expect(chosen.status).toBe(200);
  const signedIn = await postJson(`${server.url}/api/trpc/parents.signIn`, {
    json: { email, password: PASSWORD, rememberMe: false },
  });
  expect(signedIn.status).toBe(200);
  return (signedIn.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
}

async function addFamily(email: string, className: string) {
  const added = await staff.mutate('parents.addFamily', {
    parentName: 'Meena Iyer',
    email,
    phone: '9840011111',
    childName: 'Kavin Iyer',
    className,
    program: 'primary',
  });
  expect(added.status).toBe(200);
  await delivered();
  const family = await familyWith(email);
  if (!family) throw new Error('No family');
  return family;
}

describe("the office's Parents' Corner over HTTP", () => {
  it('adds a second guardian with their own invitation and sign-in, seeing the same family', async () => {
    const family = await addFamily('meena@example.com', 'Rose');
    const second = await staff.mutate('parents.addGuardian', {
      familyId: family.familyId,
      parentName: 'Ravi Iyer',
      email: 'ravi@example.com',
      phone: '9840022222',
    });
    expect(second.status).toBe(200);
    await delivered();
    const [invitation] = mailsTo('ravi@example.com');
    if (!invitation) throw new Error('No invitation for the second guardian');
    const cookie = await accept(invitation, 'ravi@example.com');
    const view = await fetch(`${server.url}/api/trpc/parents.view`, { headers: { cookie } });
    expect((await view.json()).result.data.json).toMatchObject({ childName: 'Kavin Iyer', guardianName: 'Ravi Iyer' });
    expect((await familyWith('ravi@example.com'))?.guardians.map((guardian) => guardian.email)).toEqual([
      'meena@example.com',
      'ravi@example.com',
    ]);
    const taken = await staff.mutate<{ message: string }>('parents.addGuardian', {
      familyId: family.familyId,
      parentName: 'Ravi Again',
      email: 'meena@example.com',
      phone: '9840022222',
    });
    expect(taken.status).toBe(409);
    expect(taken.data.message).toBe(staffAccountMessages.emailTaken);
    expect(await actions()).toContain('guardian-added');
  });

  it('adds again a family it removed (by mistake, or back after a year), with a fresh invitation; the old account is gone', async () => {
    const removed = await addFamily('back.again@example.com', 'Rose');
    const [first] = mailsTo('back.again@example.com');
    if (!first) throw new Error('No invitation');
    const oldCookie = await accept(first, 'back.again@example.com');
    expect((await staff.mutate('parents.removeFamily', { familyId: removed.familyId })).status).toBe(200);
    const again = await addFamily('back.again@example.com', 'Lotus');
    expect(again.familyId).not.toBe(removed.familyId);
    expect(again.guardians[0]?.acceptedAt).toBeNull();
    const { db } = server.services.storage;
    expect(await db.selectFrom('parent_families').where('id', '=', removed.familyId).selectAll().execute()).toEqual([]);
    expect((await fetch(`${server.url}/api/trpc/parents.view`, { headers: { cookie: oldCookie } })).status).toBe(401);
    const [, second] = mailsTo('back.again@example.com');
    if (!second) throw new Error('No second invitation');
    await accept(second, 'back.again@example.com');
  });

  it("changes a family's class, which decides the class notices its parents see", async () => {
    const family = await addFamily('class.move@example.com', 'Lotus');
    const changed = await staff.mutate('parents.changeClass', { familyId: family.familyId, className: 'Jasmine' });
    expect(changed.status).toBe(200);
    expect((await familyWith('class.move@example.com'))?.className).toBe('Jasmine');
    const empty = await staff.mutate<{ message: string }>('parents.changeClass', {
      familyId: family.familyId,
      className: ' ',
    });
    expect(empty.status).toBe(400);
    expect(await actions()).toContain('family-class-changed');
  });

  it('invites the family of an Enrolled admission enquiry once, read through the enquiries, and refuses the others with a sentence', async () => {
    const [enrolled, visiting] = await insertTestAdmissions(server.services.storage.db, [
      {
        parentName: 'Nila Devi',
        email: 'nila@example.com',
        phone: '9840033333',
        studentName: 'Tara Devi',
        programOfInterest: 'toddler',
      },
      { parentName: 'Arun Das', email: 'arun@example.com', studentName: 'Isai Das' },
    ]);
    expect((await staff.mutate('admissions.moveStage', { id: enrolled, stage: 'enrolled' })).status).toBe(200);
    expect(await staff.query('parents.enquiryInvitation', { enquiryId: enrolled })).toBeNull();

    const notEnrolled = await staff.mutate<{ message: string }>('parents.inviteFromEnquiry', {
      enquiryId: visiting,
      className: 'Rose',
    });
    expect(notEnrolled.status).toBe(409);
    expect(notEnrolled.data.message).toBe(officeMessages.notEnrolled);

    expect((await staff.mutate('parents.inviteFromEnquiry', { enquiryId: enrolled, className: 'Tulip' })).status).toBe(
      200,
    );
    await delivered();
    expect(mailsTo('nila@example.com')).toHaveLength(1);
    expect(await familyWith('nila@example.com')).toMatchObject({
      childName: 'Tara Devi',
      className: 'Tulip',
      program: 'toddler',
      guardians: [{ name: 'Nila Devi', email: 'nila@example.com' }],
    });
    expect(await staff.query('parents.enquiryInvitation', { enquiryId: enrolled })).toMatchObject({
      className: 'Tulip',
    });

    const again = await staff.mutate<{ message: string }>('parents.inviteFromEnquiry', {
      enquiryId: enrolled,
      className: 'Tulip',
    });
    expect(again.status).toBe(409);
    expect(again.data.message).toBe(officeMessages.alreadyInvited);
    const missing = await staff.mutate<{ message: string }>('parents.inviteFromEnquiry', {
      enquiryId: 99_999,
      className: 'Tulip',
    });
    expect(missing.data.message).toBe(officeMessages.noEnquiry);
  });

  it("emails a class's signed-up parents the title and a link, never the text, and refuses a time past", async () => {
    const rose = await addFamily('rose.mum@example.com', 'Rose Garden');
    const lily = await addFamily('lily.mum@example.com', 'Lily');
    const roseCookie = await accept(mailsTo('rose.mum@example.com')[0] as ReceivedMail, 'rose.mum@example.com');
    await accept(mailsTo('lily.mum@example.com')[0] as ReceivedMail, 'lily.mum@example.com');
    expect(rose.familyId).not.toBe(lily.familyId);

    const past = await staff.mutate<{ message: string }>('parents.publishNotice', {
      title: 'Too late',
      body: 'This was yesterday.',
      audience: 'all',
      publishAt: new Date(Date.now() - 86_400_000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(past.data.message).toBe(officeMessages.publishAtPast);

    const before = sink.received.length;
    const published = await staff.mutate<{ id: number }>('parents.publishNotice', {
      title: 'Rose Garden nature walk',
      body: 'Bring a **water bottle** and a hat; we meet at the Adyar gate.',
      audience: 'class',
      audienceValue: 'rose garden',
    });
    expect(published.status).toBe(200);
    await delivered();
    const mails = sink.received.slice(before);
    expect(mails.map((mail) => mail.to)).toEqual([['rose.mum@example.com']]);
    expect(mails[0]?.body).toContain('Rose Garden nature walk');
    expect(mails[0]?.body).toContain('/parents-corner');
    expect(mails[0]?.body).not.toContain('water bottle');

    const read = await postJson(
      `${server.url}/api/trpc/parents.markRead`,
      { json: { noticeId: published.data.id } },
      { cookie: roseCookie },
    );
    expect(read.status).toBe(200);
    const listed = (await staff.query<Notice[]>('parents.notices')).find((notice) => notice.id === published.data.id);
    expect(listed).toMatchObject({ familiesRead: 1, familiesFor: 1 });
  });

  it('publishes at a time to come: parents see it and are emailed only then; edits and removals are in the audit trail', async () => {
    const at = new Date(Date.now() + 3_600_000);
    const before = sink.received.length;
    const scheduled = await staff.mutate<{ id: number }>('parents.publishNotice', {
      title: 'Sports day',
      body: 'On the school ground.',
      audience: 'program',
      audienceValue: 'primary',
      publishAt: at.toISOString(),
    });
    expect(scheduled.status).toBe(200);
    const changed = await staff.mutate('parents.changeNotice', {
      noticeId: scheduled.data.id,
      title: 'Sports day, in the morning',
      body: 'On the school ground, from 8 AM.',
      audience: 'program',
      audienceValue: 'primary',
      publishAt: at.toISOString(),
    });
    expect(changed.status).toBe(200);
    await server.services.parents.mailDue();
    await delivered();
    expect(sink.received.length).toBe(before);

    const realNow = server.services.now;
    server.services.now = () => new Date(at.getTime() + 60_000);
    try {
      await server.services.parents.mailDue();
    } finally {
      server.services.now = realNow;
    }
    await delivered();
    const mails = sink.received.slice(before);
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.every((mail) => mail.body.includes('Sports day, in the morning'))).toBe(true);

    expect((await staff.mutate('parents.removeNotice', { noticeId: scheduled.data.id })).status).toBe(200);
    expect((await staff.query<Notice[]>('parents.notices')).map((notice) => notice.id)).not.toContain(
      scheduled.data.id,
    );
    expect((await staff.mutate('parents.removeNotice', { noticeId: scheduled.data.id })).status).toBe(404);
    expect(await actions()).toEqual(expect.arrayContaining(['notice-changed', 'notice-removed']));
  });
});
