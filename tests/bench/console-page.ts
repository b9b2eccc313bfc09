/**
 * What the console benchmarks share (console-units, console-large-seed): the console built once,
 * the page's script time from the CDP Performance domain, two animation frames to settle, a CPU
 * profile's top functions, and small statistics.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
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
  console.log(`-- profile: ${label}\n${topFunctions(profile).join('\n')}`);
  return result;
}
