import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** How hard to compress: the build takes its time (max); a publish first answers fast, then polishes (decision 0028). */
export type CompressionEffort = 'max' | 'fast';

const brotliQuality: Record<CompressionEffort, number> = { max: zlib.constants.BROTLI_MAX_QUALITY, fast: 5 };
const gzipLevel: Record<CompressionEffort, number> = { max: zlib.constants.Z_BEST_COMPRESSION, fast: 6 };

/**
 * The brotli and gzip copies of a text file, made on libuv's thread pool so the server keeps
 * answering meanwhile. A copy that would not be smaller is left out: the file is sent as it is.
 */
export async function compressedCopies(
  body: Buffer,
  effort: CompressionEffort,
): Promise<{ br: Buffer | undefined; gzip: Buffer | undefined }> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality[effort],
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: gzipLevel[effort] }),
  ]);
  return { br: br.length < body.length ? br : undefined, gzip: gz.length < body.length ? gz : undefined };
}
