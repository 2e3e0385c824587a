import { csvFileName, exportUrl, type EnquiryFiltersInput, type EnquiryKind } from '#shared/dashboard/index.ts';
import type { ExportFormat } from '#shared/dashboard/exportUrl.ts';
import { downloadFile, type DownloadOutcome } from '#client/features/admin/common/downloadFile.ts';

const mediaTypes: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Downloads the server's CSV or workbook for a tab and its filters and saves it (named by the server, else the spec's name for today). */
export function downloadExport(
  kind: EnquiryKind,
  filters: EnquiryFiltersInput,
  format: ExportFormat,
): Promise<{ outcome: DownloadOutcome; fileName?: string }> {
  return downloadFile(
    exportUrl(kind, filters, format),
    mediaTypes[format],
    csvFileName(kind).replace(/\.csv$/, `.${format}`),
  );
}
