import { TRPCError } from '@trpc/server';
import { erasureRequestSchema, personLookupSchema } from '../../shared/dashboard';
import { erasePerson, exportPerson } from '../privacy/personalData';
import { findPersonEnquiries } from '../storage/personalData';
import { router, staffProcedure } from '../trpc';

/**
 * Parents' data (issue 10, section 3): the retention purge as the dashboard shows it, and a
 * person's requests for access and erasure. Every procedure needs a staff session; the
 * Owner-only restriction of erasure and access comes with staff roles.
 */
export const privacyRouter = router({
  /** When the daily purge next runs and how many rows it will take then. */
  retention: staffProcedure.query(({ ctx }) => ctx.services.retention.status()),

  /** Every enquiry of one email address or phone number, both kinds and the Spam folder, newest first. */
  findPerson: staffProcedure.input(personLookupSchema).query(({ ctx, input }) => findPersonEnquiries(ctx.services.storage.db, input)),

  /**
   * Erases the enquiries the staff member saw for this person (rows, emails, history), leaving a
   * tombstone for each; CONFLICT when the search now finds others, and then nothing is erased.
   */
  erasePerson: staffProcedure.input(erasureRequestSchema).mutation(async ({ ctx, input }) => {
    const result = await erasePerson(ctx.services, input, { sessionId: ctx.session.sessionId, ip: ctx.clientIp });
    if (!result) {
      throw new TRPCError({
        code: 'CONFLICT',
        message: 'The enquiries of this person changed since you searched (one arrived, or was erased). Nothing was erased: search again and check them.',
      });
    }
    return result;
  }),

  /** Everything held about the person (GET /api/admin/export/person.json serves it as a file). */
  exportPerson: staffProcedure.input(personLookupSchema).query(({ ctx, input }) => exportPerson(ctx.services, input, { ip: ctx.clientIp })),
});
