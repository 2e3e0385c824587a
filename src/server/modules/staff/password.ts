import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Staff password hashing: scrypt with N = 2^16, r = 8, p = 2, a 16-byte random salt and a 32-byte
 * key. Stored as "$scrypt$n=65536,r=8,p=2$<salt>$<key>" (base64url), so the parameters travel
 * with the hash and can be raised later without breaking old hashes.
 *
 * OWASP's Password Storage Cheat Sheet gives five scrypt settings of equal strength, from
 * N = 2^17, p = 1 (128 MiB) to N = 2^13, p = 10 (8 MiB). N = 2^16, p = 2 takes half the memory of
 * the first and, on a small server where memory bandwidth is the limit, half the time (0.49 s
 * against 0.71-0.97 s on the 2-core test machine): a login stays under a second. A hash made with
 * any of the five (such as older ones, made with N = 2^17) is still accepted; anything weaker never matches.
 */
const defaultParameters = { N: 2 ** 16, r: 8, p: 2 };
/** OWASP's scrypt settings of equal strength (r = 8), as N and the least p that goes with it. */
const owaspSettings = [
  { N: 2 ** 17, p: 1 },
  { N: 2 ** 16, p: 2 },
  { N: 2 ** 15, p: 3 },
  { N: 2 ** 14, p: 5 },
  { N: 2 ** 13, p: 10 },
] as const;
const keyLength = 32;
const saltLength = 16;
const hashPattern = /^\$scrypt\$n=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{32,})$/;

type Parameters = { N: number; r: number; p: number };

/** scrypt needs 128 * N * r bytes; Node refuses above maxmem (32 MiB by default), so allow twice that. */
function options({ N, r, p }: Parameters): ScryptOptions {
  return { N, r, p, maxmem: 2 * 128 * N * r * p };
}

/**
 * Each hash takes about 128 MiB and a few hundred milliseconds of a core. Hashes run in lanes,
 * one at a time in each. A login check that finds its lane full is refused at once
 * (PasswordCheckBusyError, answered 503) rather than queued behind a flood of guesses, so a
 * login that gets in is answered within one hash time (`npm run bench:login`).
 * - `shared`: every login from an unknown device, and the operator's hashing (which waits its
 *   turn: it comes from the operator, not the network). With both cores hashing guesses, each
 *   refusal took 40 ms instead of 2, so strangers get one core at most.
 * - `knownDevice`: logins that carry a device cookie from an earlier sign-in (OWASP's device
 *   cookies), so a flood from elsewhere cannot keep the office out. A few may wait: the office
 *   signs in at the same hour from several desks.
 */
export type PasswordCheckLane = 'shared' | 'knownDevice';
export const passwordCheckLimits = {
  shared: { concurrent: 1, waiting: 0 },
  knownDevice: { concurrent: 1, waiting: 3 },
} as const satisfies Record<PasswordCheckLane, { concurrent: number; waiting: number }>;

/** Thrown by a login check when its lane is full; the caller answers 503 with Retry-After. */
export class PasswordCheckBusyError extends Error {
  override name = 'PasswordCheckBusyError';
  constructor() {
    super('Too many password checks are in progress');
  }
}

/** What a password check does when its lane is full: wait its turn, or refuse at once. */
export type WhenBusy = 'wait' | 'refuse';

function createLane(limits: { concurrent: number; waiting: number }) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const full = () => running >= limits.concurrent && waiting.length >= limits.waiting;
  return {
    full,
    /** Takes a hashing slot, waiting for one if needed; a finished hash hands its slot straight to the next in line. */
    async acquire(whenBusy: WhenBusy): Promise<void> {
      if (running < limits.concurrent) {
        running += 1;
        return;
      }
      if (whenBusy === 'refuse' && full()) throw new PasswordCheckBusyError();
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    release(): void {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    },
  };
}

const lanes = {
  shared: createLane(passwordCheckLimits.shared),
  knownDevice: createLane(passwordCheckLimits.knownDevice),
};

/** Whether a login check started now in that lane would be refused: lets a flood be turned away before any other work. */
export function passwordChecksFull(lane: PasswordCheckLane): boolean {
  return lanes[lane].full();
}

type HashTurn = { whenBusy: WhenBusy; lane: PasswordCheckLane };

async function derive(
  password: string,
  salt: Buffer,
  parameters: Parameters,
  length: number,
  { whenBusy, lane }: HashTurn,
): Promise<Buffer> {
  await lanes[lane].acquire(whenBusy);
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      scrypt(password.normalize('NFC'), salt, length, options(parameters), (error, key) =>
        error ? reject(error) : resolve(key),
      );
    });
  } finally {
    lanes[lane].release();
  }
}

type ParsedHash = Parameters & { salt: Buffer; key: Buffer };

function parseHash(hash: string): ParsedHash | undefined {
  const match = hashPattern.exec(hash);
  if (!match) return undefined;
  const [, n, r, p, salt, key] = match as unknown as [string, string, string, string, string, string];
  const parameters = { N: Number(n), r: Number(r), p: Number(p) };
  const powerOfTwo = parameters.N > 1 && (parameters.N & (parameters.N - 1)) === 0;
  const strongEnough =
    parameters.r >= 8 && owaspSettings.some((setting) => parameters.N >= setting.N && parameters.p >= setting.p);
  if (!powerOfTwo || !strongEnough) return undefined;
  return { ...parameters, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

/** Whether a text is a password hash this module can check (for ADMIN_PASSWORD_HASH). */
export function isPasswordHash(hash: string): boolean {
  return parseHash(hash) !== undefined;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, defaultParameters, keyLength, { whenBusy: 'wait', lane: 'shared' });
  const { N, r, p } = defaultParameters;
  return `$scrypt$n=${N},r=${r},p=${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/**
 * Checks a password against a stored hash in constant time; a malformed hash never matches.
 * With `whenBusy: 'refuse'` (logins) a full lane rejects with PasswordCheckBusyError at once.
 */
export async function verifyPassword(
  password: string,
  hash: string,
  { whenBusy = 'wait', lane = 'shared' }: Partial<HashTurn> = {},
): Promise<boolean> {
  const parsed = parseHash(hash);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed, parsed.key.length, { whenBusy, lane });
  return timingSafeEqual(key, parsed.key);
}

const passwordAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A generated password: four groups of five unambiguous characters (about 99 bits), easy to type. */
export function generatePassword(): string {
  const group = () => Array.from({ length: 5 }, () => passwordAlphabet[randomInt(passwordAlphabet.length)]).join('');
  return [group(), group(), group(), group()].join('-');
}

// Declared with the schema for new passwords, which the browser also loads.
export { MIN_STAFF_PASSWORD_LENGTH } from '#shared/staff/newPassword.ts';
