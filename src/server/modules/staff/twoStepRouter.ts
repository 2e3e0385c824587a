import { TRPCError } from '@trpc/server';
import {
  confirmTwoStepSchema,
  startTwoStepSchema,
  twoStepConfirmationSchema,
  type TwoStepStatus,
} from '#shared/staff/twoStep.ts';
import { findStaffAccount } from './service';
import { twoStepMessages } from '#shared/staff/twoStepMessages.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import { router, twoStepSetupProcedure, type Context } from '#server/trpc.ts';
import type { StaffSession } from './staffAuth';
import { tooManyAttemptsMessage } from '#shared/dashboard/staffAuth.ts';

/** The person proves it is them again (a current code or their password) before two-step login is turned off or new recovery codes are made. */
async function confirmIdentity(ctx: Context & { session: StaffSession }, confirmation: string): Promise<void> {
  const { staffAuth, now } = ctx.services;
  if (!(await staffAuth.twoStep.isOn(ctx.session.account.id)))
    throw new TRPCError({ code: 'BAD_REQUEST', message: twoStepMessages.notOn });
  const answer = await staffAuth.confirmIdentity({
    accountId: ctx.session.account.id,
    confirmation,
    clientIp: ctx.clientIp,
    now: now(),
  });
  if (answer === 'confirmed') return;
  if (answer === 'invalid') throw new TRPCError({ code: 'BAD_REQUEST', message: twoStepMessages.confirmationWrong });
  ctx.res.setHeader('Retry-After', String(answer.retryAfterSeconds));
  throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: tooManyAttemptsMessage(answer.retryAfterSeconds) });
}

/**
 * Each person's own two-step login (decision 0026), whatever their role. Open to a session the
 * Owner's requirement holds back, since setting it up is what that session is for.
 */
export const twoStepRouter = router({
  status: twoStepSetupProcedure.query(async ({ ctx }): Promise<TwoStepStatus> => {
    const { twoStep } = ctx.services.staffAuth;
    const accountId = ctx.session.account.id;
    return { ...(await twoStep.status(accountId)), ...(await twoStep.setupTime(accountId, ctx.services.now())) };
  }),

  /**
   * A new secret and its QR code; two-step login stays off until a code from the app confirms it.
   * Once the Owner's days to set it up are over, only a new link from the Owner opens it again.
   */
  start: twoStepSetupProcedure.input(startTwoStepSchema).mutation(async ({ ctx, input }) => {
    const setup = await ctx.services.staffAuth.twoStep.begin(ctx.session.account, ctx.services.now(), input?.code);
    if (setup === 'already-on') throw new TRPCError({ code: 'BAD_REQUEST', message: twoStepMessages.alreadyOn });
    if (setup === 'closed') throw new TRPCError({ code: 'FORBIDDEN', message: twoStepMessages.setupClosed });
    if (setup === 'wrong-code') throw new TRPCError({ code: 'BAD_REQUEST', message: twoStepMessages.setupCodeWrong });
    return setup;
  }),

  /** After the days to set it up with a password alone: a one-time code to the account's email (decision 0051), or which command prints one. */
  sendSetupCode: twoStepSetupProcedure.mutation(async ({ ctx }) => {
    const { staffAuth, now, storage } = ctx.services;
    const account = await findStaffAccount(storage.db, ctx.session.account.id);
    const sent = account !== undefined && (await staffAuth.oneTimeCodes.send(account, 'two-step-setup', now()));
    return { message: sent ? twoStepMessages.setupCodeSent : twoStepMessages.setupCodeByCommand };
  }),

  /** Switches it on with a current code; answers the recovery codes, which are shown this once and stored only hashed. */
  confirm: twoStepSetupProcedure.input(confirmTwoStepSchema).mutation(async ({ ctx, input }) => {
    const result = await ctx.services.staffAuth.twoStep.confirm(ctx.session.account.id, input.code, ctx.services.now());
    if (result.outcome === 'closed') throw new TRPCError({ code: 'FORBIDDEN', message: twoStepMessages.setupClosed });
    if (result.outcome !== 'on') {
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: result.outcome === 'no-setup' ? twoStepMessages.notStarted : twoStepMessages.setupInvalidCode,
      });
    }
    await recordAudit(ctx, 'two-step-on');
    return { message: 'Two-step login is on.', recoveryCodes: result.recoveryCodes };
  }),

  turnOff: twoStepSetupProcedure.input(twoStepConfirmationSchema).mutation(async ({ ctx, input }) => {
    await confirmIdentity(ctx, input.confirmation);
    await ctx.services.staffAuth.twoStep.turnOff(ctx.session.account.id, ctx.services.now());
    await recordAudit(ctx, 'two-step-off');
    return { message: 'Two-step login is off.' };
  }),

  /** New recovery codes; the earlier ones stop working. */
  newRecoveryCodes: twoStepSetupProcedure.input(twoStepConfirmationSchema).mutation(async ({ ctx, input }) => {
    await confirmIdentity(ctx, input.confirmation);
    const recoveryCodes = await ctx.services.staffAuth.twoStep.newRecoveryCodes(
      ctx.session.account.id,
      ctx.services.now(),
    );
    await recordAudit(ctx, 'recovery-codes-new');
    return { message: 'New recovery codes are ready; the earlier ones no longer work.', recoveryCodes };
  }),
});
