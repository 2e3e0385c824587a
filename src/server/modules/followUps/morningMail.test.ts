import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '#test/support/smtpSink.ts';
import { insertTestAdmissions } from '#test/support/testEnquiries.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { setFollowUp } from '#server/modules/enquiries/pipelineRepository.ts';

const OFFICE = 'office@aranya.test';
const at = (iso: string) => () => new Date(iso);
const by = { changedAt: '2026-12-01T05:00:00.000Z', sessionId: null, accountId: null };

describe('the morning email of follow-ups due (fixed clock, in-process SMTP server)', { timeout: 60_000 }, () => {
  let sink: SmtpSink;
  let dataDir: string;
  let server: TestServer | undefined;
  const start = async () => {
    server = await startTestServer(
      { SMTP_URL: sink.url, NOTIFY_EMAIL: OFFICE, MAIL_FROM: 'Aranya Website <website@aranya.test>' },
      { servePages: false, dataDir },
    );
    return server;
  };
  /** Runs the morning's check at `iso` and lets the outbox send what it queued. */
  const morningAt = async (running: TestServer, iso: string) => {
    running.services.now = at(iso);
    await running.services.morningMail.runDue();
    await running.services.mailOutbox?.whenIdle();
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'morning-mail-'));
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  afterAll(async () => {
    await sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends the office the due list at 8:00 school time, overdue first, not before', async () => {
    const running = await start();
    const db = running.services.storage.db;
    const [today, overdue, later] = await insertTestAdmissions(db, [
      { studentName: 'Nila Subramanian', parentName: 'Revathi Subramanian' },
      { studentName: 'Arjun Kumar', parentName: 'Kavitha Kumar' },
      { studentName: 'Not yet' },
    ]);
    await setFollowUp(db, today!, '2026-12-05', by);
    await setFollowUp(db, overdue!, '2026-12-03', by);
    await setFollowUp(db, later!, '2026-12-07', by);

    await morningAt(running, '2026-12-05T02:29:00.000Z'); // 7:59 AM in Chennai
    expect(sink.received).toHaveLength(0);
    await morningAt(running, '2026-12-05T02:30:00.000Z'); // 8:00 AM
    const [mail] = await sink.waitFor(1);
    expect(mail!.to).toEqual([OFFICE]);
    expect(mail!.headers.subject).toBe('Follow-ups due today, Sat 5 Dec: 2');
    const overdueLine = mail!.body.indexOf(
      'Overdue since Thu 3 Dec: Arjun Kumar (parent Kavitha Kumar), Enquiry, +91 9840098400',
    );
    const todayLine = mail!.body.indexOf('Due today: Nila Subramanian (parent Revathi Subramanian), Enquiry');
    expect(overdueLine).toBeGreaterThan(-1);
    expect(todayLine).toBeGreaterThan(overdueLine);
    expect(mail!.body).not.toContain('Not yet');
    expect(mail!.body).toContain('/admin/follow-ups');
  });

  it('never sends a second one the same day, even after the server restarts', async () => {
    const running = await start();
    await morningAt(running, '2026-12-05T03:00:00.000Z');
    await running.close();
    server = undefined;
    const restarted = await start();
    await morningAt(restarted, '2026-12-05T09:00:00.000Z');
    expect(sink.received).toHaveLength(1);
    expect(restarted.log.records.some((record) => record.message === 'Morning email of follow-ups due queued')).toBe(
      false,
    );
  });

  it('sends none on a day with nothing due, and the next day’s goes out as usual', async () => {
    const running = await start();
    await running.services.storage.db.updateTable('admission_pipeline').set({ follow_up_on: '2026-12-08' }).execute();
    await morningAt(running, '2026-12-07T02:30:00.000Z'); // Monday 8:00 AM: nothing due
    expect(sink.received).toHaveLength(1);
    expect(
      await running.services.storage.db
        .selectFrom('follow_up_mornings')
        .select(['day', 'outbox_id'])
        .where('day', '=', '2026-12-07')
        .executeTakeFirst(),
    ).toEqual({ day: '2026-12-07', outbox_id: null });
    await morningAt(running, '2026-12-08T02:30:00.000Z');
    const mails = await sink.waitFor(2);
    expect(mails[1]!.headers.subject).toBe('Follow-ups due today, Tue 8 Dec: 3');
  });
});
