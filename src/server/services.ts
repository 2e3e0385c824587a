import type { Config } from './config';
import type { Logger } from './log';
import type { Storage } from './storage/database';

/**
 * Everything the procedures and adapters need, built once at start-up and handed to
 * createApp. Tests build their own with a temporary data folder.
 */
export type Services = {
  config: Config;
  storage: Storage;
  log: Logger;
  /** The clock, replaceable in tests (idle timeouts, retry backoff). */
  now: () => Date;
};

export async function createServices(config: Config, storage: Storage, log: Logger): Promise<Services> {
  return { config, storage, log, now: () => new Date() };
}

/** Stops background work and closes the database. */
export async function closeServices(services: Services): Promise<void> {
  await services.storage.close();
}
