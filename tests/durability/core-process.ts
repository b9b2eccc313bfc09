/**
 * The stack as a separate process, started as the README's `npm start` starts it but from the
 * sources (`pnpm --filter @fleet/stack start`: the main.ts that scripts/start.sh runs bundled in the
 * production folder) with DATABASE_URL and SEED_ON_BOOT=true, the console not built or served, on a
 * database of its own; killed with SIGKILL and started again on the same database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from '@fleet/db';

export type Provider = 'sqlite' | 'postgresql';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A database for one run: a SQLite file in a temp folder, or a new PostgreSQL database. */
export interface RunDatabase {
  url: string;
  /** Where the core's log goes (beside the SQLite file, or in a temp folder). */
  dir: string;
  drop(): Promise<void>;
}

export async function newDatabase(provider: Provider, pgAdminUrl: string | undefined): Promise<RunDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-crash-'));
  const removeDir = async () => rmSync(dir, { recursive: true, force: true });
  if (provider === 'sqlite') return { url: `file:${join(dir, 'fleet.db')}`, dir, drop: removeDir };
  if (!pgAdminUrl) throw new Error('PostgreSQL needs DATABASE_URL_PG (e.g. postgresql://fleet:fleet@127.0.0.1:5432/fleet)');
  const db = await createScratchDatabase(pgAdminUrl, 'fleet_crash');
  return {
    url: db.url,
    dir,
    drop: async () => {
      await db.drop();
      await removeDir();
    },
  };
}

/** A free TCP port on 127.0.0.1 (the core is started on it again after every kill). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

const until = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function portAccepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ host: '127.0.0.1', port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

export interface CoreProcess {
  readonly url: string;
  /** ms from spawn to a healthy /healthz. */
  readonly startMs: number;
  /** SIGKILL to the whole process group (pnpm, tsx and the core's node), then wait until it is gone. */
  kill(): Promise<void>;
  /** SIGTERM (a clean stop), SIGKILL after a grace period. */
  stop(): Promise<void>;
}

export interface StartOptions {
  databaseUrl: string;
  port: number;
  logFile: string;
  /** How long the start may take (the first start migrates and seeds). */
  timeoutMs?: number;
}

/**
 * The child's environment: the caller's, without what would change the stack's behaviour from the
 * README's start (a Redis, a console build, a test runner's NODE_ENV), plus what scripts/start.sh
 * exports (its defaults, as there) and a log level that keeps the log short.
 */
export function coreEnv(o: StartOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ['REDIS_URL', 'CONSOLE_DIST', 'NODE_ENV', 'CORE_PREFIX', 'MIGRATE_ON_BOOT', 'DEMO_PASSWORD', 'SIMULATOR']) delete env[k];
  for (const k of Object.keys(env)) if (k.startsWith('VITEST')) delete env[k];
  return {
    ...env,
    DATABASE_URL: o.databaseUrl,
    SEED_ON_BOOT: 'true',
    // The fleet the tests assert on (tests/README.md): the 24 structural units of SEED_IDS.
    SEED_FLEET: 'small',
    RESPONSE_VALIDATION: env.RESPONSE_VALIDATION ?? 'false',
    HOST: '127.0.0.1',
    PORT: String(o.port),
    LOG_LEVEL: 'warn',
  };
}

function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export async function startCore(o: StartOptions): Promise<CoreProcess> {
  const url = `http://127.0.0.1:${o.port}`;
  const started = Date.now();
  const log = openSync(o.logFile, 'a');
  let child: ChildProcess;
  try {
    // detached: its own process group, so that one kill reaches the core's node under pnpm and tsx.
    child = spawn('pnpm', ['--filter', '@fleet/stack', '--silent', 'start'], { cwd: REPO_ROOT, env: coreEnv(o), detached: true, stdio: ['ignore', log, log] });
  } finally {
    closeSync(log);
  }
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not start the stack');
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );

  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pid, sig);
    } catch {
      // the group is gone already
    }
  };
  const gone = async (deadlineMs: number) => {
    const end = Date.now() + deadlineMs;
    await Promise.race([exit, until(deadlineMs)]);
    // The core's node is a grandchild: wait until nothing answers on its port any more.
    while (await portAccepts(o.port)) {
      if (Date.now() > end) throw new Error(`the core on port ${o.port} is still answering after ${deadlineMs} ms`);
      await until(20);
    }
  };

  const deadline = started + (o.timeoutMs ?? 180_000);
  for (;;) {
    if (exited) throw new Error(`the stack exited during start-up; log:\n${tail(o.logFile)}`);
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      await res.text();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      signal('SIGKILL');
      throw new Error(`the stack was not healthy within ${o.timeoutMs ?? 180_000} ms; log:\n${tail(o.logFile)}`);
    }
    await until(100);
  }
  const startMs = Date.now() - started;

  return {
    url,
    startMs,
    async kill() {
      signal('SIGKILL');
      await gone(10_000);
    },
    async stop() {
      if (exited) return;
      signal('SIGTERM');
      const clean = await Promise.race([exit.then(() => true), until(10_000).then(() => false)]);
      if (!clean) signal('SIGKILL');
      await gone(10_000);
    },
  };
}
