import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { programs } from '../../content/programs';
import { school } from '../../content/school';
import { createOutboxRepository } from '../storage/enquiries';
import { postJson, validAdmission, validContact } from '../testing/enquiryTestData';
import { freePort, startSmtpSink, type SmtpSink } from '../testing/smtpSink';
import { startTestServer, type TestServer } from '../testing/testServer';
import { createOutboxWorker, retryDelayMs } from './outboxWorker';
import { createSmtpSender } from './transport';

const OFFICE = 'office@aranya.test';
const mailEnv = (smtpUrl: string) => ({ SMTP_URL: smtpUrl, NOTIFY_EMAIL: OFFICE, MAIL_FROM: 'Aranya Website <website@aranya.test>' });

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
    for (const value of ['Priya <b>Raman</b>', sent.email, '+91 9840011223', 'Employment', sent.message]) expect(office.body).toContain(value);
    // The HTML part shows the name as text, never as markup.
    expect(office.body).toContain('Priya &lt;b&gt;Raman&lt;/b&gt;');

    expect(parent.headers.subject).toBe(`We have received your message - ${school.name}`);
    expect(parent.headers['reply-to']).toBe(school.email);
    for (const value of [school.phones[0].display, "we'll get back to you soon", `contact #${id}`]) expect(parent.body).toContain(value);
    // Anyone can type any address into the form: the school's mail never repeats what the sender wrote.
    for (const typed of ['Priya', 'Raman', sent.message]) expect(`${parent.headers.subject}\n${parent.body}`).not.toContain(typed);

    const rows = await server.services.storage.db.selectFrom('outbox').selectAll().where('enquiry_kind', '=', 'contact').where('enquiry_id', '=', id).execute();
    expect(rows.map((row) => row.recipient_role).sort()).toEqual(['office', 'parent']);
    expect(rows.every((row) => row.sent_at !== null && row.attempts === 0)).toBe(true);
  });

  it('tells the office about an admission enquiry with every field, and confirms receipt to the parent', async () => {
    const sent = validAdmission();
    const id = await submit(server, '/api/admission-enquiry', sent);
    const mails = await sink.waitFor(2);
    const office = mails.find((mail) => mail.to.includes(OFFICE))!;
    const parent = mails.find((mail) => mail.to.includes(sent.email))!;

    expect(office.headers.subject).toBe(`New admission enquiry: Arjun Raman, ${programs.primary.title} (admission #${id})`);
    expect(office.headers['reply-to']).toBe(sent.email);
    for (const value of ['Arjun Raman', sent.birthDate, '4 years 2 months', programs.primary.title, 'Priya Raman', sent.email, '+971 501234567', sent.message]) {
      expect(office.body).toContain(value);
    }
    expect(parent.headers.subject).toBe(`Your admission enquiry has been received - ${school.name}`);
    expect(parent.body).toContain(`This email confirms that we have received your admission enquiry for the ${programs.primary.title} program (admission #${id})`);
    expect(parent.body).toContain('Meet Us');
    for (const typed of ['Arjun', 'Priya', 'Raman', sent.message]) expect(`${parent.headers.subject}\n${parent.body}`).not.toContain(typed);
  });

  it('sends one set of emails for an enquiry sent twice with the same idempotency key', async () => {
    const sent = validContact();
    const [first, second] = await Promise.all([submit(server, '/api/contact', sent), submit(server, '/api/contact', sent)]);
    expect(first).toBe(second);
    await sink.waitFor(2);
    await settle(server);
    expect(sink.received).toHaveLength(2);
  });

  it('never sends a row twice when two workers sweep at the same moment', async () => {
    const second = createSmtpSender(sink.url, 'website@aranya.test');
    const rival = createOutboxWorker({
      outbox: createOutboxRepository(server.services.storage.db),
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

  it('never fails the submission; the emails wait with backoff and go out exactly once when SMTP is back', async () => {
    const id = await submit(server, '/api/admission-enquiry', validAdmission());
    await settle(server);
    const outbox = () => server.services.storage.db.selectFrom('outbox').selectAll().where('enquiry_id', '=', id).execute();
    let rows = await outbox();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.sent_at).toBeNull();
      expect(row.attempts).toBe(1);
      expect(row.last_error).toMatch(/ECONNREFUSED/);
      expect(Date.parse(row.next_attempt_at) - clock).toBe(30_000);
    }

    // Still down at the first retry: the wait doubles.
    clock += 30_000;
    await settle(server);
    rows = await outbox();
    expect(rows.map((row) => [row.attempts, Date.parse(row.next_attempt_at) - clock])).toEqual([
      [2, 60_000],
      [2, 60_000],
    ]);

    sink = await startSmtpSink(port);
    await settle(server);
    expect(sink.received).toHaveLength(0);

    clock += 60_000;
    await settle(server);
    await sink.waitFor(2);
    rows = await outbox();
    expect(rows.every((row) => row.sent_at !== null)).toBe(true);

    clock += 24 * 60 * 60_000;
    await settle(server);
    expect(sink.received).toHaveLength(2);
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
    expect([1, 2, 3, 4, 7, 8, 20].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000]);
  });
});
