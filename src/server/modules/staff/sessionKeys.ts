import { createHash, randomBytes } from 'node:crypto';

/** One HMAC key of the session tokens; kid names it in the token header without revealing it. */
export type SigningKey = { kid: string; secret: Uint8Array };

export function signingKey(secret: string): SigningKey {
  return {
    kid: createHash('sha256').update(secret).digest('base64url').slice(0, 16),
    secret: new TextEncoder().encode(secret),
  };
}

export function generateSessionSecret(): string {
  return randomBytes(32).toString('base64url');
}
