import type { Kysely } from 'kysely';
import type { EnquiryListQuery, EnquiryRef, EnquiryUpdate } from '#shared/dashboard/index.ts';
import type { EnquiryKind } from '#shared/enquiries/kinds.ts';
import type { EnquiryFilters } from '#shared/dashboard/index.ts';
import {
  allEnquiries,
  countEnquiries,
  findEnquiry,
  iterateEnquiryBatches,
  listEnquiries,
} from '#server/storage/enquiryQueries.ts';
import { enquiryHistory, updateEnquiry, type ChangedBy } from '#server/storage/enquiryWork.ts';
import type { Database } from '#server/storage/schema.ts';

/**
 * The office's reading and work on the enquiries (the dashboard's lists, counts, a row's changes
 * and history, the exports). Their SQL is shared with the admissions pipeline, the Spam folder and
 * erasure (`storage/enquiryQueries.ts`, `storage/enquiryWork.ts`); this is the enquiries' way to it.
 */
export function createWorkRepository(db: Kysely<Database>) {
  return {
    list: (query: EnquiryListQuery) => listEnquiries(db, query),
    counts: () => countEnquiries(db),
    find: <K extends EnquiryKind>(kind: K, id: number) => findEnquiry(db, kind, id),
    update: (update: EnquiryUpdate, by: { changedAt: string } & ChangedBy) => updateEnquiry(db, update, by),
    history: (ref: EnquiryRef) => enquiryHistory(db, ref),
    all: () => allEnquiries(db),
    batches: <K extends EnquiryKind>(kind: K, filters: EnquiryFilters) => iterateEnquiryBatches(db, kind, filters),
  };
}

export type WorkRepository = ReturnType<typeof createWorkRepository>;
