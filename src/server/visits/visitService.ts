import type { Kysely } from 'kysely';
import type { SchoolContact } from '../../content/schoolFacts';
import { isClosingStage } from '../../shared/admissions/stages';
import { bookingUrl, VISIT_CHANGE_CUTOFF_MS } from '../../shared/admissions/visits';
import type { AdmissionEnquiry } from '../../shared/enquiries/enquiry';
import type { Logger } from '../log';
import {
  visitCancellation,
  visitConfirmation,
  visitOfficeNotice,
  type VisitChange,
  type VisitMailFacts,
} from '../mail/visitMail';
import { moveStage, pipelinePlace, type When } from '../storage/admissionPipeline';
import { visitFillAlertMail } from '../mail/visitFillAlertMail';
import { createEnquiryRepository, type OutboxMessage } from '../storage/enquiries';
import type { Database } from '../storage/schema';
import {
  bookVisit,
  cancelVisit,
  comingBookingsOfSource,
  freeSlots,
  moveVisit,
  openBooking,
  raiseFillAlert,
  type BookingRefusal,
  type FreeSlot,
  type OpenBooking,
} from '../storage/visits';
import type { BookingTokens } from './bookingToken';

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

export type VisitService = {
  /** The booking link of an admission enquiry, good for 30 days from `issuedAt`. */
  bookingUrl(enquiryId: number, issuedAt: Date): string;
  page(token: string): Promise<VisitPageState>;
  /** `source`: the client it comes from, an IPv4 address or an IPv6 /64 (auth/clientKey). */
  act(token: string, action: VisitAction, source: string): Promise<{ state: VisitPageState; notice?: VisitNotice }>;
  /** The office cancels every visit still to come that one client booked, telling each family; answers the enquiries. */
  cancelSource(source: string, when: When): Promise<number[]>;
};

export type VisitServiceDeps = {
  db: Kysely<Database>;
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
  now: () => Date;
};

/** The parent's own change: no staff session or account. */
const parentChange = (changedAt: string) => ({ changedAt, sessionId: null, accountId: null });

export function createVisitService({
  db,
  tokens,
  publicUrl,
  mailOn,
  officeEmail,
  kickOutbox,
  schoolContact,
  log,
  now,
}: VisitServiceDeps): VisitService {
  const enquiries = createEnquiryRepository(db);
  const earliestChange = (at: Date) => new Date(at.getTime() + VISIT_CHANGE_CUTOFF_MS).toISOString();

  /** The enquiry the link names, when a family can book for it: stored, not in the Spam folder, not closed. */
  async function bookable(enquiryId: number): Promise<AdmissionEnquiry | undefined> {
    const place = await pipelinePlace(db, enquiryId);
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
    const booking = await openBooking(db, enquiry.id);
    const expired = reading.state === 'expired';
    const family: Family = { token, child: enquiry.studentName, at: at.toISOString() };
    if (!booking)
      return {
        state: expired ? { view: 'expired' } : { view: 'choose', slots: await freeSlots(db, earliest), ...family },
        enquiry,
        expired,
      };
    const changeable = booking.startsAt > earliest;
    const movable = changeable && !expired;
    const slots = movable ? (await freeSlots(db, earliest)).filter((slot) => slot.id !== booking.slotId) : [];
    return { state: { view: 'booked', booking, changeable, movable, slots, ...family }, enquiry, expired };
  }

  return {
    bookingUrl: (enquiryId, issuedAt) => bookingUrl(publicUrl, tokens.issue(enquiryId, issuedAt)),

    page: async (token) => (await stateOf(token, now())).state,

    async act(token, action, source) {
      const at = now();
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
        const outcome = await cancelVisit(db, change, (booking) =>
          mails(visitCancellation(facts(booking)), booking, { change: 'cancelled' }),
        );
        if ('cancelled' in outcome) {
          const place = await pipelinePlace(db, enquiry.id);
          if (place?.stage === 'visit-booked')
            await moveStage(db, { id: enquiry.id, stage: 'enquiry' }, parentChange(changedAt));
        }
        notice = 'cancelled' in outcome ? 'cancelled' : outcome.refused;
      } else if (current.expired) {
        notice = 'expired';
      } else if (action.action === 'move') {
        const outcome = await moveVisit(db, { ...change, slotId: action.slotId }, (booking, before) =>
          mails(visitConfirmation(facts(booking), true), booking, {
            change: 'moved',
            was: before?.startsAt ?? booking.startsAt,
          }),
        );
        notice = 'booked' in outcome ? 'moved' : outcome.refused;
      } else {
        const outcome = await bookVisit(db, { ...change, slotId: action.slotId, source }, (booking) =>
          mails(visitConfirmation(facts(booking), false), booking, { change: 'booked' }),
        );
        if ('booked' in outcome) {
          const place = await pipelinePlace(db, enquiry.id);
          if (place?.stage === 'enquiry')
            await moveStage(
              db,
              { id: enquiry.id, stage: 'visit-booked' },
              parentChange(changedAt),
              outcome.booked.startsAt,
            );
          const alert = await raiseFillAlert(
            db,
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

    async cancelSource(source, when) {
      const contact = await schoolContact();
      const cancelled: number[] = [];
      for (const booking of await comingBookingsOfSource(db, source, when.changedAt)) {
        const enquiry = await enquiries.findAdmission(booking.enquiryId);
        if (!enquiry) continue;
        // The office's cancellation passes the 12-hour line: the family is told by email all the same.
        const facts: VisitMailFacts = {
          enquiry,
          bookingId: booking.id,
          startsAt: booking.startsAt,
          minutes: booking.minutes,
          manageUrl: bookingUrl(publicUrl, tokens.issue(enquiry.id, now())),
          contact,
          at: when.changedAt,
        };
        const outcome = await cancelVisit(
          db,
          { enquiryId: enquiry.id, at: when.changedAt, earliest: when.changedAt },
          () => (mailOn ? visitCancellation(facts) : []),
        );
        if (!('cancelled' in outcome)) continue;
        const place = await pipelinePlace(db, enquiry.id);
        if (place?.stage === 'visit-booked') await moveStage(db, { id: enquiry.id, stage: 'enquiry' }, when);
        cancelled.push(enquiry.id);
      }
      if (cancelled.length > 0) kickOutbox();
      return cancelled;
    },
  };
}
