import type { Config } from '#server/config.ts';
import type { Logger } from '#server/log.ts';
import type { OutboxWorker } from '#server/modules/mail/service.ts';
import { auditWriter } from '#server/modules/audit/service.ts';
import type { Storage } from '#server/storage/database.ts';
import { createMorningMail, type MorningMail } from './morningMail';
import { createFollowUpRepository } from './repository';
import { createFollowUpService, type FollowUpService } from './service';

export type FollowUpServices = { followUps: FollowUpService; morningMail: MorningMail };

/** The follow-ups' service and the office's morning email of those due (which does nothing while mail is off). */
export function createFollowUpServices({
  config,
  storage,
  outbox,
  openBooking,
  log,
  now,
}: {
  config: Config;
  storage: Storage;
  /** Undefined when mail is off. */
  outbox: OutboxWorker | undefined;
  openBooking: Parameters<typeof createFollowUpService>[0]['openBooking'];
  log: Logger;
  now: () => Date;
}): FollowUpServices {
  const repository = createFollowUpRepository(storage.db);
  return {
    followUps: createFollowUpService({ repository, openBooking, audit: auditWriter(storage) }),
    morningMail: createMorningMail({ config, repository, outbox, log, now }),
  };
}
