import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUE_COUNT_CAP, DUE_LIST_LIMIT, dueCountText } from '#shared/admissions/dueFollowUps.ts';
import { insertTestAdmissions } from '#test/support/testEnquiries.ts';
import { moveStage, pipelinePlace, setFollowUp } from '#server/modules/enquiries/pipelineRepository.ts';
import { openStorage, type Storage } from '#server/storage/database.ts';
import { createEnquiryRepository, type NewAdmissionEnquiry } from '#server/modules/enquiries/repository.ts';
import { countDueFollowUps, createFollowUpRepository, listDueFollowUps, makeMorningList } from './repository';
import { auditWriter } from '#server/modules/audit/service.ts';
import { createFollowUpService, type FollowUpService } from './service';
import { addHoliday, removeHoliday } from './holidaysRepository';
import { releaseFromSpam } from '#server/modules/enquiries/spamRepository.ts';

const by = (changedAt: string) => ({ changedAt, sessionId: 'session-1', accountId: null });

const admission = (createdAt: string, spam: string | null = null): NewAdmissionEnquiry => ({
  created_at: createdAt,
  student_name: 'Nila Subramanian',
  birth_date: '2022-08-15',
  parent_name: 'Revathi Subramanian',
  email: 'revathi@example.in',
  country_code: '+91',
  phone: '9840012345',
  program_of_interest: 'primary',
  message: '',
  ip: '127.0.0.1',
  user_agent: 'test',
  idempotency_key: randomUUID(),
  spam_reasons: spam,
});

describe('follow-ups in the SQLite file', () => {
  let dataDir: string;
  let storage: Storage;
  let followUps: FollowUpService;
  /** Stores an admission enquiry as the enquiry service does: with the follow-up the service suggests, none for spam. */
  const store = async (enquiry: NewAdmissionEnquiry) =>
    createEnquiryRepository(storage.db).insertAdmission(
      enquiry,
      () => [],
      enquiry.spam_reasons ? null : await followUps.firstFollowUp(enquiry.created_at),
    );
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'follow-ups-'));
    storage = await openStorage(dataDir);
    followUps = createFollowUpService({
      repository: createFollowUpRepository(storage.db),
      openBooking: async () => undefined,
      audit: auditWriter(storage),
    });
  });
  afterAll(async () => {
    await storage.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('suggests a follow-up 2 working days after an admission enquiry is stored, counted at the school', async () => {
    // Friday 4 Dec, 20:00 UTC is Saturday 5 Dec, 1:30 AM in Chennai: Sat -> (Sun) -> Mon 7, Tue 8.
    const { id } = await store(admission('2026-12-04T20:00:00.000Z'));
    expect((await pipelinePlace(storage.db, id))?.followUpOn).toBe('2026-12-08');
  });

  it('gives spam its follow-up only when the office takes it out of the folder', async () => {
    const { id } = await store(admission('2026-12-01T05:00:00.000Z', '["honeypot"]'));
    expect(
      (
        await storage.db
          .selectFrom('admission_pipeline')
          .select('follow_up_on')
          .where('enquiry_id', '=', id)
          .executeTakeFirstOrThrow()
      ).follow_up_on,
    ).toBeNull();
    await releaseFromSpam(
      storage.db,
      { kind: 'admission', id },
      { contact: () => [], admission: () => [] },
      '2026-12-03T05:00:00.000Z',
      await followUps.firstFollowUp('2026-12-03T05:00:00.000Z'),
    );
    expect((await pipelinePlace(storage.db, id))?.followUpOn).toBe('2026-12-05');
  });

  it('skips the holidays the office keeps in the database, as soon as one is added and no longer once it is removed', async () => {
    // Tuesday 1 Dec: Wed 2, Thu 3; with Thursday a holiday, Fri 4.
    await addHoliday(storage.db, { day: '2026-12-03', name: 'Founders’ Day' });
    const { id: before } = await store(admission('2026-12-01T05:00:00.000Z'));
    expect((await pipelinePlace(storage.db, before))?.followUpOn).toBe('2026-12-04');
    const [visitedOn2] = await insertTestAdmissions(storage.db, [{}]);
    const visited = await moveStage(storage.db, { id: visitedOn2!, stage: 'visited' }, by('2026-12-02T05:00:00.000Z'));
    expect((await followUps.afterMove(visitedOn2!, visited!, by('2026-12-02T05:00:00.000Z'))).followUpOn).toBe(
      '2026-12-04',
    );
    await removeHoliday(storage.db, '2026-12-03');
    const { id: after } = await store(admission('2026-12-01T05:00:00.000Z'));
    expect((await pipelinePlace(storage.db, after))?.followUpOn).toBe('2026-12-03');
  });

  it('sets the next working day on a move to Visited, recorded as the mover’s change, and leaves other moves alone', async () => {
    const [id] = await insertTestAdmissions(storage.db, [{}]);
    await setFollowUp(storage.db, id!, '2026-12-10', by('2026-12-01T05:00:00.000Z'));
    const booked = await moveStage(storage.db, { id: id!, stage: 'visit-booked' }, by('2026-12-05T05:00:00.000Z'));
    expect((await followUps.afterMove(id!, booked!, by('2026-12-05T05:00:00.000Z'))).followUpOn).toBe('2026-12-10');
    const visited = await moveStage(storage.db, { id: id!, stage: 'visited' }, by('2026-12-05T06:00:00.000Z'));
    expect((await followUps.afterMove(id!, visited!, by('2026-12-05T06:00:00.000Z'))).followUpOn).toBe('2026-12-07');
    const history = await storage.db
      .selectFrom('admission_pipeline_history')
      .select(['field', 'new_value', 'session_id'])
      .where('enquiry_id', '=', id!)
      .where('field', '=', 'followUp')
      .execute();
    expect(history.at(-1)).toEqual({ field: 'followUp', new_value: '2026-12-07', session_id: 'session-1' });
  });

  it('lists what is due, overdue first, waitlisted ones too (issue 35), leaving out later dates, enrolled enquiries and spam', async () => {
    await storage.db.deleteFrom('admission_enquiries').execute();
    const ids = await insertTestAdmissions(storage.db, [
      { studentName: 'Due today' },
      { studentName: 'Overdue' },
      { studentName: 'Tomorrow' },
      { studentName: 'Enrolled' },
      { studentName: 'Waitlisted' },
      { studentName: 'Long overdue' },
      { studentName: 'Spam' },
    ]);
    const dates = ['2026-12-05', '2026-12-03', '2026-12-07', '2026-12-01', '2026-12-01', '2026-11-28', '2026-12-01'];
    for (const [index, id] of ids.entries())
      await setFollowUp(storage.db, id, dates[index]!, by('2026-11-20T05:00:00.000Z'));
    await moveStage(storage.db, { id: ids[3]!, stage: 'enrolled' }, by('2026-11-21T05:00:00.000Z'));
    await moveStage(
      storage.db,
      { id: ids[4]!, stage: 'waitlisted', reason: 'No place until June' },
      by('2026-11-21T05:00:00.000Z'),
    );
    await storage.db
      .updateTable('admission_enquiries')
      .set({ spam_reasons: '["honeypot"]' })
      .where('id', '=', ids[6]!)
      .execute();

    const due = await listDueFollowUps(storage.db, '2026-12-05');
    expect(due.entries.map((entry) => [entry.childName, entry.followUpOn])).toEqual([
      ['Long overdue', '2026-11-28'],
      ['Waitlisted', '2026-12-01'],
      ['Overdue', '2026-12-03'],
      ['Due today', '2026-12-05'],
    ]);
    expect(due.entries[0]).toMatchObject({ parentName: 'Kavitha Kumar', phone: '+91 9840098400', stage: 'enquiry' });
    expect(due.entries[1]).toMatchObject({ stage: 'waitlisted' });
    expect(due.total).toBe(4);
    expect(await countDueFollowUps(storage.db, '2026-12-05')).toBe(4);
  });

  it('lists at most 200 and counts at most to the cap, which the office reads as "1000+"', async () => {
    const ids = await insertTestAdmissions(
      storage.db,
      Array.from({ length: DUE_COUNT_CAP + 5 }, () => ({})),
    );
    await storage.db
      .updateTable('admission_pipeline')
      .set({ follow_up_on: '2026-10-01' })
      .where('enquiry_id', 'in', ids)
      .execute();
    const due = await listDueFollowUps(storage.db, '2026-10-01');
    expect(due.entries).toHaveLength(DUE_LIST_LIMIT);
    expect(due.total).toBe(DUE_COUNT_CAP + 1);
    expect(dueCountText(due.total)).toBe('1000+');
    expect(dueCountText(999)).toBe('999');
    await storage.db
      .updateTable('admission_pipeline')
      .set({ follow_up_on: null })
      .where('enquiry_id', 'in', ids)
      .execute();
  });

  it('makes a morning’s list once a day, and records a day with nothing due without queuing anything', async () => {
    const queued: number[] = [];
    const queue = (due: { total: number }) => {
      queued.push(due.total);
      return { to: 'office@aranya.test', subject: 'Follow-ups due', text: 'Due', html: '<p>Due</p>' };
    };
    expect((await makeMorningList(storage.db, '2026-12-05', '2026-12-05T02:30:00.000Z', queue))?.due.total).toBe(4);
    expect(await makeMorningList(storage.db, '2026-12-05', '2026-12-05T03:00:00.000Z', queue)).toBeUndefined();
    expect(await makeMorningList(storage.db, '2026-11-01', '2026-11-01T02:30:00.000Z', queue)).toEqual({
      due: { today: '2026-11-01', total: 0, entries: [] },
      outboxId: undefined,
    });
    expect(queued).toEqual([4]);
    expect(await storage.db.selectFrom('follow_up_mornings').selectAll().orderBy('day').execute()).toEqual([
      { day: '2026-11-01', outbox_id: null, made_at: '2026-11-01T02:30:00.000Z' },
      { day: '2026-12-05', outbox_id: 1, made_at: '2026-12-05T02:30:00.000Z' },
    ]);
  });
});
