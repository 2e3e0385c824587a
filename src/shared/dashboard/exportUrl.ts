import type { EnquiryKind } from '#shared/enquiries/kinds.ts';
import type { EnquiryFiltersInput } from './query';

/** Where the dashboard's Export to CSV link points: the streaming download, with the active filters. */
export const ADMIN_API_BASE = '/api/admin';

/** The two files the export comes as: the spec's CSV, and a workbook that opens right with a double-click (issue 35). */
export type ExportFormat = 'csv' | 'xlsx';

export function exportPath(kind: EnquiryKind, format: ExportFormat = 'csv'): string {
  return `${ADMIN_API_BASE}/export/${kind}.${format}`;
}

/** The CSV download URL for a tab and its filters (empty filters are left out). */
export function exportUrl(kind: EnquiryKind, filters: EnquiryFiltersInput = {}, format: ExportFormat = 'csv'): string {
  const params = new URLSearchParams();
  for (const name of ['search', 'status', 'program', 'stage', 'from', 'to'] as const) {
    const value = filters[name];
    if (typeof value === 'string' && value.trim() !== '') params.set(name, value.trim());
  }
  const query = params.toString();
  return query ? `${exportPath(kind, format)}?${query}` : exportPath(kind, format);
}
