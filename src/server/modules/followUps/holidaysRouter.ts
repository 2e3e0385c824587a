import { holidayDaySchema, schoolHolidaySchema } from '#shared/admissions/holidays.ts';
import { enquiryProcedure, router } from '#server/trpc.ts';

/**
 * The school's holidays, which the follow-up rule skips (decision 0039): the office keeps the list
 * itself, Owner and Office; an Editor sees none of it. Each change goes into the audit trail.
 */
export const holidaysRouter = router({
  /** The coming holidays: today's at the school and after, in date order. */
  list: enquiryProcedure.query(({ ctx }) => ctx.services.followUps.holidays(ctx.scope)),

  /** Adds a coming holiday; a day already listed is refused, naming the holiday on it. */
  add: enquiryProcedure
    .input(schoolHolidaySchema)
    .mutation(({ ctx, input }) => ctx.services.followUps.addHoliday(ctx.scope, input)),

  remove: enquiryProcedure
    .input(holidayDaySchema)
    .mutation(({ ctx, input }) => ctx.services.followUps.removeHoliday(ctx.scope, input.day)),
});
