import { createHmac, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/**
 * The form token: a signed note of when the form was shown, so the server can tell how long
 * the visitor took to fill it in. It proves nothing else and protects nothing else, so a token
 * the server cannot read (a restart without SESSION_SECRET, a forged one) simply skips the check.
 */
export type FormTokens = {
  issue(): Promise<string>;
  /** When the form was shown, or undefined when the token is not one of ours. */
  issuedAt(token: string): Promise<Date | undefined>;
};

const PURPOSE = 'enquiry-form';

/**
 * The signing key: derived from SESSION_SECRET when set (tokens survive a restart), otherwise
 * random for this process.
 */
export function formTokenKey(sessionSecret: string | undefined): Uint8Array {
  return sessionSecret ? createHmac('sha256', sessionSecret).update('enquiry form token').digest() : randomBytes(32);
}

export function createFormTokens(key: Uint8Array, now: () => Date): FormTokens {
  return {
    issue: () =>
      new SignJWT({ purpose: PURPOSE, shownAt: now().getTime() }).setProtectedHeader({ alg: 'HS256' }).sign(key),
    async issuedAt(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now() });
        return payload.purpose === PURPOSE && typeof payload.shownAt === 'number' ? new Date(payload.shownAt) : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
