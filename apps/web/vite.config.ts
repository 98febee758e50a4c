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
  },
});
