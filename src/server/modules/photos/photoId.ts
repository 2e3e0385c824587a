import { createHash } from 'node:crypto';

/** The first 24 hex digits of the upload's SHA-256: the same file uploaded twice is one photo. */
export function photoIdOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 24);
}
