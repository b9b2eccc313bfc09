/**
 * What the console benchmarks share (console-units, console-large-seed): the console built once,
 * the real stack serving it, the page's script time from the CDP Performance domain, two animation frames to settle, a CPU
 * profile's top functions, and small statistics.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from '@playwright/test';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const round = (n: number) => Math.round(n * 10) / 10;
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** The console built once into a folder of its own (or `given`, a build made before). */
export function buildConsole(root: string, given?: string): string {
  if (given) return given;
  const dist = mkdtempSync(join(tmpdir(), 'console-bench-'));
  const started = Date.now();
  const r = spawnSync('pnpm', ['--filter', '@fleet/console', 'exec', 'vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('console build failed');
  console.log(`console built in ${((Date.now() - started) / 1000).toFixed(1)} s into ${dist}`);
  return dist;
}

export interface Stack {
  readonly base: string;
  readonly startSeconds: number;
  stop(): Promise<void>;
}

/**
 * The real stack (core and in-process simulator, SQLite seeded at boot) serving the console from
 * `dist` on `port`, with `env` beside the defaults (SEED_FLEET, SIM_FLEET_SIZE, ...); resolves once
 * /healthz answers, within 10 minutes.
 */
export async function startStack(root: string, dist: string, port: number, env: Record<string, string>): Promise<Stack> {
  // A stack left over on the port would answer in place of this one (and serve another build).
  const taken = await fetch(`http://127.0.0.1:${port}/healthz`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is already in use`);
  const dbDir = mkdtempSync(join(tmpdir(), 'console-bench-db-'));
  const started = Date.now();
  const child: ChildProcess = spawn('pnpm', ['--filter', '@fleet/stack', '--silent', 'start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${join(dbDir, 'bench.db')}`,
      SEED_ON_BOOT: 'true',
      CONSOLE_DIST: dist,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, name);
    } catch {
      // the process group is already gone
    }
  };
  const stop = async () => {
    if (child.exitCode === null) {
      signal('SIGTERM');
      for (let i = 0; i < 100 && child.exitCode === null; i += 1) await sleep(100);
      if (child.exitCode === null) signal('SIGKILL');
    }
    rmSync(dbDir, { recursive: true, force: true });
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`stack exited with ${child.exitCode}`);
    if (Date.now() - started > 600_000) {
      await stop();
      throw new Error('stack did not start within 10 minutes');
    }
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  return { base, startSeconds: (Date.now() - started) / 1000, stop };
}

/** The page's main-thread JavaScript time so far (ms). */
export async function scriptMs(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000;
}

/** Two animation frames: React's effects and the virtualiser's measurements have run. */
export const settle = (page: Page) => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

type CpuProfile = { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] };

/** Self time by function of a CPU profile, the top `n` (idle and program time left out). */
export function topFunctions(profile: CpuProfile, n = 15): string[] {
  const byNode = new Map<number, number>();
  (profile.samples ?? []).forEach((id, i) => byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)));
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = byNode.get(node.id) ?? 0;
    if (us === 0 || node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)') continue;
    const file = node.callFrame.url.split('/').pop() ?? '';
    const key = `${node.callFrame.functionName || '(anonymous)'} ${file}:${node.callFrame.lineNumber}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  }
  return [...byFunction.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([fn, us]) => `${(us / 1000).toFixed(1).padStart(7)} ms  ${fn}`);
}

/** `run`, with its CPU profile's top functions printed when `enabled` (the benchmarks' --profile). */
export async function profiled<T>(cdp: CDPSession, label: string, enabled: boolean, run: () => Promise<T>): Promise<T> {
  if (!enabled) return run();
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const result = await run();
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  // The whole profile too, for DevTools (Performance panel: load the .cpuprofile file).
  const dir = process.env.BENCH_PROFILE_DIR;
  if (dir) writeFileSync(join(dir, `${label.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`), JSON.stringify(profile));
  console.log(`-- profile: ${label}\n${topFunctions(profile).join('\n')}`);
  return result;
}
