import { changePasswordSchema } from '#shared/staff/accounts.ts';
import { z } from '#shared/zod.ts';
import { changeOwnPassword, endOwnSession, ownSessions } from './service';
import { router, staffProcedure } from '#server/trpc.ts';

/** What every signed-in person may do with their own account, whatever their role. */
export const accountRouter = router({
  /** Where this account is signed in now: this browser and any other, with when and from where. */
  sessions: staffProcedure.query(({ ctx }) => ownSessions(ctx)),

  /** Ends one of the account's other sessions (a browser left signed in elsewhere). */
  endSession: staffProcedure
    .input(z.object({ ref: z.string().min(1).max(64) }))
    .mutation(({ ctx, input }) => endOwnSession(ctx, input.ref)),

  /** A new password, given with the current one; this session stays signed in, the account's other sessions end. */
  changePassword: staffProcedure
    .input(changePasswordSchema)
    .mutation(({ ctx, input }) => changeOwnPassword(ctx, input)),
});
