import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const shellModules =
  /src[\\/](content[\\/]programNames|shared[\\/](routeTable|contactUrls|enquiries[\\/]formPostResult)|client[\\/](ui[\\/](icons[\\/]index|toast[\\/]Toaster|toast[\\/]toastStore|ExternalLink|ContactLinks|scrollLock|motion|newTab)|features[\\/]enquiry[\\/]postResultContext|app[\\/]))/;

export default defineConfig({
  plugins: [react()],
  resolve: {
    // wouter's shim for React 17; React 19's own hook is the same (src/client/app/useSyncExternalStore.ts).
    alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('src/client/app/useSyncExternalStore.ts', import.meta.url)) }],
  },
  build: {
    target: 'es2022',
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    // Every browser the site supports knows <link rel="modulepreload">: no polyfill to download.
    modulePreload: { polyfill: false },
    // Inline nothing: CSP allows only same-origin files, and data: URLs would need an exception.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and the router go to every page: one file compresses better and costs one request.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|mitt)[\\/]/ },
            // The small modules the page shell itself needs (icons, toasts, route matching) join it
            // rather than arriving as a dozen tiny files.
            { name: 'shell', test: shellModules },
            // Vite's preloading helper comes apart from the shell: the entry script needs it, and
            // nothing else, before the first paint (src/client/entry-client.ts).
            { name: 'preload', test: /vite[\\/]preload-helper/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
