import { createHash, randomInt } from 'node:crypto';
import { oneTimeCodeMinutes } from '#shared/dashboard/staffSignIn.ts';
import type { Config } from '#server/config.ts';
import { guessingAlertMessage, oneTimeCodeMessage, type OneTimeCodePurpose } from './staffCodeMail';
import { type StaffAccount, type StaffRepository } from './repository';

const minute = 60_000;
/** A new code is emailed at most once a minute per account, however often the password is sent. */
const resendAfterMs = minute;

/** 8 digits, shown as two groups of four; the sign-in screen drops the space (secondStepCodeSchema). */
const newCode = () => String(randomInt(0, 100_000_000)).padStart(8, '0');
const shown = (code: string) => `${code.slice(0, 4)} ${code.slice(4)}`;
const hashOf = (code: string) => createHash('sha256').update(code.replace(/\s/g, '')).digest('base64url');

/**
 * One-time codes for staff (decision 0051): a code emailed to the account, or printed on the
 * server by `npm run staff:sign-in-code` when the server sends no mail, and the alert to the
 * Owners when an account starts being guessed at.
 */
export type OneTimeCodes = {
  /** How a person gets a code on this server. */
  channel: 'email' | 'command';
  /** Emails the account a new code (at most one a minute); false when it cannot (no mail, or no address). */
  send(account: StaffAccount, purpose: OneTimeCodePurpose, now: Date): Promise<boolean>;
  /** A new code for the account, to be shown to whoever runs the command. */
  issue(accountId: number, now: Date): Promise<string>;
  /** Uses the account's code up when `code` is it and it still works. */
  use(accountId: number, code: string, now: Date): Promise<boolean>;
  /** Tells each Owner, once, that `account` is being guessed at. */
  alertOwners(account: StaffAccount, failures: number, now: Date): Promise<void>;
};

export function createOneTimeCodes(
  config: Config,
  repository: StaffRepository,
  kickOutbox: () => void = () => {},
): OneTimeCodes {
  const { smtpUrl, notifyEmail, off } = config.mail;
  const mailOn = Boolean(smtpUrl && notifyEmail && !off);
  /** Where a person's staff mail goes: their address; the first Owner's, who may have none, to the office's. */
  const addressOf = (account: StaffAccount) => account.email ?? (account.fromEnvironment ? notifyEmail : undefined);
  const expiry = (now: Date) => new Date(now.getTime() + oneTimeCodeMinutes * minute).toISOString();

  return {
    channel: mailOn ? 'email' : 'command',

    async send(account, purpose, now) {
      const to = addressOf(account);
      if (!mailOn || !to || !notifyEmail) return false;
      const madeAt = await repository.liveOneTimeCodeMadeAt(account.id, now.toISOString());
      if (madeAt !== undefined && now.getTime() - Date.parse(madeAt) < resendAfterMs) return true;
      const code = newCode();
      const message = oneTimeCodeMessage({ to, name: account.name, purpose, replyTo: notifyEmail });
      await repository.saveOneTimeCode({
        accountId: account.id,
        codeHash: hashOf(code),
        at: now.toISOString(),
        expiresAt: expiry(now),
        mail: { message, code: shown(code) },
      });
      kickOutbox();
      return true;
    },

    async issue(accountId, now) {
      const code = newCode();
      await repository.saveOneTimeCode({
        accountId,
        codeHash: hashOf(code),
        at: now.toISOString(),
        expiresAt: expiry(now),
      });
      return shown(code);
    },

    use: (accountId, code, now) => repository.useOneTimeCode(accountId, hashOf(code), now.toISOString()),

    async alertOwners(account, failures, now) {
      if (!mailOn || !notifyEmail) return;
      const name = account.email
        ? `${account.name} (${account.email})`
        : 'of the first Owner (the school’s main staff password)';
      const owners = (await repository.listStaffAccounts()).filter(
        (owner) => owner.role === 'owner' && owner.disabledAt === null,
      );
      const sent = new Set<string>();
      for (const owner of owners) {
        const to = addressOf(owner);
        if (!to || sent.has(to)) continue;
        sent.add(to);
        const message = guessingAlertMessage({
          to,
          ownerName: owner.name,
          account: name,
          failures,
          replyTo: notifyEmail,
        });
        await repository.queueStaffLinkMail({
          accountId: owner.id,
          message,
          link: null,
          at: now.toISOString(),
          kind: 'guessing-alert',
        });
      }
      kickOutbox();
    },
  };
}
