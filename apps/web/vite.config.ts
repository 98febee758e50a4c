import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { precompress } from './precompress-plugin';

/** The API listens on port 5000 in development (apps/api config `PORT`). */
const apiProxy: Record<string, ProxyOptions> = {
  // changeOrigin stays false: the browser's Origin (this dev server) reaches the API, which accepts
  // it outside production.
  '/api': { target: 'http://localhost:5000' },
};

export default defineConfig({
  plugins: [react(), precompress()],
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/bundle-report.mjs reads it to know what a first load of each route fetches.
    manifest: true,
    // The entry holds React, React Router, Mantine, TanStack Query and Zod (~190 kB gzip); pages are
    // lazy chunks. No manual vendor groups: they would pull lazy-only libraries (Tiptap) into the entry.
    chunkSizeWarningLimit: 800,
    // Left alone, the lazy pages share some seventy chunks of one or two kB (pieces of Mantine and the
    // icons): the manager home fetched 77 files, six at a time over HTTP/1.1, and its Lighthouse score
    // stayed near 90. Common chunks under 12 kB are copied into the chunks that use them instead (the
    // home: 26 files, 96-99). The option needs strict execution order, which costs /login 2.5 kB
    // gzip of module wrappers; smaller or larger limits cost it more (bench/NOTES.md section 8).
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 12 * 1024 } } },
    },
  },
});
