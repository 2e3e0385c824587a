import { createHmac, randomBytes } from 'node:crypto';
import type { Config } from '#server/config.ts';
import { checkAdminPassword } from './adminPassword';
import type { Logger } from '#server/log.ts';
import {
  type AccountCount,
  type StaffSessionRecord,
  type StaffAccount,
  type StaffRepository,
  createStaffRepository,
} from './repository';
import { recordAudit, type AuditStorage } from '#server/modules/audit/service.ts';
import type { AuditAction } from '#shared/staff/auditActions.ts';
import type { AuditEntry } from '#shared/staff/auditTrail.ts';
import type { SignedInAccount } from '#shared/dashboard/staffAuth.ts';
import { staffLoginBusy, staffSessionLimits } from '#shared/dashboard/staffSignIn.ts';
import { isAuthenticatorCode } from '#shared/staff/twoStep.ts';
import { loginClientKey } from './clientKey';
import { forgetFirstOwnerPassword, writeFirstOwnerPassword } from './firstOwnerPassword';
import {
  generatePassword,
  hashPassword,
  isPasswordHash,
  PasswordCheckBusyError,
  passwordChecksFull,
  verifyPassword,
} from './password';
import { generateSessionSecret, signingKey, type SigningKey } from './sessionKeys';
import {
  signDeviceToken,
  signSessionToken,
  verifyDeviceToken,
  verifySessionToken,
  type KnownDevice,
} from './sessionToken';
import { createTwoStep, type TwoStep } from './twoStep';
import { createSecretSealer } from './twoStepKey';
import { createOneTimeCodes, type OneTimeCodes } from './oneTimeCodes';

const minute = 60_000;
const idleTimeoutMs = staffSessionLimits.idleMinutes * minute;
const absoluteLifetimeMs = staffSessionLimits.absoluteHours * 60 * minute;
/** Activity moves the idle deadline; writing it at most once a minute keeps reads cheap. */
const touchIntervalMs = minute;

/** At most 5 failed logins per 15 minutes from one client (IP, or IPv6 /64), or from one known device. */
export const loginLimit = { attempts: 5, windowMs: 15 * minute } as const;
/**
 * Failures at one account from anywhere, counted over a day: after 10 the account is being
 * guessed at, and a browser that has not signed in to it before needs a one-time code (or its
 * two-step code) as well as the password (decision 0051). Nothing refuses the account itself, so
 * nobody can keep the office out by guessing; its known devices sign in as before.
 */
export const accountLoginLimit = { freeFailures: 10, windowMs: 24 * 60 * minute } as const;
/** A device cookie is renewed at each sign-in and lapses after half a year without one. */
const deviceLifetimeMs = 183 * 24 * 60 * minute;

export type StaffSession = {
  sessionId: string;
  expiresAt: Date;
  idleExpiresAt: Date;
  account: SignedInAccount;
  /** The Owner requires two-step login and this account has not turned it on: the session may only set it up. */
  twoStepSetupNeeded: boolean;
};

/** A session record not yet past its absolute end nor idle too long at `now` (the 8-hour and 30-minute limits). */
export function sessionWithinLimits(
  record: Pick<StaffSessionRecord, 'expires_at' | 'last_seen_at'>,
  now: Date,
): boolean {
  return (
    now.getTime() < Date.parse(record.expires_at) && now.getTime() - Date.parse(record.last_seen_at) < idleTimeoutMs
  );
}

const signedIn = (account: StaffAccount): SignedInAccount => ({
  id: account.id,
  name: account.name,
  email: account.email,
  role: account.role,
});

/** An account that may sign in: it has a password and is not disabled. */
const canSignIn = (account: StaffAccount | undefined): account is StaffAccount & { passwordHash: string } =>
  account !== undefined && account.passwordHash !== null && account.disabledAt === null;

export type LoginResult =
  | { outcome: 'success'; token: string; session: StaffSession; device: { token: string; expiresAt: Date } }
  | { outcome: 'invalid' }
  /** The password was right and the account has two-step login on: the same login again with a code. */
  | { outcome: 'code-needed' }
  | { outcome: 'invalid-code' }
  /** The account is being guessed at and this browser is new to it: the same answer whatever the password (decision 0051). */
  | { outcome: 'slowed'; channel: 'email' | 'command' }
  | { outcome: 'slowed-invalid' }
  | { outcome: 'throttled'; retryAfterSeconds: number }
  | { outcome: 'busy'; retryAfterSeconds: number };

export type StaffAuth = {
  /**
   * Checks the password. `deviceToken` is the device cookie from an earlier sign-in, if any: a
   * known device has its own lane for password checks and its own count of failures, so neither
   * a flood of guesses from elsewhere nor a lockout of a shared address keeps the office out.
   * `code` is the second step (an authenticator code or a recovery code) of an account with two-step login on.
   */
  login(input: {
    email?: string | undefined;
    password: string;
    code?: string | undefined;
    deviceToken?: string | undefined;
    clientIp: string;
    userAgent: string | undefined;
    now: Date;
  }): Promise<LoginResult>;
  /** The live session a token belongs to (refreshing its idle deadline), or undefined. */
  authenticate(token: string | undefined, now: Date): Promise<StaffSession | undefined>;
  /** Like authenticate, without counting as activity (for "am I logged in?"). */
  inspect(token: string | undefined, now: Date): Promise<StaffSession | undefined>;
  logout(input: { token: string | undefined; clientIp: string; now: Date }): Promise<void>;
  /**
   * A signed-in person proving it is them again (to turn two-step login off or make new recovery
   * codes): a current authenticator code or their password. Failures count towards the same
   * limits as logins from that address.
   */
  confirmIdentity(input: {
    accountId: number;
    confirmation: string;
    clientIp: string;
    now: Date;
    passwordOnly?: boolean;
  }): Promise<'confirmed' | 'invalid' | { retryAfterSeconds: number }>;
  /**
   * A signed-in person's new password, given with their current one (checked as confirmIdentity
   * checks a password). Every session of the account ends; the browser it is asked from goes on
   * in a new one, with a new device cookie (answered here).
   * 'set-on-server': the first Owner's password comes from ADMIN_PASSWORD(_HASH), which would put it back at the next start.
   */
  changeOwnPassword(input: {
    session: StaffSession;
    currentPassword: string;
    newPassword: string;
    clientIp: string;
    userAgent: string | undefined;
    now: Date;
  }): Promise<
    | {
        outcome: 'changed';
        otherSessionsEnded: number;
        token: string;
        session: StaffSession;
        device: { token: string; expiresAt: Date };
      }
    | { outcome: 'invalid' }
    | { outcome: 'set-on-server' }
    | { outcome: 'throttled'; retryAfterSeconds: number }
  >;
  /** Each account's two-step login. */
  twoStep: TwoStep;
  /** One-time codes: emailed, or printed on the server (decision 0051). */
  oneTimeCodes: OneTimeCodes;
  /** Sets a new password for the first Owner; their sessions end. */
  changePassword(password: string, now: Date): Promise<void>;
  /** Puts the configured password in place, once (see createStaffAuth); logins and sessions wait for it. */
  ready(): Promise<void>;
  /** The same, failing when ADMIN_PASSWORD fails the rule of every staff password: the server then stops. */
  setUp(): Promise<void>;
};

const SESSION_SECRET_NAME = 'session-signing-key';

async function signingKeys(config: Config, repository: StaffRepository, now: Date): Promise<SigningKey[]> {
  const secrets = config.admin.sessionSecrets;
  if (secrets.length === 0)
    return [signingKey(await repository.staffSecret(SESSION_SECRET_NAME, generateSessionSecret, now.toISOString()))];
  return secrets.map(signingKey);
}

/**
 * Makes sure the first Owner has a password. ADMIN_PASSWORD or ADMIN_PASSWORD_HASH, when set,
 * becomes theirs (a different value than before ends their sessions); with neither and no first
 * Owner yet, a random password is generated into an owner-only file under DATA_DIR (never the
 * log, which journald keeps), and only its hash is stored.
 */
async function ensureFirstOwner(config: Config, repository: StaffRepository, log: Logger, now: Date): Promise<void> {
  const stored = (await repository.findFirstOwner())?.passwordHash ?? null;
  const changedAt = now.toISOString();
  if (config.admin.password) {
    // Scored only when it changes: the estimator holds the main thread for about a second, which a
    // restart must not spend before /healthz answers (issue 34). The hash check runs off the main thread.
    if (stored && (await verifyPassword(config.admin.password, stored))) return;
    // The server stops on a password that fails the rule; until it has, the password is not taken.
    await checkAdminPassword(config);
    await repository.setFirstOwnerPassword(await hashPassword(config.admin.password), changedAt);
    forgetFirstOwnerPassword(config.dataDir);
    log.info('Staff password set from ADMIN_PASSWORD', { audit: 'password-change', source: 'ADMIN_PASSWORD' });
    return;
  }
  if (config.admin.passwordHash) {
    if (stored === config.admin.passwordHash) return;
    await repository.setFirstOwnerPassword(config.admin.passwordHash, changedAt);
    forgetFirstOwnerPassword(config.dataDir);
    log.info('Staff password set from ADMIN_PASSWORD_HASH', {
      audit: 'password-change',
      source: 'ADMIN_PASSWORD_HASH',
    });
    return;
  }
  if (stored) return;
  const password = generatePassword();
  // The file first: a hash stored without it would be a password nobody can read.
  const file = writeFirstOwnerPassword(config.dataDir, password);
  await repository.setFirstOwnerPassword(await hashPassword(password), changedAt);
  log.warn(
    'No staff password was configured, so one was generated into a file only the server’s user can read. Read it, sign in, then delete the file; change the password with `npm run admin:password`.',
    {
      audit: 'password-change',
      source: 'generated',
      file,
    },
  );
}

/** `kickOutbox`: sends queued mail now (the outbox is made after staff sign-in, so it is asked for when needed). */
export async function createStaffAuth(
  config: Config,
  storage: AuditStorage,
  log: Logger,
  kickOutbox: () => void = () => {},
  startedAt: Date = new Date(),
): Promise<StaffAuth> {
  if (config.admin.passwordHash && !isPasswordHash(config.admin.passwordHash)) {
    throw new Error(
      'ADMIN_PASSWORD_HASH is not a hash made by `npm run admin:password -- --print-hash` ($scrypt$n=...,r=...,p=...$salt$key)',
    );
  }
  const repository = createStaffRepository(storage.db);
  const keys = await signingKeys(config, repository, startedAt);
  // Checking ADMIN_PASSWORD against the stored hash (or hashing a new one) is a deliberately slow
  // scrypt (about half a second of a core): it waits for the first login or session check rather
  // than compete with start-up. A password generated on the very first start is made at once,
  // so its file is there when the start-up log says it is.
  let credentialSet: Promise<void> | undefined;
  const setUp = () => (credentialSet ??= ensureFirstOwner(config, repository, log, startedAt));
  let settled: Promise<void> | undefined;
  const ready = () =>
    (settled ??= setUp().catch((error: unknown) => {
      log.error('The staff password could not be set; logins are refused until the server is restarted', {
        error: String(error),
      });
    }));
  if (!config.admin.password && !config.admin.passwordHash) await ready();
  const oneTimeCodes = createOneTimeCodes(config, repository, kickOutbox);
  const twoStep = createTwoStep(repository, createSecretSealer(config.dataDir), oneTimeCodes.use);
  const audit = (
    now: Date,
    clientIp: string | null,
    account: StaffAccount | undefined,
    action: AuditAction,
    details?: AuditEntry['details'],
  ) => recordAudit(storage, { at: now, clientIp, account: account && signedIn(account) }, action, details);

  async function liveSession(
    token: string | undefined,
    now: Date,
  ): Promise<{ session: StaffSession; lastSeenAt: number } | undefined> {
    if (!token) return undefined;
    await ready();
    const sessionId = await verifySessionToken(keys, token, now);
    if (!sessionId) return undefined;
    const record = await repository.findStaffSession(sessionId);
    if (!record || record.ended_at !== null || record.account_id === null) return undefined;
    const account = await repository.findStaffAccount(record.account_id);
    if (!canSignIn(account) || record.credential_version !== account.version) return undefined;
    if (!sessionWithinLimits(record, now)) return undefined;
    const expiresAt = Date.parse(record.expires_at);
    const lastSeenAt = Date.parse(record.last_seen_at);
    const idleExpiresAt = new Date(Math.min(lastSeenAt + idleTimeoutMs, expiresAt));
    const twoStepSetupNeeded = await twoStep.setupNeeded(account.id);
    return {
      session: {
        sessionId,
        expiresAt: new Date(expiresAt),
        idleExpiresAt,
        account: signedIn(account),
        twoStepSetupNeeded,
      },
      lastSeenAt,
    };
  }

  /** The device of a valid device cookie made with its account's current password (a new password makes the account's devices strangers again). */
  async function knownDevice(token: string | undefined, now: Date): Promise<KnownDevice | undefined> {
    if (!token) return undefined;
    const device = await verifyDeviceToken(keys, token, now);
    if (!device) return undefined;
    await ready();
    const account = await repository.findStaffAccount(device.accountId);
    return canSignIn(account) && account.version === device.credentialVersion ? device : undefined;
  }

  /**
   * A hash no password matches, checked when there is no account to check against, so a wrong
   * email takes as long as a wrong password and the answer does not tell which accounts exist.
   */
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= hashPassword(generatePassword()));

  /** A Retry-After: whole seconds until `time`, at least 1. */
  const secondsUntil = (time: number, now: Date) => Math.max(1, Math.ceil((time - now.getTime()) / 1000));

  /**
   * Reserves an attempt against a client, device or account's codes, and against the account it
   * is at when given: the reservation, or when to try again.
   */
  async function reserveAttempt(clientKey: string, now: Date, accountKey?: AccountCount['key']) {
    const reservation = await repository.reserveLoginAttempt({
      clientKey,
      attemptedAt: now.toISOString(),
      windowStart: new Date(now.getTime() - loginLimit.windowMs).toISOString(),
      limit: loginLimit.attempts,
      account:
        accountKey === undefined
          ? undefined
          : { key: accountKey, windowStart: new Date(now.getTime() - accountLoginLimit.windowMs).toISOString() },
    });
    if (reservation.reserved) return reservation;
    return {
      reserved: false as const,
      retryAfterSeconds: secondsUntil(Date.parse(reservation.oldestAttemptAt) + loginLimit.windowMs, now),
    };
  }

  /** Wrong codes also count against the account, whatever the address: an attacker who has the password cannot spread guesses at the code over many addresses. */
  const codeKey = (accountId: number) => `two-step:${accountId}`;
  /** Wrong current passwords given to confirm it is them, from any address: a stolen session cannot spread them either. */
  const confirmKey = (accountId: number) => `confirm:${accountId}`;

  /**
   * Whom a login's failures count against besides its client: the account, or an email nobody
   * has (by a keyed hash, as a password typed into the email field must not be stored), so
   * being slowed does not tell who has an account.
   */
  const [currentKey] = keys as [SigningKey, ...SigningKey[]];
  const accountKey = (account: StaffAccount | undefined, email: string | undefined) =>
    account
      ? `account:${account.id}`
      : `email:${createHmac('sha256', currentKey.secret)
          .update((email ?? '').toLowerCase())
          .digest('base64url')}`;

  /** A new session for `account` in the browser of `device` (a known one keeps its id), with its renewed device cookie. */
  async function startSession(
    account: StaffAccount,
    device: KnownDevice | undefined,
    clientIp: string,
    userAgent: string | undefined,
    now: Date,
  ) {
    await repository.deleteStaffSessionsBefore(new Date(now.getTime() - absoluteLifetimeMs).toISOString());
    const sessionId = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + absoluteLifetimeMs);
    await repository.insertStaffSession({
      id: sessionId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      credential_version: account.version,
      account_id: account.id,
      ip: clientIp,
      user_agent: userAgent?.slice(0, 500) ?? null,
    });
    const token = await signSessionToken(currentKey, { sessionId, issuedAt: now, expiresAt });
    const deviceExpiresAt = new Date(now.getTime() + deviceLifetimeMs);
    const deviceId = device?.deviceId ?? randomBytes(16).toString('base64url');
    const renewedDevice = await signDeviceToken(currentKey, {
      deviceId,
      accountId: account.id,
      credentialVersion: account.version,
      issuedAt: now,
      expiresAt: deviceExpiresAt,
    });
    const session: StaffSession = {
      sessionId,
      expiresAt,
      idleExpiresAt: new Date(now.getTime() + idleTimeoutMs),
      account: signedIn(account),
      twoStepSetupNeeded: await twoStep.setupNeeded(account.id),
    };
    return { token, session, device: { token: renewedDevice, expiresAt: deviceExpiresAt } };
  }

  const auth: StaffAuth = {
    ready,

    setUp,

    twoStep,

    oneTimeCodes,

    async login({ email, password, code, deviceToken, clientIp, userAgent, now }) {
      const busy = (): LoginResult => {
        log.warn('Staff login refused: password checks busy', {
          audit: 'login-busy',
          ip: clientIp,
          knownDevice: device !== undefined,
        });
        return { outcome: 'busy', retryAfterSeconds: staffLoginBusy.retryAfterSeconds };
      };
      const device = await knownDevice(deviceToken, now);
      const lane = device ? 'knownDevice' : 'shared';
      // Turned away before touching the database: a flood must not cost a durable write per request.
      if (passwordChecksFull(lane)) return busy();
      await ready();
      // The spec's login sends the password alone: that is the first Owner's.
      const account = email ? await repository.findStaffAccountByEmail(email) : await repository.findFirstOwner();
      const clientKey = device ? `device:${device.deviceId}` : loginClientKey(clientIp);
      const guessedAt = accountKey(account, email);
      const reservation = await reserveAttempt(clientKey, now, guessedAt);
      const throttled = (retryAfterSeconds: number): LoginResult => {
        log.warn('Staff login refused: too many failed attempts', {
          audit: 'login-refused',
          ip: clientIp,
          retryAfterSeconds,
        });
        return { outcome: 'throttled', retryAfterSeconds };
      };
      if (!reservation.reserved) return throttled(reservation.retryAfterSeconds);
      // The account's known devices are never asked for more by guesses at it from elsewhere.
      const ownDevice = device !== undefined && device.accountId === account?.id;
      const beingGuessed = !ownDevice && reservation.accountFailuresBefore >= accountLoginLimit.freeFailures;
      const checked = canSignIn(account) ? account.passwordHash : await decoy();
      let matches: boolean;
      try {
        matches = (await verifyPassword(password, checked, { whenBusy: 'refuse', lane })) && canSignIn(account);
      } catch (error) {
        if (!(error instanceof PasswordCheckBusyError)) throw error;
        // The queue filled while the attempt was being recorded: it was never checked, so it does not count.
        await repository.releaseLoginAttempt(reservation.attemptId);
        return busy();
      }
      /** A wrong password or code: it stays counted, and the attempt that reaches the limit locks the client (or the account's codes) out. */
      const failed = async <Outcome extends LoginResult>(
        outcome: 'invalid' | 'invalid-code',
        lockedKey: string | undefined,
        answer: Outcome = { outcome } as Outcome,
      ): Promise<Outcome> => {
        log.warn('Staff login failed', {
          audit: 'login-failed',
          ip: clientIp,
          accountId: account?.id,
          ...(outcome === 'invalid-code' ? { step: 'code' } : {}),
        });
        await audit(now, clientIp, account, 'sign-in-failed', {
          withEmail: email !== undefined,
          ...(outcome === 'invalid-code' ? { step: 'code' } : {}),
        });
        if (lockedKey !== undefined) {
          log.warn('Staff login locked out', {
            audit: 'lockout',
            ip: clientIp,
            clientKey: lockedKey,
            retryAfterSeconds: loginLimit.windowMs / 1000,
          });
          await audit(now, clientIp, account, 'lockout', { minutes: loginLimit.windowMs / minute });
        }
        if (
          outcome === 'invalid' &&
          account &&
          reservation.accountFailuresBefore + 1 === accountLoginLimit.freeFailures
        ) {
          log.warn('Staff account under attack: new browsers now need a one-time code', {
            audit: 'account-under-attack',
            ip: clientIp,
            accountId: account.id,
          });
          await audit(now, clientIp, account, 'account-under-attack', { failures: accountLoginLimit.freeFailures });
          await oneTimeCodes.alertOwners(account, accountLoginLimit.freeFailures, now);
        }
        return answer;
      };
      const atLimit = (attempts: number, key: string) => (attempts >= loginLimit.attempts ? key : undefined);

      if (beingGuessed) {
        // The same answer whatever the password: a guesser learns nothing, and only the right password sends a code.
        const asked: LoginResult = { outcome: 'slowed', channel: oneTimeCodes.channel };
        if (!matches || !canSignIn(account))
          return failed(
            'invalid',
            atLimit(reservation.attemptsInWindow, clientKey),
            code === undefined ? asked : { outcome: 'slowed-invalid' },
          );
        const twoStepOn = await twoStep.isOn(account.id);
        if (code === undefined) {
          await repository.releaseLoginAttempt(reservation.attemptId);
          if (!twoStepOn) await oneTimeCodes.send(account, 'sign-in', now);
          return asked;
        }
        // Only someone with the password reaches the account's codes, so a guesser cannot use their limit up.
        const codeReservation = await reserveAttempt(codeKey(account.id), now);
        if (!codeReservation.reserved) {
          await repository.releaseLoginAttempt(reservation.attemptId);
          return { outcome: 'slowed-invalid' };
        }
        const passed = twoStepOn
          ? await twoStep.useCode(account.id, code, now)
          : (await oneTimeCodes.use(account.id, code, now)) && 'one-time-code';
        if (!passed) {
          await repository.setLoginAttemptAccountKey(reservation.attemptId, codeKey(account.id));
          return failed('invalid-code', atLimit(codeReservation.attemptsInWindow, codeKey(account.id)), {
            outcome: 'slowed-invalid',
          });
        }
        return signIn(account, passed === 'recovery-code');
      }

      if (!matches || !canSignIn(account)) return failed('invalid', atLimit(reservation.attemptsInWindow, clientKey));

      let recoveryCodeUsed = false;
      if (await twoStep.isOn(account.id)) {
        if (code === undefined) {
          // Not a guess: the password was right and the code is yet to come.
          await repository.releaseLoginAttempt(reservation.attemptId);
          return { outcome: 'code-needed' };
        }
        const codeReservation = await reserveAttempt(codeKey(account.id), now);
        if (!codeReservation.reserved) {
          await repository.releaseLoginAttempt(reservation.attemptId);
          return throttled(codeReservation.retryAfterSeconds);
        }
        const passed = await twoStep.useCode(account.id, code, now);
        if (!passed) {
          const locked =
            atLimit(reservation.attemptsInWindow, clientKey) ??
            atLimit(codeReservation.attemptsInWindow, codeKey(account.id));
          // Not a guess at the password: it counts against the client and the account's codes, and does not slow the account's logins.
          await repository.setLoginAttemptAccountKey(reservation.attemptId, codeKey(account.id));
          return failed('invalid-code', locked);
        }
        await repository.clearLoginAttempts(codeKey(account.id));
        recoveryCodeUsed = passed === 'recovery-code';
      }

      return signIn(account, recoveryCodeUsed);

      async function signIn(account: StaffAccount, recoveryCodeUsed: boolean): Promise<LoginResult> {
        await repository.clearLoginAttempts(clientKey, [guessedAt, codeKey(account.id)]);
        const started = await startSession(account, device, clientIp, userAgent, now);
        log.info('Staff logged in', {
          audit: 'login',
          ip: clientIp,
          accountId: account.id,
          userAgent: userAgent?.slice(0, 200),
        });
        if (recoveryCodeUsed)
          await audit(now, clientIp, account, 'recovery-code-used', {
            recoveryCodesLeft: (await twoStep.status(account.id)).recoveryCodesLeft,
          });
        await audit(now, clientIp, account, 'sign-in', { device: userAgent?.slice(0, 200) ?? null });
        return { outcome: 'success', ...started };
      }
    },

    async authenticate(token, now) {
      const live = await liveSession(token, now);
      if (!live) return undefined;
      if (now.getTime() - live.lastSeenAt < touchIntervalMs) return live.session;
      await repository.touchStaffSession(live.session.sessionId, now.toISOString());
      return {
        ...live.session,
        idleExpiresAt: new Date(Math.min(now.getTime() + idleTimeoutMs, live.session.expiresAt.getTime())),
      };
    },

    async inspect(token, now) {
      return (await liveSession(token, now))?.session;
    },

    async logout({ token, clientIp, now }) {
      const sessionId = token ? await verifySessionToken(keys, token, now) : undefined;
      if (!sessionId) return;
      const record = await repository.findStaffSession(sessionId);
      await repository.endStaffSession(sessionId, now.toISOString());
      log.info('Staff logged out', { audit: 'logout', ip: clientIp });
      if (record && record.ended_at === null && record.account_id !== null)
        await audit(now, clientIp, await repository.findStaffAccount(record.account_id), 'sign-out');
    },

    async confirmIdentity({ accountId, confirmation, clientIp, now, passwordOnly = false }) {
      const account = await repository.findStaffAccount(accountId);
      if (!canSignIn(account)) return 'invalid';
      // A wrong password counts against the account too (as a guess at it), so spreading guesses over addresses gains nothing.
      const reservation = await reserveAttempt(loginClientKey(clientIp), now, accountKey(account, undefined));
      if (!reservation.reserved) return { retryAfterSeconds: reservation.retryAfterSeconds };
      let confirmed: boolean;
      if (!passwordOnly && isAuthenticatorCode(confirmation)) {
        await repository.setLoginAttemptAccountKey(reservation.attemptId, codeKey(accountId));
        const accountReservation = await reserveAttempt(codeKey(accountId), now);
        if (!accountReservation.reserved) {
          await repository.releaseLoginAttempt(reservation.attemptId);
          return { retryAfterSeconds: accountReservation.retryAfterSeconds };
        }
        confirmed = (await twoStep.useCode(accountId, confirmation, now)) === 'authenticator';
        if (confirmed) await repository.releaseLoginAttempt(accountReservation.attemptId);
      } else {
        const accountReservation = await reserveAttempt(confirmKey(accountId), now);
        if (!accountReservation.reserved) {
          await repository.releaseLoginAttempt(reservation.attemptId);
          return { retryAfterSeconds: accountReservation.retryAfterSeconds };
        }
        confirmed = await verifyPassword(confirmation, account.passwordHash);
        if (confirmed) await repository.clearLoginAttempts(confirmKey(accountId));
      }
      if (!confirmed) {
        log.warn('Staff confirmation failed', { audit: 'confirmation-failed', ip: clientIp, accountId });
        return 'invalid';
      }
      await repository.releaseLoginAttempt(reservation.attemptId);
      return 'confirmed';
    },

    async changePassword(password, now) {
      const { id, version } = await repository.setFirstOwnerPassword(await hashPassword(password), now.toISOString());
      forgetFirstOwnerPassword(config.dataDir);
      log.info('Staff password changed', { audit: 'password-change', accountId: id, version });
      await audit(now, null, await repository.findStaffAccount(id), 'password-change', { accountId: id });
    },

    async changeOwnPassword({ session, currentPassword, newPassword, clientIp, userAgent, now }) {
      const accountId = session.account.id;
      const firstOwner = (await repository.findStaffAccount(accountId))?.fromEnvironment === true;
      if (firstOwner && (config.admin.password || config.admin.passwordHash)) return { outcome: 'set-on-server' };
      const confirmed = await auth.confirmIdentity({
        accountId,
        confirmation: currentPassword,
        clientIp,
        now,
        passwordOnly: true,
      });
      if (confirmed === 'invalid') return { outcome: 'invalid' };
      if (confirmed !== 'confirmed') return { outcome: 'throttled', retryAfterSeconds: confirmed.retryAfterSeconds };
      const passwordHash = await hashPassword(newPassword);
      const otherSessionsEnded = await repository.setOwnPassword({
        accountId,
        endedSessionId: session.sessionId,
        passwordHash,
        at: now.toISOString(),
      });
      const changed = await repository.findStaffAccount(accountId);
      if (!changed) return { outcome: 'invalid' };
      // The browser it was changed in goes on with a fresh session id and a device cookie of the new password; every other browser is new again.
      const started = await startSession(changed, undefined, clientIp, userAgent, now);
      // A generated first password's file is no longer the password: it goes, as with admin:password.
      if (firstOwner) forgetFirstOwnerPassword(config.dataDir);
      log.info('Staff password changed', { audit: 'password-change', ip: clientIp, accountId, source: 'dashboard' });
      return { outcome: 'changed', otherSessionsEnded, ...started };
    },
  };
  return auth;
}
