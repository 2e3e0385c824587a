import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '#test/support/smtpSink.ts';
import { addStaffAccount, loginCookie, postJson } from '#test/support/testLogin.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { TWO_STEP_GRACE_DAYS } from '#shared/staff/settings.ts';
import { twoStepMessages } from '#shared/staff/twoStepMessages.ts';

const day = 24 * 60 * 60_000;

describe(
  'the days to set up two-step login from a password alone, whether or not the Owner requires it',
  { timeout: 120_000 },
  () => {
    let server: TestServer;
    let sink: SmtpSink;
    const start = Date.parse('2026-11-02T04:00:00.000Z');
    let clock = start;
    const kala = {
      email: 'kala@example.in',
      name: 'Kala Murugan',
      role: 'office',
      password: 'kala has her own password',
    } as const;
    const mani = {
      email: 'mani@example.in',
      name: 'Mani Raj',
      role: 'editor',
      password: 'mani has a long password too',
    } as const;

    beforeAll(async () => {
      sink = await startSmtpSink();
      server = await startTestServer(
        {
          SESSION_SECRET: 'test-session-secret-of-at-least-32-characters',
          ADMIN_PASSWORD: 'correct horse battery staple',
          TRUST_PROXY: 'loopback',
          SMTP_URL: sink.url,
          NOTIFY_EMAIL: 'office@aranya.test',
        },
        { servePages: false },
      );
      server.services.now = () => new Date(clock);
      await addStaffAccount(server.services, kala);
      await addStaffAccount(server.services, mani);
    });
    afterAll(async () => {
      await server.close();
      await sink.close();
    });

    async function call<T>(pathName: string, cookie: string, input?: unknown) {
      const response = await postJson(
        `${server.url}/api/trpc/${pathName}`,
        input === undefined ? {} : { json: input },
        { cookie, 'x-forwarded-for': '192.0.2.9' },
      );
      const body = (await response.json()) as { result?: { data: { json: T } }; error?: { json: { message: string } } };
      return { status: response.status, data: body.result?.data.json, message: body.error?.json.message };
    }

    it('lets a person set it up from their own sign-in within the days of a new account', async () => {
      clock = start + (TWO_STEP_GRACE_DAYS.default - 1) * day;
      const cookie = await loginCookie(server.url, mani.password, { 'x-forwarded-for': '192.0.2.10' }, mani.email);
      expect((await call('twoStep.start', cookie)).status).toBe(200);
    });

    it('after them, asks for a code emailed to the account (a stolen password alone cannot add an authenticator)', async () => {
      clock = start + (TWO_STEP_GRACE_DAYS.default + 1) * day;
      const cookie = await loginCookie(server.url, kala.password, { 'x-forwarded-for': '192.0.2.11' }, kala.email);
      const refused = await call('twoStep.start', cookie);
      expect(refused).toMatchObject({ status: 403, message: twoStepMessages.setupClosed });

      expect((await call('twoStep.start', cookie, { code: '1234 5678' })).message).toBe(twoStepMessages.setupCodeWrong);
      const sent = await call<{ message: string }>('twoStep.sendSetupCode', cookie);
      expect(sent.status).toBe(200);
      const mails = await sink.waitFor(1);
      const mail = mails.find((received) => received.to.includes(kala.email))!;
      expect(mail.body).toContain('set up two-step login');
      const code = /\b(\d{4} \d{4})\b/.exec(mail.body)![1]!;

      const setup = await call<{ secret: string }>('twoStep.start', cookie, { code });
      expect(setup.status).toBe(200);
      const confirmed = await call<{ recoveryCodes: string[] }>('twoStep.confirm', cookie, {
        code: generateSync({ secret: setup.data!.secret, epoch: clock / 1000 }),
      });
      expect(confirmed.status).toBe(200);
      expect(confirmed.data!.recoveryCodes.length).toBeGreaterThan(0);
    });
  },
);
