import { TRPCError } from '@trpc/server';
import {
  erasureRequestSchema,
  personExportSchema,
  personLookupMessages,
  personLookupSchema,
} from '#shared/dashboard/index.ts';
import { enquiryProcedure, router, staffProcedureWith } from '#server/trpc.ts';

/** Finding, downloading and erasing one person's data is the Owner's (issue 10). */
const personalDataProcedure = staffProcedureWith('personalData');

/**
 * Parents' data (issue 10, section 3): the retention purge as the dashboard shows it (to everyone
 * who works the enquiries), and a person's requests for access and erasure.
 */
export const privacyRouter = router({
  /** When the daily purge next runs and how many rows it will take then. */
  retention: enquiryProcedure.query(({ ctx }) => ctx.services.retention.status()),

  /**
   * Every enquiry of one email address or phone number, both kinds and the Spam folder, newest
   * first, and the Parents' Corner families a parent of which has it.
   */
  findPerson: personalDataProcedure
    .input(personLookupSchema)
    .query(({ ctx, input }) => ctx.services.privacy.findPerson(ctx.scope, input)),

  /**
   * Erases the enquiries the staff member ticked of those they saw for this person (rows, emails,
   * history), leaving a tombstone for each, and the Parents' Corner families ticked; CONFLICT when
   * the search now finds others than they saw, and then nothing is erased.
   */
  erasePerson: personalDataProcedure.input(erasureRequestSchema).mutation(async ({ ctx, input }) => {
    const result = await ctx.services.privacy.erasePerson(ctx.scope, input);
    if (!result) {
      throw new TRPCError({
        code: 'CONFLICT',
        message:
          'The enquiries of this person changed since you searched (one arrived, or was erased). Nothing was erased: search again and check them.',
      });
    }
    return result;
  }),

  /**
   * Everything held about the person in the enquiries ticked (GET /api/admin/export/person.json
   * serves it as a file, person.html as a page to print); BAD_REQUEST when the search does not find one of them.
   */
  exportPerson: personalDataProcedure.input(personExportSchema).query(async ({ ctx, input }) => {
    const data = await ctx.services.privacy.exportPerson(ctx.scope, input);
    if (!data) throw new TRPCError({ code: 'BAD_REQUEST', message: personLookupMessages.notFound });
    return data;
  }),
});
