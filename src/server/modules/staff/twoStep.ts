import { school } from '#content/school.ts';
import type { SignedInAccount } from '#shared/dashboard/staffAuth.ts';
import {
  isAuthenticatorCode,
  type TwoStepSetup,
  type TwoStepSetupTime,
  type TwoStepStatus,
} from '#shared/staff/twoStep.ts';
import { type StaffAccount, type StaffRepository } from './repository';
import { newRecoveryCodes, newTotpSecret, otpauthUri, qrCodeImage, recoveryCodeHash, totpStep } from './totp';
import type { SecretSealer } from './twoStepKey';

/** How a second step was passed. */
export type SecondStep = 'authenticator' | 'recovery-code';

const dayMs = 24 * 3_600_000;

/** The Owner's requirement while it is on: since when, and how many days each person has to set two-step login up. */
export type TwoStepRequirement = { since: string; graceDays: number };

export async function readTwoStepRequirement(
  repository: Pick<StaffRepository, 'readStaffSettings' | 'staffSettingChangedAt'>,
): Promise<TwoStepRequirement | undefined> {
  const [settings, since] = await Promise.all([
    repository.readStaffSettings(),
    repository.staffSettingChangedAt('twoStepRequired'),
  ]);
  return settings.twoStepRequired && since ? { since, graceDays: settings.twoStepGraceDays } : undefined;
}

/**
 * Until when an account without two-step login may set it up from its own session: the Owner's
 * days, counted from the latest of the requirement, the account's creation, and its last new
 * start (a link used, a password set on the server, two-step login turned off). Afterwards a
 * password alone is not enough to enrol an authenticator: someone who stole it could make the
 * account theirs.
 */
export function twoStepSetupDeadline(
  requirement: TwoStepRequirement,
  account: Pick<StaffAccount, 'createdAt' | 'twoStepSetupFrom'>,
): Date {
  const from = Math.max(
    Date.parse(requirement.since),
    Date.parse(account.createdAt),
    account.twoStepSetupFrom ? Date.parse(account.twoStepSetupFrom) : 0,
  );
  return new Date(from + requirement.graceDays * dayMs);
}

/** Each account's two-step login: setting it up, checking its codes, turning it off (decision 0026). */
export type TwoStep = {
  status(accountId: number): Promise<Omit<TwoStepStatus, keyof TwoStepSetupTime>>;
  /** While the Owner requires it and it is off: until when the account may set it up from its own session, and whether it still may at `now`. */
  setupTime(accountId: number, now: Date): Promise<TwoStepSetupTime>;
  /** Whether the account must pass a second step to sign in. */
  isOn(accountId: number): Promise<boolean>;
  /** Whether the Owner requires two-step login and this account has not turned it on yet: it may only set it up. */
  setupNeeded(accountId: number): Promise<boolean>;
  /**
   * A new secret for the account's setup (an unfinished one is replaced); 'already-on', or
   * 'closed' when the account's days to set it up are over, unless `code` is the one-time code
   * emailed to it ('wrong-code' when not), which opens new days.
   */
  begin(
    account: SignedInAccount,
    now: Date,
    code?: string,
  ): Promise<TwoStepSetup | 'already-on' | 'closed' | 'wrong-code'>;
  /** Switches it on when the code matches the setup's secret (and the days to set it up are not over); answers the recovery codes, shown this once. */
  confirm(
    accountId: number,
    code: string,
    now: Date,
  ): Promise<{ outcome: 'on'; recoveryCodes: string[] } | { outcome: 'no-setup' | 'wrong-code' | 'closed' }>;
  /**
   * Checks a code of an account with two-step login on: an authenticator code of a step not used
   * before (and uses its step up), or an unused recovery code (and uses it up). Undefined for anything else.
   */
  useCode(accountId: number, code: string, now: Date): Promise<SecondStep | undefined>;
  /** Switches it off; the days to set it up again start now. */
  turnOff(accountId: number, now: Date): Promise<void>;
  /** New recovery codes for an account with two-step login on; the earlier ones stop working. */
  newRecoveryCodes(accountId: number, now: Date): Promise<string[]>;
};

/** `useOneTimeCode`: uses up an account's one-time code (decision 0051), the proof a closed setup asks for. */
export function createTwoStep(
  repository: StaffRepository,
  sealer: SecretSealer,
  useOneTimeCode: (accountId: number, code: string, now: Date) => Promise<boolean>,
): TwoStep {
  const storeCodes = (codes: string[]) => codes.map(recoveryCodeHash);

  /**
   * Until when the account may still set it up with its password alone, or null when it is on.
   * The days hold whether or not the Owner requires it (issue 34): without the requirement they
   * count from the account's creation or last new start, by the Owner's number of days.
   */
  async function setupDeadline(accountId: number, on: boolean): Promise<Date | null> {
    if (on) return null;
    const [requirement, account, settings] = await Promise.all([
      readTwoStepRequirement(repository),
      repository.findStaffAccount(accountId),
      repository.readStaffSettings(),
    ]);
    if (!account) return null;
    return twoStepSetupDeadline(
      requirement ?? { since: new Date(0).toISOString(), graceDays: settings.twoStepGraceDays },
      account,
    );
  }
  const setupClosed = async (accountId: number, now: Date) => {
    const deadline = await setupDeadline(accountId, false);
    return deadline !== null && now.getTime() >= deadline.getTime();
  };

  return {
    async status(accountId) {
      const [record, recoveryCodesLeft, settings] = await Promise.all([
        repository.findTwoStep(accountId),
        repository.unusedRecoveryCodes(accountId),
        repository.readStaffSettings(),
      ]);
      return { on: record?.on ?? false, recoveryCodesLeft, requiredByOwner: settings.twoStepRequired };
    },

    async setupTime(accountId, now) {
      const on = (await repository.findTwoStep(accountId))?.on ?? false;
      const deadline = await setupDeadline(accountId, on);
      return {
        setupDeadline: deadline?.toISOString() ?? null,
        setupAllowed: !on && (deadline === null || now.getTime() < deadline.getTime()),
      };
    },

    async isOn(accountId) {
      return (await repository.findTwoStep(accountId))?.on ?? false;
    },

    async setupNeeded(accountId) {
      const settings = await repository.readStaffSettings();
      return settings.twoStepRequired && !(await repository.findTwoStep(accountId))?.on;
    },

    async begin(account, now, code) {
      if ((await repository.findTwoStep(account.id))?.on) return 'already-on';
      if (await setupClosed(account.id, now)) {
        if (code === undefined) return 'closed';
        if (!(await useOneTimeCode(account.id, code, now))) return 'wrong-code';
        await repository.openTwoStepSetup(account.id, now.toISOString());
      }
      const secret = newTotpSecret();
      if (!(await repository.startTwoStepSetup(account.id, sealer.seal(account.id, secret), now.toISOString())))
        return 'already-on';
      const label = account.email ?? account.name;
      return { secret, label, issuer: school.name, qrCode: await qrCodeImage(otpauthUri(secret, school.name, label)) };
    },

    async confirm(accountId, code, now) {
      const record = await repository.findTwoStep(accountId);
      const secret = record && !record.on ? sealer.open(accountId, record.sealedSecret) : undefined;
      if (!secret) return { outcome: 'no-setup' };
      if (await setupClosed(accountId, now)) return { outcome: 'closed' };
      const step = totpStep(secret, code, now, null);
      if (step === undefined) return { outcome: 'wrong-code' };
      const recoveryCodes = newRecoveryCodes();
      const on = await repository.confirmTwoStep(accountId, {
        step,
        codeHashes: storeCodes(recoveryCodes),
        at: now.toISOString(),
      });
      return on ? { outcome: 'on', recoveryCodes } : { outcome: 'no-setup' };
    },

    async useCode(accountId, code, now) {
      const record = await repository.findTwoStep(accountId);
      if (!record?.on) return undefined;
      if (isAuthenticatorCode(code)) {
        // A secret that does not open (a database moved without its key file) accepts no code; recovery codes still work.
        const secret = sealer.open(accountId, record.sealedSecret);
        const step = secret === undefined ? undefined : totpStep(secret, code, now, record.lastStep);
        return step !== undefined && (await repository.claimTwoStepStep(accountId, step)) ? 'authenticator' : undefined;
      }
      return (await repository.useRecoveryCode(accountId, recoveryCodeHash(code), now.toISOString()))
        ? 'recovery-code'
        : undefined;
    },

    turnOff: (accountId, now) => repository.removeTwoStep(accountId, now.toISOString()),

    async newRecoveryCodes(accountId, now) {
      const codes = newRecoveryCodes();
      await repository.replaceRecoveryCodes(accountId, storeCodes(codes), now.toISOString());
      return codes;
    },
  };
}
