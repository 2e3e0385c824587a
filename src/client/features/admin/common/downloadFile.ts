const BLOB_URL_LIFETIME_MS = 30_000;

export type DownloadOutcome = 'saved' | 'unauthorized' | 'failed';

/** The file name the server chose (Content-Disposition), or `fallback`. */
export function fileNameFromDisposition(disposition: string | null, fallback: string): string {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  const plain = disposition?.match(/filename="?([^";]+)"?/i)?.[1];
  return plain ?? fallback;
}

/**
 * Downloads a file from a staff path and saves it. Fetched rather than followed as a link so
 * that a failure (or an ended session) can be told from a file.
 */
export async function downloadFile(
  url: string,
  accept: string,
  fallbackName: string,
): Promise<{ outcome: DownloadOutcome; fileName?: string }> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', headers: { Accept: accept } });
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
  const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition'), fallbackName);
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Freed a little later: some browsers read the blob after the click has returned.
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), BLOB_URL_LIFETIME_MS);
  return { outcome: 'saved', fileName };
}
