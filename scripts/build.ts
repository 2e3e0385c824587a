/**
 * Builds the site: the client bundle, the server renderer, then every public route
 * prerendered to static HTML under dist/pages.
 */
import path from 'node:path';
import { build } from 'vite';
import { clientDir, serverRendererFile } from '../src/server/buildOutput';
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
console.log(`Built ${pages} pages in ${Math.round(performance.now() - started)} ms`);
