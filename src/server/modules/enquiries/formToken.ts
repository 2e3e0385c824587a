import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { FORM_TOKEN_LIFETIME_MS } from '#shared/enquiries/formToken.ts';
import type { EnquiryRepository } from './repository';

/**
 * The form token: a signed note of when the form was shown, so the server can tell how long the
 * visitor took to fill it in. It lives 24 hours and is good for one enquiry: its id (jti) is
 * remembered in the database once used (formTokenRepository.ts) until it expires, so an expired
 * token can never be accepted again either.
 */
export type FormTokens = {
  issue(): Promise<string>;
  read(token: string): Promise<FormTokenReading>;
  /**
   * Uses a valid token for the enquiry with this idempotency key. False when another enquiry
   * used it first; true for its first use and for retries of that same enquiry.
   */
  use(token: ValidFormToken, idempotencyKey: string): Promise<boolean>;
};

export type ValidFormToken = Extract<FormTokenReading, { state: 'valid' }>;

export type FormTokenReading =
  | { state: 'valid'; id: string; shownAt: Date; expiresAt: Date }
  /** Ours, but older than its lifetime. */
  | { state: 'stale' }
  /** Not ours: forged, damaged, or signed with a key no longer in use. */
  | { state: 'invalid' };

const PURPOSE = 'enquiry-form';

/** Name of the generated key kept with the data when SESSION_SECRET is not set. */
export const FORM_TOKEN_SECRET_NAME = 'form-token-key';

export function generateFormTokenSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The signing key: derived from SESSION_SECRET when set, otherwise from a secret generated once
 * and kept in the database. Either way a restart does not invalidate the forms parents have open.
 */
export function formTokenKey(secret: string): Uint8Array {
  return createHmac('sha256', secret).update('enquiry form token').digest();
}

export function createFormTokens(
  key: Uint8Array,
  repository: Pick<EnquiryRepository, 'claimFormToken'>,
  now: () => Date,
): FormTokens {
  return {
    issue() {
      const shownAt = now().getTime();
      return new SignJWT({ purpose: PURPOSE, shownAt })
        .setProtectedHeader({ alg: 'HS256' })
        .setJti(randomUUID())
        .setExpirationTime(Math.floor((shownAt + FORM_TOKEN_LIFETIME_MS) / 1000))
        .sign(key);
    },
    async read(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: now(),
          requiredClaims: ['jti', 'exp'],
        });
        if (payload.purpose !== PURPOSE || typeof payload.shownAt !== 'number' || !payload.jti || !payload.exp)
          return { state: 'invalid' };
        return {
          state: 'valid',
          id: payload.jti,
          shownAt: new Date(payload.shownAt),
          expiresAt: new Date(payload.exp * 1000),
        };
      } catch (error) {
        return { state: error instanceof errors.JWTExpired ? 'stale' : 'invalid' };
      }
    },
    async use(token, idempotencyKey) {
      const firstUser = await repository.claimFormToken({
        tokenId: token.id,
        idempotencyKey,
        expiresAt: token.expiresAt.toISOString(),
      });
      return firstUser === idempotencyKey;
    },
  };
}
