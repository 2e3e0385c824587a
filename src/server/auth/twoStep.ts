import { school } from '../../content/school';
import type { SignedInAccount } from '../../shared/dashboard/staffAuth';
import { isAuthenticatorCode, type TwoStepSetup, type TwoStepStatus } from '../../shared/staff/twoStep';
import type { Storage } from '../storage/database';
import { readStaffSettings } from '../storage/staffSettings';
import {
  claimTwoStepStep,
  confirmTwoStep,
  findTwoStep,
  removeTwoStep,
  replaceRecoveryCodes,
  startTwoStepSetup,
  unusedRecoveryCodes,
  useRecoveryCode,
} from '../storage/twoStep';
import { newRecoveryCodes, newTotpSecret, otpauthUri, qrCodeImage, recoveryCodeHash, totpStep } from './totp';
import type { SecretSealer } from './twoStepKey';

/** How a second step was passed. */
export type SecondStep = 'authenticator' | 'recovery-code';

/** Each account's two-step login: setting it up, checking its codes, turning it off (decision 0026). */
export type TwoStep = {
  status(accountId: number): Promise<TwoStepStatus>;
  /** Whether the account must pass a second step to sign in. */
  isOn(accountId: number): Promise<boolean>;
  /** Whether the Owner requires two-step login and this account has not turned it on yet: it may only set it up. */
  setupNeeded(accountId: number): Promise<boolean>;
  /** A new secret for the account's setup (an unfinished one is replaced), or undefined when two-step login is already on. */
  begin(account: SignedInAccount, now: Date): Promise<TwoStepSetup | undefined>;
  /** Switches it on when the code matches the setup's secret; answers the recovery codes, shown this once. */
  confirm(accountId: number, code: string, now: Date): Promise<{ outcome: 'on'; recoveryCodes: string[] } | { outcome: 'no-setup' | 'wrong-code' }>;
  /**
   * Checks a code of an account with two-step login on: an authenticator code of a step not used
   * before (and uses its step up), or an unused recovery code (and uses it up). Undefined for anything else.
   */
  useCode(accountId: number, code: string, now: Date): Promise<SecondStep | undefined>;
  turnOff(accountId: number): Promise<void>;
  /** New recovery codes for an account with two-step login on; the earlier ones stop working. */
  newRecoveryCodes(accountId: number, now: Date): Promise<string[]>;
};

export function createTwoStep(storage: Storage, sealer: SecretSealer): TwoStep {
  const { db } = storage;
  const storeCodes = (codes: string[]) => codes.map(recoveryCodeHash);

  return {
    async status(accountId) {
      const [record, recoveryCodesLeft, settings] = await Promise.all([findTwoStep(db, accountId), unusedRecoveryCodes(db, accountId), readStaffSettings(db)]);
      return { on: record?.on ?? false, recoveryCodesLeft, requiredByOwner: settings.twoStepRequired };
    },

    async isOn(accountId) {
      return (await findTwoStep(db, accountId))?.on ?? false;
    },

    async setupNeeded(accountId) {
      const settings = await readStaffSettings(db);
      return settings.twoStepRequired && !(await findTwoStep(db, accountId))?.on;
    },

    async begin(account, now) {
      const secret = newTotpSecret();
      if (!(await startTwoStepSetup(db, account.id, sealer.seal(account.id, secret), now.toISOString()))) return undefined;
      const label = account.email ?? account.name;
      return { secret, label, issuer: school.name, qrCode: await qrCodeImage(otpauthUri(secret, school.name, label)) };
    },

    async confirm(accountId, code, now) {
      const record = await findTwoStep(db, accountId);
      const secret = record && !record.on ? sealer.open(accountId, record.sealedSecret) : undefined;
      if (!secret) return { outcome: 'no-setup' };
      const step = totpStep(secret, code, now, null);
      if (step === undefined) return { outcome: 'wrong-code' };
      const recoveryCodes = newRecoveryCodes();
      const on = await confirmTwoStep(db, accountId, { step, codeHashes: storeCodes(recoveryCodes), at: now.toISOString() });
      return on ? { outcome: 'on', recoveryCodes } : { outcome: 'no-setup' };
    },

    async useCode(accountId, code, now) {
      const record = await findTwoStep(db, accountId);
      if (!record?.on) return undefined;
      if (isAuthenticatorCode(code)) {
        // A secret that does not open (a database moved without its key file) accepts no code; recovery codes still work.
        const secret = sealer.open(accountId, record.sealedSecret);
        const step = secret === undefined ? undefined : totpStep(secret, code, now, record.lastStep);
        return step !== undefined && (await claimTwoStepStep(db, accountId, step)) ? 'authenticator' : undefined;
      }
      return (await useRecoveryCode(db, accountId, recoveryCodeHash(code), now.toISOString())) ? 'recovery-code' : undefined;
    },

    turnOff: (accountId) => removeTwoStep(db, accountId),

    async newRecoveryCodes(accountId, now) {
      const codes = newRecoveryCodes();
      await replaceRecoveryCodes(db, accountId, storeCodes(codes), now.toISOString());
      return codes;
    },
  };
}
