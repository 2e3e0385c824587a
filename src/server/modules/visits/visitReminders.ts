import type { AdmissionEnquiries } from './service';
import type { SchoolContact } from '#content/schoolFacts.ts';
import { schoolToday } from '#shared/time.ts';
import { schoolInstant } from '#shared/schoolTimes.ts';
import type { Logger } from '#server/log.ts';
import { visitReminder } from './visitMail';
import type { VisitRepository } from './repository';

/** Reminders go out from 9 AM at the school on the day before the visit. */
export const REMINDER_HOUR = '09:00';

const SWEEP_MS = 15 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** When a visit's reminder is due: 9 AM at the school on the day before its day. */
export function reminderDueAt(startsAt: string): Date {
  const visitDay = schoolToday(new Date(startsAt));
  const dayBefore = new Date(Date.parse(`${visitDay}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  return schoolInstant(dayBefore, REMINDER_HOUR);
}

export type VisitReminders = {
  /** Queues every reminder due now; answers how many. */
  run(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
};

/**
 * The day-before reminders. Each is queued in the outbox in the same transaction that marks its
 * booking reminded (repository.ts), so a restart, or two sweeps at once, never sends one twice.
 * A visit booked or moved after its reminder was due has just had its confirmation: no reminder.
 * A server that was down at 9 AM catches up at its next sweep, while the visit is still ahead.
 */
export function createVisitReminders({
  repository,
  enquiries,
  manageUrl,
  schoolContact,
  kickOutbox,
  log,
  now,
}: {
  repository: VisitRepository;
  enquiries: AdmissionEnquiries;
  /** A fresh booking link for the enquiry, for the reminder to carry. */
  manageUrl: (enquiryId: number, issuedAt: Date) => string;
  schoolContact: () => Promise<SchoolContact>;
  kickOutbox: () => void;
  log: Logger;
  now: () => Date;
}): VisitReminders {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  async function run(): Promise<number> {
    const at = now();
    const candidates = await repository.unremindedVisits(
      at.toISOString(),
      new Date(at.getTime() + 2 * DAY_MS).toISOString(),
    );
    let queued = 0;
    for (const visit of candidates) {
      const due = reminderDueAt(visit.startsAt);
      if (at < due || Date.parse(visit.bookedAt) >= due.getTime()) continue;
      const enquiry = await enquiries.findAdmission(visit.enquiryId);
      if (!enquiry) continue;
      const facts = {
        enquiry,
        bookingId: visit.id,
        startsAt: visit.startsAt,
        minutes: visit.minutes,
        manageUrl: manageUrl(enquiry.id, at),
        contact: await schoolContact(),
        at: at.toISOString(),
      };
      if (await repository.queueReminder(visit.id, visit.enquiryId, at.toISOString(), visitReminder(facts)))
        queued += 1;
    }
    if (queued > 0) {
      log.info('Visit reminders queued', { queued });
      kickOutbox();
    }
    return queued;
  }

  const runLogged = () => {
    running = running
      .then(run)
      .catch((error: unknown) => log.error('Visit reminders failed', { error: String(error) }));
    return running;
  };

  return {
    run,
    start() {
      void runLogged();
      timer = setInterval(() => void runLogged(), SWEEP_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
