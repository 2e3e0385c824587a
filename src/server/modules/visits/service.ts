import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import type { SchoolContact } from '#content/schoolFacts.ts';
import { isClosingStage, type StageMove } from '#shared/admissions/stages.ts';
import {
  bookingUrl,
  slotFromInput,
  slotsOfPattern,
  VISIT_CHANGE_CUTOFF_MS,
  visitPatternSchemaAt,
  visitSlotSchemaAt,
  type ComingVisitDay,
  type VisitPattern,
  type VisitSlotDay,
  type VisitSlotInput,
} from '#shared/admissions/visits.ts';
import type { PersonVisitBooking } from '#shared/dashboard/index.ts';
import type { AdmissionEnquiry } from '#shared/enquiries/enquiry.ts';
import { schoolInstant, schoolIsoTime } from '#shared/schoolTimes.ts';
import { schoolToday } from '#shared/time.ts';
import type { AuditWriter } from '#server/modules/audit/service.ts';
import type { RequestScope, StaffScope } from '#server/requestScope.ts';
import type { Logger } from '#server/log.ts';
import type { PipelinePlace, When } from '#server/modules/enquiries/service.ts';
import type { OutboxMessage } from '#server/modules/mail/service.ts';
import type { BookingTokens } from './bookingToken';
import { visitFillAlertMail } from './fillAlertMail';
import type { BookingRefusal, FreeSlot, OpenBooking, VisitRepository } from './repository';
import {
  visitCancellation,
  visitConfirmation,
  visitOfficeNotice,
  type VisitChange,
  type VisitMailFacts,
} from './visitMail';

/** What the booking page shows for a link. */
export type VisitPageState =
  /** Not a link we made. */
  | { view: 'invalid' }
  /** The enquiry is gone, set aside, or closed: the family calls the school. */
  | { view: 'unavailable' }
  /** Past its expiry with no visit booked. */
  | { view: 'expired' }
  | ({ view: 'choose'; slots: FreeSlot[] } & Family)
  /**
   * A visit booked; `changeable` until 12 hours before it. A link past its expiry only cancels it
   * (`movable` false): a move is a new booking, and would keep the link alive beyond its visit.
   */
  | ({ view: 'booked'; booking: OpenBooking; changeable: boolean; movable: boolean; slots: FreeSlot[] } & Family);

/** Whose link it is: the child the visit is for (a family may have enquired for two), and when it was read (a date in another year shows it). */
type Family = { token: string; child: string; at: string };

export type VisitAction = { action: 'book' | 'move'; slotId: number } | { action: 'cancel' };

/** What an action did, for the line above the page: done, or why not. */
export type VisitNotice = 'booked' | 'moved' | 'cancelled' | BookingRefusal | 'expired';

export const visitMessages = {
  withdrawRefused: 'This slot has families booked: call them and move or cancel their visits first.',
} as const;

/** What the visits need of the enquiries service: an admission enquiry as stored, for its visits' emails. */
export type AdmissionEnquiries = { findAdmission(id: number): Promise<AdmissionEnquiry | undefined> };

export type VisitService = {
  /** The booking link of an admission enquiry, good for 30 days from `issuedAt`. */
  bookingUrl(enquiryId: number, issuedAt: Date): string;
  page(scope: RequestScope, token: string): Promise<VisitPageState>;
  /** `source`: the client it comes from, an IPv4 address or an IPv6 /64 (auth/clientKey). */
  act(
    scope: RequestScope,
    token: string,
    action: VisitAction,
    source: string,
  ): Promise<{ state: VisitPageState; notice?: VisitNotice }>;
  /** The office cancels every visit still to come that one client booked, telling each family and writing the audit trail; answers how many. */
  cancelSource(scope: StaffScope, source: string): Promise<{ cancelled: number }>;
  /** A day's slots (YYYY-MM-DD at the school) with each family booked. */
  day(day: string): Promise<VisitSlotDay[]>;
  /** Each of the coming days (today at the school and the 13 after it) with an open slot. */
  coming(scope: RequestScope): Promise<ComingVisitDay[]>;
  /** The days whose places filled fast, from today on. */
  fillAlerts(scope: RequestScope): Promise<{ day: string; raisedAt: string; booked: number; places: number }[]>;
  /** Publishes one slot, or a weekly pattern's; a slot that has begun is refused. Answers how many were added. */
  publishSlot(scope: StaffScope, slot: VisitSlotInput): Promise<{ added: number }>;
  publishPattern(scope: StaffScope, pattern: VisitPattern): Promise<{ added: number }>;
  /** Withdraws a slot nobody has booked; refused (CONFLICT) when families are booked. */
  withdrawSlot(scope: StaffScope, id: number): Promise<{ withdrawn: true }>;
  /** An enquiry's open booking, if it has one. */
  openBooking(enquiryId: number): Promise<OpenBooking | undefined>;
  /** Every booking an enquiry made, as the family's copy of their data shows it. */
  bookingsOf(enquiryId: number): Promise<PersonVisitBooking[]>;
};

/** The admissions pipeline's steps a family's booking takes (the visits' repository reaches their SQL, decision 0062). */
export type VisitPipeline = {
  place(enquiryId: number): Promise<PipelinePlace | undefined>;
  move(move: StageMove, when: When, visitAt?: string): Promise<unknown>;
};

export type VisitServiceDeps = {
  repository: VisitRepository;
  /** The enquiry a link names. */
  enquiries: AdmissionEnquiries;
  pipeline: VisitPipeline;
  tokens: BookingTokens;
  publicUrl: string;
  /** Whether mail is on (SMTP_URL): without it no email is queued. */
  mailOn: boolean;
  /** The office inbox (NOTIFY_EMAIL), told of each booking, move and cancellation, and when a day's places fill fast. */
  officeEmail: string | undefined;
  /** Sends what was queued. */
  kickOutbox: () => void;
  schoolContact: () => Promise<SchoolContact>;
  log: Logger;
  /** Writes the office's changes to the audit trail. */
  audit: AuditWriter;
};

const DAY_MS = 86_400_000;

/** The parent's own change: no staff session or account. */
const parentChange = (changedAt: string) => ({ changedAt, sessionId: null, accountId: null });

/** Checks `input` again with the schema that knows the time (the form's own): a slot that has begun is refused field by field. */
function refusePassed<T>(schema: z.ZodType<T>, input: T): T {
  const checked = schema.safeParse(input);
  if (!checked.success)
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: checked.error.issues[0]?.message ?? 'Please check the visit time.',
      cause: checked.error,
    });
  return checked.data;
}

export function createVisitService({
  repository,
  enquiries,
  pipeline,
  tokens,
  publicUrl,
  mailOn,
  officeEmail,
  kickOutbox,
  schoolContact,
  log,
  audit,
}: VisitServiceDeps): VisitService {
  const earliestChange = (at: Date) => new Date(at.getTime() + VISIT_CHANGE_CUTOFF_MS).toISOString();

  /** The enquiry the link names, when a family can book for it: stored, not in the Spam folder, not closed. */
  async function bookable(enquiryId: number): Promise<AdmissionEnquiry | undefined> {
    const place = await pipeline.place(enquiryId);
    if (!place || isClosingStage(place.stage)) return undefined;
    return enquiries.findAdmission(enquiryId);
  }

  async function stateOf(
    token: string,
    at: Date,
  ): Promise<{ state: VisitPageState; enquiry?: AdmissionEnquiry; expired: boolean }> {
    const reading = tokens.read(token, at);
    if (reading.state === 'invalid') return { state: { view: 'invalid' }, expired: false };
    const enquiry = await bookable(reading.enquiryId);
    if (!enquiry) return { state: { view: 'unavailable' }, expired: false };
    const earliest = earliestChange(at);
    const booking = await repository.openBooking(enquiry.id);
    const expired = reading.state === 'expired';
    const family: Family = { token, child: enquiry.studentName, at: at.toISOString() };
    if (!booking)
      return {
        state: expired
          ? { view: 'expired' }
          : { view: 'choose', slots: await repository.freeSlots(earliest), ...family },
        enquiry,
        expired,
      };
    const changeable = booking.startsAt > earliest;
    const movable = changeable && !expired;
    const slots = movable ? (await repository.freeSlots(earliest)).filter((slot) => slot.id !== booking.slotId) : [];
    return { state: { view: 'booked', booking, changeable, movable, slots, ...family }, enquiry, expired };
  }

  /** The staff member's change, for the enquiry's history. */
  const staffChange = ({ at, asker }: StaffScope): When => ({
    changedAt: at.toISOString(),
    sessionId: asker.sessionId,
    accountId: asker.account.id,
  });

  async function publish(scope: StaffScope, slots: Parameters<VisitRepository['publishSlots']>[0]) {
    const added = await repository.publishSlots(slots, {
      createdAt: scope.at.toISOString(),
      accountId: scope.asker.account.id,
    });
    await audit(scope, 'visit-slots-published', { slots: added });
    return { added };
  }

  /** The office's cancellations of one client's coming visits: the enquiries whose visit was cancelled. */
  async function cancelBookingsOf(source: string, at: Date, when: When): Promise<number[]> {
    const contact = await schoolContact();
    const cancelled: number[] = [];
    for (const booking of await repository.comingBookingsOfSource(source, when.changedAt)) {
      const enquiry = await enquiries.findAdmission(booking.enquiryId);
      if (!enquiry) continue;
      // The office's cancellation passes the 12-hour line: the family is told by email all the same.
      const facts: VisitMailFacts = {
        enquiry,
        bookingId: booking.id,
        startsAt: booking.startsAt,
        minutes: booking.minutes,
        manageUrl: bookingUrl(publicUrl, tokens.issue(enquiry.id, at)),
        contact,
        at: when.changedAt,
      };
      const outcome = await repository.cancelVisit(
        { enquiryId: enquiry.id, at: when.changedAt, earliest: when.changedAt },
        () => (mailOn ? visitCancellation(facts) : []),
      );
      if (!('cancelled' in outcome)) continue;
      const place = await pipeline.place(enquiry.id);
      if (place?.stage === 'visit-booked') await pipeline.move({ id: enquiry.id, stage: 'enquiry' }, when);
      cancelled.push(enquiry.id);
    }
    if (cancelled.length > 0) kickOutbox();
    return cancelled;
  }

  return {
    bookingUrl: (enquiryId, issuedAt) => bookingUrl(publicUrl, tokens.issue(enquiryId, issuedAt)),

    page: async ({ at }, token) => (await stateOf(token, at)).state,

    async act({ at }, token, action, source) {
      const current = await stateOf(token, at);
      const { enquiry } = current;
      if (!enquiry) return current;
      const changedAt = at.toISOString();
      const contact = await schoolContact();
      const manageUrl = bookingUrl(publicUrl, token);
      const facts = (booking: OpenBooking): VisitMailFacts => ({
        enquiry,
        bookingId: booking.id,
        startsAt: booking.startsAt,
        minutes: booking.minutes,
        manageUrl,
        contact,
        at: changedAt,
      });
      /** The family's emails and, when there is an office inbox, the office's note of the same change. */
      const mails = (family: OutboxMessage[], booking: OpenBooking, told: VisitChange): OutboxMessage[] =>
        mailOn ? [...family, ...(officeEmail ? [visitOfficeNotice(facts(booking), told, officeEmail)] : [])] : [];
      const change = { enquiryId: enquiry.id, at: changedAt, earliest: earliestChange(at) };
      let notice: VisitNotice;
      if (action.action === 'cancel') {
        const outcome = await repository.cancelVisit(change, (booking) =>
          mails(visitCancellation(facts(booking)), booking, { change: 'cancelled' }),
        );
        if ('cancelled' in outcome) {
          const place = await pipeline.place(enquiry.id);
          if (place?.stage === 'visit-booked')
            await pipeline.move({ id: enquiry.id, stage: 'enquiry' }, parentChange(changedAt));
        }
        notice = 'cancelled' in outcome ? 'cancelled' : outcome.refused;
      } else if (current.expired) {
        notice = 'expired';
      } else if (action.action === 'move') {
        const outcome = await repository.moveVisit({ ...change, slotId: action.slotId }, (booking, before) =>
          mails(visitConfirmation(facts(booking), true), booking, {
            change: 'moved',
            was: before?.startsAt ?? booking.startsAt,
          }),
        );
        notice = 'booked' in outcome ? 'moved' : outcome.refused;
      } else {
        const outcome = await repository.bookVisit({ ...change, slotId: action.slotId, source }, (booking) =>
          mails(visitConfirmation(facts(booking), false), booking, { change: 'booked' }),
        );
        if ('booked' in outcome) {
          const place = await pipeline.place(enquiry.id);
          if (place?.stage === 'enquiry')
            await pipeline.move(
              { id: enquiry.id, stage: 'visit-booked' },
              parentChange(changedAt),
              outcome.booked.startsAt,
            );
          const alert = await repository.raiseFillAlert(
            { slotId: action.slotId, enquiryId: enquiry.id, at: changedAt },
            (filled) => (mailOn && officeEmail ? visitFillAlertMail(filled, officeEmail) : []),
          );
          if (alert)
            log.warn('Visit places filled fast', {
              day: alert.day,
              booked: alert.booked,
              places: alert.places,
              sources: alert.sources,
            });
        } else {
          log.info('Visit booking refused', { enquiryId: enquiry.id, reason: outcome.refused, source });
        }
        notice = 'booked' in outcome ? 'booked' : outcome.refused;
      }
      if (notice === 'booked' || notice === 'moved' || notice === 'cancelled') {
        log.info('Visit booking changed by the family', { enquiryId: enquiry.id, change: notice });
        kickOutbox();
      }
      return { state: (await stateOf(token, at)).state, notice };
    },

    async cancelSource(scope, source) {
      const enquiryIds = await cancelBookingsOf(source, scope.at, staffChange(scope));
      await audit(scope, 'visit-source-cancelled', {
        source,
        cancelled: enquiryIds.length,
        enquiries: enquiryIds.join(', '),
      });
      return { cancelled: enquiryIds.length };
    },

    day(day) {
      const from = schoolInstant(day, '00:00');
      return repository.visitsBetween(from.toISOString(), new Date(from.getTime() + DAY_MS).toISOString());
    },

    coming: ({ at }) => repository.comingVisitDays(schoolToday(at)),

    fillAlerts: ({ at }) => repository.fillAlertsFrom(schoolToday(at)),

    publishSlot: (scope, slot) => publish(scope, [slotFromInput(refusePassed(visitSlotSchemaAt(scope.at), slot))]),

    publishPattern: (scope, pattern) =>
      publish(scope, slotsOfPattern(refusePassed(visitPatternSchemaAt(scope.at), pattern))),

    async withdrawSlot(scope, id) {
      if (!(await repository.withdrawSlot(id, scope.at.toISOString())))
        throw new TRPCError({ code: 'CONFLICT', message: visitMessages.withdrawRefused });
      await audit(scope, 'visit-slot-withdrawn', { id });
      return { withdrawn: true };
    },

    openBooking: (enquiryId) => repository.openBooking(enquiryId),

    /** A move rewrites its booking's slot and change time, a cancellation sets its own. */
    async bookingsOf(enquiryId) {
      return (await repository.bookingsOf(enquiryId)).map((booking) => {
        const changed = booking.changedAt !== booking.createdAt || booking.cancelledAt !== null;
        return {
          startsAt: schoolIsoTime(booking.startsAt),
          minutes: booking.minutes,
          state: booking.cancelledAt !== null ? 'cancelled' : changed ? 'moved' : 'booked',
          bookedAt: booking.createdAt,
          changedAt: changed ? booking.changedAt : null,
        };
      });
    },
  };
}
