import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolInstant } from '#shared/schoolTimes.ts';
import { slotsOfPattern } from '#shared/admissions/visits.ts';
import { family, insertTestAdmissions } from '#test/support/testEnquiries.ts';
import { openStorage, type Storage } from '#server/storage/database.ts';
import { eraseEnquiries } from '#server/modules/privacy/erasureRepository.ts';
import {
  bookVisit,
  cancelVisit,
  comingVisitDays,
  freeSlots,
  moveVisit,
  publishSlots,
  visitsBetween,
  withdrawSlot,
} from './repository';

const noMail = () => [];
const at = '2026-11-26T05:00:00.000Z';
const earliest = '2026-11-26T17:00:00.000Z';
const by = { createdAt: at, accountId: null };

describe('visit slots and bookings in the SQLite file (migration 022)', () => {
  let dataDir: string;
  let storage: Storage;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'visits-'));
    storage = await openStorage(dataDir);
  });
  afterAll(async () => {
    await storage.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('publishes a weekly pattern on its weekday in the school time zone, and the same pattern twice adds nothing', async () => {
    const pattern = {
      weekday: 'Saturday',
      time: '10:00',
      minutes: 45,
      places: 3,
      from: '2026-12-01',
      to: '2026-12-14',
    } as const;
    const slots = slotsOfPattern(pattern);
    expect(slots.map((slot) => slot.startsAt)).toEqual(['2026-12-05T04:30:00.000Z', '2026-12-12T04:30:00.000Z']);
    expect(await publishSlots(storage.db, slots, by)).toBe(2);
    expect(await publishSlots(storage.db, slots, by)).toBe(0);
  });

  it('never books beyond the places; a move and a cancellation free the place; one open booking per enquiry', async () => {
    await publishSlots(
      storage.db,
      [
        { startsAt: '2026-12-19T04:30:00.000Z', minutes: 30, places: 1 },
        { startsAt: '2026-12-19T05:30:00.000Z', minutes: 30, places: 1 },
      ],
      by,
    );
    const [first, second] = (await freeSlots(storage.db, '2026-12-18T00:00:00.000Z')).map((slot) => slot.id) as [
      number,
      number,
    ];
    const [a, b] = (await insertTestAdmissions(storage.db, [family(1), family(2)])) as [number, number];
    expect(
      await bookVisit(storage.db, { enquiryId: a, source: `client-${a}`, slotId: first, at, earliest }, noMail),
    ).toMatchObject({ booked: { slotId: first } });
    expect(
      await bookVisit(storage.db, { enquiryId: a, source: `client-${a}`, slotId: second, at, earliest }, noMail),
    ).toEqual({ refused: 'already-booked' });
    expect(
      await bookVisit(storage.db, { enquiryId: b, source: `client-${b}`, slotId: first, at, earliest }, noMail),
    ).toEqual({ refused: 'full' });
    expect(await moveVisit(storage.db, { enquiryId: a, slotId: second, at, earliest }, noMail)).toMatchObject({
      booked: { slotId: second },
    });
    expect(
      await bookVisit(storage.db, { enquiryId: b, source: `client-${b}`, slotId: first, at, earliest }, noMail),
    ).toMatchObject({ booked: { slotId: first } });
    expect(await cancelVisit(storage.db, { enquiryId: a, at, earliest }, noMail)).toMatchObject({
      cancelled: { slotId: second },
    });
    expect(await moveVisit(storage.db, { enquiryId: b, slotId: second, at, earliest }, noMail)).toMatchObject({
      booked: { slotId: second },
    });
    expect(
      await bookVisit(storage.db, { enquiryId: a, source: `client-${a}`, slotId: first, at, earliest }, noMail),
    ).toMatchObject({ booked: { slotId: first } });

    const day = await visitsBetween(storage.db, '2026-12-18T18:30:00.000Z', '2026-12-19T18:30:00.000Z');
    expect(day.map((slot) => [slot.id, slot.visitors.map((visitor) => visitor.enquiryId)])).toEqual([
      [first, [a]],
      [second, [b]],
    ]);
    expect(await withdrawSlot(storage.db, first, at)).toBe(false);
  });

  it('refuses a change within the cut-off, and a slot starting before it', async () => {
    await publishSlots(storage.db, [{ startsAt: '2026-11-26T10:00:00.000Z', minutes: 30, places: 5 }], by);
    const soon = (await freeSlots(storage.db, '2026-11-26T09:00:00.000Z'))[0]!;
    const [c] = (await insertTestAdmissions(storage.db, [{}])) as [number];
    expect(
      await bookVisit(storage.db, { enquiryId: c, source: `client-${c}`, slotId: soon.id, at, earliest }, noMail),
    ).toEqual({ refused: 'full' });
    expect(
      await bookVisit(storage.db, { enquiryId: c, source: `client-${c}`, slotId: soon.id, at, earliest: at }, noMail),
    ).toMatchObject({ booked: { slotId: soon.id } });
    expect(await cancelVisit(storage.db, { enquiryId: c, at, earliest }, noMail)).toEqual({ refused: 'too-late' });
  });

  it('lets a booking go with its enquiry when the enquiry is erased', async () => {
    const [d] = (await insertTestAdmissions(storage.db, [{}])) as [number];
    const slot = (await freeSlots(storage.db, '2026-12-01T00:00:00.000Z'))[0]!;
    await bookVisit(storage.db, { enquiryId: d, source: `client-${d}`, slotId: slot.id, at, earliest }, noMail);
    await eraseEnquiries(storage.db, [{ kind: 'admission', id: d }], {
      at,
      reason: 'request',
      sessionId: null,
      accountId: null,
    });
    expect(await storage.db.selectFrom('visit_bookings').select('id').where('enquiry_id', '=', d).execute()).toEqual(
      [],
    );
  });
});

describe("the office's overview of the coming days (visits.coming)", () => {
  let dataDir: string;
  let storage: Storage;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'visits-coming-'));
    storage = await openStorage(dataDir);
  });
  afterAll(async () => {
    await storage.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const today = '2027-03-10';
  const slot = (day: string, time: string, places: number) => ({
    startsAt: schoolInstant(day, time).toISOString(),
    minutes: 30,
    places,
  });
  const idOf = async (day: string, time: string) =>
    (
      await storage.db
        .selectFrom('visit_slots')
        .select('id')
        .where('starts_at', '=', schoolInstant(day, time).toISOString())
        .executeTakeFirstOrThrow()
    ).id;

  it('counts the open slots, places and open bookings of each day from today at the school through the 13 after it', async () => {
    await publishSlots(
      storage.db,
      [
        slot('2027-03-09', '23:59', 4), // yesterday at the school, though the same UTC day as today's first slot
        slot('2027-03-10', '00:00', 2),
        slot('2027-03-10', '10:00', 3),
        slot('2027-03-12', '10:00', 5), // withdrawn below
        slot('2027-03-23', '23:30', 1), // the last day of the 14
        slot('2027-03-24', '00:00', 6), // the 15th day
      ],
      by,
    );
    const [a, b] = (await insertTestAdmissions(storage.db, [family(1), family(2)])) as [number, number];
    const tenOClock = await idOf('2027-03-10', '10:00');
    const booking = { at, earliest: '2027-03-01T00:00:00.000Z' };
    await bookVisit(storage.db, { ...booking, enquiryId: a, source: `client-${a}`, slotId: tenOClock }, noMail);
    await bookVisit(storage.db, { ...booking, enquiryId: b, source: `client-${b}`, slotId: tenOClock }, noMail);
    await cancelVisit(storage.db, { ...booking, enquiryId: b }, noMail);
    expect(await withdrawSlot(storage.db, await idOf('2027-03-12', '10:00'), at)).toBe(true);

    expect(await comingVisitDays(storage.db, today)).toEqual([
      { day: '2027-03-10', slots: 2, places: 5, booked: 1 },
      { day: '2027-03-23', slots: 1, places: 1, booked: 0 },
    ]);
    expect(await comingVisitDays(storage.db, '2027-03-11')).toEqual([
      { day: '2027-03-23', slots: 1, places: 1, booked: 0 },
      { day: '2027-03-24', slots: 1, places: 6, booked: 0 },
    ]);
  });

  it('lists no day when none of the 14 has an open slot', async () => {
    expect(await comingVisitDays(storage.db, '2027-04-01')).toEqual([]);
  });
});
