import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { FIRST_ROUTE_GROUPS } from './scripts/chunks';
import { precompress } from './scripts/precompress';

/**
 * The core the dev server forwards the core's surfaces to: `CORE_URL` from the environment, else where
 * `pnpm dev:core` listens. The browser's Host is kept (no changeOrigin), so the core's cross-site check
 * sees the page's own origin.
 */
const CORE_ORIGIN = process.env.CORE_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  // Relative asset URLs: the core serves the same build at `/` and under each sandbox's `/sandboxes/<id>/`,
  // naming the base in index.html's <base href>, which the assets resolve against (dynamic imports are
  // relative to the importing module). The app reads its base from the page (src/config/base.ts), never
  // import.meta.env.BASE_URL. The dev server treats './' as '/'.
  base: './',
  server: {
    port: 5173,
    proxy: {
      '/api': { target: CORE_ORIGIN, changeOrigin: false },
      '/ws': { target: CORE_ORIGIN, ws: true, changeOrigin: false },
      '/mock': { target: CORE_ORIGIN, changeOrigin: false },
      '/docs': { target: CORE_ORIGIN, changeOrigin: false },
      '/downloads': { target: CORE_ORIGIN, changeOrigin: false },
      // A sandbox opened from the dev console: the stack behind CORE_URL serves it whole (its own build of the console).
      '/sandboxes': { target: CORE_ORIGIN, ws: true, changeOrigin: false },
    },
  },
  preview: { port: 4173 },
  // JSON modules (the console's texts) as JSON.parse of a string, which the browser reads faster than
  // the same object written as code.
  json: { stringify: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // The first page's modules in a few files, not a hundred (scripts/chunks.ts).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: FIRST_ROUTE_GROUPS,
        },
      },
    },
  },
});
