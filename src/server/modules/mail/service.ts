/**
 * The mail module's way in: the outbox and its worker, the words and markup every email shares,
 * the mail status, and the reading of a visit's invitation. A module that queues an email in its
 * own transaction does it through `repository.ts` (decision 0062); everything else comes from here.
 */
import { TRPCError } from '@trpc/server';
import type { Config } from '#server/config.ts';
import type { Logger } from '#server/log.ts';
import { auditWriter } from '#server/modules/audit/service.ts';
import type { RequestScope, StaffScope } from '#server/requestScope.ts';
import { mailStatus, type MailStatus } from './mailStatus';
import { createOutboxWorker, type OutboxWorker } from './outboxWorker';
import { createOutboxRepository, type MailStorage } from './repository';
import { createSmtpSender, senderAddress } from './transport';
import {
  listUndeliveredMail,
  retryAllUndeliveredMail,
  retryUndeliveredMail,
  type UndeliveredMail,
} from './undeliveredRepository';

export type { OutboxWorker } from './outboxWorker';
export { outboxTiming, retryDelayMs } from './outboxWorker';
export type { OutboxMessage } from './repository';
export { htmlDocument, linkMailBodies, oneLine, paragraphsHtml } from './markup';
export { CODE_PLACEHOLDER } from './secretLink';
export { acknowledgement, officeNotice, type Field } from './templates';
export { publicMailStatus } from './mailStatus';
export { readInvitation } from './readInvitation';

/** The outbox worker and the SMTP connection it sends through. */
export type MailOutbox = { worker: OutboxWorker; close(): void };

/** Builds the outbox worker over SMTP_URL, or nothing while mail is off (no SMTP_URL or no office address). */
export function createMailOutbox({
  config,
  storage,
  log,
  now,
}: {
  config: Config;
  storage: MailStorage;
  log: Logger;
  now: () => Date;
}): MailOutbox | undefined {
  const { smtpUrl, notifyEmail, from } = config.mail;
  if (!smtpUrl || !notifyEmail) return undefined;
  const sender = createSmtpSender(smtpUrl, senderAddress(from, notifyEmail));
  return {
    worker: createOutboxWorker({ outbox: createOutboxRepository(storage), send: sender.send, now, log }),
    close: () => sender.close(),
  };
}

/** What the dashboard asks of mail: whether it goes out, and the emails the SMTP server refused for good. */
export type MailService = {
  /** Whether mail goes out (and if not, since when and why) and what waits; undefined when mail is off. */
  status(at: Date): Promise<MailStatus | undefined>;
  /** The newest mails the worker gave up on (at most 50), and how many in all. */
  undelivered(scope: RequestScope): Promise<{ mails: UndeliveredMail[]; total: number }>;
  /** Puts a given-up mail back in the queue and sends it now; never a visit's email once its visit has begun or changed. */
  retry(scope: StaffScope, id: number): Promise<{ message: string }>;
  /** Puts every given-up mail that may be sent again back in the queue. */
  retryAll(scope: StaffScope): Promise<{ message: string }>;
};

export function createMailService({
  storage,
  outbox,
  log,
}: {
  storage: MailStorage;
  /** Undefined while mail is off. */
  outbox: OutboxWorker | undefined;
  log: Logger;
}): MailService {
  const audit = auditWriter(storage);
  return {
    status: (at) => mailStatus({ outbox, storage, at }),
    undelivered: ({ at }) => listUndeliveredMail(storage.db, at.toISOString()),
    async retry(scope, id) {
      const outcome = await retryUndeliveredMail(storage.db, id, scope.at.toISOString());
      if (outcome === 'visit-over')
        throw new TRPCError({
          code: 'CONFLICT',
          message: 'This email is about a visit that has begun or passed, so it is not sent again.',
        });
      if (outcome === 'visit-changed')
        throw new TRPCError({
          code: 'CONFLICT',
          message: 'This reminder is about a visit moved or cancelled since, so it is not sent again.',
        });
      if (outcome === 'not-given-up')
        throw new TRPCError({ code: 'NOT_FOUND', message: 'This email is not waiting to be sent again.' });
      log.info('Staff asked to send an email again', { audit: 'mail-retry', ip: scope.clientIp, outboxId: id });
      await audit(scope, 'mail-retry', { outboxId: id });
      outbox?.kick();
      return { message: 'The email will be sent again.' };
    },
    async retryAll(scope) {
      const emails = await retryAllUndeliveredMail(storage.db, scope.at.toISOString());
      if (emails === 0) throw new TRPCError({ code: 'NOT_FOUND', message: 'No email is waiting to be sent again.' });
      log.info('Staff asked to send every undelivered email again', {
        audit: 'mail-retry-all',
        ip: scope.clientIp,
        emails,
      });
      await audit(scope, 'mail-retry-all', { emails });
      outbox?.kick();
      return { message: emails === 1 ? 'The email will be sent again.' : `All ${emails} emails will be sent again.` };
    },
  };
}
