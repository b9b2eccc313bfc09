import { defineConfig } from '@playwright/test';
import type { SandboxCreateInput } from '@fleet/contracts';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_PORT, root, stacks } from './stacks';

/**
 * End-to-end: Debian's Chromium drives the built console served by the real core, with the real
 * simulator in-process, on a throw-away SQLite database seeded at boot: one stack (E2E_PORT, default
 * 8181; stacks.ts). The specs that change the whole fleet (the Simulator panel's: its demo, clock,
 * recordings and replays) or need it live (the accessibility audit and the notification centre, under
 * the lively demo) each run in sandboxes of their own on it (sandbox.ts `projectSandbox`), beside the
 * others, which share the stack's still fleet.
 */
const port = E2E_PORT;
/**
 * Debian's Chromium as its headless shell (package chromium-headless-shell, built from the same sources: the same
 * Blink and V8 without the browser's window layer; Playwright's own choice for headless runs): the suite took 0.65 of
 * the time it takes under the full browser (tests/bench/BENCHMARKS.md). The full browser where the shell is missing.
 */
const CHROMIUM = existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium';
// Units leased by specs that pick "an idle unit that can stream" (support.ts leaseUnit): one folder per run,
// made here by the runner and handed to its workers through their environment.
process.env.E2E_UNIT_LEASES ??= mkdtempSync(join(tmpdir(), 'fleet-e2e-leases-'));

/** The stack's own fleet (seed 1, small, the preset off), again in a sandbox of the project's own. */
const OWN_FLEET: { projectSandbox: SandboxCreateInput } = { projectSandbox: { seed: 1 } };

export default defineConfig<Record<never, never>, { projectSandbox: SandboxCreateInput | null }>({
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
    { name: 'console', testIgnore: ['**/simulator-panel.spec.ts', '**/accessibility.spec.ts', '**/notification-centre.spec.ts', '**/drift.spec.ts'] },
    // The console under contract drift, every route as three roles (`pnpm test:drift`, which sets E2E_DRIFT=1): each
    // role in a sandbox of its own, so it may share the console's stack. On demand, not in the test command (tests/README.md).
    ...(process.env.E2E_DRIFT === '1' ? [{ name: 'drift', testMatch: '**/drift.spec.ts' }] : []),
  ],
  outputDir: process.env.E2E_OUTPUT_DIR ?? join(root, '.tmp/test-results'),
  webServer: stacks(),
});
