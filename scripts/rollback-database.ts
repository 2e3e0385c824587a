/**
 * `node scripts/launch.mjs rollback-database BACKUP` (deploy/upgrade.sh runs it, with the server
 * stopped, when a release that changed the database schema failed its check): restores the backup
 * taken just before that release started, then carries into it the enquiries received since, with
 * the mail they queued, from the database it replaced (kept beside it). Decision 0034.
 */
import { carryEnquiries, restoreBackup, RestoreRefused } from '#server/modules/backups/service.ts';
import { ConfigError, loadConfig } from '#server/config.ts';

async function main(): Promise<void> {
  const [file] = process.argv.slice(2);
  if (!file) {
    console.error(
      'Name the backup taken before the upgrade: node scripts/launch.mjs rollback-database /path/to/school-<time>.sqlite',
    );
    process.exit(2);
  }
  const config = loadConfig();
  const restored = await restoreBackup({ file, dataDir: config.dataDir, now: new Date() });
  console.log(
    `Restored ${file}: ${restored.contactMessages} contact messages, ${restored.admissionEnquiries} admission enquiries.`,
  );
  if (!restored.replacedKeptAs) return;
  try {
    const carried = carryEnquiries({ from: restored.replacedKeptAs, into: restored.database });
    console.log(
      `Carried over what arrived after the backup: ${carried.contact_enquiries} contact messages, ${carried.admission_enquiries} admission enquiries, ${carried.outbox} queued emails.`,
    );
  } catch (error) {
    console.error(
      `The enquiries that arrived after the backup could not be carried over (${(error as Error).message}). They are still in ${restored.replacedKeptAs}: keep that file and ask for help before deleting it.`,
    );
    process.exit(1);
  }
  console.log(`The database it replaced is kept as ${restored.replacedKeptAs}.`);
}

main().catch((error: unknown) => {
  if (!(error instanceof RestoreRefused || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
});
