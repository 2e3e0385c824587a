import { TRPCError } from '@trpc/server';
import {
  csvFileName,
  csvHeader,
  csvRecordMaker,
  notSpamSchema,
  spamListQuerySchema,
  enquiryExportQuerySchema,
  enquiryListQuerySchema,
  enquiryRefSchema,
  enquiryUpdateSchema,
  type EnquiryKind,
  snapshotRow,
  type EnquiryUpdate,
  type SubmissionsSnapshot,
} from '../../shared/dashboard';
import type { EnquiryOf } from '../../shared/enquiries/enquiry';
import { allEnquiries, countEnquiries, findEnquiry, iterateEnquiryBatches, listEnquiries } from '../storage/enquiryQueries';
import { enquiryHistory, updateEnquiry } from '../storage/enquiryWork';
import { router, staffProcedure, type Context } from '../trpc';

async function applyUpdate(ctx: Context & { session: { sessionId: string } }, update: EnquiryUpdate) {
  const row = await updateEnquiry(ctx.services.storage.db, update, {
    changedAt: ctx.services.now().toISOString(),
    sessionId: ctx.session.sessionId,
  });
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: 'Enquiry not found' });
  return row;
}

/** CSV records of every row matching the filters, newest first, a batch at a time as they are read. */
async function* csvRecordBatches<K extends EnquiryKind>(kind: K, batches: AsyncIterable<EnquiryOf<K>[]>, now: Date): AsyncGenerator<string[][]> {
  const toRecord = csvRecordMaker(kind, now);
  for await (const batch of batches) yield batch.map(toRecord);
}

/** The office's workbench: every procedure requires a live staff session. */
export const dashboardRouter = router({
  /** One page of a tab, filtered, newest first. */
  list: staffProcedure.input(enquiryListQuerySchema).query(({ ctx, input }) => listEnquiries(ctx.services.storage.db, input)),

  /** Rows and unread rows of each kind, and the enquiries in the Spam folder (tab badges, unread count). */
  counts: staffProcedure.query(({ ctx }) => countEnquiries(ctx.services.storage.db)),

  /** Changes status, remarks and/or the read flag; choosing "responded" also marks the row read. */
  update: staffProcedure.input(enquiryUpdateSchema).mutation(({ ctx, input }) => applyUpdate(ctx, input)),

  /** docs/spec.md §4: sets isRead true and status responded. */
  markResponded: staffProcedure
    .input(enquiryRefSchema)
    .mutation(({ ctx, input }) => applyUpdate(ctx, { ...input, status: 'responded', isRead: true })),

  /** Opening a row marks it read. */
  markRead: staffProcedure.input(enquiryRefSchema).mutation(({ ctx, input }) => applyUpdate(ctx, { ...input, isRead: true })),

  /** A row's recorded changes, oldest first. */
  history: staffProcedure.input(enquiryRefSchema).query(async ({ ctx, input }) => {
    if (!(await findEnquiry(ctx.services.storage.db, input.kind, input.id))) {
      throw new TRPCError({ code: 'NOT_FOUND', message: 'Enquiry not found' });
    }
    return enquiryHistory(ctx.services.storage.db, input);
  }),

  /** One page of the Spam folder, both kinds together, newest first, each with why it is there. */
  spam: staffProcedure.input(spamListQuerySchema).query(({ ctx, input }) => ctx.services.spamFolder.list(input)),

  /** "Not spam": moves the enquiry to its list and queues its emails (the office's and the parent's) now. */
  notSpam: staffProcedure.input(notSpamSchema).mutation(async ({ ctx, input }) => {
    const released = await ctx.services.spamFolder.release(input, { ip: ctx.clientIp });
    if (!released) throw new TRPCError({ code: 'NOT_FOUND', message: 'This enquiry is no longer in the Spam folder.' });
    return released;
  }),

  /** Every row of both kinds outside the Spam folder (GET /api/admin/submissions, docs/spec.md §7). */
  snapshot: staffProcedure.query(async ({ ctx }): Promise<SubmissionsSnapshot> => {
    const { contact, admission } = await allEnquiries(ctx.services.storage.db);
    return { contactSubmissions: contact.map(snapshotRow.contact), admissionSubmissions: admission.map(snapshotRow.admission) };
  }),

  /**
   * The CSV export of a tab with its filters: the file name, the header and the records as an
   * async iterable of batches read from the database. GET /api/admin/export/:kind.csv writes
   * them through csv-stringify; over tRPC it needs a streaming link (httpBatchStreamLink).
   */
  export: staffProcedure.input(enquiryExportQuerySchema).query(({ ctx, input }) => {
    const now = ctx.services.now();
    const { kind, ...filters } = input;
    // The search text may be a family's name: the log says only that there was one.
    const { search, ...narrowedBy } = filters;
    ctx.services.log.info('Staff exported enquiries', { audit: 'export', ip: ctx.clientIp, kind, ...narrowedBy, searched: search !== undefined });
    return {
      filename: csvFileName(kind, now),
      header: csvHeader(kind),
      recordBatches: csvRecordBatches(kind, iterateEnquiryBatches(ctx.services.storage.db, kind, filters), now),
    };
  }),
});
