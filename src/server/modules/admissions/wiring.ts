import { auditWriter } from '#server/modules/audit/service.ts';
import type { Storage } from '#server/storage/database.ts';
import { createAdmissionsRepository } from './repository';
import { createAdmissionsService, type AdmissionsService, type AdmissionsServiceDeps } from './service';

/** The admissions' service over the database; what it needs of the follow-ups and the office's lists is handed in. */
export function wireAdmissions({
  storage,
  ...deps
}: { storage: Storage } & Omit<AdmissionsServiceDeps, 'repository' | 'audit'>): AdmissionsService {
  return createAdmissionsService({
    repository: createAdmissionsRepository(storage.db),
    audit: auditWriter(storage),
    ...deps,
  });
}
