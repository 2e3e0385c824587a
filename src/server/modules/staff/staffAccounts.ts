import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import {
  staffAccountMessages,
  type newStaffAccountSchema,
  type staffAccountChangeSchema,
} from '#shared/staff/accounts.ts';
import type { twoStepRequirementSchema } from '#shared/staff/twoStep.ts';
import type { AuditWriter } from '#server/modules/audit/service.ts';
import type { SignedInAccount } from '#shared/dashboard/staffAuth.ts';
import type { StaffScope } from '#server/requestScope.ts';
import { type StaffAccount, type StaffLinkPurpose, type StaffRepository } from './repository';
import { readTwoStepRequirement, twoStepSetupDeadline } from './twoStep';

type StaffLink = { url: string; expiresAt: string; emailedTo: string | null };

/** What the staff page shows of an account: never its password hash. `twoStep`: whether it has two-step login on. */
const shown = (
  { id, email, name, role, disabledAt, createdAt, fromEnvironment, passwordHash }: StaffAccount,
  twoStep = false,
) => ({
  id,
  email,
  name,
  role,
  disabledAt,
  createdAt,
  fromEnvironment,
  /** False until the person has used their invitation link. */
  hasPassword: passwordHash !== null,
  twoStep,
});

/** The Owner's staff page (issue 10): the accounts, their links and roles, and the two-step requirement; each change goes into the audit trail. */
export function createStaffAccounts({
  repository,
  audit,
  makeLink,
  twoStepIsOn,
}: {
  repository: StaffRepository;
  audit: AuditWriter;
  /** A new single-use link for an account, emailed while mail is on (staffLinks.ts). */
  makeLink: (link: {
    account: StaffAccount;
    purpose: StaffLinkPurpose;
    madeBy: SignedInAccount;
    at: Date;
  }) => Promise<StaffLink>;
  twoStepIsOn: (accountId: number) => Promise<boolean>;
}) {
  /** An account the Owner may change: not their own (so an Owner always remains), not the first Owner's (the server sets it). */
  async function changeableAccount(accountId: number, ownerId: number): Promise<StaffAccount> {
    const account = await repository.findStaffAccount(accountId);
    if (!account) throw new TRPCError({ code: 'NOT_FOUND', message: staffAccountMessages.accountMissing });
    if (account.id === ownerId) throw new TRPCError({ code: 'BAD_REQUEST', message: staffAccountMessages.notYourself });
    if (account.fromEnvironment) throw new TRPCError({ code: 'BAD_REQUEST', message: staffAccountMessages.firstOwner });
    return account;
  }

  return {
    /**
     * Every account, active first, with whether it has two-step login on, where the email of its
     * latest link is, and, while the Owner requires two-step login, until when a person without it
     * may set it up from their own session (`twoStepSetupDeadline`; afterwards only with a new link).
     */
    async accounts() {
      const [accounts, withTwoStep, linkMail, requirement] = await Promise.all([
        repository.listStaffAccounts(),
        repository.accountsWithTwoStep(),
        repository.latestStaffLinkMail(),
        readTwoStepRequirement(repository),
      ]);
      return accounts.map((account) => {
        const twoStep = withTwoStep.has(account.id);
        const heldToTime = requirement && !twoStep && account.passwordHash !== null && account.disabledAt === null;
        return {
          ...shown(account, twoStep),
          twoStepSetupDeadline: heldToTime ? twoStepSetupDeadline(requirement, account).toISOString() : null,
          linkMail: linkMail.get(account.id) ?? null,
        };
      });
    },

    /** The staff side's settings (whether two-step login is required). */
    settings: () => repository.readStaffSettings(),

    /** Requires two-step login of everyone, or no longer, and sets the days each person has to set it up. */
    async setTwoStepRequired(scope: StaffScope, input: z.output<typeof twoStepRequirementSchema>) {
      const before = await repository.readStaffSettings();
      const changed = { at: scope.at.toISOString(), by: scope.asker.account.id };
      if (before.twoStepRequired !== input.required) {
        await repository.writeStaffSetting('twoStepRequired', input.required, changed);
        await audit(scope, 'setting-change', {
          setting: 'twoStepRequired',
          from: before.twoStepRequired,
          to: input.required,
        });
      }
      if (input.graceDays !== undefined && before.twoStepGraceDays !== input.graceDays) {
        await repository.writeStaffSetting('twoStepGraceDays', input.graceDays, changed);
        await audit(scope, 'setting-change', {
          setting: 'twoStepGraceDays',
          from: before.twoStepGraceDays,
          to: input.graceDays,
        });
      }
      return repository.readStaffSettings();
    },

    /** A new account without a password, and the single-use link (72 hours) by which its person chooses one. */
    async invite(scope: StaffScope, input: z.output<typeof newStaffAccountSchema>) {
      const account = await repository.createStaffAccount({
        ...input,
        passwordHash: null,
        createdAt: scope.at.toISOString(),
      });
      if (!account) throw new TRPCError({ code: 'CONFLICT', message: staffAccountMessages.emailTaken });
      const link = await makeLink({ account, purpose: 'invitation', madeBy: scope.asker.account, at: scope.at });
      await audit(scope, 'account-created', { accountId: account.id, role: account.role });
      await audit(scope, 'link-created', {
        accountId: account.id,
        purpose: 'invitation',
        emailed: link.emailedTo !== null,
      });
      return { account: shown(account), link };
    },

    /** A new link for someone who forgot their password (or lost their invitation); older links stop working. */
    async passwordLink(scope: StaffScope, accountId: number) {
      const account = await changeableAccount(accountId, scope.asker.account.id);
      const purpose = account.passwordHash === null ? 'invitation' : 'reset';
      const link = await makeLink({ account, purpose, madeBy: scope.asker.account, at: scope.at });
      await audit(scope, 'link-created', { accountId: account.id, purpose, emailed: link.emailedTo !== null });
      return { account: shown(account), link };
    },

    /** A new role, or disabled (its sessions end at once) or enabled again. */
    async update(scope: StaffScope, input: z.output<typeof staffAccountChangeSchema>) {
      const before = await changeableAccount(input.accountId, scope.asker.account.id);
      const after = await repository.updateStaffAccount(before.id, input, scope.at.toISOString());
      if (!after) throw new TRPCError({ code: 'NOT_FOUND', message: staffAccountMessages.accountMissing });
      if (after.role !== before.role)
        await audit(scope, 'role-change', { accountId: after.id, from: before.role, to: after.role });
      if ((after.disabledAt === null) !== (before.disabledAt === null)) {
        await audit(scope, after.disabledAt ? 'account-disabled' : 'account-enabled', { accountId: after.id });
      }
      return shown(after, await twoStepIsOn(after.id));
    },
  };
}

export type StaffAccounts = ReturnType<typeof createStaffAccounts>;
