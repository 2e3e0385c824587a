import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaffApi } from '#test/support/staffApi.ts';
import { testStaffEnv } from '#test/support/testLogin.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';

/** Thursday 3 Dec 2026, 10:30 AM in Chennai. */
const NOW = new Date('2026-12-03T05:00:00.000Z');

type Failure = { message: string; data: { httpStatus: number; fieldErrors?: Record<string, string[]> } };

describe('publishing visit times over tRPC', { timeout: 60_000 }, () => {
  let server: TestServer;
  let api: Awaited<ReturnType<typeof signedInStaffApi>>;
  const slotCount = () =>
    (server.services.storage.sqlite.prepare('select count(*) as count from visit_slots').get() as { count: number })
      .count;
  beforeAll(async () => {
    server = await startTestServer({ ...testStaffEnv }, { servePages: false });
    server.services.now = () => NOW;
    api = await signedInStaffApi(server);
  });
  afterAll(() => server.close());

  it('refuses a slot that has already begun, in a plain sentence, and stores nothing', async () => {
    const before = slotCount();
    const gone = await api.mutate<Failure>('visits.publishSlot', {
      day: '2026-12-03',
      time: '10:00',
      minutes: 45,
      places: 3,
    });
    expect(gone.status).toBe(400);
    expect(gone.data.data.fieldErrors).toEqual({ time: ['This time has passed. Please choose a later one.'] });
    const yesterday = await api.mutate<Failure>('visits.publishSlot', {
      day: '2026-12-02',
      time: '15:00',
      minutes: 45,
      places: 3,
    });
    expect(yesterday.status).toBe(400);
    expect(yesterday.data.data.fieldErrors).toEqual({ time: ['This time has passed. Please choose a later one.'] });
    expect(slotCount()).toBe(before);
  });

  it('refuses a weekly pattern whose first time has passed, and publishes one that starts later', async () => {
    const gone = await api.mutate<Failure>('visits.publishPattern', {
      weekday: 'Thursday',
      time: '09:00',
      minutes: 45,
      places: 3,
      from: '2026-12-03',
      to: '2026-12-17',
    });
    expect(gone.status).toBe(400);
    expect(gone.data.data.fieldErrors).toEqual({
      from: ['The first of these times has passed. Please start from a later day.'],
    });
    expect(
      await api.mutate('visits.publishPattern', {
        weekday: 'Thursday',
        time: '15:00',
        minutes: 45,
        places: 3,
        from: '2026-12-03',
        to: '2026-12-17',
      }),
    ).toEqual({ status: 200, data: { added: 3 } });
  });

  it('publishes a later slot, even one inside the 12-hour cut-off or on a Sunday (the form warns, the office decides)', async () => {
    expect(
      await api.mutate('visits.publishSlot', { day: '2026-12-03', time: '16:00', minutes: 45, places: 3 }),
    ).toEqual({ status: 200, data: { added: 1 } });
    expect(
      await api.mutate('visits.publishSlot', { day: '2026-12-06', time: '10:00', minutes: 45, places: 3 }),
    ).toEqual({ status: 200, data: { added: 1 } });
  });
});
