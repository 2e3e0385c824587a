import type { Config } from '#server/config.ts';
import type { Logger } from '#server/log.ts';
import { listBackups, takeBackup } from './backupFiles';
import type { LiveDatabase } from './repository';

export type BackupSchedule = {
  /** Plans the first backup (after the services exist: it reads their clock). */
  start(): void;
  stop(): Promise<void>;
};

/**
 * With BACKUP_INTERVAL_HOURS set, the server copies its database every that many hours through
 * its own connection (stepwise, so enquiries keep being accepted). The first copy is due one
 * interval after the newest backup in the folder, so restarts neither skip nor multiply them.
 */
export function createBackupSchedule({
  backups,
  photos,
  database,
  log,
  now,
}: {
  backups: Config['backups'];
  /** DATA_DIR/photos: each backup takes the photos it does not have yet. */
  photos: string;
  /** The server's own connection: the copy advances stepwise, so enquiries keep being accepted. */
  database: LiveDatabase;
  log: Logger;
  now: () => Date;
}): BackupSchedule {
  const { intervalMs, dir, keep } = backups;
  if (intervalMs === undefined) return { start: () => undefined, stop: async () => undefined };

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const plan = (delayMs: number) => {
    timer = setTimeout(() => {
      running = backUp();
    }, delayMs);
  };
  const backUp = async () => {
    try {
      const { file, bytes, removed, photosCopied } = await takeBackup(
        database,
        { dir, keep, photos },
        now(),
        'stepwise',
      );
      log.info('Database backed up', { file, bytes, removed, photosCopied });
    } catch (error) {
      log.error('Database backup failed', { dir, error: String(error) });
    }
    if (!stopped) plan(intervalMs);
  };

  return {
    start() {
      const newest = listBackups(dir)[0];
      const dueInMs = Math.max(0, newest ? newest.takenAt.getTime() + intervalMs - now().getTime() : 0);
      log.info('Backups scheduled', {
        dir,
        everyHours: intervalMs / 3_600_000,
        keep,
        firstInMinutes: Math.round(dueInMs / 60_000),
      });
      plan(dueInMs);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
