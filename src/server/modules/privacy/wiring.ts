import type { Config } from '#server/config.ts';
import type { Logger } from '#server/log.ts';
import { auditWriter, purgeOldAuditEntries } from '#server/modules/audit/service.ts';
import { deleteDeadLinkMail } from '#server/modules/staff/service.ts';
import type { Storage } from '#server/storage/database.ts';
import { createPrivacyRepository } from './repository';
import { createRetentionPurge } from './retentionPurge';
import { createPrivacyService, type PrivacyServiceDeps } from './service';

/** Builds a person's requests and the daily retention purge over one repository of the server's database. */
export function createPrivacyServices({
  config,
  storage,
  log,
  now,
  parents,
  visitBookings,
}: {
  config: Config;
  storage: Storage;
  log: Logger;
  now: () => Date;
  /** The parents' service's part in a person's requests and in the purge (removed families erased with the rest). */
  parents: PrivacyServiceDeps['parents'] & { eraseRemovedFamilies: (at: Date) => Promise<number> };
  visitBookings: PrivacyServiceDeps['visitBookings'];
}) {
  const repository = createPrivacyRepository(storage);
  return {
    privacy: createPrivacyService({
      backups: config.backups,
      repository,
      log,
      audit: auditWriter(storage),
      parents,
      visitBookings,
    }),
    retention: createRetentionPurge({
      config,
      repository,
      log,
      now,
      eraseRemovedFamilies: (at) => parents.eraseRemovedFamilies(at),
      purgeOldAuditEntries: (at) => purgeOldAuditEntries(storage, at),
      deleteDeadLinkMail: (createdBefore) => deleteDeadLinkMail(storage, createdBefore),
    }),
  };
}
