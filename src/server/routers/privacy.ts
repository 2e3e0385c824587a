import { router, staffProcedure } from '../trpc';

/**
 * Parents' data (issue 10, section 3): the retention purge as the dashboard shows it. Every
 * procedure needs a staff session; the Owner-only restriction comes with staff roles.
 */
export const privacyRouter = router({
  /** When the daily purge next runs and how many rows it will take then. */
  retention: staffProcedure.query(({ ctx }) => ctx.services.retention.status()),
});
