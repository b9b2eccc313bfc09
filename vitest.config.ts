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
          // Pure code: the files share their workers' module cache (importing anew for each of 144 files took
          // 80 of the project's 134 s; without it the project takes 24 s).
          isolate: false,
        },
      },
      {
        test: {
          name: 'console',
          // Component tests of the console (*.test.tsx beside the component): React rendered into jsdom through
          // apps/console/src/test-utils/render.tsx, the core faked behind fetch and /ws.
          include: ['apps/console/src/**/*.test.tsx'],
          environment: 'jsdom',
          environmentOptions: { jsdom: { url: 'http://localhost:5173/' } },
          setupFiles: ['apps/console/src/test-utils/setup.ts'],
          // The files share their worker's jsdom and module cache (setup.ts resets what the app keeps between
          // renders): importing React, Mantine and the console anew for each file took 60 of the project's 86 s.
          isolate: false,
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
          // Every suite starts its own stack on its own fresh databases, so the files share their worker's module
          // cache: importing the core anew for each of 71 files took about 5 s a file (144 s of the run).
          isolate: false,
        },
      },
    ],
  },
});
