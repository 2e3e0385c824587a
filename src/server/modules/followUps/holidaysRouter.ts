import { TRPCError } from '@trpc/server';
import { holidayDaySchema, holidayMessages, schoolHolidaySchema } from '#shared/admissions/holidays.ts';
import { schoolToday } from '#shared/time.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import { addHoliday, holidaysFrom, removeHoliday } from './holidaysRepository';
import { enquiryProcedure, router } from '#server/trpc.ts';

/**
 * The school's holidays, which the follow-up rule skips (decision 0039): the office keeps the list
 * itself, Owner and Office; an Editor sees none of it. Each change goes into the audit trail.
 */
export const holidaysRouter = router({
  /** The coming holidays: today's at the school and after, in date order. */
  list: enquiryProcedure.query(({ ctx }) => holidaysFrom(ctx.services.storage.db, schoolToday(ctx.services.now()))),

  /** Adds a coming holiday; a day already listed is refused, naming the holiday on it. */
  add: enquiryProcedure.input(schoolHolidaySchema).mutation(async ({ ctx, input }) => {
    if (input.day < schoolToday(ctx.services.now()))
      throw new TRPCError({ code: 'BAD_REQUEST', message: holidayMessages.passed });
    const result = await addHoliday(ctx.services.storage.db, input);
    if ('taken' in result) throw new TRPCError({ code: 'CONFLICT', message: holidayMessages.taken(result.taken) });
    await recordAudit(ctx, 'holiday-added', result.added);
    return result.added;
  }),

  remove: enquiryProcedure.input(holidayDaySchema).mutation(async ({ ctx, input }) => {
    const removed = await removeHoliday(ctx.services.storage.db, input.day);
    if (!removed) throw new TRPCError({ code: 'NOT_FOUND', message: holidayMessages.gone });
    await recordAudit(ctx, 'holiday-removed', removed);
    return removed;
  }),
});
