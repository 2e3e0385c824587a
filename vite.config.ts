import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    // Every browser the site supports knows <link rel="modulepreload">: no polyfill to download.
    modulePreload: { polyfill: false },
    // Inline nothing: CSP allows only same-origin files, and data: URLs would need an exception.
    assetsInlineLimit: 0,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
