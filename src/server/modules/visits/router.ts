import { z } from 'zod';
import { visitPatternSchema, visitSlotSchema } from '#shared/admissions/visits.ts';
import { enquiryProcedure, router } from '#server/trpc.ts';

const dayInput = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please give the date as YYYY-MM-DD.') });

/** The office's side of school visits (issue 24 §2): publish slots, see the coming days and a day's visits, withdraw an empty slot. Owner and Office. */
export const visitsRouter = router({
  /** A day's slots (YYYY-MM-DD at the school) with each family booked: parent, child, age (from the birth date), program. */
  day: enquiryProcedure.input(dayInput).query(({ ctx, input }) => ctx.services.visits.day(input.day)),

  /** The overview: each of the coming days (today at the school and the 13 after it) with an open slot, with its slots, places and families booked. */
  coming: enquiryProcedure.query(({ ctx }) => ctx.services.visits.coming(ctx.scope)),

  /** The days whose places filled fast (half or more within an hour), from today on: the office was emailed once for each. */
  fillAlerts: enquiryProcedure.query(({ ctx }) => ctx.services.visits.fillAlerts(ctx.scope)),

  /**
   * Cancels every visit still to come booked from one connection (a day list shows each family's),
   * to undo an abuse in one step. Each family is emailed its cancellation, as when it cancels:
   * one connection can be a shared one (a carrier's, an office's), and a real family must know.
   */
  cancelSource: enquiryProcedure
    .input(z.object({ source: z.string().trim().min(1).max(64) }))
    .mutation(({ ctx, input }) => ctx.services.visits.cancelSource(ctx.scope, input.source)),

  publishSlot: enquiryProcedure
    .input(visitSlotSchema)
    .mutation(({ ctx, input }) => ctx.services.visits.publishSlot(ctx.scope, input)),

  publishPattern: enquiryProcedure
    .input(visitPatternSchema)
    .mutation(({ ctx, input }) => ctx.services.visits.publishPattern(ctx.scope, input)),

  withdrawSlot: enquiryProcedure
    .input(z.object({ id: z.number().int().positive() }))
    .mutation(({ ctx, input }) => ctx.services.visits.withdrawSlot(ctx.scope, input.id)),
});
