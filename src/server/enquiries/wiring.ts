import type { Config } from '../config';
import type { Logger } from '../log';
import { createOutboxWorker, type OutboxWorker } from '../mail/outboxWorker';
import { createSmtpSender, senderAddress } from '../mail/transport';
import type { Storage } from '../storage/database';
import { createEnquiryRepository, createOutboxRepository } from '../storage/enquiries';
import { createFormTokens, formTokenKey } from './formToken';
import { createRateLimiter } from './rateLimiter';
import { createEnquiryService, type EnquiryService } from './submissionService';

export type EnquiryServices = {
  enquiries: EnquiryService;
  /** The mail outbox worker; undefined when SMTP_URL is unset (mail off). */
  mailOutbox: OutboxWorker | undefined;
  /** Starts the outbox worker (after the services exist: it reads their clock). */
  start(): void;
  /** Stops the outbox worker and closes the SMTP connection; calling it again waits for the same stop. */
  stop(): Promise<void>;
};

/** Builds the enquiry service and the mail outbox worker (when mail is configured). */
export function createEnquiryServices({
  config,
  storage,
  log,
  now,
}: {
  config: Config;
  storage: Storage;
  log: Logger;
  now: () => Date;
}): EnquiryServices {
  const { smtpUrl, notifyEmail, from } = config.mail;
  const sender = smtpUrl && notifyEmail ? createSmtpSender(smtpUrl, senderAddress(from, notifyEmail)) : undefined;
  const mailOutbox = sender
    ? createOutboxWorker({ outbox: createOutboxRepository(storage.db), send: sender.send, now, log })
    : undefined;
  if (!mailOutbox) log.warn('Mail is off (SMTP_URL is not set): enquiries are stored but nobody is emailed');

  const enquiries = createEnquiryService({
    config,
    repository: createEnquiryRepository(storage.db),
    rateLimiter: createRateLimiter({ limit: config.enquiries.rateLimit, windowMs: config.enquiries.rateWindowMs, now }),
    formTokens: createFormTokens(formTokenKey(config.admin.sessionSecrets[0]), now),
    outbox: mailOutbox,
    log,
    now,
  });

  let stopping: Promise<void> | undefined;
  return {
    enquiries,
    mailOutbox,
    start: () => mailOutbox?.start(),
    stop: () =>
      (stopping ??= (async () => {
        await mailOutbox?.stop();
        sender?.close();
      })()),
  };
}
