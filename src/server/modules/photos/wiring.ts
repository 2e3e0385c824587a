import type { Config } from '#server/config.ts';
import type { Logger } from '#server/log.ts';
import { auditWriter } from '#server/modules/audit/service.ts';
import type { Storage } from '#server/storage/database.ts';
import { createPhotoRepository } from './repository';
import { createPhotoLibrary, type PhotoLibrary } from './service';

/** The office's photo library over its own repository, writing its audit entries through audit's service. */
export function createPhotoServices({ config, storage, log }: { config: Config; storage: Storage; log: Logger }): {
  photos: PhotoLibrary;
} {
  return {
    photos: createPhotoLibrary({
      config,
      repository: createPhotoRepository(storage),
      log,
      audit: auditWriter(storage),
    }),
  };
}
