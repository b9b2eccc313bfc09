import { defineConfig } from '@playwright/test';
import type { SandboxCreateInput } from '@fleet/contracts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_PORT, root, stacks } from './stacks';

/**
 * End-to-end: Debian's Chromium drives the built console served by the real core, with the real
 * simulator in-process, on a throw-away SQLite database seeded at boot: one stack (E2E_PORT, default
 * 8181; stacks.ts). Every spec but the sandboxes' own runs in a sandbox made on it (sandbox.ts
 * `projectSandbox`): each worker of a project a fleet of its own, so no spec changes a unit, a
 * setting or the clock under another worker's.
 */
const port = E2E_PORT;
/**
 * Debian's Chromium as its headless shell (package chromium-headless-shell, built from the same sources: the same
 * Blink and V8 without the browser's window layer; Playwright's own choice for headless runs): the suite took 0.65 of
 * the time it takes under the full browser (tests/bench/BENCHMARKS.md). The full browser where the shell is missing.
 */
const CHROMIUM = existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium';

/** The stack's own fleet (seed 1, small, the preset off), again in a sandbox of the worker's own. */
const OWN_FLEET: { projectSandbox: SandboxCreateInput } = { projectSandbox: { seed: 1 } };

export default defineConfig<Record<never, never>, { projectSandbox: SandboxCreateInput | null }>({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Spec files run side by side on three workers (tests inside a file keep their order), each worker on its own
  // sandbox's fleet (the files of one worker one after the other). A spec spends part of its time waiting on the
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
      executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM,
      args: ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    // No trace by default: recording one (screencast and DOM snapshots) doubled Chromium's CPU, and CI keeps no
    // artifacts. Debug a failure locally with `--trace retain-on-failure`.
    trace: 'off',
  },
  // The specs of whole-fleet changes and live data, each in sandboxes of its own (one per worker of the project).
  projects: [
    { name: 'simulator', testMatch: '**/simulator-panel.spec.ts', use: OWN_FLEET },
    { name: 'live', testMatch: '**/accessibility.spec.ts', use: OWN_FLEET },
    // Its fleet moving from the sandbox's start, as on a stack running the lively demo.
    { name: 'live-notifications', testMatch: '**/notification-centre.spec.ts', use: { projectSandbox: { seed: 1, demo: 'lively' } } },
    // Every other spec: each worker its own copy of the stack's fleet, so no spec changes a unit under another worker's.
    {
      name: 'console',
      testIgnore: ['**/simulator-panel.spec.ts', '**/accessibility.spec.ts', '**/notification-centre.spec.ts', '**/drift.spec.ts', '**/sandboxes.spec.ts'],
      use: OWN_FLEET,
    },
    // The sandboxes themselves, made and removed on the stack.
    { name: 'stack', testMatch: '**/sandboxes.spec.ts' },
    // The console under contract drift, every route as three roles (`pnpm test:drift`, which sets E2E_DRIFT=1): each
    // role in a sandbox of its own, so it may share the console's stack. On demand, not in the test command (tests/README.md).
    ...(process.env.E2E_DRIFT === '1' ? [{ name: 'drift', testMatch: '**/drift.spec.ts' }] : []),
  ],
  outputDir: process.env.E2E_OUTPUT_DIR ?? join(root, '.tmp/test-results'),
  webServer: stacks(),
});
