import fs from 'node:fs';
import path from 'node:path';

/**
 * The file under DATA_DIR that holds a generated first password until the operator reads and
 * deletes it (decision 0004). Not the log: journald keeps a service's stdout and stderr for as
 * long as it keeps anything, and copies it wherever the logs are shipped.
 */
export const FIRST_OWNER_PASSWORD_FILE = 'first-owner-password.txt';

/** Writes the password, owner-only (0600) from the moment the file exists; answers the file's path. */
export function writeFirstOwnerPassword(dataDir: string, password: string): string {
  const file = path.join(dataDir, FIRST_OWNER_PASSWORD_FILE);
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, `${password}\n`, { flag: 'wx', mode: 0o600 });
  return file;
}

/** Deletes the file once its password no longer signs in (the first Owner's password was set again). */
export function forgetFirstOwnerPassword(dataDir: string): void {
  fs.rmSync(path.join(dataDir, FIRST_OWNER_PASSWORD_FILE), { force: true });
}
