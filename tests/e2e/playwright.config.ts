import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * End-to-end: Debian's Chromium drives the built console served by the real core, with the real
 * simulator in-process, on a throw-away SQLite database seeded at boot: one stack for the console's
 * specs (E2E_PORT, default 8181) and one for the Simulator panel's (the port after it).
 */
const root = resolve(import.meta.dirname, '../..');
const port = Number(process.env.E2E_PORT ?? 8181);
// Units leased by specs that pick "an idle unit that can stream" (support.ts leaseUnit): one folder per run,
// made here by the runner and handed to its workers through their environment.
process.env.E2E_UNIT_LEASES ??= mkdtempSync(join(tmpdir(), 'fleet-e2e-leases-'));

/** A stack of its own (core, simulator in-process, console) on `stackPort`, with a fresh SQLite database seeded at boot. */
function stack(stackPort: number) {
  const dbDir = mkdtempSync(join(tmpdir(), 'fleet-e2e-'));
  return {
    command: 'pnpm --filter @fleet/stack --silent start',
    cwd: root,
    url: `http://127.0.0.1:${stackPort}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(stackPort),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${join(dbDir, 'e2e.db')}`,
      RECORDINGS_DIR: join(dbDir, 'recordings'),
      SEED_ON_BOOT: 'true',
      // The fleet the tests assert on (tests/README.md): the 24 structural units of SEED_IDS.
      SEED_FLEET: 'small',
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
      // The core's business rules (trials, support access) on the wall clock, as the browser counts time left:
      // the devices' ×4 pace is for their timings only (tests/integration/business-clock.test.ts follows the simulator).
      BUSINESS_TIME: 'wall',
      // The demo users' passwords and new ones at the tests' low scrypt cost (the core's PASSWORD_HASH_N).
      PASSWORD_HASH_N: '1024',
    },
  };
}

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Spec files run side by side on three workers (tests inside a file keep their order). Every spec owns the
  // units and rows it changes, so two files never fight over one. A spec spends part of its time waiting on the
  // stack (simulated time, live events): on two cores a third worker fills that wait (the phase took 461 s
  // against 535 s with two). E2E_WORKERS=1 runs them one by one.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    // The console respects reduced motion (theme.ts): no transition frames to render, about 7 % less Chromium CPU.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    // No trace by default: recording one (screencast and DOM snapshots) doubled Chromium's CPU, and CI keeps no
    // artifacts. Debug a failure locally with `--trace retain-on-failure`.
    trace: 'off',
  },
  // The Simulator panel's spec records, replays and imports the fleet, and switches and resets the demo: it works on
  // a stack of its own (the next port), so no other spec sees its silent or reset fleet, and it runs beside them.
  projects: [
    { name: 'simulator', testMatch: '**/simulator-panel.spec.ts', use: { baseURL: `http://127.0.0.1:${port + 1}` } },
    { name: 'console', testIgnore: '**/simulator-panel.spec.ts' },
  ],
  outputDir: process.env.E2E_OUTPUT_DIR ?? join(root, '.tmp/test-results'),
  webServer: [stack(port), stack(port + 1)],
});
