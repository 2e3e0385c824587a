/**
 * Builds the site: the client bundle, the server renderer, the server itself, then every public
 * route prerendered to static HTML under dist/pages, with brotli and gzip copies of every text file.
 */
import path from 'node:path';
import { build } from 'vite';
import {
  buildDirProblem,
  clientDir,
  pagesDir,
  projectRoot,
  serverAppDir,
  serverRendererFile,
} from '#server/buildOutput.ts';
import { precompress } from './precompress';
import { prerender } from './prerender';

const problem = buildDirProblem();
if (problem) {
  console.error(problem);
  process.exit(1);
}
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
// The server and the operator's commands, compiled once so `npm start` runs plain node: no
// TypeScript at start-up, and the packages bundled in, only what is used of them (loading
// date-fns, kysely and express module by module took most of a second). better-sqlite3 and sharp
// have native parts (sharp's libvips is a package of its own, found at run time) and stay in node_modules.
await build({
  configFile: false,
  root: projectRoot,
  logLevel: 'warn',
  publicDir: false,
  ssr: { noExternal: true, external: ['better-sqlite3', 'sharp'] },
  build: {
    ssr: true,
    target: 'node24',
    outDir: serverAppDir,
    emptyOutDir: true,
    minify: true,
    sourcemap: true,
    rolldownOptions: {
      input: {
        main: 'src/server/main.ts',
        backup: 'scripts/backup.ts',
        restore: 'scripts/restore.ts',
        'admin-password': 'scripts/admin-password.ts',
        'staff-add': 'scripts/staff-add.ts',
        'staff-sign-in-code': 'scripts/staff-sign-in-code.ts',
        'check-config': 'scripts/check-config.ts',
        'rollback-database': 'scripts/rollback-database.ts',
      },
    },
  },
});
const pages = await prerender();
const compressed = (await Promise.all([precompress(clientDir), precompress(pagesDir)])).reduce((sum, part) => ({
  files: sum.files + part.files,
  bytes: sum.bytes + part.bytes,
  brotliBytes: sum.brotliBytes + part.brotliBytes,
}));
console.log(
  `Built ${pages} pages in ${Math.round(performance.now() - started)} ms; ${compressed.files} files precompressed, ${Math.round(compressed.bytes / 1024)} KB to ${Math.round(compressed.brotliBytes / 1024)} KB with brotli`,
);
