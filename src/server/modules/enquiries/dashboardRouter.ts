import {
  notSpamSchema,
  spamListQuerySchema,
  enquiryExportQuerySchema,
  enquiryListQuerySchema,
  enquiryRefSchema,
  enquiryUpdateSchema,
} from '#shared/dashboard/index.ts';
import { enquiryProcedure, router } from '#server/trpc.ts';

/** The office's workbench: every procedure requires a live staff session. */
export const dashboardRouter = router({
  /** One page of a tab, filtered, newest first. */
  list: enquiryProcedure.input(enquiryListQuerySchema).query(({ ctx, input }) => ctx.services.workbench.list(input)),

  /** Rows and unread rows of each kind, and the enquiries in the Spam folder (tab badges, unread count). */
  counts: enquiryProcedure.query(({ ctx }) => ctx.services.workbench.counts()),

  /** Changes status, remarks and/or the read flag; choosing "responded" also marks the row read. */
  update: enquiryProcedure
    .input(enquiryUpdateSchema)
    .mutation(({ ctx, input }) => ctx.services.workbench.update(ctx.scope, input)),

  /** docs/spec.md §4: sets isRead true and status responded. */
  markResponded: enquiryProcedure
    .input(enquiryRefSchema)
    .mutation(({ ctx, input }) =>
      ctx.services.workbench.update(ctx.scope, { ...input, status: 'responded', isRead: true }),
    ),

  /** Opening a row marks it read. */
  markRead: enquiryProcedure
    .input(enquiryRefSchema)
    .mutation(({ ctx, input }) => ctx.services.workbench.update(ctx.scope, { ...input, isRead: true })),

  /** A row's recorded changes, oldest first. */
  history: enquiryProcedure
    .input(enquiryRefSchema)
    .query(({ ctx, input }) => ctx.services.workbench.history(ctx.scope, input)),

  /** One page of the Spam folder, both kinds together, newest first, each with why it is there. */
  spam: enquiryProcedure.input(spamListQuerySchema).query(({ ctx, input }) => ctx.services.spamFolder.list(input)),

  /** "Not spam": moves the enquiry to its list and queues its emails (the office's and the parent's) now. */
  notSpam: enquiryProcedure
    .input(notSpamSchema)
    .mutation(({ ctx, input }) => ctx.services.workbench.notSpam(ctx.scope, input)),

  /** Every row of both kinds outside the Spam folder (GET /api/admin/submissions, docs/spec.md §7). */
  snapshot: enquiryProcedure.query(({ ctx }) => ctx.services.workbench.snapshot(ctx.scope)),

  /**
   * The CSV export of a tab with its filters: the file name, the header and the records as an
   * async iterable of batches read from the database. GET /api/admin/export/:kind.csv writes
   * them through csv-stringify; over tRPC it needs a streaming link (httpBatchStreamLink).
   */
  export: enquiryProcedure
    .input(enquiryExportQuerySchema)
    .query(({ ctx, input }) => ctx.services.workbench.export(ctx.scope, input)),
});
