import { TRPCError } from '@trpc/server';
import {
  csvFileName,
  csvHeader,
  csvRecordMaker,
  type EnquiryExportQuery,
  type EnquiryKind,
  type EnquiryListQuery,
  type EnquiryRef,
  snapshotRow,
  type EnquiryUpdate,
  type SubmissionsSnapshot,
} from '#shared/dashboard/index.ts';
import type { EnquiryOf } from '#shared/enquiries/enquiry.ts';
import type { Logger } from '#server/log.ts';
import type { AuditWriter } from '#server/modules/audit/service.ts';
import type { StaffScope } from '#server/requestScope.ts';
import type { SpamFolder } from './spamFolder';
import type { WorkRepository } from './workRepository';

/** CSV records of every row matching the filters, newest first, a batch at a time as they are read. */
async function* csvRecordBatches<K extends EnquiryKind>(
  kind: K,
  batches: AsyncIterable<EnquiryOf<K>[]>,
  now: Date,
): AsyncGenerator<string[][]> {
  const toRecord = csvRecordMaker(kind, now);
  for await (const batch of batches) yield batch.map(toRecord);
}

/** The office's workbench (the dashboard's enquiry tabs): each change and each reading of a whole enquiry goes into the audit trail. */
export function createWorkbench({
  repository,
  spamFolder,
  log,
  audit,
}: {
  repository: WorkRepository;
  spamFolder: SpamFolder;
  log: Logger;
  /** Writes each change and each reading to the audit trail. */
  audit: AuditWriter;
}) {
  async function update(scope: StaffScope, change: EnquiryUpdate) {
    const result = await repository.update(change, {
      changedAt: scope.at.toISOString(),
      sessionId: scope.asker.sessionId,
      accountId: scope.asker.account.id,
    });
    if (!result) throw new TRPCError({ code: 'NOT_FOUND', message: 'Enquiry not found' });
    const ref = { kind: change.kind, id: change.id };
    for (const { field, oldValue, newValue } of result.changes) {
      // Remarks may quote a parent: the trail says that they changed, not what they say.
      if (field === 'status') await audit(scope, 'status-change', { ...ref, from: oldValue, to: newValue });
      if (field === 'remarks') await audit(scope, 'remarks-change', ref);
    }
    return result.enquiry;
  }

  return {
    list: (query: EnquiryListQuery) => repository.list(query),
    /** An admission enquiry as the office's lists read it; undefined for none, or one in the Spam folder. */
    findListed: (id: number) => repository.find('admission', id),
    counts: () => repository.counts(),
    update,

    /** A row's recorded changes, oldest first. */
    async history(scope: StaffScope, ref: EnquiryRef) {
      if (!(await repository.find(ref.kind, ref.id)))
        throw new TRPCError({ code: 'NOT_FOUND', message: 'Enquiry not found' });
      // The dashboard asks for the history when a row is opened: that is the enquiry being read whole.
      await audit(scope, 'enquiry-opened', { kind: ref.kind, id: ref.id });
      return repository.history(ref);
    },

    /** "Not spam": moves the enquiry to its list and queues its emails (the office's and the parent's) now. */
    async notSpam(scope: StaffScope, ref: EnquiryRef) {
      const released = await spamFolder.release(scope, ref);
      if (!released)
        throw new TRPCError({ code: 'NOT_FOUND', message: 'This enquiry is no longer in the Spam folder.' });
      await audit(scope, 'not-spam', { kind: ref.kind, id: ref.id });
      return released;
    },

    /** Every row of both kinds outside the Spam folder (GET /api/admin/submissions, docs/spec.md §7). */
    async snapshot(scope: StaffScope): Promise<SubmissionsSnapshot> {
      const { contact, admission } = await repository.all();
      await audit(scope, 'export', { kind: 'all', rows: contact.length + admission.length });
      return {
        contactSubmissions: contact.map(snapshotRow.contact),
        admissionSubmissions: admission.map(snapshotRow.admission),
      };
    },

    /** The CSV export of a tab with its filters: the file name, the header and the records as batches read from the database. */
    async export(scope: StaffScope, query: EnquiryExportQuery) {
      const { at } = scope;
      const { kind, ...filters } = query;
      // The search text may be a family's name: the log and the trail say only that there was one.
      const { search, ...narrowedBy } = filters;
      log.info('Staff exported enquiries', {
        audit: 'export',
        ip: scope.clientIp,
        kind,
        ...narrowedBy,
        searched: search !== undefined,
      });
      const { total: rows } = await repository.list({ ...query, page: 1, pageSize: 1 });
      await audit(scope, 'export', { kind, ...narrowedBy, searched: search !== undefined, rows });
      return {
        filename: csvFileName(kind, at),
        header: csvHeader(kind),
        recordBatches: csvRecordBatches(kind, repository.batches(kind, filters), at),
      };
    },
  };
}

export type Workbench = ReturnType<typeof createWorkbench>;
