import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'db',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file opens its own databases; forks keep native modules (better-sqlite3) and the
    // wasm engine's module state per process.
    pool: 'forks',
  },
});
