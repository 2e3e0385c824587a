import type { Config } from '#server/config.ts';
import type { Logger } from '#server/log.ts';
import type { OutboxWorker } from '#server/modules/mail/service.ts';
import type { SitePublisher } from '#server/modules/content/service.ts';
import { lastSchoolWeekdayHour } from '#server/schoolHour.ts';
import { digestMessage, noticeMessage } from './noticeMail';
import * as repository from './repository';

export type NoticeMailingDependencies = {
  config: Config;
  storage: repository.ParentsStore;
  log: Logger;
  /** The timer's clock; a notice published by the office is mailed at its request's time instead. */
  now: () => Date;
  /** Undefined while mail is off: links and notices are made, and nobody is emailed. */
  mailOutbox: OutboxWorker | undefined;
  sitePublisher: Pick<SitePublisher, 'schoolContact'>;
};

/** How often the server looks for a notice whose time has come, to email its families, and for digests due. */
const NOTICE_MAIL_CHECK_MS = 60_000;
/** The weekly digest goes on Friday (5) at 4 PM at the school. */
const DIGEST_WEEKDAY = 5;
const DIGEST_HOUR = 16;

/**
 * The notices' emails, background work of the Parents' Corner: each notice's families once its time
 * has come, and the weekly digests, checked every minute. Mail off: the notices and digests are
 * marked mailed all the same, so nobody is emailed about them later.
 */
export function createNoticeMailing({
  config,
  storage: { db },
  log,
  now,
  mailOutbox,
  sitePublisher,
}: NoticeMailingDependencies) {
  const cornerUrl = `${config.publicUrl}/parents-corner`;
  let timer: NodeJS.Timeout | undefined;

  /** The notices whose time has come by `at`. */
  async function mailDueNotices(at: Date) {
    const contact = await sitePublisher.schoolContact();
    const queued = await repository.queueDueNoticeMail(
      db,
      at.toISOString(),
      ({ title }, to) => noticeMessage({ title, to: to.email, name: to.name, cornerUrl }, contact),
      mailOutbox !== undefined,
    );
    if (queued > 0) {
      log.info('Notice emails queued', { queued });
      mailOutbox?.kick();
    }
  }

  /** The weekly digests due since the last Friday afternoon at the school; a server down then sends them at its next check. */
  async function mailDueDigests(at: Date) {
    const dueAt = lastSchoolWeekdayHour(at, DIGEST_WEEKDAY, DIGEST_HOUR).toISOString();
    const contact = await sitePublisher.schoolContact();
    const queued = await repository.queueDueDigests(
      db,
      { dueAt, now: at.toISOString() },
      (notices, to) => digestMessage({ notices, to: to.email, name: to.name, cornerUrl }, contact),
      mailOutbox !== undefined,
    );
    if (queued > 0) {
      log.info('Weekly notice digests queued', { queued, dueAt });
      mailOutbox?.kick();
    }
  }

  /** The minute's check: notices whose time has come, then the digests due. */
  async function mailDue() {
    const at = now();
    await mailDueNotices(at);
    await mailDueDigests(at);
  }

  return {
    mailDueNotices,

    /** Emails the families of notices whose time has come, and the weekly digests due, now and then a minute after each check. */
    start() {
      const tick = () => {
        timer = setTimeout(() => void mailDue().finally(tick), NOTICE_MAIL_CHECK_MS);
        timer.unref();
      };
      void mailDue().finally(tick);
    },

    stop() {
      clearTimeout(timer);
    },

    /** Queues the emails of notices whose time has come and the digests due (the timer's work, called by tests too). */
    mailDue,
  };
}

export type NoticeMailing = ReturnType<typeof createNoticeMailing>;
