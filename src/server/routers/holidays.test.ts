import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchoolHoliday } from '../../shared/admissions/holidays';
import { signedInStaffApi } from '../../../test/support/staffApi';
import { insertTestAdmissions } from '../../../test/support/testEnquiries';
import { addStaffAccount, loginCookie, postJson, testStaffEnv } from '../../../test/support/testLogin';
import { startTestServer, type TestServer } from '../../../test/support/testServer';

/** Thursday 3 Dec 2026, 10:30 AM in Chennai. */
const NOW = new Date('2026-12-03T05:00:00.000Z');

type Failure = { message: string; data: { httpStatus: number; fieldErrors?: Record<string, string[]> } };

describe('the school holidays over tRPC', { timeout: 60_000 }, () => {
  let server: TestServer;
  let api: Awaited<ReturnType<typeof signedInStaffApi>>;
  beforeAll(async () => {
    server = await startTestServer({ ...testStaffEnv }, { servePages: false });
    server.services.now = () => NOW;
    api = await signedInStaffApi(server);
  });
  afterAll(() => server.close());

  const trail = () =>
    (server.services.storage.sqlite.prepare(`select action, details from audit_events where action like 'holiday-%' order by id`).all() as { action: string; details: string }[]).map(
      (entry) => ({ action: entry.action, details: JSON.parse(entry.details) as unknown }),
    );

  it('lists the coming holidays from today at the school, and adds one the follow-up suggestions then skip, in the audit trail', async () => {
    const coming = await api.query<SchoolHoliday[]>('holidays.list');
    expect(coming[0]).toEqual({ day: '2026-12-25', name: 'Christmas' });
    expect(coming.every((holiday) => holiday.day >= '2026-12-03')).toBe(true);

    const [id] = await insertTestAdmissions(server.services.storage.db, [{}]);
    expect(await api.query('followUps.card', { id })).toMatchObject({ suggested: '2026-12-05' });
    expect(await api.mutate('holidays.add', { day: '2026-12-05', name: '  Founders’ Day ' })).toEqual({ status: 200, data: { day: '2026-12-05', name: 'Founders’ Day' } });
    expect((await api.query<SchoolHoliday[]>('holidays.list'))[0]).toEqual({ day: '2026-12-05', name: 'Founders’ Day' });
    // Thu 3: Fri 4, (Sat 5 the holiday, Sun 6) Mon 7.
    expect(await api.query('followUps.card', { id })).toMatchObject({ suggested: '2026-12-07' });
    expect(trail()).toEqual([{ action: 'holiday-added', details: { day: '2026-12-05', name: 'Founders’ Day' } }]);
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
    expect(wrong.data.data.fieldErrors).toEqual({ day: ['Please enter a date that exists.'], name: ['Please enter the holiday’s name.'] });
    expect(trail()).toHaveLength(1);
  });

  it('removes a holiday, in the audit trail, and says so plainly when it was already gone', async () => {
    expect(await api.mutate('holidays.remove', { day: '2026-12-05' })).toEqual({ status: 200, data: { day: '2026-12-05', name: 'Founders’ Day' } });
    const gone = await api.mutate<Failure>('holidays.remove', { day: '2026-12-05' });
    expect(gone.status).toBe(404);
    expect(gone.data.message).toBe('This holiday is no longer in the list.');
    expect((await api.query<SchoolHoliday[]>('holidays.list'))[0]?.day).toBe('2026-12-25');
    expect(trail().at(-1)).toEqual({ action: 'holiday-removed', details: { day: '2026-12-05', name: 'Founders’ Day' } });
  });

  it('answers an Editor 403 for each, and changes nothing', async () => {
    await addStaffAccount(server.services, { email: 'editor@example.in', name: 'Divya Raj', role: 'editor', password: 'a long enough password for the editor' });
    const cookie = await loginCookie(server.url, 'a long enough password for the editor', {}, 'editor@example.in');
    expect((await fetch(`${server.url}/api/trpc/holidays.list`, { headers: { cookie } })).status).toBe(403);
    expect((await postJson(`${server.url}/api/trpc/holidays.add`, { json: { day: '2026-12-12', name: 'Sports Day' } }, { cookie })).status).toBe(403);
    expect((await postJson(`${server.url}/api/trpc/holidays.remove`, { json: { day: '2026-12-25' } }, { cookie })).status).toBe(403);
    expect((await api.query<SchoolHoliday[]>('holidays.list')).map((holiday) => holiday.day).slice(0, 1)).toEqual(['2026-12-25']);
  });
});
