import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '#test/support/smtpSink.ts';
import { family, insertTestAdmissions } from '#test/support/testEnquiries.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { schoolInstant } from '#shared/schoolTimes.ts';
import { bookVisit, freeSlots, publishSlots } from './repository';
import { reminderDueAt } from './visitReminders';

describe('the day-before visit reminder', () => {
  let sink: SmtpSink;
  let dataDir: string;
  let server: TestServer;
  const env = () => ({ SMTP_URL: sink.url, NOTIFY_EMAIL: 'office@aranya.test' });
  const visitAt = schoolInstant('2026-12-05', '10:00');
  const bookedAt = new Date('2026-11-26T05:00:00.000Z');

  beforeAll(async () => {
    sink = await startSmtpSink();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reminders-'));
    server = await startTestServer(env(), { servePages: false, dataDir });
    const db = server.services.storage.db;
    await publishSlots(db, [{ startsAt: visitAt.toISOString(), minutes: 45, places: 2 }], {
      createdAt: bookedAt.toISOString(),
      accountId: null,
    });
    const [slot] = await freeSlots(db, bookedAt.toISOString());
    const [early, late] = (await insertTestAdmissions(db, [
      { ...family(1), email: 'early@example.in' },
      { ...family(2), email: 'late@example.in' },
    ])) as [number, number];
    await bookVisit(
      db,
      {
        enquiryId: early,
        source: `client-${early}`,
        slotId: slot!.id,
        at: bookedAt.toISOString(),
        earliest: bookedAt.toISOString(),
      },
      () => [],
    );
    // Booked after 9 AM the day before: its confirmation is fresh, no reminder.
    const lateAt = schoolInstant('2026-12-04', '11:00').toISOString();
    await bookVisit(
      db,
      { enquiryId: late, source: `client-${late}`, slotId: slot!.id, at: lateAt, earliest: bookedAt.toISOString() },
      () => [],
    );
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is due at 9 AM at the school on the day before the visit', () => {
    expect(reminderDueAt(visitAt.toISOString()).toISOString()).toBe('2026-12-04T03:30:00.000Z');
  });

  it('is sent once from 9 AM the day before, and not again after a restart', async () => {
    server.services.now = () => new Date('2026-12-04T03:29:00.000Z');
    expect(await server.services.visitReminders?.run()).toBe(0);
    server.services.now = () => new Date('2026-12-04T06:00:00.000Z');
    expect(await server.services.visitReminders?.run()).toBe(1);
    expect(await server.services.visitReminders?.run()).toBe(0);
    const [mail] = await sink.waitFor(1);
    expect(mail?.to).toEqual(['early@example.in']);
    expect(mail?.headers.subject).toContain('Reminder: your school visit tomorrow, Sat 5 Dec, 10:00 AM');

    await server.close();
    server = await startTestServer(env(), { servePages: false, dataDir });
    server.services.now = () => new Date('2026-12-04T06:30:00.000Z');
    expect(await server.services.visitReminders?.run()).toBe(0);
    await server.services.mailOutbox?.whenIdle();
    expect(sink.received.filter((received) => received.headers.subject?.startsWith('Reminder'))).toHaveLength(1);
  });
});
