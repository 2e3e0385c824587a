import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateFile } from '#server/platform/privateFiles.ts';

/** The file under DATA_DIR that holds the key sealing authenticator secrets; never in the database nor its backups (decision 0026). */
export const TWO_STEP_KEY_FILE = 'two-step.key';

/** Seals an account's authenticator secret so that a copy of the database alone does not give it away. */
export type SecretSealer = {
  seal(accountId: number, secret: string): string;
  /** The secret, or undefined when it was sealed with another key (a database moved without its key file) or altered. */
  open(accountId: number, sealed: string): string | undefined;
};

const VERSION = 'v1';

/** The key file's 32 random bytes, made once (0600, like the database); concurrent first starts agree on the first one written. */
function keyMaterial(dataDir: string): Buffer {
  const file = path.join(dataDir, TWO_STEP_KEY_FILE);
  try {
    fs.writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  ensurePrivateFile(file);
  const material = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  if (material.length < 32)
    throw new Error(
      `${file} does not hold a key of 32 bytes; move it away to have a new one made (two-step logins then need recovery codes)`,
    );
  return material;
}

/**
 * AES-256-GCM under a key derived (HKDF-SHA256) from the key file, with the account id as
 * associated data: a sealed secret copied onto another account's row does not open.
 */
export function createSecretSealer(dataDir: string): SecretSealer {
  // Made with the first secret sealed or opened, so a server where nobody uses two-step login holds no key file.
  let derived: Buffer | undefined;
  const keyOf = () =>
    (derived ??= Buffer.from(hkdfSync('sha256', keyMaterial(dataDir), Buffer.alloc(0), 'staff two-step secrets', 32)));
  const associated = (accountId: number) => Buffer.from(`account:${accountId}`);
  return {
    seal(accountId, secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyOf(), iv).setAAD(associated(accountId));
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [VERSION, iv, sealed, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(accountId, value) {
      const [version, iv, sealed, tag] = value.split('.');
      if (version !== VERSION || !iv || !sealed || !tag) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', keyOf(), Buffer.from(iv, 'base64url')).setAAD(
          associated(accountId),
        );
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
