/**
 * What the side-by-side HTTP benchmarks share: every server under test in its own process pinned
 * to one core, the load generator in another process on the other core, readiness by a line on
 * stdout or by polling, the server's CPU from /proc, and autocannon's report.
 */
import { execFile, spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

export const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url));
/** Installed binaries of the peers (devDependencies of this package). */
export const TESTS_MODULES = fileURLToPath(new URL('../node_modules/', import.meta.url));

/** The core every server is pinned to, and the one the load generator uses. */
export const SERVER_CPU = 0;
export const LOAD_CPU = 1;

let pinningChecked: boolean | undefined;
/**
 * Whether processes can be pinned: `taskset` (util-linux) exists and there are two cores. Without
 * it everything runs unpinned (with a warning): the figures then include scheduling noise and the
 * server may share a core with the load generator.
 */
export function canPin(): boolean {
  if (pinningChecked === undefined) {
    const found = spawnSync('taskset', ['-c', '0', 'true']).status === 0;
    pinningChecked = found && cpus().length >= 2;
    if (!found) console.warn('warning: taskset (util-linux) not found: servers and load generator run unpinned');
    else if (!pinningChecked) console.warn('warning: fewer than 2 cores: servers and load generator run unpinned');
  }
  return pinningChecked;
}

const children = new Set<ChildProcess>();
/** Children die with this process, whatever happens to it. */
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

/**
 * `node <args>` (or another command) in its own process, pinned to `cpu` when possible (`null`:
 * not pinned); `options` over the default (stdin and stdout piped, stderr inherited).
 */
export function spawnPinned(
  cpu: number | null,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  options: Pick<SpawnOptions, 'cwd' | 'stdio'> = {},
): ChildProcess {
  const [cmd, argv] = cpu !== null && canPin() ? ['taskset', ['-c', String(cpu), command, ...args]] : [command, args];
  const child = spawn(cmd, argv, { stdio: ['pipe', 'pipe', 'inherit'], env, ...options });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/** `node --import tsx <script> <args>`: a TypeScript script of this folder in a pinned process. */
export function spawnScript(cpu: number, script: string, args: string[], nodeFlags: string[] = [], env?: NodeJS.ProcessEnv): ChildProcess {
  return spawnPinned(cpu, process.execPath, [...nodeFlags, '--import', 'tsx', `${BENCH_DIR}${script}`, ...args], env);
}

/** Lines a child writes on stdout, one callback per line. */
export function onLines(child: ChildProcess, fn: (line: string) => void): void {
  let buffered = '';
  child.stdout!.on('data', (d: Buffer) => {
    buffered += d.toString();
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      fn(line);
    }
  });
}

/** The JSON after `PREFIX ` on the first stdout line starting with it; rejects if the child exits first. */
export function waitForLine<T>(child: ChildProcess, prefix: string, timeoutMs = 300_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${prefix} line within ${timeoutMs} ms`)), timeoutMs);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`process exited (${code}) before ${prefix}`));
    };
    child.once('exit', onExit);
    onLines(child, (line) => {
      if (!line.startsWith(`${prefix} `)) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve(JSON.parse(line.slice(prefix.length + 1)) as T);
    });
  });
}

/** Ends a child: SIGTERM (so it can drop its database), SIGKILL if it has not exited in time. */
export async function stop(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** A free TCP port on 127.0.0.1 (for servers that cannot be told to take port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Poll `url` until it answers 2xx (servers that announce nothing we can parse). */
export async function waitHttp(url: string, headers: Record<string, string> = {}, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url}: no 2xx answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** CPU seconds a process has used so far (Linux /proc; 0 elsewhere). */
export function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in ticks of 10 ms
  } catch {
    return 0;
  }
}

/** The part of autocannon's --json report the benchmarks read. */
interface AutocannonReport {
  /** Seconds the run lasted. */
  duration: number;
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  throughput: { average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface LoadResult {
  requestsPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  requests: number;
  bytesPerSec: number;
  /**
   * The server process's CPU over the measured run, in cores. Well under 1 means the server was
   * not the bottleneck (the load generator or other work on the machine was).
   */
  serverCpuCores: number;
  /** Requests answered per second of the server's own CPU: its cost, whatever limited the rate. */
  requestsPerServerCpuSecond: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  headers?: Record<string, string>;
  /** The server's pid, for its CPU share over the measured run. */
  serverPid?: number;
}

/** One autocannon run from a separate process on the load core. */
function autocannon(url: string, o: LoadOptions, seconds: number): Promise<AutocannonReport> {
  const bin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  // A slow answer (a large list under concurrent load) is measured, not cut off at autocannon's 10 s.
  const args = [bin, '--json', '-c', String(o.connections), '-d', String(seconds), '-t', '120'];
  for (const [k, v] of Object.entries(o.headers ?? {})) args.push('-H', `${k}=${v}`);
  args.push(url);
  const [cmd, argv] = canPin() ? ['taskset', ['-c', String(LOAD_CPU), process.execPath, ...args]] : [process.execPath, args];
  return new Promise((resolve, reject) => {
    execFile(cmd, argv, { maxBuffer: 16 * 1024 * 1024 }, (err, stdout) => {
      if (err) return reject(err);
      resolve(JSON.parse(stdout) as AutocannonReport);
    });
  });
}

/** Warm up (JIT, caches), then measure; any non-2xx answer or error fails the benchmark. */
export async function load(url: string, o: LoadOptions): Promise<LoadResult> {
  if (o.warmupSeconds > 0) await autocannon(url, o, o.warmupSeconds);
  const cpu0 = cpuSeconds(o.serverPid);
  const t0 = performance.now();
  const r = await autocannon(url, o, o.seconds);
  const wall = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds(o.serverPid) - cpu0;
  if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  return {
    requestsPerSec: r.requests.total / r.duration >= 100 ? Math.round(r.requests.total / r.duration) : round(r.requests.total / r.duration, 1),
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    latencyMaxMs: r.latency.max,
    requests: r.requests.total,
    bytesPerSec: Math.round(r.throughput.average),
    serverCpuCores: o.serverPid ? round(cpu / wall, 2) : 0,
    requestsPerServerCpuSecond: cpu > 0 ? Math.round(r.requests.total / cpu) : 0,
  };
}

export const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;
export const ratio = (a: number, b: number) => (b > 0 ? round(a / b) : 0);
export const mib = (bytes: number) => round(bytes / 1048576, 1);

/** The machine and what else ran on it (1-minute load average at the start and end of the run). */
export function machine(loadAtStart: number) {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? '',
    node: process.version,
    pinned: canPin(),
    serverCpu: SERVER_CPU,
    loadCpu: LOAD_CPU,
    loadAverageAtStart: round(loadAtStart, 2),
    loadAverageAtEnd: round(loadavg()[0]!, 2),
  };
}

/** Percentile (0..1) of an ascending-sorted array. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;
}

/** The demo seed's password in the benchmarks' core processes (core-process.ts). */
export const BENCH_PASSWORD = 'Bench-pass-1';

export interface CoreMemory {
  rssBytes: number;
  heapUsedBytes: number;
  heapTotalBytes: number;
  externalBytes: number;
  arrayBuffersBytes: number;
  collected: boolean;
}

export interface CoreProcess {
  child: ChildProcess;
  url: string;
  /** Seconds the fleet generation took (0 without one). */
  fleetSeconds: number;
  /** The core process's own memory after full collections. */
  memory(): Promise<CoreMemory>;
  stop(): Promise<void>;
}

/** The core (core-process.ts) on a fresh, seeded database (or the given one), in its own process on the server core. */
export async function startCore(
  o: {
    provider?: 'sqlite' | 'postgresql';
    database?: string;
    fleet?: number;
    simulator?: 'off' | 'demo';
    /** A demo preset the in-process simulator runs (as `npm start` does). */
    demo?: string;
    env?: string[];
    /** Node and V8 flags besides --expose-gc (the memory flags `npm start` runs the stack with). */
    nodeFlags?: string[];
    /** The process's environment beyond this one's (MALLOC_ARENA_MAX, as `npm start` sets it). */
    processEnv?: Record<string, string>;
  } = {},
): Promise<CoreProcess> {
  const args = ['--provider', o.provider ?? 'sqlite', '--fleet', String(o.fleet ?? 0), '--simulator', o.simulator ?? 'off'];
  if (o.demo) args.push('--demo', o.demo);
  if (o.database) args.push('--database', o.database);
  for (const kv of o.env ?? []) args.push('--env', kv);
  // BENCH_CPU_PROF_DIR: the core writes a V8 CPU profile there when it stops (where its time went).
  const profile = process.env.BENCH_CPU_PROF_DIR;
  const flags = ['--expose-gc', ...(o.nodeFlags ?? []), ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [])];
  const child = spawnScript(SERVER_CPU, 'core-process.ts', args, flags, { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production', ...o.processEnv });
  const ready = await waitForLine<{ url: string; fleetSeconds: number }>(child, 'READY');
  const memories: Array<(m: CoreMemory) => void> = [];
  onLines(child, (line) => {
    if (line.startsWith('MEMORY ')) memories.shift()?.(JSON.parse(line.slice(7)) as CoreMemory);
  });
  return {
    child,
    url: ready.url,
    fleetSeconds: ready.fleetSeconds,
    memory: () =>
      new Promise((resolve) => {
        memories.push(resolve);
        child.stdin!.write('memory\n');
      }),
    stop: () => stop(child, 60_000),
  };
}

/** Log in through /mock/auth/login; the Cookie header value of the session. */
export async function login(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/mock/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('fleet_session='));
  if (!res.ok || !cookie) throw new Error(`login ${username} failed: ${res.status} ${await res.text()}`);
  return cookie.split(';')[0]!;
}

/** GET a path of a server as text (fails on a non-2xx answer). */
export async function getText(url: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(url, { headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${text.slice(0, 300)}`);
  return text;
}
