import { reportQuerySchema } from '#shared/admissions/report.ts';
import { enquiryProcedure, router } from '#server/trpc.ts';

/** The head of school's picture of admissions (issue 24 §3): figures only, no family's data. */
export const reportRouter = router({
  /** The figures per month for the range asked, by default the last 12 months at the school (GET /api/admin/report.csv too). */
  admissions: enquiryProcedure
    .input(reportQuerySchema)
    .query(({ ctx, input }) => ctx.services.admissions.report(ctx.scope, input)),
});
