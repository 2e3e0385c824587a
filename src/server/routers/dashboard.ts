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
} from '#shared/dashboard/index.ts';
import type { EnquiryOf } from '#shared/enquiries/enquiry.ts';
import {
  allEnquiries,
  countEnquiries,
  findEnquiry,
  iterateEnquiryBatches,
  listEnquiries,
} from '#server/storage/enquiryQueries.ts';
import { enquiryHistory, updateEnquiry } from '#server/storage/enquiryWork.ts';
import type { StaffSession } from '#server/modules/staff/service.ts';
import { recordAudit } from '#server/audit/recordAudit.ts';
import { enquiryProcedure, router, type Context } from '#server/trpc.ts';

async function applyUpdate(ctx: Context & { session: StaffSession }, update: EnquiryUpdate) {
  const result = await updateEnquiry(ctx.services.storage.db, update, {
    changedAt: ctx.services.now().toISOString(),
    sessionId: ctx.session.sessionId,
    accountId: ctx.session.account.id,
  });
  if (!result) throw new TRPCError({ code: 'NOT_FOUND', message: 'Enquiry not found' });
  const ref = { kind: update.kind, id: update.id };
  for (const change of result.changes) {
    // Remarks may quote a parent: the trail says that they changed, not what they say.
    if (change.field === 'status')
      await recordAudit(ctx, 'status-change', { ...ref, from: change.oldValue, to: change.newValue });
    if (change.field === 'remarks') await recordAudit(ctx, 'remarks-change', ref);
  }
  return result.enquiry;
}

/** CSV records of every row matching the filters, newest first, a batch at a time as they are read. */
async function* csvRecordBatches<K extends EnquiryKind>(
  kind: K,
  batches: AsyncIterable<EnquiryOf<K>[]>,
  now: Date,
): AsyncGenerator<string[][]> {
  const toRecord = csvRecordMaker(kind, now);
  for await (const batch of batches) yield batch.map(toRecord);
}

/** The office's workbench: every procedure requires a live staff session. */
export const dashboardRouter = router({
  /** One page of a tab, filtered, newest first. */
  list: enquiryProcedure
    .input(enquiryListQuerySchema)
    .query(({ ctx, input }) => listEnquiries(ctx.services.storage.db, input)),

  /** Rows and unread rows of each kind, and the enquiries in the Spam folder (tab badges, unread count). */
  counts: enquiryProcedure.query(({ ctx }) => countEnquiries(ctx.services.storage.db)),

  /** Changes status, remarks and/or the read flag; choosing "responded" also marks the row read. */
  update: enquiryProcedure.input(enquiryUpdateSchema).mutation(({ ctx, input }) => applyUpdate(ctx, input)),

  /** docs/spec.md §4: sets isRead true and status responded. */
  markResponded: enquiryProcedure
    .input(enquiryRefSchema)
    .mutation(({ ctx, input }) => applyUpdate(ctx, { ...input, status: 'responded', isRead: true })),

  /** Opening a row marks it read. */
  markRead: enquiryProcedure
    .input(enquiryRefSchema)
    .mutation(({ ctx, input }) => applyUpdate(ctx, { ...input, isRead: true })),

  /** A row's recorded changes, oldest first. */
  history: enquiryProcedure.input(enquiryRefSchema).query(async ({ ctx, input }) => {
    if (!(await findEnquiry(ctx.services.storage.db, input.kind, input.id))) {
      throw new TRPCError({ code: 'NOT_FOUND', message: 'Enquiry not found' });
    }
    // The dashboard asks for the history when a row is opened: that is the enquiry being read whole.
    await recordAudit(ctx, 'enquiry-opened', { kind: input.kind, id: input.id });
    return enquiryHistory(ctx.services.storage.db, input);
  }),

  /** One page of the Spam folder, both kinds together, newest first, each with why it is there. */
  spam: enquiryProcedure.input(spamListQuerySchema).query(({ ctx, input }) => ctx.services.spamFolder.list(input)),

  /** "Not spam": moves the enquiry to its list and queues its emails (the office's and the parent's) now. */
  notSpam: enquiryProcedure.input(notSpamSchema).mutation(async ({ ctx, input }) => {
    const released = await ctx.services.spamFolder.release(input, { ip: ctx.clientIp });
    if (!released) throw new TRPCError({ code: 'NOT_FOUND', message: 'This enquiry is no longer in the Spam folder.' });
    await recordAudit(ctx, 'not-spam', { kind: input.kind, id: input.id });
    return released;
  }),

  /** Every row of both kinds outside the Spam folder (GET /api/admin/submissions, docs/spec.md §7). */
  snapshot: enquiryProcedure.query(async ({ ctx }): Promise<SubmissionsSnapshot> => {
    const { contact, admission } = await allEnquiries(ctx.services.storage.db);
    await recordAudit(ctx, 'export', { kind: 'all', rows: contact.length + admission.length });
    return {
      contactSubmissions: contact.map(snapshotRow.contact),
      admissionSubmissions: admission.map(snapshotRow.admission),
    };
  }),

  /**
   * The CSV export of a tab with its filters: the file name, the header and the records as an
   * async iterable of batches read from the database. GET /api/admin/export/:kind.csv writes
   * them through csv-stringify; over tRPC it needs a streaming link (httpBatchStreamLink).
   */
  export: enquiryProcedure.input(enquiryExportQuerySchema).query(async ({ ctx, input }) => {
    const now = ctx.services.now();
    const { kind, ...filters } = input;
    // The search text may be a family's name: the log and the trail say only that there was one.
    const { search, ...narrowedBy } = filters;
    ctx.services.log.info('Staff exported enquiries', {
      audit: 'export',
      ip: ctx.clientIp,
      kind,
      ...narrowedBy,
      searched: search !== undefined,
    });
    const { total: rows } = await listEnquiries(ctx.services.storage.db, { ...input, page: 1, pageSize: 1 });
    await recordAudit(ctx, 'export', { kind, ...narrowedBy, searched: search !== undefined, rows });
    return {
      filename: csvFileName(kind, now),
      header: csvHeader(kind),
      recordBatches: csvRecordBatches(kind, iterateEnquiryBatches(ctx.services.storage.db, kind, filters), now),
    };
  }),
});
