import type { SchoolContact } from '#content/schoolFacts.ts';
import type { Config } from '#server/config.ts';
import type { Logger } from '#server/log.ts';
import { createMailOutbox, type OutboxWorker } from '#server/modules/mail/service.ts';
import type { Storage } from '#server/storage/database.ts';
import { createEnquiryRepository } from './repository';
import { auditWriter } from '#server/modules/audit/service.ts';
import { keptSecret } from '#server/modules/staff/service.ts';
import { createFormTokens, FORM_TOKEN_SECRET_NAME, formTokenKey, generateFormTokenSecret } from './formToken';
import { createRateLimiter } from './rateLimiter';
import type { BookingLinkOf } from './enquiryMail';
import { createSpamFolder, type SpamFolder } from './spamFolder';
import { createSpamRepository } from './spamRepository';
import { createWorkbench, type Workbench } from './workbench';
import { createWorkRepository } from './workRepository';
import { createEnquiryService, type EnquiryService, type FirstFollowUp } from './service';

export type EnquiryServices = {
  enquiries: EnquiryService;
  /** The mail outbox worker; undefined when SMTP_URL is unset (mail off). */
  mailOutbox: OutboxWorker | undefined;
  spamFolder: SpamFolder;
  /** The office's work on the enquiries in the dashboard. */
  workbench: Workbench;
  /** Starts the outbox worker and the spam sweep (after the services exist: they read their clock). */
  start(): void;
  /** Stops the outbox worker and the spam sweep, and closes the SMTP connection; calling it again waits for the same stop. */
  stop(): Promise<void>;
};

/** Builds the enquiry service, the Spam folder and the mail outbox worker (when mail is configured). */
export async function createEnquiryServices({
  config,
  storage,
  log,
  now,
  schoolContact,
  bookingLink,
  followUps,
}: {
  config: Config;
  storage: Storage;
  log: Logger;
  now: () => Date;
  /** The school's facts as published now, for the emails and the refusals' messages. */
  schoolContact: () => Promise<SchoolContact>;
  /** The booking link an admission enquiry is answered with (the visits module signs it). */
  bookingLink: BookingLinkOf;
  /** The follow-ups service: an admission enquiry that reaches the office gets its first follow-up. */
  followUps: FirstFollowUp;
}): Promise<EnquiryServices> {
  const mail = createMailOutbox({ config, storage, log, now });
  const mailOutbox = mail?.worker;
  if (!mailOutbox) log.warn('Mail is off (SMTP_URL is not set): enquiries are stored but nobody is emailed');

  const repository = createEnquiryRepository(storage.db);
  const enquiries = createEnquiryService({
    config,
    repository,
    rateLimiter: createRateLimiter({ limit: config.enquiries.rateLimit, windowMs: config.enquiries.rateWindowMs, now }),
    formTokens: createFormTokens(
      formTokenKey(
        config.admin.sessionSecrets[0] ??
          (await keptSecret(storage, FORM_TOKEN_SECRET_NAME, generateFormTokenSecret, new Date().toISOString())),
      ),
      repository,
      now,
    ),
    outbox: mailOutbox,
    log,
    schoolContact,
    bookingUrl: bookingLink,
    followUps,
  });

  const spamFolder = createSpamFolder({
    config,
    repository: createSpamRepository(storage.db),
    outbox: mailOutbox,
    log,
    now,
    schoolContact,
    bookingLink,
    followUps,
  });

  let stopping: Promise<void> | undefined;
  return {
    enquiries,
    mailOutbox,
    spamFolder,
    workbench: createWorkbench({
      repository: createWorkRepository(storage.db),
      spamFolder,
      log,
      audit: auditWriter(storage),
    }),
    start() {
      mailOutbox?.start();
      spamFolder.start();
    },
    stop: () =>
      (stopping ??= (async () => {
        spamFolder.stop();
        await mailOutbox?.stop();
        mail?.close();
      })()),
  };
}
