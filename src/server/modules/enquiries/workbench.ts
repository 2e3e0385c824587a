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
import { recordAudit, type StaffAct } from '#server/modules/audit/service.ts';
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
  now,
}: {
  repository: WorkRepository;
  spamFolder: SpamFolder;
  log: Logger;
  now: () => Date;
}) {
  async function update(staff: StaffAct, change: EnquiryUpdate) {
    const result = await repository.update(change, {
      changedAt: now().toISOString(),
      sessionId: staff.session.sessionId,
      accountId: staff.session.account.id,
    });
    if (!result) throw new TRPCError({ code: 'NOT_FOUND', message: 'Enquiry not found' });
    const ref = { kind: change.kind, id: change.id };
    for (const { field, oldValue, newValue } of result.changes) {
      // Remarks may quote a parent: the trail says that they changed, not what they say.
      if (field === 'status') await recordAudit(staff, 'status-change', { ...ref, from: oldValue, to: newValue });
      if (field === 'remarks') await recordAudit(staff, 'remarks-change', ref);
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
    async history(staff: StaffAct, ref: EnquiryRef) {
      if (!(await repository.find(ref.kind, ref.id)))
        throw new TRPCError({ code: 'NOT_FOUND', message: 'Enquiry not found' });
      // The dashboard asks for the history when a row is opened: that is the enquiry being read whole.
      await recordAudit(staff, 'enquiry-opened', { kind: ref.kind, id: ref.id });
      return repository.history(ref);
    },

    /** "Not spam": moves the enquiry to its list and queues its emails (the office's and the parent's) now. */
    async notSpam(staff: StaffAct & { clientIp: string }, ref: EnquiryRef) {
      const released = await spamFolder.release(ref, { ip: staff.clientIp });
      if (!released)
        throw new TRPCError({ code: 'NOT_FOUND', message: 'This enquiry is no longer in the Spam folder.' });
      await recordAudit(staff, 'not-spam', { kind: ref.kind, id: ref.id });
      return released;
    },

    /** Every row of both kinds outside the Spam folder (GET /api/admin/submissions, docs/spec.md §7). */
    async snapshot(staff: StaffAct): Promise<SubmissionsSnapshot> {
      const { contact, admission } = await repository.all();
      await recordAudit(staff, 'export', { kind: 'all', rows: contact.length + admission.length });
      return {
        contactSubmissions: contact.map(snapshotRow.contact),
        admissionSubmissions: admission.map(snapshotRow.admission),
      };
    },

    /** The CSV export of a tab with its filters: the file name, the header and the records as batches read from the database. */
    async export(staff: StaffAct, query: EnquiryExportQuery) {
      const at = now();
      const { kind, ...filters } = query;
      // The search text may be a family's name: the log and the trail say only that there was one.
      const { search, ...narrowedBy } = filters;
      log.info('Staff exported enquiries', {
        audit: 'export',
        ip: staff.clientIp,
        kind,
        ...narrowedBy,
        searched: search !== undefined,
      });
      const { total: rows } = await repository.list({ ...query, page: 1, pageSize: 1 });
      await recordAudit(staff, 'export', { kind, ...narrowedBy, searched: search !== undefined, rows });
      return {
        filename: csvFileName(kind, at),
        header: csvHeader(kind),
        recordBatches: csvRecordBatches(kind, repository.batches(kind, filters), at),
      };
    },
  };
}

export type Workbench = ReturnType<typeof createWorkbench>;
