import { admissionRefSchema, followUpChangeSchema } from '#shared/admissions/followUpRequests.ts';
import { enquiryProcedure, router } from '#server/trpc.ts';

/** Follow-ups of admission enquiries (issue 24, decision 0039): Owner and Office; an Editor sees none of it. */
export const followUpsRouter = router({
  /** An enquiry's stage and follow-up date, the date the rule would suggest today for its stage, and the school's name for the WhatsApp message. */
  card: enquiryProcedure
    .input(admissionRefSchema)
    .query(({ ctx, input }) => ctx.services.followUps.card(ctx.scope, input.id)),

  /** Sets or clears (null) the follow-up date (an enrolled child gets none); the enquiry's history and the audit trail record it. */
  set: enquiryProcedure
    .input(followUpChangeSchema)
    .mutation(({ ctx, input }) => ctx.services.followUps.set(ctx.scope, input)),

  /** "Due today": follow-ups on or before today at the school, overdue first. */
  due: enquiryProcedure.query(({ ctx }) => ctx.services.followUps.due(ctx.scope)),

  /** How many are due, for the menu. */
  dueCount: enquiryProcedure.query(({ ctx }) => ctx.services.followUps.dueCount(ctx.scope)),
});
