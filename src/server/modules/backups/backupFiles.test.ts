import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStorage } from '#server/storage/database.ts';
import { startTestServer } from '#test/support/testServer.ts';
import { createPhotoRepository } from '#server/modules/photos/repository.ts';
import { photoFileNames, photosDir } from '#server/modules/photos/service.ts';
import { backupFileName, listBackups, takeBackup } from './backupFiles';

describe('backup files: names, retention, the schedule', () => {
  const made: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-files-'));
    made.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('names each backup by its UTC time, sortable and without colons', () => {
    expect(backupFileName(new Date('2025-01-31T07:30:05.999+05:30'))).toBe('school-2025-01-31T02-00-05Z.sqlite');
  });

  it('keeps the newest BACKUP_KEEP backups and leaves other files in the folder alone', async () => {
    const root = tempDir();
    const backupDir = path.join(root, 'backups');
    fs.mkdirSync(backupDir, { mode: 0o755 });
    fs.writeFileSync(path.join(backupDir, 'notes.txt'), 'the operator’s own file');
    fs.writeFileSync(path.join(backupDir, 'school-before-the-move.sqlite'), 'a copy made by hand');
    const storage = await openStorage(path.join(root, 'data'));
    const days = ['2025-03-01', '2025-03-02', '2025-03-03', '2025-03-04', '2025-03-05'];
    const removed: string[][] = [];
    for (const day of days) {
      removed.push(
        (
          await takeBackup(
            storage.sqlite,
            { dir: backupDir, keep: 3, photos: path.join(root, 'data', 'photos') },
            new Date(`${day}T20:30:00Z`),
            'stepwise',
          )
        ).removed,
      );
    }
    await storage.close();

    expect(listBackups(backupDir).map((backup) => backup.name)).toEqual([
      'school-2025-03-05T20-30-00Z.sqlite',
      'school-2025-03-04T20-30-00Z.sqlite',
      'school-2025-03-03T20-30-00Z.sqlite',
    ]);
    expect(removed).toEqual([
      [],
      [],
      [],
      ['school-2025-03-01T20-30-00Z.sqlite'],
      ['school-2025-03-02T20-30-00Z.sqlite'],
    ]);
    // Each backup's checksum file goes with it.
    expect(fs.readdirSync(backupDir).sort()).toEqual([
      'notes.txt',
      'school-2025-03-03T20-30-00Z.sqlite',
      'school-2025-03-03T20-30-00Z.sqlite.sha256',
      'school-2025-03-04T20-30-00Z.sqlite',
      'school-2025-03-04T20-30-00Z.sqlite.sha256',
      'school-2025-03-05T20-30-00Z.sqlite',
      'school-2025-03-05T20-30-00Z.sqlite.sha256',
      'school-before-the-move.sqlite',
    ]);
    // An existing backup folder is tightened like DATA_DIR.
    expect(fs.statSync(backupDir).mode & 0o777).toBe(0o700);
  });

  it('takes only the copies of photos its database lists: not those of an upload stopped before it was recorded', async () => {
    const root = tempDir();
    const dataDir = path.join(root, 'data');
    const backupDir = path.join(root, 'backups');
    const storage = await openStorage(dataDir);
    const recorded = photoFileNames('0123456789abcdef01234567', 480);
    const unrecorded = photoFileNames('fedcba9876543210fedcba98', 480);
    fs.mkdirSync(photosDir(dataDir), { recursive: true });
    for (const name of [...recorded, ...unrecorded])
      fs.writeFileSync(path.join(photosDir(dataDir), name), `bytes of ${name}`);
    await createPhotoRepository(storage).add({
      id: '0123456789abcdef01234567',
      width: 480,
      height: 360,
      uploadedAt: '2026-11-21T04:00:00.000Z',
      accountId: null,
      uploadBytes: 1000,
    });
    const result = await takeBackup(
      storage.sqlite,
      { dir: backupDir, keep: 3, photos: photosDir(dataDir) },
      new Date(),
      'stepwise',
    );
    await storage.close();
    expect(result.photosCopied).toBe(recorded.length);
    expect(fs.readdirSync(path.join(backupDir, 'photos')).sort()).toEqual([...recorded].sort());
  });

  it('deletes photo copies a crash left half-written in the backup’s photos folder once they are a day old', async () => {
    const root = tempDir();
    const backupDir = path.join(root, 'backups');
    const photos = path.join(backupDir, 'photos');
    fs.mkdirSync(photos, { recursive: true });
    const [copy] = photoFileNames('0123456789abcdef01234567', 480);
    const old = `.${copy}.4242-0a1b2c3d.tmp`;
    const recent = `.${copy}.4343-0a1b2c3d.tmp`;
    for (const name of [old, recent, copy!]) fs.writeFileSync(path.join(photos, name), 'bytes of a photo');
    const now = new Date();
    const twoDaysAgo = new Date(now.getTime() - 2 * 24 * 3_600_000);
    fs.utimesSync(path.join(photos, old), twoDaysAgo, twoDaysAgo);
    const storage = await openStorage(path.join(root, 'data'));
    await takeBackup(
      storage.sqlite,
      { dir: backupDir, keep: 3, photos: path.join(root, 'data', 'photos') },
      now,
      'stepwise',
    );
    await storage.close();
    // The recent one may be a backup still being written by another process.
    expect(fs.readdirSync(photos).sort()).toEqual([recent, copy].sort());
  });

  it(
    'with BACKUP_INTERVAL_HOURS the server backs up at start when none is recent, and not again after a restart within the interval',
    { timeout: 30_000 },
    async () => {
      const root = tempDir();
      const dataDir = path.join(root, 'data');
      const backupDir = path.join(root, 'backups');
      const env = { BACKUP_INTERVAL_HOURS: '24', BACKUP_DIR: backupDir, BACKUP_KEEP: '7' };

      const first = await startTestServer(env, { dataDir, servePages: false });
      while (!first.log.records.some((record) => record.message === 'Database backed up'))
        await new Promise((resolve) => setTimeout(resolve, 20));
      await first.close();
      const [taken] = listBackups(backupDir);
      expect(listBackups(backupDir)).toHaveLength(1);
      expect(Date.now() - taken!.takenAt.getTime()).toBeLessThan(30_000);

      const second = await startTestServer(env, { dataDir, servePages: false });
      expect(second.log.records.find((record) => record.message === 'Backups scheduled')?.fields).toMatchObject({
        dir: backupDir,
        everyHours: 24,
        keep: 7,
      });
      expect(
        second.log.records.find((record) => record.message === 'Backups scheduled')?.fields?.firstInMinutes,
      ).toBeGreaterThan(24 * 60 - 2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await second.close();
      expect(listBackups(backupDir)).toHaveLength(1);
    },
  );

  it('without BACKUP_INTERVAL_HOURS the server takes no backups of its own', async () => {
    const root = tempDir();
    const server = await startTestServer(
      { BACKUP_DIR: path.join(root, 'backups') },
      { dataDir: path.join(root, 'data'), servePages: false },
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await server.close();
    expect(fs.existsSync(path.join(root, 'backups'))).toBe(false);
    expect(server.log.records.some((record) => record.message.startsWith('Backups'))).toBe(false);
  });
});
