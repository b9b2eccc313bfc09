import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * End-to-end: Debian's Chromium drives the built console served by the real core, with the real
 * simulator in-process, on a throw-away SQLite database seeded at boot.
 */
const root = resolve(import.meta.dirname, '../..');
const port = Number(process.env.E2E_PORT ?? 8181);
const dbDir = mkdtempSync(join(tmpdir(), 'fleet-e2e-'));
// Units leased by specs that pick "an idle unit that can stream" (support.ts leaseUnit): one folder per run,
// made here by the runner and handed to its workers through their environment.
process.env.E2E_UNIT_LEASES ??= mkdtempSync(join(tmpdir(), 'fleet-e2e-leases-'));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Spec files run side by side on two workers (tests inside a file keep their order). Every spec owns the
  // units and rows it changes, so two files never fight over one. E2E_WORKERS=1 runs them one by one.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    // No trace by default: recording one (screencast and DOM snapshots) doubled Chromium's CPU, and CI keeps no
    // artifacts. Debug a failure locally with `--trace retain-on-failure`.
    trace: 'off',
  },
  // The Simulator panel's spec replays a recording, which mutes every simulated device for a few seconds: it runs
  // alone, after every other spec (a project that depends on the first), so no other spec sees a silent fleet.
  projects: [
    { name: 'console', testIgnore: '**/simulator-panel.spec.ts' },
    { name: 'simulator', testMatch: '**/simulator-panel.spec.ts', dependencies: ['console'] },
  ],
  outputDir: process.env.E2E_OUTPUT_DIR ?? join(root, '.tmp/test-results'),
  webServer: {
    command: 'pnpm --filter @fleet/stack --silent start',
    cwd: root,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${join(dbDir, 'e2e.db')}`,
      RECORDINGS_DIR: join(dbDir, 'recordings'),
      SEED_ON_BOOT: 'true',
      // E2E_CONSOLE_DIST lets several builds (e.g. parallel branches) be tested side by side.
      CONSOLE_DIST: process.env.E2E_CONSOLE_DIST ?? join(root, 'apps/console/dist'),
      LOG_LEVEL: 'warn',
      // A fleet that changes only when a test tells it to (the demo preset off): no unit acts on its own, no
      // outage or link drop comes by itself; devices run at four times real time (an upgrade's twelve steps take 15 s, not 60 s)
      // with telemetry still every 5 s of real time.
      SIM_DEMO: 'off',
      SIM_AUTONOMY: '0',
      SIM_OUTAGES: 'false',
      SIM_SPEED: '4',
      SIM_TELEMETRY_MS: '20000',
      // The demo users' passwords and new ones at the tests' low scrypt cost (the core's PASSWORD_HASH_N).
      PASSWORD_HASH_N: '1024',
    },
  },
});
