import { stageMoveSchema } from '#shared/admissions/stages.ts';
import { stageBoardQuerySchema } from '#shared/admissions/board.ts';
import { enquiryProcedure, router } from '#server/trpc.ts';

/** The admissions pipeline (issue 24): Owner and Office move admission enquiries between stages and see them by stage. */
export const admissionsRouter = router({
  /** Moves an enquiry to a stage (a closing one needs a reason); answers the enquiry as the lists read it. */
  moveStage: enquiryProcedure
    .input(stageMoveSchema)
    .mutation(({ ctx, input }) => ctx.services.admissions.moveStage(ctx.scope, input)),

  /** The Admission Form tab by stage: each stage's count and newest cards, with the list's filters. */
  board: enquiryProcedure.input(stageBoardQuerySchema).query(({ ctx, input }) => ctx.services.admissions.board(input)),
});
