/**
 * The test command's "production folder" phase (scripts/test.sh): the folder `pnpm build:core` makes
 * (build-prod.ts), run as it is delivered.
 *
 * 1. builds it (`--reuse-console`: the build phase made the console);
 * 2. checks it holds no compiler or test tool (typescript, tsx, esbuild, vite, vitest, Playwright,
 *    Prisma's CLI, types);
 * 3. copies it to a temporary folder outside the workspace and starts it there with plain `node`,
 *    the start command of the Dockerfile's core image, with an environment of its own (no PATH into
 *    the workspace, no workspace variable): the embedded SQLite default (migrated and seeded at
 *    start), then, when DATABASE_URL_PG names a PostgreSQL server (the test command sets it), a
 *    throw-away database on it;
 * 4. for each: waits for /healthz, signs in as a demo account through /mock/auth/login, reads
 *    GET /api/devices/fetch, checks / serves the console (and one of its scripts) and /docs its page;
 *    then stops it with SIGTERM and expects a clean exit.
 *
 *   pnpm exec tsx apps/stack/scripts/test-prod.ts [--no-build]
 *
 * Exits 1 with what failed, and the folder's log, when anything does.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from '@fleet/db';

const ROOT = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const FOLDER = path.join(ROOT, 'apps/stack/dist');
/** The core image's start command (Dockerfile, stage `core`): the same string. */
const START = 'exec node $(cat node-flags) main.js';
/** Packages a production folder must not hold. */
const FORBIDDEN = [
  /^typescript$/,
  /^tsx$/,
  /^esbuild$/,
  /^@esbuild\//,
  /^vite$/,
  /^vitest$/,
  /^@vitest\//,
  /^@playwright\//,
  /^playwright(-core)?$/,
  /^prisma$/,
  /^@types\//,
];
const DEMO_USER = 'luc_regular';
const DEMO_PASSWORD = 'Demo-pass-1';

const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
function step(message: string): void {
  console.log(`production folder: ${message} (${seconds()})`);
}
class Failure extends Error {}
function check(ok: boolean, message: string): asserts ok {
  if (!ok) throw new Failure(message);
}

/** Every package in the folder's node_modules (the names in their package.json). */
function packagesIn(modules: string): Set<string> {
  const names = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const p = path.join(dir, entry.name);
      const manifest = path.join(p, 'package.json');
      if (existsSync(manifest)) names.add((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name ?? entry.name);
      else visit(p);
    }
  };
  visit(modules);
  return names;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

interface Running {
  readonly child: ChildProcess;
  readonly origin: string;
  readonly output: string[];
  exited: { code: number | null; signal: NodeJS.Signals | null } | null;
}

async function start(copy: string, env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const child = spawn('sh', ['-c', START], {
    cwd: copy,
    // Nothing of the workspace's environment: Node's own folder on PATH, the system's, and what the test sets.
    env: { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`, HOME: copy, HOST: '127.0.0.1', PORT: String(port), MALLOC_ARENA_MAX: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const running: Running = { child, origin: `http://127.0.0.1:${port}`, output: [], exited: null };
  child.stdout?.on('data', (chunk: Buffer) => running.output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => running.output.push(chunk.toString()));
  child.once('exit', (code, signal) => (running.exited = { code, signal }));
  return running;
}

async function waitHealthy(running: Running, timeoutMs: number): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (performance.now() < until) {
    check(running.exited === null, `the folder's process ended before answering /healthz (exit ${running.exited?.code ?? running.exited?.signal})`);
    const ok = await fetch(`${running.origin}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Failure(`/healthz did not answer within ${timeoutMs / 1000} s`);
}

/** The demo sign-in, one REST read, the console's page and one of its scripts, the docs page. */
async function exercise(running: Running): Promise<void> {
  const { origin } = running;
  const login = await fetch(`${origin}/mock/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ username: DEMO_USER, password: DEMO_PASSWORD }),
  });
  const answer = await login.text();
  check(login.status === 200, `signing in as ${DEMO_USER} answered ${login.status}: ${answer}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.includes('='));
  check(cookie !== undefined, 'the sign-in set no session cookie');
  const devices = await fetch(`${origin}/api/devices/fetch`, { headers: { cookie } });
  check(devices.status === 200, `GET /api/devices/fetch answered ${devices.status}`);
  const units = (await devices.json()) as unknown;
  check(Array.isArray(units) && units.length > 0, 'GET /api/devices/fetch answered no units: the database was not seeded');

  const page = await fetch(`${origin}/`);
  const html = await page.text();
  check(page.status === 200 && html.includes('<base href='), `GET / answered ${page.status} without the console's page`);
  const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
  check(script !== undefined, "the console's page names no script");
  // Every answer read to its end: a response left unread holds its connection, and the core's stop waits for it.
  const asset = await fetch(new URL(script, `${origin}/`));
  const assetBytes = (await asset.arrayBuffer()).byteLength;
  check(
    asset.status === 200 && assetBytes > 0 && (asset.headers.get('content-type') ?? '').includes('javascript'),
    `the console's ${script} answered ${asset.status}`,
  );
  const docs = await fetch(`${origin}/docs`);
  check(docs.status === 200 && (await docs.text()).includes('<html'), `GET /docs answered ${docs.status}`);
}

async function stop(running: Running): Promise<void> {
  if (running.exited === null) {
    const exited = new Promise<void>((resolve) => running.child.once('exit', () => resolve()));
    running.child.kill('SIGTERM');
    const late = setTimeout(() => running.child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(late);
  }
  check(running.exited?.code === 0, `the folder's process did not stop cleanly on SIGTERM (exit ${running.exited?.code ?? running.exited?.signal})`);
}

async function runOnce(copy: string, label: string, env: Record<string, string>): Promise<void> {
  const running = await start(copy, env);
  try {
    // Well above the start's few seconds: a machine busy with other tests' stacks slows it several times.
    await waitHealthy(running, 90_000);
    step(`${label}: /healthz answered`);
    await exercise(running);
    await stop(running);
    step(`${label}: signed in, read the units, served the console and the docs, stopped`);
  } catch (error) {
    if (running.exited === null) running.child.kill('SIGKILL');
    console.error(`production folder: ${label}: the folder's output:\n${running.output.join('').trimEnd()}`);
    throw error;
  }
}

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) {
    const built = spawnSync('pnpm', ['--silent', 'build:core', '--reuse-console'], { cwd: ROOT, stdio: 'inherit' });
    check(built.status === 0, `pnpm build:core failed (${built.status ?? built.signal})`);
  }
  check(existsSync(path.join(FOLDER, 'main.js')), `${path.relative(ROOT, FOLDER)} has no main.js: run pnpm build:core`);
  const forbidden = [...packagesIn(path.join(FOLDER, 'node_modules'))].filter((name) => FORBIDDEN.some((re) => re.test(name)));
  check(forbidden.length === 0, `the folder holds ${forbidden.join(', ')}`);
  step('built; no compiler or test tool in it');

  const temp = mkdtempSync(path.join(os.tmpdir(), 'fleet-core-'));
  check(!path.resolve(temp).startsWith(`${ROOT}${path.sep}`), 'the temporary folder is inside the workspace');
  try {
    const copy = path.join(temp, 'core');
    cpSync(FOLDER, copy, { recursive: true, verbatimSymlinks: true });
    // The small fleet at rest, its demo accounts' passwords at the tests' scrypt cost (as every stack the tests start).
    const env = { SEED_FLEET: 'small', SIM_DEMO: 'off', LOG_LEVEL: 'warn', PASSWORD_HASH_N: '1024' };
    // The embedded default: the database file under the copy (./.data), the folder's own defaults otherwise.
    await runOnce(copy, 'SQLite', env);
    const adminUrl = process.env.DATABASE_URL_PG;
    if (adminUrl) {
      const db = await createScratchDatabase(adminUrl, 'fleet_prod_folder');
      try {
        await runOnce(copy, 'PostgreSQL', { ...env, DATABASE_URL: db.url });
      } finally {
        await db.drop();
      }
    } else {
      step('PostgreSQL: skipped (DATABASE_URL_PG is not set)');
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  step('passed');
}

main().catch((error: unknown) => {
  console.error(
    `production folder: FAILED: ${error instanceof Failure ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
});
