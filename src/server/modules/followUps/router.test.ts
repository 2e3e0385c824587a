import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DueFollowUps } from '#shared/admissions/dueFollowUps.ts';
import type { SchoolHoliday } from '#shared/admissions/holidays.ts';
import { school } from '#content/school.ts';
import { validAdmission } from '#test/support/enquiryTestData.ts';
import { signedInStaffApi } from '#test/support/staffApi.ts';
import { insertTestAdmissions } from '#test/support/testEnquiries.ts';
import { addStaffAccount, loginCookie, postJson, testStaffEnv } from '#test/support/testLogin.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';

/** Thursday 3 Dec 2026, 10:30 AM in Chennai. */
const NOW = new Date('2026-12-03T05:00:00.000Z');

type Failure = { message: string; data: { httpStatus: number; fieldErrors?: Record<string, string[]> } };

describe('follow-ups over tRPC', { timeout: 60_000 }, () => {
  let server: TestServer;
  let api: Awaited<ReturnType<typeof signedInStaffApi>>;
  beforeAll(async () => {
    server = await startTestServer({ ...testStaffEnv }, { servePages: false });
    server.services.now = () => NOW;
    api = await signedInStaffApi(server);
  });
  afterAll(() => server.close());

  it('gives an admission enquiry sent through the form its suggested date: 2 working days on', async () => {
    const response = await postJson(`${server.url}/api/admission-enquiry`, validAdmission());
    const { id } = (await response.json()) as { id: number };
    // visitAt: the coming visit the WhatsApp text names (issue 35), none yet.
    expect(await api.query('followUps.card', { id })).toEqual({
      stage: 'enquiry',
      followUpOn: '2026-12-05',
      suggested: '2026-12-05',
      today: '2026-12-03',
      schoolName: school.name,
      visitAt: null,
    });
  });

  it('sets and clears the date, each change in the history and the audit trail', async () => {
    const [id] = await insertTestAdmissions(server.services.storage.db, [{}]);
    expect(await api.mutate('followUps.set', { id, followUpOn: '2026-12-01' })).toEqual({
      status: 200,
      data: { followUpOn: '2026-12-01' },
    });
    expect(await api.mutate('followUps.set', { id, followUpOn: '2026-12-01' })).toEqual({
      status: 200,
      data: { followUpOn: '2026-12-01' },
    });
    expect(await api.mutate('followUps.set', { id, followUpOn: null })).toEqual({
      status: 200,
      data: { followUpOn: null },
    });
    const history = await api.query<{ field: string; newValue: string }[]>('dashboard.history', {
      kind: 'admission',
      id,
    });
    expect(history.filter((entry) => entry.field === 'followUp').map((entry) => entry.newValue)).toEqual([
      '2026-12-01',
      '',
    ]);
    const trail = server.services.storage.sqlite
      .prepare(`select details from audit_events where action = 'follow-up-change' order by id`)
      .all() as { details: string }[];
    expect(trail.map((entry) => JSON.parse(entry.details))).toEqual([
      { kind: 'admission', id, from: null, to: '2026-12-01' },
      { kind: 'admission', id, from: '2026-12-01', to: null },
    ]);
  });

  it('refuses a date that does not exist, in plain words, and an enquiry that is not there', async () => {
    const [id] = await insertTestAdmissions(server.services.storage.db, [{}]);
    const bad = await api.mutate<{ message: string; data: { httpStatus: number } }>('followUps.set', {
      id,
      followUpOn: '2026-02-30',
    });
    expect(bad.status).toBe(400);
    expect(bad.data.message).toContain('Please enter a follow-up date that exists.');
    // A month past 12 is no date at all: still a plain 400, not a failure of the server.
    const noMonth = await api.mutate<{ message: string }>('followUps.set', { id, followUpOn: '2026-13-01' });
    expect(noMonth.status).toBe(400);
    expect(noMonth.data.message).toContain('Please enter a follow-up date that exists.');
    expect((await api.mutate('followUps.set', { id: 999_999, followUpOn: '2026-12-04' })).status).toBe(404);
  });

  it('lists what is due today at the school, overdue first, and counts it', async () => {
    await server.services.storage.db.deleteFrom('admission_enquiries').execute();
    const [today, overdue, later] = await insertTestAdmissions(server.services.storage.db, [
      { studentName: 'Today' },
      { studentName: 'Overdue' },
      { studentName: 'Later' },
    ]);
    await api.mutate('followUps.set', { id: today, followUpOn: '2026-12-03' });
    await api.mutate('followUps.set', { id: overdue, followUpOn: '2026-11-30' });
    await api.mutate('followUps.set', { id: later, followUpOn: '2026-12-04' });
    const due = await api.query<DueFollowUps>('followUps.due');
    expect(due.entries.map((entry) => entry.childName)).toEqual(['Overdue', 'Today']);
    expect(due).toMatchObject({ today: '2026-12-03', total: 2 });
    expect(await api.query('followUps.dueCount')).toBe(2);
  });

  it('lists a waitlisted or not-proceeding family whose follow-up is due, with its stage, and leaves out an enrolled child', async () => {
    await server.services.storage.db.deleteFrom('admission_enquiries').execute();
    const [waitlisted, notProceeding, enrolled] = await insertTestAdmissions(server.services.storage.db, [
      { studentName: 'Waiting' },
      { studentName: 'Gone' },
      { studentName: 'Placed' },
    ]);
    await api.mutate('admissions.moveStage', {
      id: waitlisted,
      stage: 'waitlisted',
      reason: 'Primary is full for June',
    });
    await api.mutate('admissions.moveStage', {
      id: notProceeding,
      stage: 'not-proceeding',
      reason: 'Moved to Coimbatore',
    });
    await api.mutate('admissions.moveStage', { id: enrolled, stage: 'enrolled' });
    expect(await api.mutate('followUps.set', { id: waitlisted, followUpOn: '2026-12-03' })).toMatchObject({
      status: 200,
    });
    expect(await api.mutate('followUps.set', { id: notProceeding, followUpOn: '2026-12-02' })).toMatchObject({
      status: 200,
    });
    const due = await api.query<DueFollowUps>('followUps.due');
    expect(due.entries.map((entry) => [entry.childName, entry.stage])).toEqual([
      ['Gone', 'not-proceeding'],
      ['Waiting', 'waitlisted'],
    ]);
    expect(await api.query('followUps.dueCount')).toBe(2);
    // An enrolled child needs no more calls: the date is refused in a sentence, not stored to be forgotten.
    const refused = await api.mutate<Failure>('followUps.set', { id: enrolled, followUpOn: '2026-12-04' });
    expect(refused.status).toBe(400);
    expect(refused.data.message).toBe(
      'This child is enrolled: no follow-up is needed. Move the card back to another stage to call the family again.',
    );
    expect(await api.query('followUps.card', { id: enrolled })).toMatchObject({ followUpOn: null });
  });

  describe('the school holidays', () => {
    const holidayTrail = () =>
      (
        server.services.storage.sqlite
          .prepare(`select action, details from audit_events where action like 'holiday-%' order by id`)
          .all() as { action: string; details: string }[]
      ).map((entry) => ({ action: entry.action, details: JSON.parse(entry.details) as unknown }));

    it('lists the coming holidays from today at the school, and adds one the follow-up suggestions then skip, in the audit trail', async () => {
      const coming = await api.query<SchoolHoliday[]>('holidays.list');
      expect(coming[0]).toEqual({ day: '2026-12-25', name: 'Christmas' });
      expect(coming.every((holiday) => holiday.day >= '2026-12-03')).toBe(true);

      const [id] = await insertTestAdmissions(server.services.storage.db, [{}]);
      expect(await api.query('followUps.card', { id })).toMatchObject({ suggested: '2026-12-05' });
      expect(await api.mutate('holidays.add', { day: '2026-12-05', name: '  Founders’ Day ' })).toEqual({
        status: 200,
        data: { day: '2026-12-05', name: 'Founders’ Day' },
      });
      expect((await api.query<SchoolHoliday[]>('holidays.list'))[0]).toEqual({
        day: '2026-12-05',
        name: 'Founders’ Day',
      });
      // Thu 3: Fri 4, (Sat 5 the holiday, Sun 6) Mon 7.
      expect(await api.query('followUps.card', { id })).toMatchObject({ suggested: '2026-12-07' });
      expect(holidayTrail()).toEqual([
        { action: 'holiday-added', details: { day: '2026-12-05', name: 'Founders’ Day' } },
      ]);
    });

    it('says plainly that a day is listed already, and refuses a day past, a day that does not exist and an empty name', async () => {
      const taken = await api.mutate<Failure>('holidays.add', { day: '2026-12-25', name: 'Christmas Day' });
      expect(taken.status).toBe(409);
      expect(taken.data.message).toBe('Fri 25 Dec 2026 is already in the list, as Christmas.');
      const passed = await api.mutate<Failure>('holidays.add', { day: '2026-12-02', name: 'Yesterday' });
      expect(passed.status).toBe(400);
      expect(passed.data.message).toBe('This day has passed. Please enter today or a later day.');
      const wrong = await api.mutate<Failure>('holidays.add', { day: '2026-02-30', name: ' ' });
      expect(wrong.status).toBe(400);
      expect(wrong.data.data.fieldErrors).toEqual({
        day: ['Please enter a date that exists.'],
        name: ['Please enter the holiday’s name.'],
      });
      expect(holidayTrail()).toHaveLength(1);
    });

    it('removes a holiday, in the audit trail, and says so plainly when it was already gone', async () => {
      expect(await api.mutate('holidays.remove', { day: '2026-12-05' })).toEqual({
        status: 200,
        data: { day: '2026-12-05', name: 'Founders’ Day' },
      });
      const gone = await api.mutate<Failure>('holidays.remove', { day: '2026-12-05' });
      expect(gone.status).toBe(404);
      expect(gone.data.message).toBe('This holiday is no longer in the list.');
      expect((await api.query<SchoolHoliday[]>('holidays.list'))[0]?.day).toBe('2026-12-25');
      expect(holidayTrail().at(-1)).toEqual({
        action: 'holiday-removed',
        details: { day: '2026-12-05', name: 'Founders’ Day' },
      });
    });
  });

  it('answers an Editor 403 for every follow-up and holiday procedure, and changes nothing', async () => {
    await addStaffAccount(server.services, {
      email: 'editor@example.in',
      name: 'Divya Raj',
      role: 'editor',
      password: 'a long enough password for the editor',
    });
    const cookie = await loginCookie(server.url, 'a long enough password for the editor', {}, 'editor@example.in');
    expect(
      (await postJson(`${server.url}/api/trpc/followUps.set`, { json: { id: 1, followUpOn: null } }, { cookie }))
        .status,
    ).toBe(403);
    for (const procedure of ['followUps.due', 'followUps.dueCount', 'holidays.list']) {
      expect((await fetch(`${server.url}/api/trpc/${procedure}`, { headers: { cookie } })).status).toBe(403);
    }
    expect(
      (
        await postJson(
          `${server.url}/api/trpc/holidays.add`,
          { json: { day: '2026-12-12', name: 'Sports Day' } },
          { cookie },
        )
      ).status,
    ).toBe(403);
    expect(
      (await postJson(`${server.url}/api/trpc/holidays.remove`, { json: { day: '2026-12-25' } }, { cookie })).status,
    ).toBe(403);
    expect((await api.query<SchoolHoliday[]>('holidays.list')).slice(0, 1)).toEqual([
      { day: '2026-12-25', name: 'Christmas' },
    ]);
  });
});
