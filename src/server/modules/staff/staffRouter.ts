import { auditListQuerySchema } from '#shared/staff/auditTrail.ts';
import { newStaffAccountSchema, staffAccountChangeSchema } from '#shared/staff/accounts.ts';
import { twoStepRequirementSchema } from '#shared/staff/twoStep.ts';
import { z } from '#shared/zod.ts';
import { auditPage } from '#server/modules/audit/service.ts';
import { router, staffProcedureWith } from '#server/trpc.ts';

/** Staff accounts and the activity log: the Owner's (issue 10). */
const staffAdminProcedure = staffProcedureWith('staff');

export const staffRouter = router({
  /** Every account, with its two-step login, the email of its latest link, and its time left to set two-step login up. */
  accounts: staffAdminProcedure.query(({ ctx }) => ctx.services.staffAccounts.accounts()),

  /** The staff side's settings (whether two-step login is required). */
  settings: staffAdminProcedure.query(({ ctx }) => ctx.services.staffAccounts.settings()),

  /** Requires two-step login of everyone, or no longer, and sets the days each person has to set it up; each change is in the audit trail. */
  setTwoStepRequired: staffAdminProcedure
    .input(twoStepRequirementSchema)
    .mutation(({ ctx, input }) => ctx.services.staffAccounts.setTwoStepRequired(ctx.scope, input)),

  /**
   * A new account without a password, and the single-use link (72 hours) by which its person
   * chooses one; emailed to them too when mail is on (`link.emailedTo`).
   */
  invite: staffAdminProcedure
    .input(newStaffAccountSchema)
    .mutation(({ ctx, input }) => ctx.services.staffAccounts.invite(ctx.scope, input)),

  /** A new link for someone who forgot their password (or lost their invitation); older links stop working. */
  passwordLink: staffAdminProcedure
    .input(z.object({ accountId: z.number().int().positive() }))
    .mutation(({ ctx, input }) => ctx.services.staffAccounts.passwordLink(ctx.scope, input.accountId)),

  /** A new role, or disabled (its sessions end at once) or enabled again. */
  update: staffAdminProcedure
    .input(staffAccountChangeSchema)
    .mutation(({ ctx, input }) => ctx.services.staffAccounts.update(ctx.scope, input)),

  /** One page of the audit trail, newest first, by person, action and date. Reading it is not itself recorded. */
  activity: staffAdminProcedure
    .input(auditListQuerySchema)
    .query(({ ctx, input }) => auditPage(ctx.services.storage, input)),
});
