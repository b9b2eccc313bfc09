import { defineConfig } from 'vitest/config';

/**
 * Test tiers: `unit` (pure code beside the source, *.test.ts under src/), `integration` (real
 * SQLite and PostgreSQL, real websockets: the test/ folders). End-to-end tests run under Playwright
 * (tests/e2e), benchmarks under tests/bench.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'simulator/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts', 'simulator/test/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Several suites open SQLite files and PostgreSQL databases: run files one after another.
          fileParallelism: false,
        },
      },
    ],
  },
});
