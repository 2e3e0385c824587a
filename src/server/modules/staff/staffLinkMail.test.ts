import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { school } from '#content/school.ts';
import { signedInStaffApi } from '#test/support/staffApi.ts';
import { postJson, testStaffEnv } from '#test/support/testLogin.ts';
import { freePort, startSmtpSink, type ReceivedMail, type SmtpSink } from '#test/support/smtpSink.ts';
import { startTestServer } from '#test/support/testServer.ts';
import { outboxTiming, retryDelayMs } from '#server/modules/mail/service.ts';
import { databaseFiles } from '#server/platform/privateFiles.ts';
import { startingContact } from '#test/support/schoolFacts.ts';

type Made = { account: { id: number }; link: { url: string; expiresAt: string; emailedTo: string | null } };
type Account = {
  id: number;
  name: string;
  linkMail: { state: string; to: string; attempts: number; error: string | null } | null;
};

const mailEnv = (smtpUrl: string) => ({
  ...testStaffEnv,
  SMTP_URL: smtpUrl,
  NOTIFY_EMAIL: 'office@aranya.test',
  MAIL_FROM: 'Aranya Website <website@aranya.test>',
});
const start = Date.parse('2026-11-25T04:00:00.000Z');
const tokenOf = (url: string) => url.split('#set-password=')[1] ?? '';
/** Every link to choose a password in a received email (its text part and its HTML part). */
const linksIn = (mail: ReceivedMail) => mail.body.match(/http[^\s"<>]+#set-password=[A-Za-z0-9_-]+/g) ?? [];

async function harness(env: Record<string, string>) {
  let clock = start;
  const server = await startTestServer(env, { servePages: false });
  server.services.now = () => new Date(clock);
  const api = await signedInStaffApi(server);
  return {
    server,
    api,
    advance: (ms: number) => {
      clock += ms;
    },
    invite: async (email: string, name: string, role = 'office') => {
      const made = await api.mutate<Made>('staff.invite', { email, name, role });
      expect(made.status).toBe(200);
      return made.data;
    },
    newLink: async (accountId: number) => {
      const made = await api.mutate<Made>('staff.passwordLink', { accountId });
      expect(made.status).toBe(200);
      return made.data;
    },
    setPassword: async (url: string, password: string) =>
      (await postJson(`${server.url}/api/trpc/auth.setPassword`, { json: { token: tokenOf(url), password } })).status,
    settle: async () => {
      server.services.mailOutbox?.kick();
      await server.services.mailOutbox?.whenIdle();
    },
    staffRows: () =>
      server.services.storage.db
        .selectFrom('outbox')
        .selectAll()
        .where('staff_account_id', 'is not', null)
        .orderBy('id')
        .execute(),
    /** The database file and its write-ahead log, as bytes. */
    rawFiles: () =>
      databaseFiles(server.services.storage.file)
        .filter((file) => fs.existsSync(file))
        .map((file) => fs.readFileSync(file)),
  };
}

describe('links to choose a password, by email', { timeout: 60_000 }, () => {
  let sink: SmtpSink;
  let h: Awaited<ReturnType<typeof harness>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    h = await harness(mailEnv(sink.url));
  });
  afterAll(async () => {
    await h.server.close();
    await sink.close();
  });
  afterEach(() => {
    sink.received.length = 0;
  });

  it('emails an invitation with the link, which sets the password once; no trace of the link stays in the database', async () => {
    const made = await h.invite('priya@example.in', 'Priya Raman');
    expect(made.link.emailedTo).toBe('priya@example.in');
    const [mail] = await sink.waitFor(1);
    await h.settle();
    expect(mail!.to).toEqual(['priya@example.in']);
    expect(mail!.from).toBe('website@aranya.test');
    expect(mail!.headers.subject).toBe(`Your account on the ${school.name} staff dashboard`);
    expect(mail!.headers['content-type']).toMatch(/^multipart\/alternative/);
    // The same link in the text part and in the HTML part's anchor and its text.
    expect(linksIn(mail!)).toEqual([made.link.url, made.link.url, made.link.url]);
    for (const words of [
      'Hello Priya Raman,',
      `Owner at ${school.name} has invited you to the staff dashboard`,
      school.name,
      'with the Office role',
      'The link works once, and for 72 hours (until Nov 28, 2026 9:30 AM, India time). After that, ask the school for a new link.',
      'sign in on the same page with this email address (priya@example.in)',
      'If you did not expect this invitation, do not use the link',
      startingContact.email,
    ]) {
      expect(mail!.body).toContain(words);
    }

    // Sent: the row keeps a copy without the link, in the table and in the raw files.
    const token = tokenOf(made.link.url);
    const [row] = await h.staffRows();
    expect(row).toMatchObject({
      staff_account_id: made.account.id,
      recipient_role: 'staff',
      secret_link: null,
      to_address: 'priya@example.in',
    });
    expect(row!.sent_at).not.toBeNull();
    expect(row!.text_body).toContain('[single-use link: not kept once the email is sent]');
    expect(JSON.stringify(h.server.services.storage.sqlite.prepare('select * from outbox').all())).not.toContain(token);
    for (const bytes of h.rawFiles()) expect(bytes.includes(token)).toBe(false);

    // The audit trail says it was emailed, never what the link was.
    const entries = h.server.services.storage.sqlite
      .prepare(`select details from audit_events where action = 'link-created'`)
      .all() as { details: string }[];
    expect(entries.map((entry) => JSON.parse(entry.details))).toEqual([
      { accountId: made.account.id, purpose: 'invitation', emailed: true },
    ]);
    expect(JSON.stringify(h.server.services.storage.sqlite.prepare('select * from audit_events').all())).not.toContain(
      token,
    );

    const accounts = await h.api.query<Account[]>('staff.accounts');
    expect(accounts.find((account) => account.id === made.account.id)?.linkMail).toMatchObject({
      state: 'sent',
      to: 'priya@example.in',
    });

    expect(await h.setPassword(linksIn(mail!)[0]!, 'priya chose this one')).toBe(200);
    expect(await h.setPassword(linksIn(mail!)[0]!, 'someone else tries')).toBe(404);
  });

  it('emails a reset link; the current password works until the new one is chosen', async () => {
    const made = await h.invite('arul@example.in', 'Arul Selvam');
    await sink.waitFor(1);
    expect(await h.setPassword(made.link.url, 'arul chose this one')).toBe(200);
    sink.received.length = 0;

    const reset = await h.newLink(made.account.id);
    expect(reset.link.emailedTo).toBe('arul@example.in');
    const [mail] = await sink.waitFor(1);
    expect(mail!.headers.subject).toBe(`A link to choose a new password - ${school.name} staff dashboard`);
    expect(linksIn(mail!)[0]).toBe(reset.link.url);
    for (const words of [
      `Owner at ${school.name} has made you a link to choose a new password`,
      'works once, and for 72 hours',
      'If you did not ask for a new password, do not use the link',
    ]) {
      expect(mail!.body).toContain(words);
    }
    expect(
      (await postJson(`${h.server.url}/api/admin/login`, { email: 'arul@example.in', password: 'arul chose this one' }))
        .status,
    ).toBe(200);
    expect(await h.setPassword(linksIn(mail!)[0]!, 'arul chose a new one')).toBe(200);
    expect(
      (
        await postJson(`${h.server.url}/api/admin/login`, {
          email: 'arul@example.in',
          password: 'arul chose a new one',
        })
      ).status,
    ).toBe(200);
  });

  it('a newer link makes an emailed one useless, and keeps one not sent yet from going out at all', async () => {
    const made = await h.invite('kala@example.in', 'Kala Murugan');
    const [first] = await sink.waitFor(1);
    await h.newLink(made.account.id);
    await sink.waitFor(2);
    expect(await h.setPassword(linksIn(first!)[0]!, 'kala chose this one')).toBe(404);
    sink.received.length = 0;

    // The worker is held back: the next link's email waits in the outbox when a newer link replaces it.
    await h.server.services.mailOutbox?.stop();
    const waiting = await h.newLink(made.account.id);
    const newest = await h.newLink(made.account.id);
    h.server.services.mailOutbox?.start();
    await h.settle();
    const mails = await sink.waitFor(1);
    expect(mails).toHaveLength(1);
    expect(linksIn(mails[0]!)[0]).toBe(newest.link.url);
    expect(await h.setPassword(waiting.link.url, 'kala chose this one')).toBe(404);
    expect(await h.setPassword(newest.link.url, 'kala chose this one')).toBe(200);
  });

  it('withdraws an email not sent yet once its link is used (handed over by the Owner during an outage)', async () => {
    await h.server.services.mailOutbox?.stop();
    const made = await h.invite('divya@example.in', 'Divya Raj');
    const before = await h.staffRows();
    expect(before.filter((row) => row.staff_account_id === made.account.id && row.sent_at === null)).toHaveLength(1);
    expect(await h.setPassword(made.link.url, 'divya chose this one')).toBe(200);
    expect((await h.staffRows()).filter((row) => row.staff_account_id === made.account.id)).toEqual([]);
    h.server.services.mailOutbox?.start();
    await h.settle();
    expect(sink.received).toHaveLength(0);
  });

  it('keeps copies of sent link emails 30 days, and an unsent one only until its link expires', async () => {
    await h.server.services.mailOutbox?.stop();
    const made = await h.invite('meera@example.in', 'Meera Krishnan');
    const sentBefore = (await h.staffRows()).filter((row) => row.sent_at !== null).length;
    expect(sentBefore).toBeGreaterThan(0);
    h.advance(72 * 3_600_000 + 1000);
    await h.server.services.retention.purge();
    const left = await h.staffRows();
    expect(left.filter((row) => row.staff_account_id === made.account.id)).toEqual([]);
    expect(left).toHaveLength(sentBefore);
    h.advance(30 * 24 * 3_600_000);
    await h.server.services.retention.purge();
    expect(await h.staffRows()).toEqual([]);
    h.server.services.mailOutbox?.start();
  });
});

describe('a link email while the mail server is down or refuses it', { timeout: 60_000 }, () => {
  let port: number;
  let h: Awaited<ReturnType<typeof harness>>;
  let sink: SmtpSink | undefined;
  beforeAll(async () => {
    port = await freePort();
    h = await harness(mailEnv(`smtp://127.0.0.1:${port}`));
  });
  afterAll(async () => {
    await h.server.close();
    await sink?.close();
  });

  it('waits with its link out of the body, is sent by the worker once SMTP is back, and the link is erased then', async () => {
    const made = await h.invite('priya@example.in', 'Priya Raman');
    expect(made.link.emailedTo).toBe('priya@example.in');
    await h.settle();
    const token = tokenOf(made.link.url);
    let [row] = await h.staffRows();
    expect(row).toMatchObject({ attempts: 1, sent_at: null, secret_link: made.link.url });
    expect(row!.last_error).toMatch(/ECONNREFUSED/);
    // The body never holds the link: only secret_link does, until the mail is sent.
    expect(`${row!.text_body}${row!.html_body}`).not.toContain(token);
    const waiting = (await h.api.query<Account[]>('staff.accounts')).find((account) => account.id === made.account.id);
    expect(waiting?.linkMail).toMatchObject({
      state: 'waiting',
      attempts: 1,
      error: expect.stringMatching(/ECONNREFUSED/),
    });

    // Back, and refusing one address for good (the next test).
    sink = await startSmtpSink(port, { rejectRecipient: (address) => address === 'nobody@example.in' });
    h.advance(retryDelayMs(1));
    await h.settle();
    const [mail] = await sink.waitFor(1);
    expect(linksIn(mail!)[0]).toBe(made.link.url);
    [row] = await h.staffRows();
    expect(row).toMatchObject({ secret_link: null, last_error: null });
    for (const bytes of h.rawFiles()) expect(bytes.includes(token)).toBe(false);
    expect(await h.setPassword(linksIn(mail!)[0]!, 'priya chose this one')).toBe(200);
  });

  it('shows an email refused for good on the Staff tab, not among the enquiries’ undelivered mail, with its link erased', async () => {
    const made = await h.invite('nobody@example.in', 'No Body');
    await h.settle();
    for (let attempts = 1; attempts < outboxTiming.maxRejections; attempts += 1) {
      h.advance(retryDelayMs(attempts));
      await h.settle();
    }
    const [row] = (await h.staffRows()).filter((each) => each.staff_account_id === made.account.id);
    expect(row).toMatchObject({ rejections: outboxTiming.maxRejections, secret_link: null, sent_at: null });
    expect(row!.failed_at).not.toBeNull();
    for (const bytes of h.rawFiles()) expect(bytes.includes(tokenOf(made.link.url))).toBe(false);

    const account = (await h.api.query<Account[]>('staff.accounts')).find((each) => each.id === made.account.id);
    expect(account?.linkMail).toMatchObject({
      state: 'failed',
      to: 'nobody@example.in',
      error: expect.stringContaining('User unknown'),
    });
    expect(await h.api.query('mail.undelivered')).toEqual({ mails: [], total: 0 });
    expect((await h.api.mutate('mail.retry', { id: row!.id })).status).toBe(404);
    expect((await h.api.mutate('mail.retryAll', {})).status).toBe(404);
    // The link shown to the Owner still works; a new link replaces the failure with a new email.
    await h.newLink(made.account.id);
    expect(
      (await h.staffRows()).filter((each) => each.staff_account_id === made.account.id && each.failed_at !== null),
    ).toEqual([]);
  });
});

describe('links to choose a password without SMTP', { timeout: 60_000 }, () => {
  let h: Awaited<ReturnType<typeof harness>>;
  beforeAll(async () => {
    h = await harness({ ...testStaffEnv });
  });
  afterAll(() => h.server.close());

  it('queues nothing and says the link was not emailed', async () => {
    const made = await h.invite('priya@example.in', 'Priya Raman');
    expect(made.link.emailedTo).toBeNull();
    expect((await h.newLink(made.account.id)).link.emailedTo).toBeNull();
    expect(await h.server.services.storage.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
    const entries = h.server.services.storage.sqlite
      .prepare(`select details from audit_events where action = 'link-created'`)
      .all() as { details: string }[];
    expect(entries.map((entry) => JSON.parse(entry.details).emailed)).toEqual([false, false]);
    expect(
      (await h.api.query<Account[]>('staff.accounts')).find((account) => account.id === made.account.id)?.linkMail,
    ).toBeNull();
  });
});
