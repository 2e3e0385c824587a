/**
 * Builds the site: the client bundle, the server renderer, then every public route
 * prerendered to static HTML under dist/pages.
 */
import path from 'node:path';
import { build } from 'vite';
import { clientDir, pagesDir, serverRendererFile } from '../src/server/buildOutput';
import { precompress } from './precompress';
import { prerender } from './prerender';

const started = performance.now();
await build({ logLevel: 'warn', build: { outDir: clientDir } });
await build({
  logLevel: 'warn',
  build: {
    ssr: 'src/client/entry-server.tsx',
    outDir: path.dirname(serverRendererFile),
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
  },
});
const pages = await prerender();
const compressed = [precompress(clientDir), precompress(pagesDir)].reduce((sum, part) => ({ files: sum.files + part.files, bytes: sum.bytes + part.bytes, brotliBytes: sum.brotliBytes + part.brotliBytes }));
console.log(`Built ${pages} pages in ${Math.round(performance.now() - started)} ms; ${compressed.files} files precompressed, ${Math.round(compressed.bytes / 1024)} KB to ${Math.round(compressed.brotliBytes / 1024)} KB with brotli`);
