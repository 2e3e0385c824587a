import {
  SPAM_RETENTION_DAYS,
  type NotSpamResult,
  type SpamListQuery,
  type SpamPage,
  type EnquiryRef,
} from '#shared/dashboard/index.ts';
import type { SchoolContact } from '#content/schoolFacts.ts';
import type { Config } from '#server/config.ts';
import type { Logger } from '#server/log.ts';
import type { OutboxWorker } from '#server/modules/mail/service.ts';
import type { StaffScope } from '#server/requestScope.ts';
import type { SpamRepository } from './spamRepository';
import type { FirstFollowUp } from './service';
import { enquiryMail, type BookingLinkOf } from './enquiryMail';

/**
 * The Spam folder of the dashboard: suspicious enquiries kept without emails, "Not spam" to
 * move one to its list (its emails are composed and queued then), and the daily clean-up of
 * spam older than 30 days and of form-token ids that have expired.
 */
export type SpamFolder = {
  list(query: SpamListQuery): Promise<SpamPage>;
  /** Undefined when the enquiry is not in the Spam folder. */
  release(scope: StaffScope, ref: EnquiryRef): Promise<NotSpamResult | undefined>;
  /** Deletes what is past keeping; answers how many spam enquiries went. */
  sweep(): Promise<number>;
  /** Sweeps now and then every `spamSweepIntervalMs`. */
  start(): void;
  stop(): void;
};

/** How often the server sweeps; the 30 days are counted from each enquiry's arrival. */
export const spamSweepIntervalMs = 60 * 60_000;

const DAY_MS = 24 * 60 * 60_000;

export function createSpamFolder({
  config,
  repository,
  outbox,
  log,
  now,
  schoolContact,
  bookingLink,
  followUps,
  intervalMs = spamSweepIntervalMs,
}: {
  config: Config;
  repository: SpamRepository;
  outbox: OutboxWorker | undefined;
  log: Logger;
  now: () => Date;
  /** The school's facts as published now: the released enquiry's emails are written with them. */
  schoolContact: () => Promise<SchoolContact>;
  /** The booking link a released admission enquiry's acknowledgement offers. */
  bookingLink?: BookingLinkOf;
  /** The first follow-up of a released admission enquiry. */
  followUps: FirstFollowUp;
  intervalMs?: number;
}): SpamFolder {
  let timer: NodeJS.Timeout | undefined;

  async function sweep(): Promise<number> {
    const at = now();
    const deleted = await repository.deleteReceivedBefore(
      new Date(at.getTime() - SPAM_RETENTION_DAYS * DAY_MS).toISOString(),
    );
    await repository.forgetExpiredFormTokens(at.toISOString());
    if (deleted > 0) log.info('Old spam deleted', { deleted, olderThanDays: SPAM_RETENTION_DAYS });
    return deleted;
  }

  const sweepLogged = () =>
    sweep().catch((error: unknown) => {
      log.error('Spam sweep failed', { error: String(error) });
    });

  return {
    list: (query) => repository.list(query),
    async release(scope, ref) {
      const releasedAt = scope.at.toISOString();
      const released = await repository.release(
        ref,
        enquiryMail(config, scope.at, await schoolContact(), bookingLink),
        releasedAt,
        ref.kind === 'admission' ? await followUps.firstFollowUp(releasedAt) : null,
      );
      if (!released) return undefined;
      log.info('Enquiry taken out of the Spam folder', {
        kind: ref.kind,
        id: ref.id,
        mailsQueued: released.mailsQueued,
        ip: scope.clientIp,
      });
      outbox?.kick();
      return { kind: ref.kind, id: ref.id, mailsQueued: released.mailsQueued };
    },
    sweep,
    start() {
      void sweepLogged();
      timer = setInterval(() => void sweepLogged(), intervalMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
