import { csvFileName, exportUrl, type EnquiryFiltersInput, type EnquiryKind } from '../../../../shared/dashboard';
import { downloadFile, type DownloadOutcome } from '../common/downloadFile';

/** Downloads the server's CSV for a tab and its filters and saves it (named by the server, else the spec's name for today). */
export function downloadCsv(kind: EnquiryKind, filters: EnquiryFiltersInput): Promise<{ outcome: DownloadOutcome; fileName?: string }> {
  return downloadFile(exportUrl(kind, filters), 'text/csv', csvFileName(kind));
}
