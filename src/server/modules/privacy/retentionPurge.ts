import { TZDate } from '@date-fns/tz';
import { subHours, subMonths } from 'date-fns';
import type { RetentionDue, RetentionStatus } from '#shared/dashboard/retention.ts';
import { SENT_MAIL_RETENTION_DAYS } from '#shared/retention.ts';
import { SCHOOL_TIME_ZONE } from '#shared/time.ts';
import { nextSchoolHour } from '#server/schoolHour.ts';
import type { Config } from '#server/config.ts';
import type { Logger } from '#server/log.ts';
import type { PrivacyRepository, RetentionCutoffs } from './repository';
import { STAFF_LINK_HOURS } from '#shared/staff/accounts.ts';

/** The purge runs every day at 3 AM at the school, when nobody is working in the dashboard. */
export const PURGE_HOUR = 3;

const DAY_MS = 24 * 60 * 60_000;

/** The first PURGE_HOUR at the school strictly after `now`. */
export function nextPurgeAt(now: Date): Date {
  return nextSchoolHour(now, PURGE_HOUR);
}

/** What a purge at `at` takes: closed enquiries last changed `closedEnquiryMonths` calendar months before (at the school), emails sent 30 days before. */
export function retentionCutoffs(at: Date, closedEnquiryMonths: number): RetentionCutoffs {
  return {
    closedBefore: new Date(
      subMonths(new TZDate(at.getTime(), SCHOOL_TIME_ZONE), closedEnquiryMonths).getTime(),
    ).toISOString(),
    sentBefore: new Date(at.getTime() - SENT_MAIL_RETENTION_DAYS * DAY_MS).toISOString(),
  };
}

export type RetentionPurge = {
  /** Erases what is past keeping now; answers how many rows went. */
  purge(): Promise<RetentionDue>;
  /** When the next daily purge runs and how many rows it will take then. */
  status(): Promise<RetentionStatus>;
  /** Purges now (a server that was down at 3 AM catches up), then every day at PURGE_HOUR. */
  start(): void;
  stop(): Promise<void>;
};

/**
 * The daily retention purge (issue 10, section 3): closed enquiries after RETENTION_MONTHS, copies
 * of sent emails after 30 days (a staff link's too), a staff link's email never sent once its link
 * has expired, and the audit trail's entries after a year. Spam has its own hourly sweep (modules/enquiries/spamFolder.ts). What
 * goes is overwritten in the database file (secure_delete) and the write-ahead log is emptied.
 */
export function createRetentionPurge({
  config,
  repository,
  log,
  now,
  eraseRemovedFamilies,
  purgeOldAuditEntries,
  deleteDeadLinkMail,
}: {
  config: Config;
  repository: PrivacyRepository;
  log: Logger;
  now: () => Date;
  /** The Parents' Corner's families removed long enough ago (decision 0054): erased with the rest. */
  eraseRemovedFamilies: (at: Date) => Promise<number>;
  /** The audit service's purge of entries older than a year. */
  purgeOldAuditEntries: (at: Date) => Promise<number>;
  /** The staff module's deletion of the unsent emails of staff links made before the time given, which have expired. */
  deleteDeadLinkMail: (createdBefore: string) => Promise<number>;
}): RetentionPurge {
  const months = config.retention.closedEnquiryMonths;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  async function purge(): Promise<RetentionDue> {
    const at = now();
    const cutoffs = retentionCutoffs(at, months);
    const sentMailCopies = await repository.deleteSentMailBefore(cutoffs.sentBefore);
    const deadLinkMails = await deleteDeadLinkMail(subHours(at, STAFF_LINK_HOURS).toISOString());
    if (deadLinkMails > 0) log.info('Unsent emails of expired staff links deleted', { deadLinkMails });
    const closedEnquiries = await repository.eraseClosedBefore(cutoffs.closedBefore, at.toISOString());
    const removedFamilies = await eraseRemovedFamilies(at);
    if (removedFamilies > 0) log.info("Families removed from the Parents' Corner erased", { removedFamilies });
    const auditEntries = await purgeOldAuditEntries(at);
    if (auditEntries > 0) log.info('Audit trail entries older than a year deleted', { auditEntries });
    if (closedEnquiries + sentMailCopies + deadLinkMails + removedFamilies > 0) {
      const walTruncated = repository.truncateWriteAheadLog();
      log.info('Retention purge erased old data', {
        closedEnquiries,
        sentMailCopies,
        closedOlderThanMonths: months,
        sentOlderThanDays: SENT_MAIL_RETENTION_DAYS,
        walTruncated,
      });
      if (!walTruncated)
        log.warn(
          'The write-ahead log could not be emptied after the purge (a backup was reading); the next purge tries again',
        );
    }
    return { closedEnquiries, sentMailCopies };
  }

  const purgeLogged = () => {
    running = running.then(purge).catch((error: unknown) => {
      log.error('Retention purge failed', { error: String(error) });
    });
    return running;
  };

  const plan = () => {
    if (stopped) return;
    timer = setTimeout(() => void purgeLogged().then(plan), nextPurgeAt(now()).getTime() - now().getTime());
    timer.unref();
  };

  return {
    purge,
    async status() {
      const at = nextPurgeAt(now());
      return {
        nextPurgeAt: at.toISOString(),
        closedEnquiryMonths: months,
        sentMailDays: SENT_MAIL_RETENTION_DAYS,
        due: await repository.countDue(retentionCutoffs(at, months)),
      };
    },
    start() {
      void purgeLogged().then(plan);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
