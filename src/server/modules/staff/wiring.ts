import { auditWriter } from '#server/modules/audit/service.ts';
import type { Storage } from '#server/storage/database.ts';
import { createStaffRepository } from './repository';
import { createStaffAccounts, type StaffAccounts } from './staffAccounts';
import { makeStaffLink, type StaffLinkServices } from './staffLinks';

/** The Owner's staff page over the staff repository; its links are emailed through the outbox while mail is on. */
export function wireStaffAccounts({
  storage,
  links,
  twoStepIsOn,
}: {
  storage: Storage;
  links: Omit<StaffLinkServices, 'storage'>;
  twoStepIsOn: (accountId: number) => Promise<boolean>;
}): StaffAccounts {
  return createStaffAccounts({
    repository: createStaffRepository(storage.db),
    audit: auditWriter(storage),
    makeLink: (link) => makeStaffLink({ ...links, storage }, link),
    twoStepIsOn,
  });
}
