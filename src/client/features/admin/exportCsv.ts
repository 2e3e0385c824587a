import { csvFileName, exportUrl, type EnquiryFiltersInput, type EnquiryKind } from '../../../shared/dashboard';

const BLOB_URL_LIFETIME_MS = 30_000;

export type ExportOutcome = 'saved' | 'unauthorized' | 'failed';

/** The file name the server chose (Content-Disposition), or the spec's name for today. */
export function fileNameFromDisposition(disposition: string | null, kind: EnquiryKind): string {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  const plain = disposition?.match(/filename="?([^";]+)"?/i)?.[1];
  return plain ?? csvFileName(kind);
}

/**
 * Downloads the server's CSV for a tab and its filters and saves it. Fetched rather than
 * followed as a link so that a failure (or an ended session) can be told from a file.
 */
export async function downloadCsv(kind: EnquiryKind, filters: EnquiryFiltersInput): Promise<{ outcome: ExportOutcome; fileName?: string }> {
  let response: Response;
  try {
    response = await fetch(exportUrl(kind, filters), { credentials: 'same-origin', headers: { Accept: 'text/csv' } });
  } catch {
    return { outcome: 'failed' };
  }
  if (response.status === 401) return { outcome: 'unauthorized' };
  if (!response.ok) return { outcome: 'failed' };
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    return { outcome: 'failed' };
  }
  const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition'), kind);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Freed a little later: some browsers read the blob after the click has returned.
  window.setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
  return { outcome: 'saved', fileName };
}
