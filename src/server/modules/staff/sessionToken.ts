import { jwtVerify, SignJWT, type JWTHeaderParameters } from 'jose';
import type { SigningKey } from './sessionKeys';

/**
 * The staff cookies' values: JWTs carrying only an id, signed with HMAC-SHA256. Verification
 * accepts HS256 and nothing else, so a token with "alg: none" or any other algorithm is refused
 * before its signature is even looked at. Each kind has its own audience, so a device token is
 * never taken for a session token or the other way round.
 */
export const SESSION_TOKEN_ALGORITHM = 'HS256';

/** The session cookie: the server-side session id. */
const session = { audience: 'staff-dashboard', claim: 'sid' } as const;
/** The device cookie: a device someone signed in from, with the account and its credential version. */
const device = { audience: 'staff-device', claim: 'did' } as const;

type TokenKind = typeof session | typeof device;
type Lifetime = { issuedAt: Date; expiresAt: Date };

function signToken(
  key: SigningKey,
  kind: TokenKind,
  claims: Record<string, string | number>,
  { issuedAt, expiresAt }: Lifetime,
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: SESSION_TOKEN_ALGORITHM, kid: key.kid, typ: 'JWT' })
    .setAudience(kind.audience)
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key.secret);
}

/**
 * The claims of a valid token of that kind, or undefined: wrong algorithm, unknown key, bad
 * signature, expired (against the given clock), wrong audience, no id, or not a JWT at all.
 */
async function verifyToken(
  keys: SigningKey[],
  kind: TokenKind,
  token: string,
  now: Date,
): Promise<Record<string, unknown> | undefined> {
  const keyFor = (header: JWTHeaderParameters) => {
    const key = keys.find((candidate) => candidate.kid === header.kid);
    if (!key) throw new Error('Unknown signing key');
    return key.secret;
  };
  try {
    const { payload } = await jwtVerify(token, keyFor, {
      algorithms: [SESSION_TOKEN_ALGORITHM],
      audience: kind.audience,
      currentDate: now,
    });
    const id = payload[kind.claim];
    return typeof id === 'string' && id.length > 0 ? payload : undefined;
  } catch {
    return undefined;
  }
}

export function signSessionToken(key: SigningKey, claims: { sessionId: string } & Lifetime): Promise<string> {
  return signToken(key, session, { [session.claim]: claims.sessionId }, claims);
}

/** The session id of a valid session token, or undefined. */
export async function verifySessionToken(keys: SigningKey[], token: string, now: Date): Promise<string | undefined> {
  const payload = await verifyToken(keys, session, token, now);
  return payload?.[session.claim] as string | undefined;
}

export type KnownDevice = { deviceId: string; accountId: number; credentialVersion: number };

export function signDeviceToken(key: SigningKey, claims: KnownDevice & Lifetime): Promise<string> {
  return signToken(
    key,
    device,
    { [device.claim]: claims.deviceId, acc: claims.accountId, cv: claims.credentialVersion },
    claims,
  );
}

/** The device of a valid device token, or undefined. */
export async function verifyDeviceToken(
  keys: SigningKey[],
  token: string,
  now: Date,
): Promise<KnownDevice | undefined> {
  const payload = await verifyToken(keys, device, token, now);
  if (!payload || typeof payload.cv !== 'number' || typeof payload.acc !== 'number') return undefined;
  return { deviceId: payload[device.claim] as string, accountId: payload.acc, credentialVersion: payload.cv };
}
