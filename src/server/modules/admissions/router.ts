import { TRPCError } from '@trpc/server';
import { stageMoveSchema } from '#shared/admissions/stages.ts';
import { stageBoardQuerySchema } from '#shared/admissions/board.ts';
import { findEnquiry } from '#server/storage/enquiryQueries.ts';
import { moveStage } from '#server/storage/admissionPipeline.ts';
import { stageBoard } from './repository';
import { recordAudit } from '#server/modules/audit/service.ts';
import { enquiryProcedure, router } from '#server/trpc.ts';

/** The admissions pipeline (issue 24): Owner and Office move admission enquiries between stages and see them by stage. */
export const admissionsRouter = router({
  /** Moves an enquiry to a stage (a closing one needs a reason); answers the enquiry as the lists read it. */
  moveStage: enquiryProcedure.input(stageMoveSchema).mutation(async ({ ctx, input }) => {
    const { db } = ctx.services.storage;
    const when = {
      changedAt: ctx.services.now().toISOString(),
      sessionId: ctx.session.sessionId,
      accountId: ctx.session.account.id,
    };
    const moved = await moveStage(db, input, when);
    if (!moved) throw new TRPCError({ code: 'NOT_FOUND', message: 'Enquiry not found' });
    // After a visit the family is followed up the next working day (decision 0039).
    await ctx.services.followUps.afterMove(input.id, moved, when);
    const { before, after } = moved;
    if (before.stage !== after.stage || before.stageReason !== after.stageReason) {
      // A reason may quote a parent: the trail says only that there was one.
      await recordAudit(ctx, 'stage-change', {
        kind: 'admission',
        id: input.id,
        from: before.stage,
        to: after.stage,
        withReason: after.stageReason !== null,
      });
    }
    const enquiry = await findEnquiry(db, 'admission', input.id);
    if (!enquiry) throw new TRPCError({ code: 'NOT_FOUND', message: 'Enquiry not found' });
    return enquiry;
  }),

  /** The Admission Form tab by stage: each stage's count and newest cards, with the list's filters. */
  board: enquiryProcedure.input(stageBoardQuerySchema).query(({ ctx, input }) => {
    const { perStage, ...filters } = input;
    return stageBoard(ctx.services.storage.db, filters, perStage);
  }),
});
