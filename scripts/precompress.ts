import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** What is worth compressing: text. Images and fonts are compressed already. */
const compressible = /\.(html|js|mjs|css|svg|json|xml|txt|webmanifest|map)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file under `folder`, each at the
 * highest level, once, at build time: the server then sends the copy the browser accepts and
 * compresses nothing per request. A copy that would not be smaller is not written.
 * Answers how many files got copies and the bytes before and after brotli.
 */
export function precompress(folder: string): { files: number; bytes: number; brotliBytes: number } {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const name of fs.readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(folder, name);
    if (!compressible.test(file) || !fs.statSync(file).isFile()) continue;
    const body = fs.readFileSync(file);
    const brotli = zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gzip = zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION });
    if (brotli.length < body.length) fs.writeFileSync(`${file}.br`, brotli);
    if (gzip.length < body.length) fs.writeFileSync(`${file}.gz`, gzip);
    totals.files += 1;
    totals.bytes += body.length;
    totals.brotliBytes += Math.min(brotli.length, body.length);
  }
  return totals;
}
