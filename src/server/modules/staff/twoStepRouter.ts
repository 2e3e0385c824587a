import { confirmTwoStepSchema, startTwoStepSchema, twoStepConfirmationSchema } from '#shared/staff/twoStep.ts';
import {
  confirmTwoStep,
  newRecoveryCodes,
  sendSetupCode,
  startTwoStep,
  turnTwoStepOff,
  twoStepStatus,
} from './service';
import { router, twoStepSetupProcedure } from '#server/trpc.ts';

/**
 * Each person's own two-step login (decision 0026), whatever their role. Open to a session the
 * Owner's requirement holds back, since setting it up is what that session is for.
 */
export const twoStepRouter = router({
  status: twoStepSetupProcedure.query(({ ctx }) => twoStepStatus(ctx)),

  /** A new secret and its QR code; two-step login stays off until a code from the app confirms it. */
  start: twoStepSetupProcedure.input(startTwoStepSchema).mutation(({ ctx, input }) => startTwoStep(ctx, input?.code)),

  /** After the days to set it up with a password alone: a one-time code to the account's email, or which command prints one. */
  sendSetupCode: twoStepSetupProcedure.mutation(({ ctx }) => sendSetupCode(ctx)),

  /** Switches it on with a current code; answers the recovery codes, shown this once. */
  confirm: twoStepSetupProcedure
    .input(confirmTwoStepSchema)
    .mutation(({ ctx, input }) => confirmTwoStep(ctx, input.code)),

  /** Turns it off, once the person proves it is them again. */
  turnOff: twoStepSetupProcedure
    .input(twoStepConfirmationSchema)
    .mutation(({ ctx, input }) => turnTwoStepOff(ctx, input.confirmation)),

  /** New recovery codes; the earlier ones stop working. */
  newRecoveryCodes: twoStepSetupProcedure
    .input(twoStepConfirmationSchema)
    .mutation(({ ctx, input }) => newRecoveryCodes(ctx, input.confirmation)),
});
