import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import {
  slotFromInput,
  slotsOfPattern,
  visitPatternSchema,
  visitPatternSchemaAt,
  visitSlotSchema,
  visitSlotSchemaAt,
} from '../../shared/admissions/visits';
import { schoolInstant } from '../../shared/schoolTimes';
import { recordAudit } from '../audit/recordAudit';
import { schoolToday } from '../../shared/time';
import { comingVisitDays, fillAlertsFrom, publishSlots, visitsBetween, withdrawSlot } from '../storage/visits';
import { enquiryProcedure, router } from '../trpc';

const DAY_MS = 86_400_000;

/** Checks `input` again with the schema that knows the time (the form's own): a slot that has begun is refused field by field. */
function refusePassed<T>(schema: z.ZodType<T>, input: T): T {
  const checked = schema.safeParse(input);
  if (!checked.success)
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: checked.error.issues[0]?.message ?? 'Please check the visit time.',
      cause: checked.error,
    });
  return checked.data;
}
const dayInput = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please give the date as YYYY-MM-DD.') });

export const visitMessages = {
  withdrawRefused: 'This slot has families booked: call them and move or cancel their visits first.',
} as const;

/** The office's side of school visits (issue 24 §2): publish slots, see the coming days and a day's visits, withdraw an empty slot. Owner and Office. */
export const visitsRouter = router({
  /** A day's slots (YYYY-MM-DD at the school) with each family booked: parent, child, age (from the birth date), program. */
  day: enquiryProcedure.input(dayInput).query(({ ctx, input }) => {
    const from = schoolInstant(input.day, '00:00');
    return visitsBetween(ctx.services.storage.db, from.toISOString(), new Date(from.getTime() + DAY_MS).toISOString());
  }),

  /** The overview: each of the coming days (today at the school and the 13 after it) with an open slot, with its slots, places and families booked. */
  coming: enquiryProcedure.query(({ ctx }) =>
    comingVisitDays(ctx.services.storage.db, schoolToday(ctx.services.now())),
  ),

  /** The days whose places filled fast (half or more within an hour), from today on: the office was emailed once for each. */
  fillAlerts: enquiryProcedure.query(({ ctx }) =>
    fillAlertsFrom(ctx.services.storage.db, schoolToday(ctx.services.now())),
  ),

  /**
   * Cancels every visit still to come booked from one connection (a day list shows each family's),
   * to undo an abuse in one step. Each family is emailed its cancellation, as when it cancels:
   * one connection can be a shared one (a carrier's, an office's), and a real family must know.
   */
  cancelSource: enquiryProcedure
    .input(z.object({ source: z.string().trim().min(1).max(64) }))
    .mutation(async ({ ctx, input }) => {
      const when = {
        changedAt: ctx.services.now().toISOString(),
        sessionId: ctx.session.sessionId,
        accountId: ctx.session.account.id,
      };
      const enquiries = await ctx.services.visits.cancelSource(input.source, when);
      await recordAudit(ctx, 'visit-source-cancelled', {
        source: input.source,
        cancelled: enquiries.length,
        enquiries: enquiries.join(', '),
      });
      return { cancelled: enquiries.length };
    }),

  publishSlot: enquiryProcedure.input(visitSlotSchema).mutation(async ({ ctx, input }) => {
    const slot = refusePassed(visitSlotSchemaAt(ctx.services.now()), input);
    const added = await publishSlots(ctx.services.storage.db, [slotFromInput(slot)], {
      createdAt: ctx.services.now().toISOString(),
      accountId: ctx.session.account.id,
    });
    await recordAudit(ctx, 'visit-slots-published', { slots: added });
    return { added };
  }),

  publishPattern: enquiryProcedure.input(visitPatternSchema).mutation(async ({ ctx, input }) => {
    const pattern = refusePassed(visitPatternSchemaAt(ctx.services.now()), input);
    const added = await publishSlots(ctx.services.storage.db, slotsOfPattern(pattern), {
      createdAt: ctx.services.now().toISOString(),
      accountId: ctx.session.account.id,
    });
    await recordAudit(ctx, 'visit-slots-published', { slots: added });
    return { added };
  }),

  withdrawSlot: enquiryProcedure
    .input(z.object({ id: z.number().int().positive() }))
    .mutation(async ({ ctx, input }) => {
      if (!(await withdrawSlot(ctx.services.storage.db, input.id, ctx.services.now().toISOString())))
        throw new TRPCError({ code: 'CONFLICT', message: visitMessages.withdrawRefused });
      await recordAudit(ctx, 'visit-slot-withdrawn', { id: input.id });
      return { withdrawn: true };
    }),
});
