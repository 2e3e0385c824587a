import fs from 'node:fs';
import path from 'node:path';
import { compressedCopies } from '#server/platform/compressedCopies.ts';

/** What is worth compressing: text. Images and fonts are compressed already. */
const compressible = /\.(html|js|mjs|css|svg|json|xml|txt|webmanifest|map)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file under `folder`, each at the
 * highest level, once, at build time: the server then sends the copy the browser accepts and
 * compresses nothing per request. A copy that would not be smaller is not written.
 * Answers how many files got copies and the bytes before and after brotli.
 */
export async function precompress(folder: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const files = fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(folder, name))
    .filter((file) => compressible.test(file) && fs.statSync(file).isFile());
  const sizes = await Promise.all(
    files.map(async (file) => {
      const body = fs.readFileSync(file);
      const copies = await compressedCopies(body, 'max');
      if (copies.br) fs.writeFileSync(`${file}.br`, copies.br);
      if (copies.gzip) fs.writeFileSync(`${file}.gz`, copies.gzip);
      return { bytes: body.length, brotliBytes: copies.br?.length ?? body.length };
    }),
  );
  return {
    files: sizes.length,
    bytes: sizes.reduce((sum, size) => sum + size.bytes, 0),
    brotliBytes: sizes.reduce((sum, size) => sum + size.brotliBytes, 0),
  };
}
