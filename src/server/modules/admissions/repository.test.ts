import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdmissionStage } from '#shared/admissions/stages.ts';
import { insertTestAdmissions, insertTestContacts } from '#test/support/testEnquiries.ts';
import { openStorage, type Storage } from '#server/storage/database.ts';
import { moveStage } from '#server/modules/enquiries/pipelineRepository.ts';
import { admissionsReport, medianOf, schoolClock } from './repository';

type ChangedBy = { changedAt: string; sessionId: string | null; accountId: number | null };
const staff = (changedAt: string): ChangedBy => ({ changedAt, sessionId: 'session-1', accountId: 1 });
/** A parent's own booking: no session, no account. */
const parent = (changedAt: string): ChangedBy => ({ changedAt, sessionId: null, accountId: null });

describe('the admissions report on a seeded SQLite file', () => {
  let dataDir: string;
  let storage: Storage;
  const move = (id: number, stage: AdmissionStage, when: ChangedBy) =>
    moveStage(storage.db, { id, stage, reason: 'Full' }, when);
  const responded = (id: number, changedAt: string) =>
    storage.db
      .insertInto('enquiry_history')
      .values({
        enquiry_kind: 'admission',
        enquiry_id: id,
        field: 'status',
        old_value: 'pending',
        new_value: 'responded',
        changed_at: changedAt,
        session_id: 'session-1',
        account_id: 1,
      })
      .execute();

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-'));
    storage = await openStorage(dataDir);
    const [before, lastOfJanuary, firstOfFebruary, spam, booked, march] = await insertTestAdmissions(storage.db, [
      { createdAt: '2025-12-20T06:00:00.000Z' },
      // 23:59:59 on 31 January at the school, and its midnight a second later.
      { createdAt: '2026-01-31T18:29:59.000Z' },
      { createdAt: '2026-01-31T18:30:00.000Z' },
      { createdAt: '2026-02-10T06:00:00.000Z', programOfInterest: 'toddler' },
      { createdAt: '2026-02-05T06:00:00.000Z', programOfInterest: 'toddler' },
      { createdAt: '2026-02-28T18:30:00.000Z', programOfInterest: 'elementary' },
    ]);
    await insertTestContacts(storage.db, [
      { createdAt: '2026-01-31T18:30:00.000Z' },
      { createdAt: '2026-01-31T18:29:00.000Z' },
    ]);

    await move(before!, 'visit-booked', staff('2026-01-10T06:00:00.000Z'));

    await move(lastOfJanuary!, 'visit-booked', staff('2026-02-02T05:00:00.000Z'));
    await move(lastOfJanuary!, 'visited', staff('2026-02-20T05:00:00.000Z'));
    await move(lastOfJanuary!, 'offered', staff('2026-02-28T18:30:00.000Z'));
    await move(lastOfJanuary!, 'visited', staff('2026-03-02T05:00:00.000Z'));
    await move(lastOfJanuary!, 'offered', staff('2026-04-02T05:00:00.000Z'));

    await responded(firstOfFebruary!, '2026-02-01T10:00:00.000Z');
    await move(firstOfFebruary!, 'enrolled', staff('2026-03-05T05:00:00.000Z'));

    await move(spam!, 'visit-booked', staff('2026-02-11T05:00:00.000Z'));
    await responded(spam!, '2026-02-11T05:00:00.000Z');
    await storage.db
      .updateTable('admission_enquiries')
      .set({ spam_reasons: '["honeypot"]' })
      .where('id', '=', spam!)
      .execute();

    await move(booked!, 'visit-booked', parent('2026-02-06T05:00:00.000Z'));
    await responded(booked!, '2026-02-09T05:00:00.000Z');

    await move(march!, 'waitlisted', staff('2026-03-02T05:00:00.000Z'));
  });
  afterAll(async () => {
    await storage.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts each month at the school’s midnight, each step once at the first time it was reached, skipped steps included, the Spam folder left out', async () => {
    const report = await admissionsReport(storage.db, '2026-01', '2026-03');
    expect(
      report.months.map(({ month, contact, enquiries, visitsBooked, visits, offers, enrolments }) => ({
        month,
        contact,
        enquiries,
        visitsBooked,
        visits,
        offers,
        enrolments,
      })),
    ).toEqual([
      { month: '2026-01', contact: 1, enquiries: 1, visitsBooked: 1, visits: 0, offers: 0, enrolments: 0 },
      { month: '2026-02', contact: 1, enquiries: 2, visitsBooked: 2, visits: 1, offers: 0, enrolments: 0 },
      { month: '2026-03', contact: 0, enquiries: 1, visitsBooked: 1, visits: 1, offers: 2, enrolments: 1 },
    ]);
    expect(report.months.map((month) => month.programs)).toEqual([
      { primary: 1 },
      { primary: 1, toddler: 1 },
      { elementary: 1 },
    ]);
    expect(report.total).toMatchObject({
      contact: 2,
      enquiries: 4,
      visitsBooked: 4,
      visits: 2,
      offers: 2,
      enrolments: 1,
      programs: { primary: 2, toddler: 1, elementary: 1 },
    });
  });

  it('counts a visit only once it happened (Visited or later): a booked visit that was cancelled is booked, not a visit', async () => {
    const [cancelled] = await insertTestAdmissions(storage.db, [{ createdAt: '2026-05-04T06:00:00.000Z' }]);
    await move(cancelled!, 'visit-booked', parent('2026-05-05T05:00:00.000Z'));
    await move(cancelled!, 'enquiry', staff('2026-05-06T05:00:00.000Z'));
    const report = await admissionsReport(storage.db, '2026-05', '2026-05');
    expect(report.total).toMatchObject({ enquiries: 1, visitsBooked: 1, visits: 0 });
  });

  it('takes the median of calendar days at the school to the first contact by staff, a parent’s own booking not being one', async () => {
    const report = await admissionsReport(storage.db, '2026-01', '2026-03');
    // January: 2 days (31 Jan to 2 Feb); February: 0 and 4 days; March: 1 day (1 to 2 March).
    expect(report.months.map(({ contacted, medianDaysToContact }) => ({ contacted, medianDaysToContact }))).toEqual([
      { contacted: 1, medianDaysToContact: 2 },
      { contacted: 2, medianDaysToContact: 2 },
      { contacted: 1, medianDaysToContact: 1 },
    ]);
    expect(report.total).toMatchObject({ contacted: 4, medianDaysToContact: 1.5 });
  });

  it('gives every month of the range, the empty ones as zeros', async () => {
    const report = await admissionsReport(storage.db, '2025-11', '2025-11');
    expect(report.months).toEqual([
      {
        month: '2025-11',
        contact: 0,
        enquiries: 0,
        visitsBooked: 0,
        visits: 0,
        offers: 0,
        enrolments: 0,
        programs: {},
        contacted: 0,
        medianDaysToContact: null,
      },
    ]);
  });
});

describe('the report’s arithmetic', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(medianOf([])).toBeNull();
    expect(medianOf([{ days: 3, count: 1 }])).toBe(3);
    expect(
      medianOf([
        { days: 5, count: 1 },
        { days: 0, count: 2 },
      ]),
    ).toBe(0);
    expect(
      medianOf([
        { days: 1, count: 2 },
        { days: 4, count: 2 },
      ]),
    ).toBe(2.5);
  });

  it('reads the school’s clock with one offset, which holds in every month of the years the report covers', () => {
    const offsets = new Set(
      Array.from({ length: 12 * 30 }, (_, month) => schoolClock(new Date(Date.UTC(2010, month, 1)))),
    );
    expect([...offsets]).toEqual(['+330 minutes']);
  });
});
