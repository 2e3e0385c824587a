import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Staff password hashing: scrypt with N = 2^17, r = 8, p = 1 (OWASP's scrypt floor), a 16-byte
 * random salt and a 32-byte key. Stored as "$scrypt$n=131072,r=8,p=1$<salt>$<key>" (base64url),
 * so the parameters travel with the hash and can be raised later without breaking old hashes.
 */
const defaultParameters = { N: 2 ** 17, r: 8, p: 1 };
const keyLength = 32;
const saltLength = 16;
const hashPattern = /^\$scrypt\$n=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{32,})$/;

type Parameters = { N: number; r: number; p: number };

/** scrypt needs 128 * N * r bytes; Node refuses above maxmem (32 MiB by default), so allow twice that. */
function options({ N, r, p }: Parameters): ScryptOptions {
  return { N, r, p, maxmem: 2 * 128 * N * r * p };
}

/**
 * Each hash takes about 128 MiB and a few hundred milliseconds of a core. One runs at a time,
 * leaving the server's other core to the event loop (enquiries, and turning a flood of guesses
 * away: with both cores hashing, each refusal took 40 ms instead of 2). A login check that finds
 * it busy is refused at once (PasswordCheckBusyError, answered 503) rather than queued behind a
 * flood of guesses, so a login that gets in is answered within one hash time; with one waiting
 * it took two, over a second on a busy machine (`npm run bench:login`). Hashing a new password
 * and the start-up check wait their turn (they come from the operator, not the network).
 */
export const passwordCheckLimits = { concurrent: 1, waiting: 0 } as const;
let running = 0;
const waiting: (() => void)[] = [];

/** Thrown by a login check when the hash queue is full; the caller answers 503 with Retry-After. */
export class PasswordCheckBusyError extends Error {
  override name = 'PasswordCheckBusyError';
  constructor() {
    super('Too many password checks are in progress');
  }
}

/** What a password check does when the queue is full: wait its turn, or refuse at once. */
export type WhenBusy = 'wait' | 'refuse';

/** Whether a login check started now would be refused: lets a flood be turned away before any other work. */
export function passwordChecksFull(): boolean {
  return running >= passwordCheckLimits.concurrent && waiting.length >= passwordCheckLimits.waiting;
}

/** Takes a hashing slot, waiting for one if needed; a finished hash hands its slot straight to the next in line. */
async function acquireSlot(whenBusy: WhenBusy): Promise<void> {
  if (running < passwordCheckLimits.concurrent) {
    running += 1;
    return;
  }
  if (whenBusy === 'refuse' && passwordChecksFull()) throw new PasswordCheckBusyError();
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function releaseSlot(): void {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}

async function derive(password: string, salt: Buffer, parameters: Parameters, length: number, whenBusy: WhenBusy): Promise<Buffer> {
  await acquireSlot(whenBusy);
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      scrypt(password.normalize('NFC'), salt, length, options(parameters), (error, key) => (error ? reject(error) : resolve(key)));
    });
  } finally {
    releaseSlot();
  }
}

type ParsedHash = Parameters & { salt: Buffer; key: Buffer };

function parseHash(hash: string): ParsedHash | undefined {
  const match = hashPattern.exec(hash);
  if (!match) return undefined;
  const [, n, r, p, salt, key] = match as unknown as [string, string, string, string, string, string];
  const parameters = { N: Number(n), r: Number(r), p: Number(p) };
  const powerOfTwo = parameters.N > 1 && (parameters.N & (parameters.N - 1)) === 0;
  if (!powerOfTwo || parameters.N < defaultParameters.N || parameters.r < 1 || parameters.p < 1) return undefined;
  return { ...parameters, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

/** Whether a text is a password hash this module can check (for ADMIN_PASSWORD_HASH). */
export function isPasswordHash(hash: string): boolean {
  return parseHash(hash) !== undefined;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, defaultParameters, keyLength, 'wait');
  const { N, r, p } = defaultParameters;
  return `$scrypt$n=${N},r=${r},p=${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/**
 * Checks a password against a stored hash in constant time; a malformed hash never matches.
 * With `whenBusy: 'refuse'` (logins) a full queue rejects with PasswordCheckBusyError at once.
 */
export async function verifyPassword(password: string, hash: string, { whenBusy = 'wait' }: { whenBusy?: WhenBusy } = {}): Promise<boolean> {
  const parsed = parseHash(hash);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed, parsed.key.length, whenBusy);
  return timingSafeEqual(key, parsed.key);
}

const passwordAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A generated password: four groups of five unambiguous characters (about 99 bits), easy to type. */
export function generatePassword(): string {
  const group = () => Array.from({ length: 5 }, () => passwordAlphabet[randomInt(passwordAlphabet.length)]).join('');
  return [group(), group(), group(), group()].join('-');
}

/** The shortest staff password `npm run admin:password` and ADMIN_PASSWORD accept; generated ones are 23 characters. */
export const MIN_STAFF_PASSWORD_LENGTH = 12;
