/**
 * `npm run restore -- FILE`: checks a backup (its checksum file, SQLite's integrity check, a
 * schema this version knows) and puts it in place of the database under DATA_DIR, with the photos
 * it lists from the photos folder beside it (each checked against its checksum). Refuses while the
 * server (or a backup) has the database open. The replaced database is kept beside it, not deleted.
 */
import { restoreBackup, RestoreRefused } from '#server/modules/backups/service.ts';
import { ConfigError, loadConfig } from '#server/config.ts';

async function main(): Promise<void> {
  const [file] = process.argv.slice(2);
  if (!file) {
    console.error('Name the backup to restore: npm run restore -- /path/to/school-2025-01-31T02-00-00Z.sqlite');
    process.exit(2);
  }
  const config = loadConfig();
  const result = await restoreBackup({ file, dataDir: config.dataDir, now: new Date() });
  console.log(
    `Restored ${file} into ${result.database}: ${result.contactMessages} contact messages, ${result.admissionEnquiries} admission enquiries.`,
  );
  if (result.photos.copied.length > 0)
    console.log(`Brought back ${result.photos.copied.length} photo files from ${result.photos.from}.`);
  if (result.photos.missing.length > 0) {
    console.error(
      `${result.photos.missing.length} photo files the database lists are not in ${result.photos.from} (${result.photos.missing.slice(0, 3).join(', ')}${result.photos.missing.length > 3 ? ', …' : ''}). Copy that folder back beside the backup and run the restore again, or upload those photos again.`,
    );
  }
  if (result.replacedKeptAs)
    console.log(
      `The database it replaced is kept as ${result.replacedKeptAs}; delete it once the restored data looks right.`,
    );
  console.log('Start the server again. Staff sign in again: sessions are not part of a backup.');
}

main().catch((error: unknown) => {
  if (!(error instanceof RestoreRefused || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
});
