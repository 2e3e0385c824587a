import { TRPCError } from '@trpc/server';
import { auditListQuerySchema } from '#shared/staff/auditTrail.ts';
import { newStaffAccountSchema, staffAccountChangeSchema, staffAccountMessages } from '#shared/staff/accounts.ts';
import { z } from '#shared/zod.ts';
import { auditPage, recordAudit } from '#server/modules/audit/service.ts';
import { readTwoStepRequirement, twoStepSetupDeadline } from './twoStep';
import { makeStaffLink } from './staffLinks';
import { twoStepRequirementSchema } from '#shared/staff/twoStep.ts';
import {
  accountsWithTwoStep,
  createStaffAccount,
  findStaffAccount,
  latestStaffLinkMail,
  listStaffAccounts,
  readStaffSettings,
  updateStaffAccount,
  writeStaffSetting,
  type StaffAccount,
} from './service';
import { router, staffProcedureWith } from '#server/trpc.ts';

/** Staff accounts and the activity log: the Owner's (issue 10). */
const staffAdminProcedure = staffProcedureWith('staff');

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

/** An account the Owner may change: not their own (so an Owner always remains), not the first Owner's (the server sets it). */
async function changeableAccount(
  db: Parameters<typeof findStaffAccount>[0],
  accountId: number,
  ownerId: number,
): Promise<StaffAccount> {
  const account = await findStaffAccount(db, accountId);
  if (!account) throw new TRPCError({ code: 'NOT_FOUND', message: staffAccountMessages.accountMissing });
  if (account.id === ownerId) throw new TRPCError({ code: 'BAD_REQUEST', message: staffAccountMessages.notYourself });
  if (account.fromEnvironment) throw new TRPCError({ code: 'BAD_REQUEST', message: staffAccountMessages.firstOwner });
  return account;
}

export const staffRouter = router({
  /**
   * Every account, active first, with whether it has two-step login on, where the email of its
   * latest link is, and, while the Owner requires two-step login, until when a person without it
   * may set it up from their own session (`twoStepSetupDeadline`; afterwards only with a new link).
   */
  accounts: staffAdminProcedure.query(async ({ ctx }) => {
    const { storage } = ctx.services;
    const [accounts, withTwoStep, linkMail, requirement] = await Promise.all([
      listStaffAccounts(storage.db),
      accountsWithTwoStep(storage.db),
      latestStaffLinkMail(storage.db),
      readTwoStepRequirement(storage),
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
  }),

  /** The staff side's settings (whether two-step login is required). */
  settings: staffAdminProcedure.query(({ ctx }) => readStaffSettings(ctx.services.storage.db)),

  /** Requires two-step login of everyone, or no longer, and sets the days each person has to set it up; each change is in the audit trail. */
  setTwoStepRequired: staffAdminProcedure.input(twoStepRequirementSchema).mutation(async ({ ctx, input }) => {
    const { db } = ctx.services.storage;
    const before = await readStaffSettings(db);
    const changed = { at: ctx.services.now().toISOString(), by: ctx.session.account.id };
    if (before.twoStepRequired !== input.required) {
      await writeStaffSetting(db, 'twoStepRequired', input.required, changed);
      await recordAudit(ctx, 'setting-change', {
        setting: 'twoStepRequired',
        from: before.twoStepRequired,
        to: input.required,
      });
    }
    if (input.graceDays !== undefined && before.twoStepGraceDays !== input.graceDays) {
      await writeStaffSetting(db, 'twoStepGraceDays', input.graceDays, changed);
      await recordAudit(ctx, 'setting-change', {
        setting: 'twoStepGraceDays',
        from: before.twoStepGraceDays,
        to: input.graceDays,
      });
    }
    return readStaffSettings(db);
  }),

  /**
   * A new account without a password, and the single-use link (72 hours) by which its person
   * chooses one; emailed to them too when mail is on (`link.emailedTo`).
   */
  invite: staffAdminProcedure.input(newStaffAccountSchema).mutation(async ({ ctx, input }) => {
    const account = await createStaffAccount(ctx.services.storage.db, {
      ...input,
      passwordHash: null,
      createdAt: ctx.services.now().toISOString(),
    });
    if (!account) throw new TRPCError({ code: 'CONFLICT', message: staffAccountMessages.emailTaken });
    const link = await makeStaffLink(ctx.services, { account, purpose: 'invitation', madeBy: ctx.session.account });
    await recordAudit(ctx, 'account-created', { accountId: account.id, role: account.role });
    await recordAudit(ctx, 'link-created', {
      accountId: account.id,
      purpose: 'invitation',
      emailed: link.emailedTo !== null,
    });
    return { account: shown(account), link };
  }),

  /** A new link for someone who forgot their password (or lost their invitation); older links stop working. */
  passwordLink: staffAdminProcedure
    .input(z.object({ accountId: z.number().int().positive() }))
    .mutation(async ({ ctx, input }) => {
      const account = await changeableAccount(ctx.services.storage.db, input.accountId, ctx.session.account.id);
      const purpose = account.passwordHash === null ? 'invitation' : 'reset';
      const link = await makeStaffLink(ctx.services, { account, purpose, madeBy: ctx.session.account });
      await recordAudit(ctx, 'link-created', { accountId: account.id, purpose, emailed: link.emailedTo !== null });
      return { account: shown(account), link };
    }),

  /** A new role, or disabled (its sessions end at once) or enabled again. */
  update: staffAdminProcedure.input(staffAccountChangeSchema).mutation(async ({ ctx, input }) => {
    const before = await changeableAccount(ctx.services.storage.db, input.accountId, ctx.session.account.id);
    const after = await updateStaffAccount(ctx.services.storage.db, before.id, input, ctx.services.now().toISOString());
    if (!after) throw new TRPCError({ code: 'NOT_FOUND', message: staffAccountMessages.accountMissing });
    if (after.role !== before.role)
      await recordAudit(ctx, 'role-change', { accountId: after.id, from: before.role, to: after.role });
    if ((after.disabledAt === null) !== (before.disabledAt === null)) {
      await recordAudit(ctx, after.disabledAt ? 'account-disabled' : 'account-enabled', { accountId: after.id });
    }
    return shown(after, await ctx.services.staffAuth.twoStep.isOn(after.id));
  }),

  /** One page of the audit trail, newest first, by person, action and date. Reading it is not itself recorded. */
  activity: staffAdminProcedure
    .input(auditListQuerySchema)
    .query(({ ctx, input }) => auditPage(ctx.services.storage, input)),
});
