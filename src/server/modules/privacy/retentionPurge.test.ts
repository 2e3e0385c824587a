import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EnquiryListPage, RetentionStatus } from '#shared/dashboard/index.ts';
import { postJson, testStaffEnv } from '#test/support/testLogin.ts';
import { loadConfig } from '#server/config.ts';
import { memoryLogger } from '#test/support/memoryLogger.ts';
import { openStorage } from '#server/storage/database.ts';
import { insertTestContacts } from '#test/support/testEnquiries.ts';
import { postForm, validAdmission, validContact } from '#test/support/enquiryTestData.ts';
import { schoolInstant } from '#shared/schoolTimes.ts';
import { freeSlots, publishSlots } from '#server/modules/visits/repository.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtpSink.ts';
import { signedInStaffApi } from '#test/support/staffApi.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import { purgeOldAuditEntries } from '#server/modules/audit/service.ts';
import { deleteDeadLinkMail } from '#server/modules/staff/service.ts';
import { createPrivacyRepository } from './repository';
import { createRetentionPurge, nextPurgeAt, retentionCutoffs } from './retentionPurge';

describe('when the purge runs and what it takes', () => {
  it('runs every day at 3 AM at the school (21:30 UTC), strictly after now', () => {
    expect(nextPurgeAt(new Date('2026-11-20T04:00:00.000Z')).toISOString()).toBe('2026-11-20T21:30:00.000Z');
    expect(nextPurgeAt(new Date('2026-11-20T21:29:59.999Z')).toISOString()).toBe('2026-11-20T21:30:00.000Z');
    expect(nextPurgeAt(new Date('2026-11-20T21:30:00.000Z')).toISOString()).toBe('2026-11-21T21:30:00.000Z');
    // Past midnight at the school, before 3 AM: the same school day's 3 AM.
    expect(nextPurgeAt(new Date('2026-12-31T19:00:00.000Z')).toISOString()).toBe('2026-12-31T21:30:00.000Z');
  });

  it('takes closed enquiries whole calendar months back at the school, and emails sent 30 days back', () => {
    expect(retentionCutoffs(new Date('2026-11-20T21:30:00.000Z'), 24)).toEqual({
      closedBefore: '2024-11-20T21:30:00.000Z',
      sentBefore: '2026-10-21T21:30:00.000Z',
    });
    // 31 March at the school, less one month, is the last day of February.
    expect(retentionCutoffs(new Date('2027-03-30T21:30:00.000Z'), 1).closedBefore).toBe('2027-02-27T21:30:00.000Z');
    expect(retentionCutoffs(new Date('2026-11-20T21:30:00.000Z'), 36).closedBefore).toBe('2023-11-20T21:30:00.000Z');
  });
});

describe('the retention purge', { timeout: 30_000 }, () => {
  let sink: SmtpSink;
  let server: TestServer;
  let clock: number;
  const at = (instant: string) => {
    clock = Date.parse(instant);
  };
  const settleMail = async () => {
    server.services.mailOutbox?.kick();
    await server.services.mailOutbox?.whenIdle();
  };

  /** Sends an enquiry at `instant` (its emails go then); answers its id. */
  async function sendAt(
    instant: string,
    kind: 'contact' | 'admission',
    answers: Record<string, unknown>,
  ): Promise<number> {
    at(instant);
    const response = await postJson(
      `${server.url}/api/${kind === 'contact' ? 'contact' : 'admission-enquiry'}`,
      kind === 'contact' ? validContact(answers) : validAdmission(answers),
    );
    expect(response.status).toBe(201);
    await settleMail();
    return ((await response.json()) as { id: number }).id;
  }

  /** The office's change at `instant`, signed in then. */
  async function workAt(instant: string, procedure: string, input: Record<string, unknown>) {
    at(instant);
    const api = await signedInStaffApi(server);
    expect((await api.mutate(procedure, input)).status).toBe(200);
  }

  const ids = {
    closedLongAgo: 0,
    closedJustBeforeCutoff: 0,
    pendingForYears: 0,
    touchedLately: 0,
    mailedLastMonth: 0,
    mailedThisMonth: 0,
  };
  const now = '2026-11-20T04:00:00.000Z';
  const rowsOf = (table: 'contact_enquiries' | 'admission_enquiries') =>
    server.services.storage.db
      .selectFrom(table)
      .select('id')
      .execute()
      .then((rows) => rows.map((row) => row.id));
  let visitToken = '';
  const outboxOf = () =>
    server.services.storage.db.selectFrom('outbox').select(['enquiry_kind', 'enquiry_id']).execute();

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(
      { ...testStaffEnv, SMTP_URL: sink.url, NOTIFY_EMAIL: 'office@aranya.test', ENQUIRY_RATE_LIMIT: '1000' },
      { servePages: false },
    );
    at(now);
    server.services.now = () => new Date(clock);

    ids.closedLongAgo = await sendAt('2024-10-01T05:00:00.000Z', 'admission', {
      studentName: 'Kavya Old',
      parentName: 'Deepa Old',
      email: 'deepa.old@example.in',
    });
    await workAt('2024-10-02T05:00:00.000Z', 'dashboard.markResponded', { kind: 'admission', id: ids.closedLongAgo });
    // Deepa had booked a visit with her link: its confirmation, invitation and all, was given up (never sent), so no 30-day rule takes it.
    at('2024-10-01T06:00:00.000Z');
    await publishSlots(
      server.services.storage.db,
      [{ startsAt: schoolInstant('2024-10-05', '10:00').toISOString(), minutes: 45, places: 10 }],
      { createdAt: new Date(clock).toISOString(), accountId: null },
    );
    const [slot] = await freeSlots(server.services.storage.db, new Date(clock).toISOString());
    visitToken =
      new URL(server.services.visits.bookingUrl(ids.closedLongAgo, new Date(clock))).searchParams.get('t') ?? '';
    expect(
      (await postForm(`${server.url}/visit`, { t: visitToken, action: 'book', slot: String(slot!.id) })).status,
    ).toBe(200);
    await settleMail();
    const confirmation = await server.services.storage.db
      .updateTable('outbox')
      .set({ sent_at: null, failed_at: new Date(clock).toISOString(), attempts: 5, rejections: 5 })
      .where('topic', '=', 'visit')
      .returning(['to_address', 'calendar'])
      .executeTakeFirstOrThrow();
    expect(confirmation.to_address).toBe('deepa.old@example.in');
    expect(confirmation.calendar?.replace(/\r\n /g, '')).toContain('MAILTO:deepa.old@example.in');
    await workAt('2024-10-03T05:00:00.000Z', 'dashboard.update', {
      kind: 'admission',
      id: ids.closedLongAgo,
      remarks: 'Visited; joined another school',
    });

    // Closed at 15:30 IST on 20 November 2024: past 24 months at tonight's purge, not yet this morning.
    ids.closedJustBeforeCutoff = await sendAt('2024-09-01T05:00:00.000Z', 'contact', {
      name: 'Ravi Cutoff',
      email: 'ravi.cutoff@example.in',
    });
    await workAt('2024-11-20T10:00:00.000Z', 'dashboard.markResponded', {
      kind: 'contact',
      id: ids.closedJustBeforeCutoff,
    });

    ids.pendingForYears = await sendAt('2024-01-01T05:00:00.000Z', 'contact', {
      name: 'Never Answered',
      email: 'never@example.in',
    });

    ids.touchedLately = await sendAt('2024-10-01T06:00:00.000Z', 'contact', {
      name: 'Touched Lately',
      email: 'lately@example.in',
    });
    await workAt('2024-10-02T06:00:00.000Z', 'dashboard.markResponded', { kind: 'contact', id: ids.touchedLately });
    await workAt('2025-06-01T06:00:00.000Z', 'dashboard.update', {
      kind: 'contact',
      id: ids.touchedLately,
      remarks: 'Wrote again in June',
    });

    ids.mailedLastMonth = await sendAt('2026-10-01T05:00:00.000Z', 'contact', {
      name: 'Last Month',
      email: 'last.month@example.in',
    });
    ids.mailedThisMonth = await sendAt('2026-11-01T05:00:00.000Z', 'contact', {
      name: 'This Month',
      email: 'this.month@example.in',
    });
    // With the office's own note of the visit booked (issue 35).
    expect(sink.received).toHaveLength(14);
    // A morning list of follow-ups the mail server refused for good in September, naming families: never sent, never to be sent again.
    await server.services.storage.db
      .insertInto('outbox')
      .values({
        enquiry_kind: null,
        enquiry_id: null,
        recipient_role: 'follow-ups',
        to_address: 'office@aranya.test',
        subject: 'Follow-ups due today, Tue 1 Sep: 1',
        text_body: 'Due today: Meera Iyer (parent Lata Iyer), Enquiry, +91 9840098400, lata.iyer@example.in',
        attempts: 5,
        rejections: 5,
        next_attempt_at: '2026-09-01T02:30:00.000Z',
        failed_at: '2026-09-01T02:40:00.000Z',
        created_at: '2026-09-01T02:30:00.000Z',
      })
      .execute();
    at(now);
  }, 120_000);
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  it('tells the dashboard when it runs next and how many rows it will take then', async () => {
    const api = await signedInStaffApi(server);
    const status = await api.query<RetentionStatus>('privacy.retention');
    // Tonight at 3 AM: the two closed enquiries, the emails of the five enquiries sent before 21 October, and the morning list given up before then.
    expect(status).toEqual({
      nextPurgeAt: '2026-11-20T21:30:00.000Z',
      closedEnquiryMonths: 24,
      sentMailDays: 30,
      due: { closedEnquiries: 2, sentMailCopies: 11 },
    });
  });

  it('erases closed enquiries past the period with their emails and history, leaving a tombstone, and sent emails past 30 days', async () => {
    expect(await server.services.retention.purge()).toEqual({ closedEnquiries: 1, sentMailCopies: 11 });

    expect(await rowsOf('admission_enquiries')).toEqual([]);
    expect((await rowsOf('contact_enquiries')).sort()).toEqual(
      [
        ids.closedJustBeforeCutoff,
        ids.pendingForYears,
        ids.touchedLately,
        ids.mailedLastMonth,
        ids.mailedThisMonth,
      ].sort(),
    );
    expect(await outboxOf()).toEqual([
      { enquiry_kind: 'contact', enquiry_id: ids.mailedThisMonth },
      { enquiry_kind: 'contact', enquiry_id: ids.mailedThisMonth },
    ]);
    const history = await server.services.storage.db
      .selectFrom('enquiry_history')
      .selectAll()
      .where('enquiry_kind', '=', 'admission')
      .execute();
    expect(history).toEqual([
      expect.objectContaining({
        enquiry_id: ids.closedLongAgo,
        field: 'erased',
        new_value: 'retention',
        changed_at: new Date(now).toISOString(),
        session_id: null,
      }),
    ]);
    // Its sent emails had already gone after 30 days, the visit's confirmation never sent went now, with its three history entries (status, read, remarks).
    // (Two emails: the office's own note of the booking, issue 35, went with it too.)
    expect(JSON.parse(history[0]!.old_value)).toEqual({
      receivedAt: '2024-10-01T05:00:00.000Z',
      emails: 2,
      historyEntries: 3,
    });
    // Its visit booking went with it; the slot stays.
    expect(await server.services.storage.db.selectFrom('visit_bookings').select('id').execute()).toEqual([]);
    expect(await server.services.storage.db.selectFrom('visit_slots').select('id').execute()).toHaveLength(1);
    // Nothing of hers, nor her link, in the database file or its -wal.
    for (const file of [server.services.storage.file, `${server.services.storage.file}-wal`]) {
      const bytes = fs.existsSync(file) ? fs.readFileSync(file) : Buffer.alloc(0);
      for (const needle of ['deepa.old@example.in', 'Deepa Old', visitToken])
        expect(bytes.indexOf(Buffer.from(needle)), `${needle} in ${file}`).toBe(-1);
    }

    const api = await signedInStaffApi(server);
    expect((await api.query<EnquiryListPage>('dashboard.list', { kind: 'admission', search: 'Kavya' })).total).toBe(0);
    expect(server.log.records).toContainEqual(
      expect.objectContaining({
        message: 'Retention purge erased old data',
        fields: expect.objectContaining({ closedEnquiries: 1, sentMailCopies: 11, walTruncated: true }),
      }),
    );
    expect((await api.query<RetentionStatus>('privacy.retention')).due).toEqual({
      closedEnquiries: 1,
      sentMailCopies: 0,
    });
  });

  it('takes the enquiry closed later at the next 3 AM, and never an open one or one the office touched lately', async () => {
    at('2026-11-20T21:30:00.000Z');
    expect(await server.services.retention.purge()).toEqual({ closedEnquiries: 1, sentMailCopies: 0 });
    expect((await rowsOf('contact_enquiries')).sort()).toEqual(
      [ids.pendingForYears, ids.touchedLately, ids.mailedLastMonth, ids.mailedThisMonth].sort(),
    );
    // The remarks of June 2025 count from then: 24 months later it goes.
    at('2027-06-01T21:30:00.000Z');
    expect(await server.services.retention.purge()).toEqual({ closedEnquiries: 1, sentMailCopies: 2 });
    expect(await rowsOf('contact_enquiries')).toContain(ids.pendingForYears);
    expect(await rowsOf('contact_enquiries')).not.toContain(ids.touchedLately);
  });
});

/** Lets pending work run without moving fake timers (vi.waitFor would advance them). */
async function untilTimerPlanned() {
  while (vi.getTimerCount() === 0) await new Promise((resolve) => setImmediate(resolve));
}

describe('the retention schedule', { timeout: 30_000 }, () => {
  const closedEnquiry = (updatedAt: string) => ({
    createdAt: updatedAt,
    status: 'responded' as const,
    isRead: true,
    name: 'Closed Long Ago',
  });

  it('purges when the server starts', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'retention-'));
    try {
      const storage = await openStorage(dataDir);
      await insertTestContacts(storage.db, [
        closedEnquiry(new Date(Date.now() - 25 * 31 * 86_400_000).toISOString()),
        closedEnquiry(new Date().toISOString()),
      ]);
      await storage.close();
      const server = await startTestServer({}, { servePages: false, dataDir });
      try {
        await vi.waitFor(async () =>
          expect(await server.services.storage.db.selectFrom('contact_enquiries').select('id').execute()).toHaveLength(
            1,
          ),
        );
      } finally {
        await server.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('purges again at 3 AM at the school, with the period RETENTION_MONTHS sets', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'retention-'));
    const storage = await openStorage(dataDir);
    const log = memoryLogger();
    const clock = { now: Date.parse('2026-11-20T04:00:00.000Z') };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const purge = createRetentionPurge({
      config: loadConfig({ DATA_DIR: dataDir, RETENTION_MONTHS: '6' }),
      repository: createPrivacyRepository(storage),
      log,
      now: () => new Date(clock.now),
      eraseRemovedFamilies: async () => 0,
      purgeOldAuditEntries: (at) => purgeOldAuditEntries(storage, at),
      deleteDeadLinkMail: (createdBefore) => deleteDeadLinkMail(storage, createdBefore),
    });
    try {
      purge.start();
      await untilTimerPlanned();
      expect(vi.getTimerCount()).toBe(1);
      // Closed at 10:00 IST on 20 May 2026: within 6 months this morning, past them tonight.
      await insertTestContacts(storage.db, [closedEnquiry('2026-05-20T04:30:00.000Z')]);
      expect((await purge.status()).due.closedEnquiries).toBe(1);

      const untilPurge = Date.parse('2026-11-20T21:30:00.000Z') - clock.now;
      clock.now += untilPurge - 1;
      await vi.advanceTimersByTimeAsync(untilPurge - 1);
      expect(await storage.db.selectFrom('contact_enquiries').select('id').execute()).toHaveLength(1);
      clock.now += 1;
      await vi.advanceTimersByTimeAsync(1);
      await vi.waitFor(async () =>
        expect(await storage.db.selectFrom('contact_enquiries').select('id').execute()).toEqual([]),
      );
      expect(log.records).toContainEqual(
        expect.objectContaining({
          message: 'Retention purge erased old data',
          fields: expect.objectContaining({ closedEnquiries: 1, closedOlderThanMonths: 6 }),
        }),
      );
      // And the next one is planned for the following night.
      await untilTimerPlanned();
      expect(vi.getTimerCount()).toBe(1);
    } finally {
      vi.useRealTimers();
      await purge.stop();
      await storage.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
