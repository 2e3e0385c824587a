/**
 * `npm run backup`: a consistent copy of the database under DATA_DIR into BACKUP_DIR
 * (school-<UTC time>.sqlite, owner-only), keeping the newest BACKUP_KEEP, and the uploaded
 * photos' copies not yet there into BACKUP_DIR/photos, then the checksums of both beside it
 * (school-<UTC time>.sqlite.sha256, for `sha256sum -c`). Safe while the server runs: SQLite's
 * backup API reads one snapshot, and in WAL mode that never blocks the server. Staff sessions, the
 * generated session key and the links of emails not sent yet are left out of the copy.
 */
import { backupPhotosDir, openLiveDatabase, takeBackup } from '#server/modules/backups/service.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { photosDir } from '#server/modules/photos/service.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const source = openLiveDatabase(config.dataDir);
  try {
    const { file, bytes, removed, photosCopied } = await takeBackup(
      source,
      { ...config.backups, photos: photosDir(config.dataDir) },
      new Date(),
      'at-once',
    );
    console.log(`Backed up the database to ${file} (${(bytes / 1024).toFixed(0)} KB).`);
    if (photosCopied > 0)
      console.log(`Copied ${photosCopied} new photo files to ${backupPhotosDir(config.backups.dir)}.`);
    if (removed.length > 0) console.log(`Kept the newest ${config.backups.keep}; deleted ${removed.join(', ')}.`);
  } finally {
    source.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
});
