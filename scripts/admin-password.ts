/**
 * `npm run admin:password`: sets a new password for the first Owner (the account the spec's
 * password-only login signs in) and ends that account's open sessions. The password is read from a hidden prompt (typed twice), from standard input when
 * piped (`printf '%s' "$NEW" | npm run admin:password`), or from ADMIN_NEW_PASSWORD.
 * Only its scrypt hash is stored, in the database under DATA_DIR.
 *
 * `npm run admin:password -- --print-hash` prints the hash instead of storing it, for
 * ADMIN_PASSWORD_HASH in the server's environment.
 */
import os from 'node:os';
import {
  passwordProblem,
  forgetFirstOwnerPassword,
  hashPassword,
  changeFirstOwnerPassword,
} from '#server/modules/staff/service.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { consoleLogger } from '#server/log.ts';
import { openStorage } from '#server/storage/database.ts';
import { readNewPassword } from './readNewPassword';

async function main(): Promise<void> {
  const printHashOnly = process.argv.includes('--print-hash');
  const password = await readNewPassword('ADMIN_NEW_PASSWORD', 'New staff password: ');
  const problem = await passwordProblem(password);
  if (problem) throw new Error(`${problem} Nothing was changed.`);
  const hash = await hashPassword(password);
  if (printHashOnly) {
    console.log(hash);
    return;
  }
  const config = loadConfig();
  const storage = await openStorage(config.dataDir);
  try {
    const { id, version } = await changeFirstOwnerPassword(storage, hash, new Date().toISOString());
    forgetFirstOwnerPassword(config.dataDir);
    await recordAudit(storage, { at: new Date(), clientIp: null }, 'password-change', {
      accountId: id,
      by: 'npm run admin:password',
    });
    consoleLogger.info('Staff password changed', {
      audit: 'password-change',
      source: 'npm run admin:password',
      version,
      user: process.env.SUDO_USER ?? process.env.USER ?? 'unknown',
      host: os.hostname(),
    });
    console.log(
      `The first Owner's password changed (version ${version}) in ${storage.file}. Their open sessions have ended.`,
    );
    if (config.admin.password || config.admin.passwordHash) {
      console.warn(
        'Note: ADMIN_PASSWORD or ADMIN_PASSWORD_HASH is set; the server puts that password back when it next starts.',
      );
    }
  } finally {
    await storage.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
});
