import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import {
  comingVisitWindow,
  type ComingVisitDay,
  type NewVisitSlot,
  type VisitSlotDay,
} from '#shared/admissions/visits.ts';
import type { StageMove } from '#shared/admissions/stages.ts';
import { schoolInstant } from '#shared/schoolTimes.ts';
import { schoolToday } from '#shared/time.ts';
import type { Database, When } from '#server/storage/schema.ts';
import { moveStage, pipelinePlace } from '#server/modules/enquiries/pipelineRepository.ts';
import { insertOutbox, type OutboxMessage } from '#server/modules/mail/repository.ts';

/** A free slot as the booking page lists it. */
export type FreeSlot = { id: number; startsAt: string; minutes: number; free: number };

/** An enquiry's open booking. */
export type OpenBooking = { id: number; slotId: number; startsAt: string; minutes: number };

/**
 * Why a booking or a move did not happen: the slot is full (or withdrawn, or too soon), the
 * enquiry already has a visit, it has none to change, or its visit is too close to change; the
 * client booked its places of the day, or the parent's email or phone already holds a coming
 * visit (issue 34 §5).
 */
export type BookingRefusal =
  'full' | 'already-booked' | 'no-booking' | 'too-late' | 'source-limit' | 'contact-holds-visit';

/** One client (an IPv4 address, an IPv6 /64) books at most this many places in 24 hours. */
export const PLACES_PER_SOURCE_PER_DAY = 2;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

type Db = Kysely<Database> | Transaction<Database>;

/** Adds slots; one that starts when an open slot already does is left out. Answers how many were added. */
export async function publishSlots(
  db: Kysely<Database>,
  slots: NewVisitSlot[],
  { createdAt, accountId }: { createdAt: string; accountId: number | null },
): Promise<number> {
  if (slots.length === 0) return 0;
  const added = await db
    .insertInto('visit_slots')
    .values(
      slots.map((slot) => ({
        starts_at: slot.startsAt,
        minutes: slot.minutes,
        places: slot.places,
        created_at: createdAt,
        created_by: accountId,
      })),
    )
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(added.numInsertedOrUpdatedRows ?? 0);
}

/** Withdraws a slot nobody has booked; false when it has a booking (the office calls those families first) or is gone. */
export async function withdrawSlot(db: Kysely<Database>, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('visit_slots')
    .set({ cancelled_at: at })
    .where('id', '=', id)
    .where('cancelled_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('visit_bookings').select('id').where('slot_id', '=', id).where('cancelled_at', 'is', null)),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

const takenIn = (slotId: number | RawBuilder<unknown>) =>
  sql<number>`(select count(*) from visit_bookings where visit_bookings.slot_id = ${slotId} and visit_bookings.cancelled_at is null)`;

/** Open slots starting after `after` (ISO) with a place left, soonest first. */
export async function freeSlots(db: Kysely<Database>, after: string): Promise<FreeSlot[]> {
  const rows = await db
    .selectFrom('visit_slots')
    .select(['id', 'starts_at', 'minutes', 'places', takenIn(sql.ref('visit_slots.id')).as('taken')])
    .where('cancelled_at', 'is', null)
    .where('starts_at', '>', after)
    .orderBy('starts_at')
    .execute();
  return rows
    .filter((row) => row.taken < row.places)
    .map((row) => ({ id: row.id, startsAt: row.starts_at, minutes: row.minutes, free: row.places - row.taken }));
}

export async function openBooking(db: Db, enquiryId: number): Promise<OpenBooking | undefined> {
  const row = await db
    .selectFrom('visit_bookings')
    .innerJoin('visit_slots', 'visit_slots.id', 'visit_bookings.slot_id')
    .select(['visit_bookings.id', 'slot_id', 'starts_at', 'minutes'])
    .where('enquiry_id', '=', enquiryId)
    .where('visit_bookings.cancelled_at', 'is', null)
    .executeTakeFirst();
  return row && { id: row.id, slotId: row.slot_id, startsAt: row.starts_at, minutes: row.minutes };
}

/** Whether the slot is open, starts after `earliest` and has a place left: the condition every booking and move is written under. */
const slotHasRoom = (slotId: number, earliest: string) =>
  sql<boolean>`exists (select 1 from visit_slots where id = ${slotId} and cancelled_at is null and starts_at > ${earliest} and places > ${takenIn(slotId)})`;

/** The emails a change queues, written once the booking is known (and, for a move, the one it replaced). */
export type VisitMail = (booking: OpenBooking, before?: OpenBooking) => OutboxMessage[];

/**
 * Books a place, never beyond the slot's places: the booking is one INSERT ... SELECT whose
 * condition counts the places taken, and SQLite runs each statement whole, so two parents at the
 * same millisecond cannot both take the last place. Its emails are queued in the same transaction.
 */
export async function bookVisit(
  db: Kysely<Database>,
  {
    enquiryId,
    slotId,
    at,
    earliest,
    source,
  }: { enquiryId: number; slotId: number; at: string; earliest: string; source: string },
  mail: VisitMail,
): Promise<{ booked: OpenBooking } | { refused: BookingRefusal }> {
  // One connection runs one transaction at a time, so the counts below hold until the insert.
  return db.transaction().execute(async (trx) => {
    if (await openBooking(trx, enquiryId)) return { refused: 'already-booked' as const };
    if ((await placesOfSource(trx, source, at)) >= PLACES_PER_SOURCE_PER_DAY)
      return { refused: 'source-limit' as const };
    if (await contactHoldsVisit(trx, enquiryId, at)) return { refused: 'contact-holds-visit' as const };
    const inserted = await sql`insert into visit_bookings (slot_id, enquiry_id, created_at, changed_at, source)
      select ${slotId}, ${enquiryId}, ${at}, ${at}, ${source} where ${slotHasRoom(slotId, earliest)}`.execute(trx);
    if (Number(inserted.numAffectedRows ?? 0) !== 1) return { refused: 'full' as const };
    const booked = (await openBooking(trx, enquiryId)) as OpenBooking;
    await insertOutbox(trx, 'admission', enquiryId, at, mail(booked));
    return { booked };
  });
}

/** Places a client holds that it booked within 24 hours before `at`. */
async function placesOfSource(trx: Transaction<Database>, source: string, at: string): Promise<number> {
  const since = new Date(Date.parse(at) - DAY_MS).toISOString();
  const row = await trx
    .selectFrom('visit_bookings')
    .select((eb) => eb.fn.countAll<number>().as('places'))
    .where('source', '=', source)
    .where('created_at', '>', since)
    .where('cancelled_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.places;
}

/** Whether another enquiry with the same email (any case) or the same phone holds a visit still to come. */
async function contactHoldsVisit(trx: Transaction<Database>, enquiryId: number, at: string): Promise<boolean> {
  const held = await sql<{ id: number }>`select other.id from admission_enquiries mine
    join admission_enquiries other on other.id != mine.id
      and (lower(other.email) = lower(mine.email) or (other.country_code = mine.country_code and other.phone = mine.phone))
    join visit_bookings on visit_bookings.enquiry_id = other.id and visit_bookings.cancelled_at is null
    join visit_slots on visit_slots.id = visit_bookings.slot_id and visit_slots.starts_at > ${at}
    where mine.id = ${enquiryId} limit 1`.execute(trx);
  return held.rows.length > 0;
}

/** A day whose places filled fast: its places, how many were booked within the hour, and from which clients. */
export type FillAlert = { day: string; places: number; booked: number; sources: { source: string; places: number }[] };

/**
 * After a booking: when half or more of its day's places were booked within the hour before
 * `at`, records the day (once) and queues the office's email in the same transaction. Answers the
 * alert when it was raised now.
 */
export async function raiseFillAlert(
  db: Kysely<Database>,
  { slotId, enquiryId, at }: { slotId: number; enquiryId: number; at: string },
  mail: (alert: FillAlert) => OutboxMessage[],
): Promise<FillAlert | undefined> {
  return db.transaction().execute(async (trx) => {
    const slot = await trx
      .selectFrom('visit_slots')
      .select('starts_at')
      .where('id', '=', slotId)
      .executeTakeFirstOrThrow();
    const day = schoolToday(new Date(slot.starts_at));
    const from = schoolInstant(day, '00:00');
    const daySlots = () =>
      trx
        .selectFrom('visit_slots')
        .where('cancelled_at', 'is', null)
        .where('starts_at', '>=', from.toISOString())
        .where('starts_at', '<', new Date(from.getTime() + DAY_MS).toISOString());
    const { places } = await daySlots()
      .select((eb) => eb.fn.sum<number>('places').as('places'))
      .executeTakeFirstOrThrow();
    const recent = await trx
      .selectFrom('visit_bookings')
      .select(['source', (eb) => eb.fn.countAll<number>().as('places')])
      .where('slot_id', 'in', daySlots().select('id'))
      .where('cancelled_at', 'is', null)
      .where('created_at', '>', new Date(Date.parse(at) - HOUR_MS).toISOString())
      .groupBy('source')
      .orderBy('places', 'desc')
      .execute();
    const booked = recent.reduce((sum, row) => sum + row.places, 0);
    if (booked * 2 < places) return undefined;
    const added = await trx
      .insertInto('visit_fill_alerts')
      .values({ day, raised_at: at, booked, places })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    if (Number(added.numInsertedOrUpdatedRows ?? 0) !== 1) return undefined;
    const alert = {
      day,
      places,
      booked,
      sources: recent.map((row) => ({ source: row.source ?? '', places: row.places })),
    };
    await insertOutbox(trx, 'admission', enquiryId, at, mail(alert));
    return alert;
  });
}

/** Days whose places filled fast, from `from` (YYYY-MM-DD) on, for the dashboard. */
export async function fillAlertsFrom(
  db: Kysely<Database>,
  from: string,
): Promise<{ day: string; raisedAt: string; booked: number; places: number }[]> {
  const rows = await db.selectFrom('visit_fill_alerts').selectAll().where('day', '>=', from).orderBy('day').execute();
  return rows.map((row) => ({ day: row.day, raisedAt: row.raised_at, booked: row.booked, places: row.places }));
}

/** An open booking with its enquiry and when it was last booked or moved. */
export type ComingBooking = OpenBooking & { enquiryId: number; bookedAt: string };

/** Open bookings whose visit starts after `after`: of one client, or (given `until`) not reminded yet and starting by then. */
async function comingBookings(
  db: Kysely<Database>,
  after: string,
  which: { source: string } | { unremindedUntil: string },
): Promise<ComingBooking[]> {
  let query = db
    .selectFrom('visit_bookings')
    .innerJoin('visit_slots', 'visit_slots.id', 'visit_bookings.slot_id')
    .select(['visit_bookings.id', 'slot_id', 'enquiry_id', 'starts_at', 'minutes', 'changed_at'])
    .where('visit_bookings.cancelled_at', 'is', null)
    .where('starts_at', '>', after);
  query =
    'source' in which
      ? query.where('source', '=', which.source)
      : query.where('reminded_at', 'is', null).where('starts_at', '<=', which.unremindedUntil);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    slotId: row.slot_id,
    enquiryId: row.enquiry_id,
    startsAt: row.starts_at,
    minutes: row.minutes,
    bookedAt: row.changed_at,
  }));
}

/** Open bookings one client made whose visit is still to come, for the office's cancel-by-source. */
export const comingBookingsOfSource = (db: Kysely<Database>, source: string, at: string): Promise<ComingBooking[]> =>
  comingBookings(db, at, { source });

/** Moves the open booking to another slot, under the same condition as a booking; the reminder is due again. */
export async function moveVisit(
  db: Kysely<Database>,
  { enquiryId, slotId, at, earliest }: { enquiryId: number; slotId: number; at: string; earliest: string },
  mail: VisitMail,
): Promise<{ booked: OpenBooking; before: OpenBooking } | { refused: BookingRefusal }> {
  return db.transaction().execute(async (trx) => {
    const before = await openBooking(trx, enquiryId);
    if (!before) return { refused: 'no-booking' as const };
    if (before.startsAt <= earliest) return { refused: 'too-late' as const };
    if (before.slotId === slotId) return { booked: before, before };
    const moved = await sql`update visit_bookings set slot_id = ${slotId}, changed_at = ${at}, reminded_at = null
      where id = ${before.id} and ${slotHasRoom(slotId, earliest)}`.execute(trx);
    if (Number(moved.numAffectedRows ?? 0) !== 1) return { refused: 'full' as const };
    const booked = (await openBooking(trx, enquiryId)) as OpenBooking;
    await insertOutbox(trx, 'admission', enquiryId, at, mail(booked, before));
    return { booked, before };
  });
}

/** Cancels the open booking, freeing its place, until `earliest`. */
export async function cancelVisit(
  db: Kysely<Database>,
  { enquiryId, at, earliest }: { enquiryId: number; at: string; earliest: string },
  mail: VisitMail,
): Promise<{ cancelled: OpenBooking } | { refused: BookingRefusal }> {
  return db.transaction().execute(async (trx) => {
    const before = await openBooking(trx, enquiryId);
    if (!before) return { refused: 'no-booking' as const };
    if (before.startsAt <= earliest) return { refused: 'too-late' as const };
    await trx
      .updateTable('visit_bookings')
      .set({ cancelled_at: at, changed_at: at })
      .where('id', '=', before.id)
      .execute();
    await insertOutbox(trx, 'admission', enquiryId, at, mail(before));
    return { cancelled: before };
  });
}

/** Open slots between two instants (ISO), with each family booked, for the office's day list. */
export async function visitsBetween(db: Kysely<Database>, from: string, until: string): Promise<VisitSlotDay[]> {
  const slots = await db
    .selectFrom('visit_slots')
    .select(['id', 'starts_at', 'minutes', 'places'])
    .where('cancelled_at', 'is', null)
    .where('starts_at', '>=', from)
    .where('starts_at', '<', until)
    .orderBy('starts_at')
    .execute();
  if (slots.length === 0) return [];
  const visitors = await db
    .selectFrom('visit_bookings')
    .innerJoin('admission_enquiries', 'admission_enquiries.id', 'visit_bookings.enquiry_id')
    .select([
      'visit_bookings.id',
      'slot_id',
      'enquiry_id',
      'parent_name',
      'student_name',
      'birth_date',
      'program_of_interest',
      'country_code',
      'phone',
      'source',
    ])
    .where(
      'slot_id',
      'in',
      slots.map((slot) => slot.id),
    )
    .where('visit_bookings.cancelled_at', 'is', null)
    .orderBy('visit_bookings.id')
    .execute();
  return slots.map((slot) => ({
    id: slot.id,
    startsAt: slot.starts_at,
    minutes: slot.minutes,
    places: slot.places,
    visitors: visitors
      .filter((visitor) => visitor.slot_id === slot.id)
      .map((visitor) => ({
        bookingId: visitor.id,
        enquiryId: visitor.enquiry_id,
        parentName: visitor.parent_name,
        studentName: visitor.student_name,
        birthDate: visitor.birth_date,
        program: visitor.program_of_interest,
        countryCode: visitor.country_code,
        phone: visitor.phone,
        source: visitor.source,
      })),
  }));
}

/** Each day of the overview from `today` (YYYY-MM-DD at the school) that has an open slot, in order: its slots, places and open bookings. */
export async function comingVisitDays(db: Kysely<Database>, today: string): Promise<ComingVisitDay[]> {
  const { from, until } = comingVisitWindow(today);
  const slots = await db
    .selectFrom('visit_slots')
    .select(['starts_at', 'places', takenIn(sql.ref('visit_slots.id')).as('taken')])
    .where('cancelled_at', 'is', null)
    .where('starts_at', '>=', from)
    .where('starts_at', '<', until)
    .orderBy('starts_at')
    .execute();
  const days = new Map<string, ComingVisitDay>();
  for (const slot of slots) {
    const day = schoolToday(new Date(slot.starts_at));
    const counted = days.get(day) ?? { day, slots: 0, places: 0, booked: 0 };
    days.set(day, {
      day,
      slots: counted.slots + 1,
      places: counted.places + slot.places,
      booked: counted.booked + slot.taken,
    });
  }
  return [...days.values()];
}

/** Every booking an enquiry made, open or cancelled, oldest first, with its slot's time: for the family's copy of their data. */
export async function bookingsOf(
  db: Db,
  enquiryId: number,
): Promise<{ startsAt: string; minutes: number; createdAt: string; changedAt: string; cancelledAt: string | null }[]> {
  const rows = await db
    .selectFrom('visit_bookings')
    .innerJoin('visit_slots', 'visit_slots.id', 'visit_bookings.slot_id')
    .select(['starts_at', 'minutes', 'visit_bookings.created_at', 'changed_at', 'visit_bookings.cancelled_at'])
    .where('enquiry_id', '=', enquiryId)
    .orderBy('visit_bookings.id')
    .execute();
  return rows.map((row) => ({
    startsAt: row.starts_at,
    minutes: row.minutes,
    createdAt: row.created_at,
    changedAt: row.changed_at,
    cancelledAt: row.cancelled_at,
  }));
}

/** Open bookings whose visit starts between the two instants and that were not reminded yet. */
export const unremindedVisits = (db: Kysely<Database>, from: string, until: string): Promise<ComingBooking[]> =>
  comingBookings(db, from, { unremindedUntil: until });

/** Queues a booking's reminder and marks it reminded, in one transaction: false when another run already did. */
export async function queueReminder(
  db: Kysely<Database>,
  bookingId: number,
  enquiryId: number,
  at: string,
  messages: OutboxMessage[],
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('visit_bookings')
      .set({ reminded_at: at })
      .where('id', '=', bookingId)
      .where('reminded_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return false;
    await insertOutbox(trx, 'admission', enquiryId, at, messages);
    return true;
  });
}

/** The visits' SQL bound to one database, as the service holds it (the service itself runs none). */
export function createVisitRepository(db: Kysely<Database>) {
  return {
    /** The admissions pipeline's steps a family's booking takes (its SQL is the admissions module's, decision 0062). */
    pipeline: {
      place: (enquiryId: number) => pipelinePlace(db, enquiryId),
      move: (move: StageMove, when: When, visitAt?: string) => moveStage(db, move, when, visitAt),
    },
    publishSlots: (slots: NewVisitSlot[], by: { createdAt: string; accountId: number | null }) =>
      publishSlots(db, slots, by),
    withdrawSlot: (id: number, at: string) => withdrawSlot(db, id, at),
    freeSlots: (after: string) => freeSlots(db, after),
    openBooking: (enquiryId: number) => openBooking(db, enquiryId),
    bookVisit: (booking: Parameters<typeof bookVisit>[1], mail: VisitMail) => bookVisit(db, booking, mail),
    moveVisit: (move: Parameters<typeof moveVisit>[1], mail: VisitMail) => moveVisit(db, move, mail),
    cancelVisit: (cancel: Parameters<typeof cancelVisit>[1], mail: VisitMail) => cancelVisit(db, cancel, mail),
    raiseFillAlert: (booked: Parameters<typeof raiseFillAlert>[1], mail: (alert: FillAlert) => OutboxMessage[]) =>
      raiseFillAlert(db, booked, mail),
    fillAlertsFrom: (from: string) => fillAlertsFrom(db, from),
    comingBookingsOfSource: (source: string, at: string) => comingBookingsOfSource(db, source, at),
    visitsBetween: (from: string, until: string) => visitsBetween(db, from, until),
    comingVisitDays: (today: string) => comingVisitDays(db, today),
    bookingsOf: (enquiryId: number) => bookingsOf(db, enquiryId),
    unremindedVisits: (from: string, until: string) => unremindedVisits(db, from, until),
    queueReminder: (bookingId: number, enquiryId: number, at: string, messages: OutboxMessage[]) =>
      queueReminder(db, bookingId, enquiryId, at, messages),
  };
}

export type VisitRepository = ReturnType<typeof createVisitRepository>;
