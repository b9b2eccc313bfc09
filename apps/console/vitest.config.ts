import { defineConfig } from 'vitest/config';

/**
 * The console's tests when run from this folder (`pnpm --filter @fleet/console test`), the same two
 * tiers as the root projects `unit` and `console`: pure logic in plain `.ts` modules without a DOM,
 * and component tests (`.test.tsx`) in jsdom through src/test-utils/render.tsx.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'console',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          environmentOptions: { jsdom: { url: 'http://localhost:5173/' } },
          setupFiles: ['src/test-utils/setup.ts'],
          isolate: false,
        },
      },
    ],
  },
});
