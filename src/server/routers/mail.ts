import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { invitationStart } from '#server/mail/readInvitation.ts';
import { listUndeliveredMail, retryAllUndeliveredMail, retryUndeliveredMail } from '#server/storage/mailFailures.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import { mailStatus } from '#server/mail/mailStatus.ts';
import { enquiryProcedure, router } from '#server/trpc.ts';

/** Emails the SMTP server refused for good, for staff to see and send again; every procedure needs a staff session. */
export const mailRouter = router({
  /** Whether mail goes out (and if not, since when and why) and what waits; null when mail is off. */
  status: enquiryProcedure.query(async ({ ctx }) => (await mailStatus(ctx.services)) ?? null),

  /** The newest mails the worker gave up on (at most 50), and how many in all. */
  undelivered: enquiryProcedure.query(({ ctx }) =>
    listUndeliveredMail(ctx.services.storage.db, ctx.services.now().toISOString(), invitationStart),
  ),

  /** Puts a given-up mail back in the queue and sends it now (after the address or the relay was fixed); never a visit's email once its visit has begun. */
  retry: enquiryProcedure.input(z.object({ id: z.number().int().positive() })).mutation(async ({ ctx, input }) => {
    const { storage, mailOutbox, now, log } = ctx.services;
    const outcome = await retryUndeliveredMail(storage.db, input.id, now().toISOString(), invitationStart);
    if (outcome === 'visit-over')
      throw new TRPCError({
        code: 'CONFLICT',
        message: 'This email is about a visit that has begun or passed, so it is not sent again.',
      });
    if (outcome === 'visit-changed')
      throw new TRPCError({
        code: 'CONFLICT',
        message: 'This reminder is about a visit moved or cancelled since, so it is not sent again.',
      });
    if (outcome === 'not-given-up')
      throw new TRPCError({ code: 'NOT_FOUND', message: 'This email is not waiting to be sent again.' });
    log.info('Staff asked to send an email again', { audit: 'mail-retry', ip: ctx.clientIp, outboxId: input.id });
    await recordAudit(ctx, 'mail-retry', { outboxId: input.id });
    mailOutbox?.kick();
    return { message: 'The email will be sent again.' };
  }),

  /** Puts every given-up mail that may be sent again back in the queue: after the relay was fixed, the list may be longer than it shows. */
  retryAll: enquiryProcedure.mutation(async ({ ctx }) => {
    const { storage, mailOutbox, now, log } = ctx.services;
    const emails = await retryAllUndeliveredMail(storage.db, now().toISOString(), invitationStart);
    if (emails === 0) throw new TRPCError({ code: 'NOT_FOUND', message: 'No email is waiting to be sent again.' });
    log.info('Staff asked to send every undelivered email again', {
      audit: 'mail-retry-all',
      ip: ctx.clientIp,
      emails,
    });
    await recordAudit(ctx, 'mail-retry-all', { emails });
    mailOutbox?.kick();
    return { message: emails === 1 ? 'The email will be sent again.' : `All ${emails} emails will be sent again.` };
  }),
});
