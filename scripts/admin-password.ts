/**
 * `npm run admin:password`: sets a new staff password for the dashboard and ends every open
 * session. The password is read from a hidden prompt (typed twice), from standard input when
 * piped (`printf '%s' "$NEW" | npm run admin:password`), or from ADMIN_NEW_PASSWORD.
 * Only its scrypt hash is stored, in the database under DATA_DIR.
 *
 * `npm run admin:password -- --print-hash` prints the hash instead of storing it, for
 * ADMIN_PASSWORD_HASH in the server's environment.
 */
import os from 'node:os';
import { hashPassword, MIN_STAFF_PASSWORD_LENGTH } from '../src/server/auth/password';
import { ConfigError, loadConfig } from '../src/server/config';
import { consoleLogger } from '../src/server/log';
import { openStorage } from '../src/server/storage/database';
import { replaceStaffCredential } from '../src/server/storage/staff';

function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stdout.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') return finish();
        if (character === '\u0003') return finish(new Error('Cancelled'));
        if (character === '\u007f' || character === '\b') value = value.slice(0, -1);
        else value += character;
      }
    };
    process.stdout.write(question);
    input.setRawMode(true);
    input.setEncoding('utf8');
    input.resume();
    input.on('data', onData);
  });
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

async function readNewPassword(): Promise<string> {
  const fromEnvironment = process.env.ADMIN_NEW_PASSWORD;
  if (fromEnvironment) return fromEnvironment;
  if (!process.stdin.isTTY) return readStdin();
  const password = await promptHidden('New staff password: ');
  const repeated = await promptHidden('Type it again: ');
  if (password !== repeated) throw new Error('The two passwords differ. Nothing was changed.');
  return password;
}

async function main(): Promise<void> {
  const printHashOnly = process.argv.includes('--print-hash');
  const password = await readNewPassword();
  if (password.length < MIN_STAFF_PASSWORD_LENGTH) {
    throw new Error(`The password must have at least ${MIN_STAFF_PASSWORD_LENGTH} characters. Nothing was changed.`);
  }
  const hash = await hashPassword(password);
  if (printHashOnly) {
    console.log(hash);
    return;
  }
  const config = loadConfig();
  const storage = await openStorage(config.dataDir);
  try {
    const version = await replaceStaffCredential(storage.db, hash, new Date().toISOString());
    consoleLogger.info('Staff password changed', {
      audit: 'password-change',
      source: 'npm run admin:password',
      version,
      user: process.env.SUDO_USER ?? process.env.USER ?? 'unknown',
      host: os.hostname(),
    });
    console.log(`Staff password changed (version ${version}) in ${storage.file}. Every open session has ended.`);
    if (config.admin.password || config.admin.passwordHash) {
      console.warn('Note: ADMIN_PASSWORD or ADMIN_PASSWORD_HASH is set; the server puts that password back when it next starts.');
    }
  } finally {
    await storage.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
});
