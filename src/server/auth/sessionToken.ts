import { jwtVerify, SignJWT, type JWTHeaderParameters } from 'jose';
import type { SigningKey } from './sessionKeys';

/**
 * The session cookie's value: a JWT carrying only the server-side session id, signed with
 * HMAC-SHA256. Verification accepts HS256 and nothing else, so a token with "alg: none" or
 * any other algorithm is refused before its signature is even looked at.
 */
export const SESSION_TOKEN_ALGORITHM = 'HS256';
const audience = 'staff-dashboard';

export async function signSessionToken(key: SigningKey, claims: { sessionId: string; issuedAt: Date; expiresAt: Date }): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: SESSION_TOKEN_ALGORITHM, kid: key.kid, typ: 'JWT' })
    .setAudience(audience)
    .setIssuedAt(Math.floor(claims.issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(key.secret);
}

/**
 * The session id of a valid token, or undefined: wrong algorithm, unknown key, bad signature,
 * expired (against the given clock), wrong audience, or not a JWT at all.
 */
export async function verifySessionToken(keys: SigningKey[], token: string, now: Date): Promise<string | undefined> {
  const keyFor = (header: JWTHeaderParameters) => {
    const key = keys.find((candidate) => candidate.kid === header.kid);
    if (!key) throw new Error('Unknown signing key');
    return key.secret;
  };
  try {
    const { payload } = await jwtVerify(token, keyFor, { algorithms: [SESSION_TOKEN_ALGORITHM], audience, currentDate: now });
    return typeof payload.sid === 'string' && payload.sid.length > 0 ? payload.sid : undefined;
  } catch {
    return undefined;
  }
}
