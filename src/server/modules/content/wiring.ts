import type { Config } from '#server/config.ts';
import type { Logger } from '#server/log.ts';
import type { Storage } from '#server/storage/database.ts';
import { createContentRepository } from './repository';
import { createContentService, type ContentService } from './service';
import { createSitePublisher, type SitePublisher } from './sitePublisher';

export type ContentServices = { sitePublisher: SitePublisher; content: ContentService };

/**
 * The site's content: the publisher, which serves the published pages and the school's facts the
 * emails are written with, and the service the dashboard edits and publishes through; both read
 * the same revisions.
 */
export function createContentServices({
  config,
  storage,
  log,
  now,
}: {
  config: Config;
  storage: Storage;
  log: Logger;
  now: () => Date;
}): ContentServices {
  const repository = createContentRepository(storage.db);
  const sitePublisher = createSitePublisher({
    config,
    readPublished: async () => (await repository.latestRevision())?.content,
    log,
    now,
  });
  return { sitePublisher, content: createContentService({ repository, publisher: sitePublisher }) };
}
