/**
 * The stack as `npm start` runs it (scripts/start.sh): the production folder `pnpm build:core`
 * makes (apps/stack/dist: the stack's TypeScript bundled into plain JavaScript), started with plain
 * `node`, the flags of its `node-flags` and MALLOC_ARENA_MAX=1, on a fresh SQLite file, in a
 * process pinned to the server's core (unless told otherwise). What a benchmark measures of it (its RSS, the answers it
 * gives) is what a person running `npm start` gets.
 *
 * Its heap after full collections is read over the inspector, opened only when asked (SIGUSR1 on a
 * process started with `--inspect-port=0`): until then the process runs exactly as started by
 * start.sh, besides `--expose-gc`.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { BENCH_PASSWORD, freePort, SERVER_CPU, spawnPinned, stop, type CoreMemory } from './harness.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FOLDER = join(ROOT, 'apps/stack/dist');

/** `pnpm build:core --reuse-console`, as start.sh runs it before starting the stack. */
export function buildStackFolder(): void {
  const r = spawnSync('pnpm', ['--silent', 'build:core', '--reuse-console'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error(`pnpm build:core failed (${r.status})`);
}

/** The folder's node flags (apps/stack/node-flags, copied into it). */
export function stackNodeFlags(): string[] {
  return readFileSync(join(FOLDER, 'node-flags'), 'utf8').trim().split(/\s+/).filter(Boolean);
}

export interface StackProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly url: string;
  /** Process start until `/healthz` answers (migrations, seed, generated units). */
  readonly startSeconds: number;
  /** The process's memory after two full collections (over the inspector). */
  memory(): Promise<CoreMemory>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The stack from the folder (build it first: buildStackFolder), with `env` over start.sh's settings;
 * `pinned: false` leaves it both cores, as `npm start` does (its sandboxes seed in a worker thread).
 */
export async function startStack(env: Record<string, string>, { pinned = true }: { pinned?: boolean } = {}): Promise<StackProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-stack-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = spawnPinned(
    pinned ? SERVER_CPU : null,
    process.execPath,
    [...stackNodeFlags(), '--expose-gc', '--inspect-port=0', 'main.js'],
    {
      ...process.env,
      MALLOC_ARENA_MAX: '1',
      DATABASE_URL: `file:${join(dir, 'fleet.db')}`,
      SEED_ON_BOOT: 'true',
      RESPONSE_VALIDATION: 'false',
      DEMO_PASSWORD: BENCH_PASSWORD,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    { cwd: FOLDER, stdio: ['ignore', 'inherit', 'pipe'] },
  );
  const inspector: Array<(wsUrl: string) => void> = [];
  // The inspector's own lines are read here, not shown; everything else the stack writes is.
  child.stderr!.on('data', (d: Buffer) => {
    for (const line of d.toString().split('\n')) {
      const m = /Debugger listening on (ws:\/\/\S+)/.exec(line);
      if (m) inspector.shift()?.(m[1]!);
      else if (line !== '' && !/^(Debugger (attached|ending)|For help, see: )/.test(line)) process.stderr.write(`${line}\n`);
    }
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the stack ended (${child.exitCode}) before it answered`);
    const up = await fetch(`${url}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) break;
    await sleep(100);
  }
  const startSeconds = (performance.now() - t0) / 1000;
  let wsUrl: Promise<string> | undefined;
  return {
    child,
    pid: child.pid!,
    url,
    startSeconds,
    async memory() {
      wsUrl ??= new Promise<string>((resolve) => {
        inspector.push(resolve);
        child.kill('SIGUSR1');
      });
      const ws = new WebSocket(await wsUrl);
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const answer = new Promise<string>((resolve) =>
        ws.on('message', (data: Buffer) => {
          const m = JSON.parse(data.toString()) as { id?: number; result?: { result?: { value?: string } } };
          if (m.id === 1) resolve(m.result?.result?.value ?? '{}');
        }),
      );
      const expression =
        'gc(); gc(); (({ rss, heapUsed, heapTotal, external, arrayBuffers }) => JSON.stringify({ rssBytes: rss, heapUsedBytes: heapUsed, heapTotalBytes: heapTotal, externalBytes: external, arrayBuffersBytes: arrayBuffers, collected: true }))(process.memoryUsage())';
      ws.send(JSON.stringify({ id: 1, method: 'Runtime.evaluate', params: { expression, returnByValue: true } }));
      const memory = JSON.parse(await answer) as CoreMemory;
      ws.close();
      return memory;
    },
    async stop() {
      await stop(child, 60_000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
