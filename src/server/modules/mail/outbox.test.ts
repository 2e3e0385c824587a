import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginCookie, testStaffEnv } from '#test/support/testLogin.ts';
import { programs } from '#content/programs.ts';
import { school } from '#content/school.ts';
import { createOutboxRepository } from './repository';
import { postJson, validAdmission, validContact } from '#test/support/enquiryTestData.ts';
import { freePort, startSmtpSink, type SmtpSink } from '#test/support/smtpSink.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { createOutboxWorker, outboxTiming, relayTryDelayMs, retryDelayMs } from './outboxWorker';
import { createSmtpSender } from './transport';
import { startingContact } from '#test/support/schoolFacts.ts';
import { signedInStaffApi } from '#test/support/staffApi.ts';
import { family, insertTestAdmissions } from '#test/support/testEnquiries.ts';
import { postForm } from '#test/support/enquiryTestData.ts';
import { setFollowUp } from '#server/modules/enquiries/pipelineRepository.ts';
import { freeSlots, publishSlots } from '#server/modules/visits/repository.ts';
import { schoolInstant } from '#shared/schoolTimes.ts';

const OFFICE = 'office@aranya.test';
const mailEnv = (smtpUrl: string) => ({
  SMTP_URL: smtpUrl,
  NOTIFY_EMAIL: OFFICE,
  MAIL_FROM: 'Aranya Website <website@aranya.test>',
});

async function submit(server: TestServer, path: string, body: Record<string, unknown>): Promise<number> {
  const response = await postJson(`${server.url}${path}`, body);
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function settle(server: TestServer) {
  server.services.mailOutbox?.kick();
  await server.services.mailOutbox?.whenIdle();
}

describe('emails of a new enquiry', () => {
  let sink: SmtpSink;
  let server: TestServer;
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(mailEnv(sink.url), { servePages: false });
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });
  afterEach(() => {
    sink.received.length = 0;
  });

  it('tells the office about a contact message with every field, Reply-To the parent, and acknowledges the parent', async () => {
    const sent = validContact({ name: 'Priya <b>Raman</b>' });
    const id = await submit(server, '/api/contact', sent);
    const mails = await sink.waitFor(2);
    await settle(server);
    const office = mails.find((mail) => mail.to.includes(OFFICE))!;
    const parent = mails.find((mail) => mail.to.includes(sent.email))!;

    expect(office.from).toBe('website@aranya.test');
    expect(office.headers.subject).toBe(`New contact message (Employment) from Priya <b>Raman</b> (contact #${id})`);
    expect(office.headers['reply-to']).toBe(sent.email);
    for (const value of ['Priya <b>Raman</b>', sent.email, '+91 9840011223', 'Employment', sent.message])
      expect(office.body).toContain(value);
    // The HTML part shows the name as text, never as markup.
    expect(office.body).toContain('Priya &lt;b&gt;Raman&lt;/b&gt;');

    expect(parent.headers.subject).toBe(`We have received your message - ${school.name}`);
    expect(parent.headers['reply-to']).toBe(startingContact.email);
    for (const value of [startingContact.phones[0].display, "we'll get back to you soon", `contact #${id}`])
      expect(parent.body).toContain(value);
    // Anyone can type any address into the form: the school's mail never repeats what the sender wrote.
    for (const typed of ['Priya', 'Raman', sent.message])
      expect(`${parent.headers.subject}\n${parent.body}`).not.toContain(typed);

    const rows = await server.services.storage.db
      .selectFrom('outbox')
      .selectAll()
      .where('enquiry_kind', '=', 'contact')
      .where('enquiry_id', '=', id)
      .execute();
    expect(rows.map((row) => row.recipient_role).sort()).toEqual(['office', 'parent']);
    expect(rows.every((row) => row.sent_at !== null && row.attempts === 0)).toBe(true);
  });

  it('tells the office about an admission enquiry with every field, and confirms receipt to the parent', async () => {
    const sent = validAdmission();
    const id = await submit(server, '/api/admission-enquiry', sent);
    const mails = await sink.waitFor(2);
    const office = mails.find((mail) => mail.to.includes(OFFICE))!;
    const parent = mails.find((mail) => mail.to.includes(sent.email))!;

    expect(office.headers.subject).toBe(
      `New admission enquiry: Arjun Raman, ${programs.primary.title} (admission #${id})`,
    );
    expect(office.headers['reply-to']).toBe(sent.email);
    // Each field as the dashboard shows it (enquiryFields): the age in whole years, the program's label.
    expect(office.body).toMatch(/Child Age: 4 years \(born [A-Z][a-z]{2} \d{1,2}, \d{4}\)/);
    expect(office.body).toContain(`Program: ${programs.primary.label}`);
    for (const value of [
      'Child Name: Arjun Raman',
      'Parent Name: Priya Raman',
      sent.email,
      '+971 501234567',
      sent.message,
    ]) {
      expect(office.body).toContain(value);
    }
    expect(parent.headers.subject).toBe(`Your admission enquiry has been received - ${school.name}`);
    expect(parent.body).toContain(
      `This email confirms that we have received your admission enquiry for the ${programs.primary.title} program (admission #${id})`,
    );
    expect(parent.body).toContain('Meet Us');
    for (const typed of ['Arjun', 'Priya', 'Raman', sent.message])
      expect(`${parent.headers.subject}\n${parent.body}`).not.toContain(typed);
  });

  it('sends one set of emails for an enquiry sent twice with the same idempotency key', async () => {
    const sent = validContact();
    const [first, second] = await Promise.all([
      submit(server, '/api/contact', sent),
      submit(server, '/api/contact', sent),
    ]);
    expect(first).toBe(second);
    await sink.waitFor(2);
    await settle(server);
    expect(sink.received).toHaveLength(2);
  });

  it('never sends a row twice when two workers sweep at the same moment', async () => {
    const second = createSmtpSender(sink.url, 'website@aranya.test');
    const rival = createOutboxWorker({
      outbox: createOutboxRepository(server.services.storage),
      send: second.send,
      now: () => server.services.now(),
      log: server.log,
    });
    await server.services.mailOutbox?.stop();
    const ids = await Promise.all([1, 2, 3].map(() => submit(server, '/api/contact', validContact())));
    try {
      server.services.mailOutbox?.start();
      rival.kick();
      rival.kick();
      await Promise.all([server.services.mailOutbox?.whenIdle(), rival.whenIdle()]);
      await sink.waitFor(6);
      await settle(server);
      expect(sink.received).toHaveLength(6);
      const subjects = sink.received.map((mail) => mail.headers.subject);
      for (const id of ids) expect(subjects.filter((subject) => subject?.includes(`(contact #${id})`))).toHaveLength(1);
    } finally {
      await rival.stop();
      second.close();
    }
  });
});

describe('an SMTP outage', () => {
  let server: TestServer;
  let sink: SmtpSink | undefined;
  let clock = Date.now();
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    server = await startTestServer(mailEnv(`smtp://127.0.0.1:${port}`), { servePages: false });
    server.services.now = () => new Date(clock);
  });
  afterAll(async () => {
    await server.close();
    await sink?.close();
  });

  it('never fails the enquiry; the queue waits for the mail server, tries again less and less often, and sends everything once when SMTP is back', async () => {
    const id = await submit(server, '/api/admission-enquiry', validAdmission());
    await settle(server);
    const outbox = () =>
      server.services.storage.db.selectFrom('outbox').selectAll().where('enquiry_id', '=', id).orderBy('id').execute();
    let rows = await outbox();
    expect(rows).toHaveLength(2);
    // One email found the server down; the other was not tried. Neither counts it, both stay due.
    expect(
      rows.map((row) => [row.attempts, row.rejections, row.sent_at, Date.parse(row.next_attempt_at) - clock]),
    ).toEqual([
      [1, 0, null, 0],
      [0, 0, null, 0],
    ]);
    expect(rows[0]!.last_error).toMatch(/ECONNREFUSED/);
    expect(server.services.mailOutbox?.relay()).toMatchObject({
      state: 'failing',
      reason: 'the mail server could not be reached',
      nextTryAt: new Date(clock + 30_000).toISOString(),
    });

    // Still down at the next try: the wait doubles.
    clock += 30_000;
    await settle(server);
    expect(server.services.mailOutbox?.relay()).toMatchObject({
      state: 'failing',
      nextTryAt: new Date(clock + 60_000).toISOString(),
    });

    sink = await startSmtpSink(port);
    await settle(server);
    expect(sink.received).toHaveLength(0);

    clock += 60_000;
    await settle(server);
    await sink.waitFor(2);
    rows = await outbox();
    expect(rows.every((row) => row.sent_at !== null)).toBe(true);
    expect(server.services.mailOutbox?.relay()).toEqual({ state: 'sending' });

    clock += 24 * 60 * 60_000;
    await settle(server);
    expect(sink.received).toHaveLength(2);
  });
});

describe('a crash in the middle of sending', () => {
  let sink: SmtpSink;
  let server: TestServer;
  let clock = Date.parse('2026-11-21T04:00:00.000Z');
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(mailEnv(sink.url), { servePages: false });
    server.services.now = () => new Date(clock);
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  it('holds back only the mail being sent, for about two minutes', async () => {
    await server.services.mailOutbox?.stop();
    const ids = await Promise.all([1, 2, 3].map(() => submit(server, '/api/contact', validContact())));
    // A worker whose send never returns stands for a process that died mid-send: its claims stay behind.
    const crashed = createOutboxWorker({
      outbox: createOutboxRepository(server.services.storage),
      send: () => new Promise<never>(() => undefined),
      now: () => new Date(clock),
      log: server.log,
    });
    crashed.kick();
    const claimed = () =>
      server.services.storage.db
        .selectFrom('outbox')
        .select(['id', 'next_attempt_at'])
        .where('next_attempt_at', '>', new Date(clock).toISOString())
        .execute();
    while ((await claimed()).length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    void crashed.stop();

    const held = await claimed();
    expect(held).toHaveLength(1);
    expect(Date.parse(held[0]!.next_attempt_at) - clock).toBe(outboxTiming.leaseMs);
    expect(outboxTiming.leaseMs).toBe(2 * 60_000);

    // The restarted worker sends everything else at once, and the held mail when its claim runs out.
    server.services.mailOutbox?.start();
    await settle(server);
    expect(sink.received).toHaveLength(5);
    clock += outboxTiming.leaseMs;
    await settle(server);
    await sink.waitFor(6);
    const subjects = sink.received.map((mail) => mail.headers.subject);
    for (const id of ids) expect(subjects.filter((subject) => subject?.includes(`(contact #${id})`))).toHaveLength(1);
  });
});

describe('a crash between the relay’s acceptance and the mark "sent"', () => {
  let sink: SmtpSink;
  let server: TestServer;
  let clock = Date.parse('2026-11-21T04:00:00.000Z');
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(mailEnv(sink.url), { servePages: false });
    server.services.now = () => new Date(clock);
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  it('sends the email again with the Message-ID it was given when it was queued, so the reader’s mail program shows it once', async () => {
    await server.services.mailOutbox?.stop();
    const id = await submit(server, '/api/contact', validContact());
    const rows = () =>
      server.services.storage.db.selectFrom('outbox').selectAll().where('enquiry_id', '=', id).orderBy('id').execute();
    const queued = await rows();
    expect(queued.map((row) => row.message_id)).toEqual([
      expect.stringMatching(/^<[0-9a-f-]{36}@www\.aranyamontessori\.in>$/),
      expect.any(String),
    ]);
    expect(new Set(queued.map((row) => row.message_id)).size).toBe(2);

    // The relay takes both emails; the process dies before either is marked sent (a write that never comes).
    const sender = createSmtpSender(sink.url, 'website@aranya.test');
    const outbox = createOutboxRepository(server.services.storage);
    const crashed = createOutboxWorker({
      outbox: { ...outbox, markSent: () => new Promise<never>(() => undefined) },
      send: sender.send,
      now: () => new Date(clock),
      log: server.log,
    });
    crashed.kick();
    await sink.waitFor(1);
    void crashed.stop();
    sender.close();

    // The restarted worker sends each again once its claim runs out: the same Message-ID each time.
    clock += outboxTiming.leaseMs;
    server.services.mailOutbox?.start();
    await settle(server);
    await settle(server);
    const received = await sink.waitFor(3);
    expect(received.length).toBeGreaterThanOrEqual(3);
    for (const row of await rows()) {
      const copies = received.filter((mail) => mail.to.includes(row.to_address));
      expect(copies.length).toBeGreaterThanOrEqual(1);
      expect(copies.map((mail) => mail.headers['message-id'])).toEqual(copies.map(() => row.message_id));
    }
    expect(received.filter((mail) => mail.headers['message-id'] === received[0]!.headers['message-id']).length).toBe(2);
  });
});

describe('the window between the relay’s acceptance and the mark "sent"', () => {
  let sink: SmtpSink;
  let server: TestServer;
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(mailEnv(sink.url), { servePages: false });
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  it('is written before the event loop turns: no timer, file or network wait between the acceptance and the mark', async () => {
    await server.services.mailOutbox?.stop();
    const id = await submit(server, '/api/contact', validContact());
    const sentAt = server.services.storage.sqlite.prepare<[number], { sent_at: string | null }>(
      'select sent_at from outbox where id = ?',
    );
    const sender = createSmtpSender(sink.url, 'website@aranya.test');
    // For each email: whether its mark was written by the time the loop turned after the relay accepted it.
    const markedBeforeTurn: boolean[] = [];
    const worker = createOutboxWorker({
      outbox: createOutboxRepository(server.services.storage),
      send: async (row) => {
        await sender.send(row);
        setImmediate(() => markedBeforeTurn.push(sentAt.get(row.id)?.sent_at != null));
      },
      now: () => new Date(),
      log: server.log,
    });
    try {
      worker.kick();
      await worker.whenIdle();
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      await worker.stop();
      sender.close();
    }
    const rows = await server.services.storage.db
      .selectFrom('outbox')
      .select('sent_at')
      .where('enquiry_id', '=', id)
      .execute();
    expect(rows.map((row) => row.sent_at)).toEqual([expect.any(String), expect.any(String)]);
    expect(markedBeforeTurn).toEqual([true, true]);
  });
});

describe('an address the mail server refuses for good', () => {
  let sink: SmtpSink;
  let server: TestServer;
  let clock = Date.parse('2026-11-21T04:00:00.000Z');
  const unknown = 'no-such-parent@example.in';
  beforeAll(async () => {
    sink = await startSmtpSink(0, { rejectRecipient: (address) => address === unknown });
    server = await startTestServer({ ...mailEnv(sink.url), ...testStaffEnv }, { servePages: false });
    server.services.now = () => new Date(clock);
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  it(`stops after ${outboxTiming.maxRejections} refusals (5xx) and shows the mail to staff, who can send it again`, async () => {
    const id = await submit(server, '/api/contact', validContact({ email: unknown }));
    await settle(server);
    const parentRow = () =>
      server.services.storage.db
        .selectFrom('outbox')
        .selectAll()
        .where('enquiry_id', '=', id)
        .where('recipient_role', '=', 'parent')
        .executeTakeFirstOrThrow();
    for (let attempt = 1; attempt <= outboxTiming.maxRejections; attempt++) {
      const row = await parentRow();
      expect(row.attempts).toBe(attempt);
      expect(row.last_error).toMatch(/550/);
      clock += retryDelayMs(attempt);
      await settle(server);
    }
    const givenUp = await parentRow();
    expect(givenUp.attempts).toBe(outboxTiming.maxRejections);
    expect(givenUp.failed_at).toBe(new Date(clock - retryDelayMs(outboxTiming.maxRejections)).toISOString());
    expect(server.log.records).toContainEqual(
      expect.objectContaining({ level: 'error', message: 'Email refused for good; staff can see it in the dashboard' }),
    );

    // No more attempts, however long the server runs.
    clock += 7 * 24 * 60 * 60_000;
    await settle(server);
    expect((await parentRow()).attempts).toBe(outboxTiming.maxRejections);
    expect(sink.received.map((mail) => mail.to)).toEqual([[OFFICE]]);

    // The dashboard lists it for staff.
    const cookie = await loginCookie(server.url);
    const trpcGet = async (path: string) =>
      (await (await fetch(`${server.url}/api/trpc/${path}`, { headers: { cookie } })).json()) as {
        result: { data: { json: unknown } };
      };
    const listed = (await trpcGet('mail.undelivered')).result.data.json;
    expect(listed).toEqual({
      total: 1,
      mails: [
        {
          id: givenUp.id,
          what: 'enquiry',
          enquiryKind: 'contact',
          enquiryId: id,
          recipientRole: 'parent',
          subject: `We have received your message - ${school.name}`,
          to: unknown,
          attempts: outboxTiming.maxRejections,
          error: expect.stringMatching(/550 5\.1\.1 <no-such-parent@example\.in>: Recipient address rejected/),
          failedAt: givenUp.failed_at,
        },
      ],
    });

    // "Try again" puts it back in the queue at once (here the server still refuses it).
    const retry = await fetch(`${server.url}/api/trpc/mail.retry`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ json: { id: givenUp.id } }),
    });
    expect(retry.status).toBe(200);
    await settle(server);
    const retried = await parentRow();
    expect(retried.attempts).toBe(outboxTiming.maxRejections + 1);
    expect(retried.failed_at).toBeNull();
    expect((await trpcGet('mail.undelivered')).result.data.json).toEqual({ mails: [], total: 0 });
    expect(server.log.records).toContainEqual(
      expect.objectContaining({
        message: 'Staff asked to send an email again',
        fields: expect.objectContaining({ audit: 'mail-retry', outboxId: givenUp.id }),
      }),
    );
  });
});

describe('the office’s morning list and a visit’s email refused for good', () => {
  let sink: SmtpSink;
  let server: TestServer;
  let clock = Date.parse('2026-12-05T02:30:00.000Z'); // 8:00 AM in Chennai, Sat 5 Dec
  const unknownParent = 'no-such-parent@example.in';
  beforeAll(async () => {
    sink = await startSmtpSink(0, { rejectRecipient: (address) => address === OFFICE || address === unknownParent });
    server = await startTestServer({ ...mailEnv(sink.url), ...testStaffEnv }, { servePages: false });
    server.services.now = () => new Date(clock);
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  it('lists both in the undelivered emails: the morning list by its day, not to be sent again; the visit’s email by its subject, to try again', async () => {
    const db = server.services.storage.db;
    const [due, visiting] = (await insertTestAdmissions(db, [{}, { email: unknownParent }])) as [number, number];
    await setFollowUp(db, due, '2026-12-05', {
      changedAt: new Date(clock).toISOString(),
      sessionId: null,
      accountId: null,
    });
    await server.services.morningMail.runDue();
    await publishSlots(
      db,
      [{ startsAt: schoolInstant('2026-12-08', '10:00').toISOString(), minutes: 45, places: 10 }],
      { createdAt: new Date(clock).toISOString(), accountId: null },
    );
    const [slot] = await freeSlots(db, new Date(clock).toISOString());
    const token = new URL(server.services.visits.bookingUrl(visiting, new Date(clock))).searchParams.get('t') ?? '';
    expect((await postForm(`${server.url}/visit`, { t: token, action: 'book', slot: String(slot!.id) })).status).toBe(
      200,
    );
    await settle(server);
    for (let attempt = 1; attempt <= outboxTiming.maxRejections; attempt++) {
      clock += retryDelayMs(attempt);
      await settle(server);
    }
    // The office's own note of the booking (issue 35) is refused too, as everything to OFFICE here is.
    const rows = await db
      .selectFrom('outbox')
      .select(['id', 'recipient_role', 'failed_at'])
      .where('recipient_role', 'in', ['follow-ups', 'parent'])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.recipient_role, row.failed_at !== null])).toEqual([
      ['follow-ups', true],
      ['parent', true],
    ]);
    const [morning, visit] = rows as [(typeof rows)[number], (typeof rows)[number]];

    const staff = await signedInStaffApi(server);
    const listed = await staff.query<{ mails: unknown[]; total: number }>('mail.undelivered');
    const refusal = {
      attempts: outboxTiming.maxRejections,
      error: expect.stringMatching(/550 5\.1\.1/),
      failedAt: expect.any(String),
    };
    expect(listed).toEqual({
      total: 3,
      mails: expect.arrayContaining([
        {
          id: morning.id,
          what: 'follow-ups',
          day: '2026-12-05',
          to: OFFICE,
          subject: 'Follow-ups due today, Sat 5 Dec: 1',
          ...refusal,
        },
        {
          id: visit.id,
          what: 'visit',
          enquiryKind: 'admission',
          enquiryId: visiting,
          recipientRole: 'parent',
          to: unknownParent,
          subject: `Your school visit: Tue 8 Dec, 10:00 AM - ${school.name}`,
          visitStartsAt: schoolInstant('2026-12-08', '10:00').toISOString(),
          visitOver: false,
          ...refusal,
        },
      ]),
    });

    // The morning list is not sent again (a list of another day is out of date): neither alone nor with the others.
    expect(await staff.mutate('mail.retry', { id: morning.id })).toEqual({
      status: 404,
      data: expect.objectContaining({ message: 'This email is not waiting to be sent again.' }),
    });
    expect(await staff.mutate('mail.retryAll', {})).toEqual({
      status: 200,
      data: { message: 'The email will be sent again.' },
    });
    const left = await staff.query<{ mails: { id: number }[]; total: number }>('mail.undelivered');
    expect(left.mails.map((mail) => mail.id)).toContain(morning.id);
    expect(left.mails.map((mail) => mail.id)).not.toContain(visit.id);
  });
});

describe('a visit’s email refused for good, once its visit has begun', () => {
  let sink: SmtpSink;
  let server: TestServer;
  let clock = Date.parse('2026-12-05T02:30:00.000Z'); // 8:00 AM in Chennai, Sat 5 Dec
  const unknown = (name: string) => `no-such-${name}@example.in`;
  beforeAll(async () => {
    sink = await startSmtpSink(0, { rejectRecipient: (address) => address.startsWith('no-such-') });
    server = await startTestServer({ ...mailEnv(sink.url), ...testStaffEnv }, { servePages: false });
    server.services.now = () => new Date(clock);
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  /** Runs the queue until every email it holds is sent or given up, the clock moving on with the waits. */
  async function refuseForGood() {
    await settle(server);
    for (let attempt = 1; attempt <= outboxTiming.maxRejections; attempt++) {
      clock += retryDelayMs(attempt);
      await settle(server);
    }
  }

  it('offers no Try again for a confirmation or reminder whose visit has begun (or a reminder of one cancelled since), refuses to send it again, and Try again all leaves it', async () => {
    const db = server.services.storage.db;
    // Two families of their own (one email or phone holds one coming visit), and places enough that no day fills fast.
    const [monday, tuesday] = (await insertTestAdmissions(db, [
      { ...family(901), email: unknown('monday') },
      { ...family(902), email: unknown('tuesday') },
    ])) as [number, number];
    await publishSlots(
      db,
      [
        { startsAt: schoolInstant('2026-12-07', '10:00').toISOString(), minutes: 45, places: 10 },
        { startsAt: schoolInstant('2026-12-08', '10:00').toISOString(), minutes: 45, places: 10 },
      ],
      { createdAt: new Date(clock).toISOString(), accountId: null },
    );
    const [mondaySlot, tuesdaySlot] = await freeSlots(db, new Date(clock).toISOString());
    for (const [id, slot] of [
      [monday, mondaySlot!.id],
      [tuesday, tuesdaySlot!.id],
    ] as const) {
      const token = new URL(server.services.visits.bookingUrl(id, new Date(clock))).searchParams.get('t') ?? '';
      expect((await postForm(`${server.url}/visit`, { t: token, action: 'book', slot: String(slot) })).status).toBe(
        200,
      );
    }
    await refuseForGood();
    // Sun 6 Dec, 9 AM: Monday's family gets its reminder, refused too.
    clock = Date.parse('2026-12-06T03:30:00.000Z');
    expect(await server.services.visitReminders?.run()).toBe(1);
    await refuseForGood();
    // Mon 7 Dec, 9 AM: Tuesday's family gets its reminder, refused too, and then cancels the visit.
    clock = Date.parse('2026-12-07T03:30:00.000Z');
    expect(await server.services.visitReminders?.run()).toBe(1);
    await refuseForGood();
    const tuesdayToken =
      new URL(server.services.visits.bookingUrl(tuesday, new Date(clock))).searchParams.get('t') ?? '';
    expect((await postForm(`${server.url}/visit`, { t: tuesdayToken, action: 'cancel' })).status).toBe(200);

    // Mon 7 Dec, 10 AM at the school: Monday's visit begins; Tuesday's would still be ahead.
    clock = schoolInstant('2026-12-07', '10:00').getTime();
    const rows = await db
      .selectFrom('outbox')
      .select(['id', 'enquiry_id', 'subject', 'failed_at'])
      .where('recipient_role', '=', 'parent')
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.enquiry_id, row.subject.split(/:| is /)[0], row.failed_at !== null])).toEqual([
      [monday, 'Your school visit', true],
      [tuesday, 'Your school visit', true],
      [monday, 'Reminder', true],
      [tuesday, 'Reminder', true],
      [tuesday, 'Your school visit', false],
    ]);
    const [mondayConfirmation, tuesdayConfirmation, mondayReminder, tuesdayReminder] = rows.map((row) => row.id) as [
      number,
      number,
      number,
      number,
    ];

    const staff = await signedInStaffApi(server);
    const listed = await staff.query<{
      mails: { id: number; what: string; visitStartsAt?: string; visitOver?: boolean }[];
    }>('mail.undelivered');
    const visitOf = (id: number) => listed.mails.find((mail) => mail.id === id);
    const mondayAt = schoolInstant('2026-12-07', '10:00').toISOString();
    expect(visitOf(mondayConfirmation)).toMatchObject({ what: 'visit', visitStartsAt: mondayAt, visitOver: true });
    expect(visitOf(mondayReminder)).toMatchObject({ what: 'visit', visitStartsAt: mondayAt, visitOver: true });
    expect(visitOf(tuesdayConfirmation)).toMatchObject({
      what: 'visit',
      visitStartsAt: schoolInstant('2026-12-08', '10:00').toISOString(),
      visitOver: false,
    });
    // A reminder of a visit cancelled (or moved) since tells of a time no longer booked.
    expect(visitOf(tuesdayReminder)).toMatchObject({ what: 'visit', visitStartsAt: null, visitOver: true });
    expect(await staff.mutate('mail.retry', { id: tuesdayReminder })).toEqual({
      status: 409,
      data: expect.objectContaining({
        message: 'This reminder is about a visit moved or cancelled since, so it is not sent again.',
      }),
    });

    const stale = {
      status: 409,
      data: expect.objectContaining({
        message: 'This email is about a visit that has begun or passed, so it is not sent again.',
      }),
    };
    expect(await staff.mutate('mail.retry', { id: mondayConfirmation })).toEqual(stale);
    expect(await staff.mutate('mail.retry', { id: mondayReminder })).toEqual(stale);
    expect(await staff.mutate('mail.retryAll', {})).toEqual({
      status: 200,
      data: { message: 'The email will be sent again.' },
    });
    const left = await db.selectFrom('outbox').select('id').where('failed_at', 'is not', null).orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual([mondayConfirmation, mondayReminder, tuesdayReminder]);
    expect(await staff.mutate('mail.retryAll', {})).toEqual({
      status: 404,
      data: expect.objectContaining({ message: 'No email is waiting to be sent again.' }),
    });
  });
});

describe.each([
  {
    refusal: 'the password (535 to AUTH, after a password change at the mail provider)',
    smtpUrl: (sink: SmtpSink) => `smtp://website:old-password@127.0.0.1:${sink.port}`,
    options: (relayWorks: () => boolean) => ({ acceptLogin: () => relayWorks() }),
    reason: 'the mail server refused the password',
    answer: /535 5\.7\.8 Authentication credentials invalid/,
  },
  {
    refusal: 'the sender (553 to MAIL FROM, the relay’s sender policy)',
    smtpUrl: (sink: SmtpSink) => sink.url,
    options: (relayWorks: () => boolean) => ({ refuseSender: () => (relayWorks() ? undefined : 553) }),
    reason: 'the mail server refused the sender address',
    answer: /553 5\.7\.1 <website@aranya\.test>: Sender address rejected/,
  },
])('a relay that refuses $refusal', ({ smtpUrl, options, reason, answer }) => {
  let sink: SmtpSink;
  let server: TestServer;
  let clock = Date.parse('2026-11-21T04:00:00.000Z');
  let relayWorks = false;
  beforeAll(async () => {
    sink = await startSmtpSink(
      0,
      options(() => relayWorks),
    );
    server = await startTestServer({ ...mailEnv(smtpUrl(sink)), ...testStaffEnv }, { servePages: false });
    server.services.now = () => new Date(clock);
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  const health = async (headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}/healthz`, { headers });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('gives no email up: the queue pauses, tries again at most 5 minutes apart, says why, and sends everything once the relay takes mail', async () => {
    const start = clock;
    const id = await submit(server, '/api/contact', validContact());
    await settle(server);
    const rows = () =>
      server.services.storage.db.selectFrom('outbox').selectAll().where('enquiry_id', '=', id).orderBy('id').execute();
    const tries = async () => (await rows()).reduce((sum, row) => sum + row.attempts, 0);
    // Only one email was tried: the refusal concerns the relay, so the queue waits.
    expect(await tries()).toBe(1);

    // An hour of refusals, far past the 5 refusals that give one email up.
    while (clock - start < 60 * 60_000) {
      clock += 60_000;
      await settle(server);
    }
    for (const row of await rows()) {
      expect(row.failed_at).toBeNull();
      expect(row.rejections).toBe(0);
      expect(row.sent_at).toBeNull();
    }
    expect(await tries()).toBeGreaterThan(10);
    // The interval has reached its cap: one try per 5 minutes.
    let before = await tries();
    while ((await tries()) === before) {
      clock += 60_000;
      await settle(server);
    }
    before = await tries();
    clock += 5 * 60_000 - 1;
    await settle(server);
    expect(await tries()).toBe(before);
    clock += 1;
    await settle(server);
    expect(await tries()).toBe(before + 1);
    const lastTry = clock;

    // The load balancer keeps the site (it works); a monitor reads that mail does not, and why.
    const created = (await rows())[0]!.created_at;
    expect(await health()).toEqual({
      status: 200,
      body: {
        status: 'ok',
        mail: {
          state: 'failing',
          since: new Date(start).toISOString(),
          reason,
          waiting: 2,
          oldestWaitingSince: created,
          stalled: true,
        },
      },
    });
    const staff = await signedInStaffApi(server);
    expect(await staff.query('mail.status')).toEqual({
      state: 'failing',
      since: new Date(start).toISOString(),
      reason,
      answer: expect.stringMatching(answer),
      nextTryAt: new Date(lastTry + 5 * 60_000).toISOString(),
      waiting: 2,
      oldestWaitingSince: created,
      stalled: true,
    });
    // Said once when it started, not at every try; never the password.
    expect(server.log.records.filter((record) => record.level === 'error').map((record) => record.message)).toEqual([
      'Mail is not being sent: the mail server refuses every email or cannot be reached',
    ]);
    expect(JSON.stringify(server.log.records)).not.toContain('old-password');
    expect(JSON.stringify(await health())).not.toContain('old-password');
    // Through the proxy (any forwarded header): that the site is up and mail is not going out, nothing more.
    for (const forwarded of [
      ['x-forwarded-for', '203.0.113.9'],
      ['x-forwarded-proto', 'https'],
      ['forwarded', 'for=203.0.113.9'],
      ['x-real-ip', '203.0.113.9'],
    ]) {
      expect(await health(Object.fromEntries([forwarded]))).toEqual({
        status: 200,
        body: { status: 'ok', mail: { state: 'failing' } },
      });
    }

    relayWorks = true;
    clock = lastTry + 5 * 60_000;
    await settle(server);
    await sink.waitFor(2);
    expect((await rows()).every((row) => row.sent_at !== null)).toBe(true);
    expect(await health()).toEqual({
      status: 200,
      body: { status: 'ok', mail: { state: 'sending', waiting: 0, oldestWaitingSince: null, stalled: false } },
    });
    expect(await health({ 'x-forwarded-for': '203.0.113.9' })).toEqual({
      status: 200,
      body: { status: 'ok', mail: { state: 'sending' } },
    });
    expect(server.log.records).toContainEqual(
      expect.objectContaining({ level: 'info', message: 'Mail is being sent again' }),
    );
  });
});

describe('emails deferred one by one (451 to RCPT TO)', () => {
  let sink: SmtpSink;
  let server: TestServer;
  let clock = Date.parse('2026-11-21T04:00:00.000Z');
  let deferring = true;
  beforeAll(async () => {
    sink = await startSmtpSink(0, { deferRecipient: () => deferring });
    server = await startTestServer({ ...mailEnv(sink.url), ...testStaffEnv }, { servePages: false });
    server.services.now = () => new Date(clock);
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  it('become due at once when an email goes out, and staff see the queue that is not draining meanwhile', async () => {
    const start = clock;
    const first = await submit(server, '/api/contact', validContact());
    // Each email is deferred with its own backoff, growing to 16 minutes apart.
    for (let attempt = 1; attempt <= 5; attempt++) {
      await settle(server);
      clock += retryDelayMs(attempt);
    }
    await settle(server);
    const second = await submit(server, '/api/admission-enquiry', validAdmission());
    await settle(server);
    const waiting = () =>
      server.services.storage.db.selectFrom('outbox').selectAll().where('sent_at', 'is', null).orderBy('id').execute();
    const deferred = await waiting();
    expect(deferred).toHaveLength(4);
    expect(
      deferred.every((row) => row.last_error?.includes('451') && row.failed_at === null && row.rejections === 0),
    ).toBe(true);
    expect(deferred.map((row) => Date.parse(row.next_attempt_at) - clock)).toEqual([
      16 * 60_000,
      16 * 60_000,
      30_000,
      30_000,
    ]);

    // Not failing as a whole, but not draining either: the dashboard says how many and since when.
    expect(clock - start).toBeGreaterThan(15 * 60_000);
    const staff = await signedInStaffApi(server);
    expect(await staff.query('mail.status')).toEqual({
      state: 'sending',
      waiting: 4,
      oldestWaitingSince: deferred[0]!.created_at,
      stalled: true,
    });

    // The relay takes mail again: the first email due goes out, and brings every other forward.
    deferring = false;
    const due = Math.min(...(await waiting()).map((row) => Date.parse(row.next_attempt_at)));
    clock = Math.max(clock, due);
    await settle(server);
    await sink.waitFor(4);
    expect(await waiting()).toEqual([]);
    const bodies = sink.received.map((mail) => mail.body);
    expect(bodies.filter((body) => body.includes(`contact #${first}`))).toHaveLength(2);
    expect(bodies.filter((body) => body.includes(`admission #${second}`))).toHaveLength(2);
  });
});

describe('what a successful send brings forward', () => {
  let sink: SmtpSink;
  let server: TestServer;
  const clock = Date.parse('2026-11-21T04:00:00.000Z');
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(mailEnv(sink.url), { servePages: false });
    server.services.now = () => new Date(clock);
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  it('brings forward emails deferred by an outage, not one another sender holds, nor one the relay refused', async () => {
    const at = (ms: number) => new Date(clock + ms).toISOString();
    const row = (
      subject: string,
      values: { attempts: number; rejections: number; next: number; error: string },
      enquiryId: number,
    ) => ({
      enquiry_kind: 'contact' as const,
      enquiry_id: enquiryId,
      recipient_role: 'office' as const,
      to_address: OFFICE,
      subject,
      text_body: 'Text',
      attempts: values.attempts,
      rejections: values.rejections,
      next_attempt_at: at(values.next),
      last_error: values.error,
      created_at: at(-3 * 60 * 60_000),
    });
    // As an outage left them before this fix: each waiting out its own backoff, up to an hour.
    await server.services.storage.db
      .insertInto('outbox')
      .values([
        row(
          'Deferred an hour',
          { attempts: 9, rejections: 0, next: 59 * 60_000, error: 'Error: connect ECONNREFUSED 127.0.0.1:25' },
          901,
        ),
        row(
          'Deferred 20 minutes',
          { attempts: 7, rejections: 0, next: 20 * 60_000, error: 'Error: connect ECONNREFUSED 127.0.0.1:25' },
          902,
        ),
        row(
          'Claimed by another sender',
          { attempts: 3, rejections: 0, next: outboxTiming.leaseMs, error: 'Error: connect ECONNREFUSED 127.0.0.1:25' },
          903,
        ),
        row(
          'Refused once',
          { attempts: 7, rejections: 1, next: 30 * 60_000, error: 'Error: 550 5.1.1 User unknown' },
          904,
        ),
      ])
      .execute();
    await submit(server, '/api/contact', validContact());
    await settle(server);
    const subjects = sink.received.map((mail) => mail.headers.subject ?? '');
    expect(subjects.filter((subject) => subject.startsWith('Deferred')).sort()).toEqual([
      'Deferred 20 minutes',
      'Deferred an hour',
    ]);
    expect(subjects).toHaveLength(4);
    expect(server.log.records).toContainEqual(
      expect.objectContaining({
        message: 'Deferred emails are due again after an email went out',
        fields: { emails: 2 },
      }),
    );
  });
});

describe('trying again every given-up email at once', () => {
  let sink: SmtpSink;
  let server: TestServer;
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ ...mailEnv(sink.url), ...testStaffEnv }, { servePages: false });
    await server.services.mailOutbox?.stop();
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  it('lists 50 of 80 and says so, and Try again all queues all 80 with one audit entry', async () => {
    const failedAt = '2026-11-21T05:30:00.000Z';
    await server.services.storage.db
      .insertInto('outbox')
      .values(
        Array.from({ length: 80 }, (_, index) => ({
          enquiry_kind: 'contact' as const,
          enquiry_id: index + 1,
          recipient_role: 'office' as const,
          to_address: OFFICE,
          subject: `Mail ${index + 1}`,
          text_body: 'Text',
          attempts: 5,
          rejections: 5,
          next_attempt_at: failedAt,
          failed_at: failedAt,
          last_error: 'Error: Invalid login: 535 5.7.8 Authentication credentials invalid',
          created_at: failedAt,
        })),
      )
      .execute();
    const staff = await signedInStaffApi(server);
    const listed = await staff.query<{ mails: unknown[]; total: number }>('mail.undelivered');
    expect(listed.mails).toHaveLength(50);
    expect(listed.total).toBe(80);

    const answer = await staff.mutate('mail.retryAll', {});
    expect(answer).toEqual({ status: 200, data: { message: 'All 80 emails will be sent again.' } });
    expect(await staff.query('mail.undelivered')).toEqual({ mails: [], total: 0 });
    const rows = await server.services.storage.db
      .selectFrom('outbox')
      .select(['failed_at', 'rejections'])
      .distinct()
      .execute();
    expect(rows).toEqual([{ failed_at: null, rejections: 0 }]);
    expect(server.log.records).toContainEqual(
      expect.objectContaining({
        message: 'Staff asked to send every undelivered email again',
        fields: expect.objectContaining({ audit: 'mail-retry-all', emails: 80 }),
      }),
    );
    const audit = await server.services.storage.db
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('action', 'in', ['mail-retry', 'mail-retry-all'])
      .execute();
    expect(audit).toEqual([{ action: 'mail-retry-all', details: JSON.stringify({ emails: 80 }) }]);

    // Nothing given up: nothing to queue, and said so.
    expect(await staff.mutate('mail.retryAll', {})).toEqual({
      status: 404,
      data: expect.objectContaining({ message: 'No email is waiting to be sent again.' }),
    });
  });
});

describe('a mail server that does not answer', () => {
  it('is tried without end: only refusals of one email (5xx to RCPT TO or DATA) count towards giving it up', async () => {
    let clock = Date.parse('2026-11-21T04:00:00.000Z');
    const server = await startTestServer(mailEnv(`smtp://127.0.0.1:${await freePort()}`), { servePages: false });
    server.services.now = () => new Date(clock);
    try {
      const id = await submit(server, '/api/contact', validContact());
      for (let tries = 1; tries <= outboxTiming.maxRejections + 2; tries++) {
        await settle(server);
        clock += relayTryDelayMs(tries);
      }
      const rows = await server.services.storage.db
        .selectFrom('outbox')
        .selectAll()
        .where('enquiry_id', '=', id)
        .execute();
      expect(rows.every((row) => row.failed_at === null && row.rejections === 0)).toBe(true);
      expect(rows.reduce((sum, row) => sum + row.attempts, 0)).toBe(outboxTiming.maxRejections + 2);
    } finally {
      await server.close();
    }
  });
});

describe('mail switched off', () => {
  it('stores enquiries without outbox rows and says once at start that mail is off', async () => {
    const server = await startTestServer({}, { servePages: false });
    try {
      expect(server.services.mailOutbox).toBeUndefined();
      await submit(server, '/api/contact', validContact());
      await submit(server, '/api/contact', validContact());
      const outboxRows = await server.services.storage.db.selectFrom('outbox').selectAll().execute();
      expect(outboxRows).toHaveLength(0);
      expect(server.log.records.filter((record) => record.message.startsWith('Mail is off'))).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

describe('retry delay', () => {
  it('starts at 30 s, doubles, and stays at one hour', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });
});
