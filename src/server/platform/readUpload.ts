import { TRPCError } from '@trpc/server';

/** An upload longer than its limit; each kind of upload answers it in its own words. */
export class UploadTooLarge extends Error {
  override name = 'UploadTooLarge';
}

/**
 * Reads an uploaded file's body, refusing it as soon as it passes `maxBytes` (the rest is never
 * kept). The HTTP adapter stops at the same limit on its own and reports PAYLOAD_TOO_LARGE,
 * which is the same refusal.
 */
export async function readUpload(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new UploadTooLarge();
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'PAYLOAD_TOO_LARGE') throw new UploadTooLarge();
    throw error;
  } finally {
    reader.releaseLock();
  }
  return Buffer.concat(chunks, size);
}
