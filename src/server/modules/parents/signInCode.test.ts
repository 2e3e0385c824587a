import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaffApi } from '#test/support/staffApi.ts';
import { postJson, testStaffEnv } from '#test/support/testLogin.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '#test/support/smtpSink.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { PARENT_LINK_FRAGMENT, parentMessages } from '#shared/parents/parentsCorner.ts';

const PASSWORD = 'tamarind tree by the gate';
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const codeIn = (mail: ReceivedMail) => /\b(\d{4} \d{4})\b/.exec(mail.body)?.[1];

async function signIn(server: TestServer, body: Record<string, unknown>, ip: string) {
  const response = await postJson(
    `${server.url}/api/trpc/parents.signIn`,
    { json: { rememberMe: false, ...body } },
    from(ip),
  );
  const answer = (await response.json()) as { error?: { json: { message: string } } };
  return {
    status: response.status,
    message: answer.error?.json.message,
    retryAfter: response.headers.get('retry-after'),
    cookie: response.headers.getSetCookie().find((value) => /^(__Host-)?parent_session=/.test(value)),
  };
}

/** A family added by the office whose parent has chosen a password through the invitation. */
async function invitedParent(server: TestServer, sink: SmtpSink, email: string) {
  const staff = await signedInStaffApi(server);
  const before = sink.received.length;
  const added = await staff.mutate('parents.addFamily', {
    parentName: 'Meena Iyer',
    email,
    phone: '9840012345',
    childName: 'Kavin Iyer',
    className: 'Primary B',
    program: 'primary',
  });
  expect(added.status).toBe(200);
  const [invitation] = (await sink.waitFor(before + 1)).slice(before);
  const token = new RegExp(`#${PARENT_LINK_FRAGMENT}([A-Za-z0-9_-]+)`).exec(invitation?.body ?? '')?.[1];
  const chosen = await postJson(`${server.url}/api/trpc/parents.choosePassword`, {
    json: { token, password: PASSWORD },
  });
  expect(chosen.status).toBe(200);
}

/** Ten wrong passwords at the parent's login, each from an address of its own. */
async function guessTenTimes(server: TestServer, email: string, prefix: string) {
  for (let guess = 1; guess <= 10; guess++)
    expect((await signIn(server, { email, password: `guess ${guess}` }, `${prefix}.${guess}`)).status).toBe(401);
}

describe("a parent's login being guessed at (mail on)", { timeout: 120_000 }, () => {
  let server: TestServer;
  let sink: SmtpSink;
  const email = 'meena@example.com';

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(
      { ...testStaffEnv, TRUST_PROXY: 'loopback', SMTP_URL: sink.url, NOTIFY_EMAIL: 'office@aranya.test' },
      { servePages: false },
    );
    await invitedParent(server, sink, email);
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  it('never keeps the parent out: the same answer whatever the password, a code emailed only for the right one, and the code signs in once', async () => {
    await guessTenTimes(server, email, '198.51.100');
    const wrong = await signIn(server, { email, password: 'an eleventh guess' }, '203.0.113.1');
    const right = await signIn(server, { email, password: PASSWORD }, '203.0.113.2');
    for (const answer of [wrong, right]) {
      expect(answer.status).toBe(401);
      expect(answer.retryAfter).toBeNull();
      expect(answer.message).toBe(parentMessages.codeSent);
      expect(answer.cookie).toBeUndefined();
    }
    const codeMails = () => sink.received.filter((mail) => codeIn(mail) !== undefined);
    await expect.poll(() => codeMails().length).toBe(1);
    // Asked again within the minute: no second email.
    await signIn(server, { email, password: PASSWORD }, '203.0.113.2');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(codeMails()).toHaveLength(1);
    const [mail] = codeMails();
    expect(mail?.to).toEqual([email]);
    const code = codeIn(mail!)!;
    // The stored copy of the email keeps no code.
    const stored = await server.services.storage.db
      .selectFrom('outbox')
      .select(['text_body', 'secret_link'])
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored.text_body).not.toContain(code);

    // A guesser with the code but a wrong password gets nothing; the parent with both gets in, once.
    expect((await signIn(server, { email, password: 'still guessing', code }, '203.0.113.3')).message).toBe(
      parentMessages.invalidCode,
    );
    const signedIn = await signIn(server, { email, password: PASSWORD, code: code.replace(' ', '') }, '203.0.113.2');
    expect(signedIn.status).toBe(200);
    expect(signedIn.cookie).toBeDefined();
    expect((await signIn(server, { email, password: PASSWORD, code }, '203.0.113.4')).message).toBe(
      parentMessages.invalidCode,
    );
  });
});

describe("a parent's login being guessed at (mail off)", { timeout: 120_000 }, () => {
  it('slows the address as at its own limit, since no code can reach the parent', async () => {
    const server = await startTestServer(
      { ...testStaffEnv, TRUST_PROXY: 'loopback', MAIL: 'off' },
      { servePages: false },
    );
    try {
      const staff = await signedInStaffApi(server);
      const added = await staff.mutate('parents.addFamily', {
        parentName: 'Ravi Kumar',
        email: 'ravi@example.com',
        phone: '9840012346',
        childName: 'Diya Kumar',
        className: 'Primary A',
        program: 'primary',
      });
      expect(added.status).toBe(200);
      await guessTenTimes(server, 'ravi@example.com', '198.51.101');
      const answer = await signIn(server, { email: 'ravi@example.com', password: 'a guess' }, '203.0.113.9');
      expect(answer.status).toBe(429);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});
