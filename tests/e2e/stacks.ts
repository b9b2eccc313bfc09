/**
 * The end-to-end stack (E2E_PORT, default 8181): the real core with the real simulator in-process
 * serving the built console, on a throw-away SQLite database seeded at boot; the specs run in sandboxes
 * made on it, a fleet per worker, whose devices keep its pace and timings (playwright.config.ts). playwright.config.ts starts it (its
 * webServer entry); the test command starts it earlier, once the console is built, while the integration
 * files run on PostgreSQL (`tsx tests/e2e/stacks.ts start PIDFILE`, scripts/test.sh), and Playwright then
 * finds it answering (E2E_STACKS_RUNNING=1) instead of booting and seeding it itself.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);

/** A stack of its own (core, simulator in-process, console) on `stackPort`, with a fresh SQLite database seeded at boot. */
export function stack(stackPort: number) {
  const dbDir = mkdtempSync(join(tmpdir(), 'fleet-e2e-'));
  return {
    command: 'pnpm --filter @fleet/stack --silent start',
    cwd: root,
    url: `http://127.0.0.1:${stackPort}/healthz`,
    // Stacks the test command started (with this same environment) are used as they are.
    reuseExistingServer: process.env.E2E_STACKS_RUNNING === '1',
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

/** The stacks the suite runs on: one. */
export const stacks = () => [stack(E2E_PORT)];

/**
 * Starts the stacks in process groups of their own (their ids in `pidFile`, one a line, for the caller to
 * stop them with `kill -KILL -- -ID`), each writing to `<pidFile>.<port>.log`, and returns once every one answers.
 */
async function start(pidFile: string): Promise<void> {
  const started = stacks().map((s) => {
    const log = openSync(`${pidFile}.${new URL(s.url).port}.log`, 'w');
    const child = spawn(s.command, { cwd: s.cwd, env: { ...process.env, ...s.env }, shell: true, detached: true, stdio: ['ignore', log, log] });
    child.unref();
    return { ...s, child };
  });
  writeFileSync(pidFile, started.map((s) => `${s.child.pid}\n`).join(''));
  const deadline = Date.now() + Math.max(...started.map((s) => s.timeout));
  await Promise.all(
    started.map(async (s) => {
      const ended: { code?: number } = {};
      s.child.on('exit', (code) => (ended.code = code ?? 1));
      for (;;) {
        if (ended.code !== undefined) throw new Error(`the stack for ${s.url} exited (${ended.code}) before it answered`);
        const ok = await fetch(s.url).then(
          (res) => res.ok,
          () => false,
        );
        if (ok) return;
        if (Date.now() > deadline) throw new Error(`the stack for ${s.url} did not answer in time`);
        // Polling the health route while the stack boots (a readiness probe, as Playwright's own webServer wait).
        await new Promise((r) => setTimeout(r, 100));
      }
    }),
  );
}

if (process.argv[2] === 'start') {
  const pidFile = process.argv[3];
  if (!pidFile) throw new Error('usage: tsx tests/e2e/stacks.ts start PIDFILE');
  await start(resolve(pidFile));
}
