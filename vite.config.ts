import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { APP_MODULE } from './src/shared/pageModules.ts';

// Of client/app/ every module but two that load on first use: the phone menu's panel and the code
// that fetches another page's data. The page header too: most pages draw it, and a file of its own
// cost each of them more in a request and compression than its 0.2 KB costs the pages without it.
const shellModules =
  /src[\\/](content[\\/]programNames|shared[\\/](routeTable|contactUrls|enquiries[\\/]formPostResult)|client[\\/](ui[\\/](icons[\\/]index|toast[\\/]Toaster|toast[\\/]toastStore|ExternalLink|ContactLinks|motion|newTab|PageHeader)|features[\\/]enquiry[\\/]postResultContext|app[\\/](?!layout[\\/]MobileMenuPanel|pageDataFetch)))/;

export default defineConfig({
  plugins: [react()],
  resolve: {
    // wouter's shim for React 17; React 19's own hook is the same (src/client/app/useSyncExternalStore.ts).
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('src/client/app/useSyncExternalStore.ts', import.meta.url)),
      },
    ],
  },
  build: {
    target: 'es2022',
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    // No preloading code in the chunks (about 0.7 KB gzip on every page): the first page's modules
    // are listed by the server and preloaded by the entry script; a page reached in the site loads
    // the shared chunks it lacks one round trip after its own (decision 0006). CSS still loads.
    modulePreload: false,
    // Inline nothing: CSP allows only same-origin files, and data: URLs would need an exception.
    assetsInlineLimit: 0,
    rolldownOptions: {
      // The application is imported by the entry script after the first paint, by the address the page lists.
      input: ['index.html', APP_MODULE],
      output: {
        codeSplitting: {
          groups: [
            // React and the router go to every page: one file compresses better and costs one request.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|mitt)[\\/]/ },
            // The small modules the page shell itself needs (icons, toasts, route matching) join it
            // rather than arriving as a dozen tiny files.
            { name: 'shell', test: shellModules },
            {
              name: 'enquiry',
              test: /src[\\/](client[\\/](features[\\/]enquiry[\\/](?!contact|admission|recaptcha|validation|outbox[\\/](delivery|sendFailure)))|shared[\\/]enquiries[\\/](formFields|outcomeMessages|formToken)|content[\\/]countryCodes)/,
            },
            // The Parents' Corner's login form with what its screens loaded later share (requests,
            // texts, the server's sentences): one file, not four, within the 80 KB budget.
            {
              name: 'parentsCornerLogin',
              test: /src[\\/](client[\\/]features[\\/]parents-corner[\\/](ParentsCorner|LoginForm|loginTexts|parentRequests)|shared[\\/]parents[\\/]parentLogin)\.tsx?$/,
            },
            // A child's age from their birth date, for the admission form's hint and the dashboard: the two
            // modules always load together, so one file rather than two (the form page's 90 KB budget).
            // Their dependencies that other pages load without them keep files of their own.
            { name: 'time', test: /src[\\/]shared[\\/]time\.ts$/ },
            { name: 'programs', test: /src[\\/]content[\\/]programs\.ts$/ },
            { name: 'childAge', test: /src[\\/]shared[\\/]enquiries[\\/](birthDate|programAge)\.ts$/ },
            // What a form loads on its first input and the dashboard after sign-in (zod with the
            // shared enquiry fields, the tRPC client, superjson): one file for both, as before the
            // sign-in screen left them out (issue 25).
            {
              name: 'apiClient',
              test: /node_modules[\\/](zod|superjson|copy-anything|is-what|@trpc[\\/](client|server))[\\/]|src[\\/](client[\\/]api[\\/]apiClient|shared[\\/](zod|enquiries[\\/]fields))\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
