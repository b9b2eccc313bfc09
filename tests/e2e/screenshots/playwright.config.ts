import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The README's screenshots (`pnpm screenshots`): Debian's Chromium on the stack as `npm start` runs it — the default
 * demo preset and fleet, a fresh database seeded at boot — ten seconds after it answers. Not part of the test command:
 * a separate stack with a lively fleet would cost the end-to-end phase its CPU for nothing it asserts.
 */
const root = resolve(import.meta.dirname, '../../..');
const port = Number(process.env.SCREENSHOTS_PORT ?? 8191);
const dbDir = mkdtempSync(join(tmpdir(), 'fleet-screenshots-'));

export default defineConfig({
  testDir: '.',
  testMatch: '*.shot.ts',
  timeout: 120_000,
  workers: 1,
  retries: 0,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    viewport: { width: 1440, height: 900 },
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--disable-gpu', '--no-first-run'] },
  },
  outputDir: join(root, '.tmp/screenshot-results'),
  webServer: {
    command: 'pnpm --filter @fleet/stack --silent start',
    cwd: root,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${join(dbDir, 'demo.db')}`,
      RECORDINGS_DIR: join(dbDir, 'recordings'),
      SEED_ON_BOOT: 'true',
      CONSOLE_DIST: join(root, 'apps/console/dist'),
      LOG_LEVEL: 'warn',
    },
  },
});
