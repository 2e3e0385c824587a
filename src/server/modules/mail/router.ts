import { z } from 'zod';
import { enquiryProcedure, router } from '#server/trpc.ts';

/** Emails the SMTP server refused for good, for staff to see and send again; every procedure needs a staff session. */
export const mailRouter = router({
  /** Whether mail goes out (and if not, since when and why) and what waits; null when mail is off. */
  status: enquiryProcedure.query(async ({ ctx }) => (await ctx.services.mail.status(ctx.scope.at)) ?? null),

  /** The newest mails the worker gave up on (at most 50), and how many in all. */
  undelivered: enquiryProcedure.query(({ ctx }) => ctx.services.mail.undelivered(ctx.scope)),

  /** Puts a given-up mail back in the queue and sends it now (after the address or the relay was fixed); never a visit's email once its visit has begun. */
  retry: enquiryProcedure
    .input(z.object({ id: z.number().int().positive() }))
    .mutation(({ ctx, input }) => ctx.services.mail.retry(ctx.scope, input.id)),

  /** Puts every given-up mail that may be sent again back in the queue: after the relay was fixed, the list may be longer than it shows. */
  retryAll: enquiryProcedure.mutation(({ ctx }) => ctx.services.mail.retryAll(ctx.scope)),
});
