import { defineConfig } from 'vitest/config';

/** Unit tests of the console: pure logic in plain `.ts` modules, run without a DOM. */
export default defineConfig({
  test: {
    name: 'console',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
