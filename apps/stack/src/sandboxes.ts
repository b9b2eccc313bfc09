/**
 * Sandboxes: whole stacks made inside this one on request, each under `/sandboxes/<id>`
 * (contracts/sandbox.ts). A sandbox is the stack's own composition again: its own storage, a core
 * built by `buildApp` with its public base, a simulator engine with its seed and clock (its devices
 * at the stack's pace: SIM_SPEED on a real-time clock, SIM_TELEMETRY_MS, SIM_AUTONOMY, SIM_OUTAGES). Nothing is
 * shared but the process and the listening server, whose requests and upgrades under a sandbox's
 * base go to that sandbox's core with the base taken off (core platform/mounts.ts).
 *
 * - Storage (SQLite): a file of its own, copied from a template seeded once per seed and fleet
 *   size (the schema is migrated once per process; seeding costs the password hashes and the
 *   fleet's rows). Templates of the last few seeds are kept, so a suite that makes sandboxes of one
 *   seed pays the seed once. Once a sandbox was made without a seed, a template of a random seed is
 *   seeded ahead (a spare per fleet size): the next sandbox without a seed takes it and pays no seeding.
 *   PostgreSQL: a database of its own, likewise, except that the first sandbox of a new seed is seeded
 *   in place (sandbox-storage.ts `fresh`: a copy of a seeded database costs the server more than the
 *   seeding it saves once) and that seed's template is seeded after it is made.
 * - Lifetime: `ttlMinutes` (default SANDBOX.defaultTtlMinutes, at most SANDBOX.maxTtlMinutes); a
 *   sandbox past it removes itself. Removal closes its sockets, stops its engine and deletes its
 *   storage; its base then answers 404 in the product's envelope.
 * - Sandboxes live in the process that made them: they do not survive a restart (the folder of
 *   their files is emptied when the stack starts).
 * - At most `max` (SANDBOX_MAX) live at once; past it, create is refused (409) saying so.
 * - Several core instances (REDIS_URL): a sandbox lives on the instance that made it; the others find
 *   it in the directory (sandbox-directory.ts) and pass its requests and upgrades on to that instance
 *   (sandbox-forward.ts); the list, the limit and removal are the deployment's, whichever instance is asked.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ERROR_CATALOGUE, SANDBOX, sandboxBase, systemClock, type ErrorEnvelope, type SandboxCreateInput, type SandboxView } from '@fleet/contracts';
import { buildApp, SandboxRefusal, type Config, type Mounts, type SandboxHost } from '@fleet/core';
import { createDb, seed, type DbHandle, type FleetSize } from '@fleet/db';
import { loadDemoPreset, type Engine } from '@fleet/simulator';
import { RedisSandboxDirectory } from './sandbox-directory.js';
import { FORWARDED_HEADER, forwardRequest, forwardUpgrade } from './sandbox-forward.js';
import { sandboxStorage, type SandboxStorage } from './sandbox-storage.js';
import { provideScenarioRunner, startSimulator, type SimulatorPace } from './stack.js';

export interface SandboxesOptions {
  /** The stack's own configuration: a sandbox's core runs on it, with its storage, base and seed. */
  readonly config: Config;
  /** Where the sandboxes' files live (emptied at start). */
  readonly dir: string;
  /** How many may live at once. */
  readonly max: number;
  /** The stack's devices' pace (stack.ts simulatorPace): a sandbox's on a real-time clock; a stepped one takes its timings only. */
  readonly pace: SimulatorPace;
  /** The length of a minute of their lifetime in ms (60,000; tests shorten it). */
  readonly minuteMs?: number;
  /** The stack's log: each sandbox's core logs as its child. */
  readonly log: () => FastifyBaseLogger;
  /**
   * Several core instances (REDIS_URL): where every instance finds the sandboxes, and the base URL the
   * others reach this one at (asked once the server listens). Without: this process's sandboxes only.
   */
  readonly directory?: { readonly redis: RedisSandboxDirectory; readonly ownUrl: () => string } | null;
}

interface LiveSandbox {
  readonly view: SandboxView;
  readonly app: FastifyInstance;
  readonly db: DbHandle;
  readonly engine: Engine;
  readonly timer: NodeJS.Timeout;
}

/** How many seeded templates are kept (the last used). */
const TEMPLATES_KEPT = 8;

/** A sandbox id: 10 characters of [a-z0-9] (about 51 bits), unguessable enough for a path on a test server. */
function newId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
}

const notFoundBody = JSON.stringify({ error: { code: 'NOT_FOUND', message: ERROR_CATALOGUE.NOT_FOUND.message } } satisfies ErrorEnvelope);

/** The sandbox a path is under: its id and the rest of the path (with the query), or null. */
export function sandboxPath(url: string): { id: string; rest: string } | null {
  const prefix = `${SANDBOX.pathPrefix}/`;
  if (!url.startsWith(prefix)) return null;
  const tail = url.slice(prefix.length);
  const end = tail.search(/[/?]/);
  const id = end === -1 ? tail : tail.slice(0, end);
  if (id === '') return null;
  return { id, rest: end === -1 ? '' : tail.slice(end) };
}

export class Sandboxes implements SandboxHost, Mounts {
  private readonly live = new Map<string, LiveSandbox>();
  /** Sandboxes being made (they count against the limit). */
  private making = 0;
  /** Seeded templates by `fleet:seed`, the last used last. */
  private readonly templates = new Map<string, Promise<string>>();
  /**
   * A template seeded ahead with a random seed, per fleet size, once a sandbox of that size was made
   * without a seed: the next such sandbox takes its seed, and is made without waiting for a seeding.
   */
  private readonly spare = new Map<FleetSize, { readonly seed: number; readonly template: Promise<string> }>();
  private closed = false;
  private readonly storage: SandboxStorage;

  constructor(private readonly options: SandboxesOptions) {
    const instance = options.directory?.redis.instance ?? randomBytes(4).toString('hex');
    this.storage = sandboxStorage(options.config.DATABASE_URL, options.dir, instance);
  }

  /** Empties the folder of a previous process's sandboxes (they did not survive its end); joins the directory of several instances. */
  async start(): Promise<void> {
    // The folder (SQLite files, recordings) is this process's: whatever is there is an earlier process's.
    await rm(this.options.dir, { recursive: true, force: true });
    await mkdir(this.options.dir, { recursive: true });
    await this.options.directory?.redis.start((id) => this.removeHere(id, 'removed'));
    const directory = this.options.directory?.redis;
    await this.storage.start((instance) => directory?.alive(instance) ?? Promise.resolve(false));
  }

  /** The live sandboxes (of every instance, with several), oldest first. */
  async list(): Promise<SandboxView[]> {
    const directory = this.options.directory;
    if (directory) return (await directory.redis.list()).map((e) => e.view);
    return [...this.live.values()].map((s) => s.view);
  }

  /** How many live in this process. */
  get size(): number {
    return this.live.size;
  }

  async create(input: SandboxCreateInput, createdBy: string): Promise<SandboxView> {
    const { max, directory } = this.options;
    if (this.closed) throw new SandboxRefusal('limit', 'The stack is shutting down');
    if (max === 0) throw new SandboxRefusal('limit', 'Sandboxes are turned off on this stack (SANDBOX_MAX=0)');
    const full = () =>
      new SandboxRefusal('limit', `${max} sandboxes are live, the most this stack allows (SANDBOX_MAX): remove one, or wait until one expires`);
    if (this.live.size + this.making >= max) throw full();
    let id = newId();
    while (this.live.has(id)) id = newId();
    this.making += 1;
    let view: SandboxView;
    try {
      if (directory && !(await directory.redis.reserve(id, max))) throw full();
      try {
        view = await this.make(id, input, createdBy);
        await directory?.redis.publish(view, directory.ownUrl());
      } catch (e) {
        if (this.live.has(id)) await this.removeHere(id, 'removed').catch(() => undefined);
        else await directory?.redis.release(id).catch(() => undefined);
        throw e;
      }
    } finally {
      this.making -= 1;
    }
    // Seeded after the answer, so it does not slow the sandbox just made.
    if (input.seed === undefined) this.prepareSpare(view.fleet);
    return view;
  }

  /** The seed of the spare template of `fleet` (taken: the next one is seeded later), or null. */
  private takeSpare(fleet: FleetSize): number | null {
    const spare = this.spare.get(fleet);
    if (spare === undefined) return null;
    this.spare.delete(fleet);
    return spare.seed;
  }

  private prepareSpare(fleet: FleetSize): void {
    if (this.closed || this.spare.has(fleet)) return;
    const seedValue = randomInt(0, 2_147_483_647);
    const template = this.seeded(fleet, seedValue);
    this.spare.set(fleet, { seed: seedValue, template });
    // A spare that could not be seeded is forgotten (the next sandbox seeds its own).
    template.catch(() => {
      if (this.spare.get(fleet)?.template === template) this.spare.delete(fleet);
    });
  }

  private async make(id: string, input: SandboxCreateInput, createdBy: string): Promise<SandboxView> {
    const { config, dir } = this.options;
    const base = sandboxBase(id);
    const fleet = input.fleet ?? 'small';
    const seedValue = input.seed ?? this.takeSpare(fleet) ?? randomInt(0, 2_147_483_647);
    const demo = input.demo ?? 'off';
    const clock = input.clock ?? 'realtime';
    const ttlMinutes = input.ttlMinutes ?? SANDBOX.defaultTtlMinutes;
    const ttlMs = ttlMinutes * (this.options.minuteMs ?? 60_000);
    // Their lifetime is the wall clock's (a sandbox's own simulated clock may be stepped or paused).
    const createdAt = systemClock.now();
    const view: SandboxView = {
      id,
      name: input.name ?? `Sandbox ${id}`,
      base,
      seed: seedValue,
      fleet,
      demo,
      clock,
      createdAt: new Date(createdAt).toISOString(),
      expiresAt: new Date(createdAt + ttlMinutes * 60_000).toISOString(),
    };
    const t0 = performance.now();
    const { url, templateAfter } = await this.database(fleet, seedValue, id);
    const storageMs = Math.round(performance.now() - t0);
    let db: DbHandle;
    try {
      db = await createDb({ url, ...this.storage.connection });
    } catch (e) {
      await this.storage.drop(id).catch(() => undefined);
      throw e;
    }
    let app: FastifyInstance | null = null;
    try {
      const log = this.options.log().child({ sandbox: id });
      app = await buildApp({
        config: {
          ...config,
          DATABASE_URL: url,
          PUBLIC_BASE: base,
          SEED: seedValue,
          SEED_FLEET: fleet,
          SEED_ON_BOOT: false,
          MIGRATE_ON_BOOT: false,
          METRICS_PORT: undefined,
          RECORDINGS_DIR: join(dir, `${id}-recordings`),
          // One instance's sandbox: its core neither hears nor tells other instances (no broker).
          REDIS_URL: '',
        },
        db: db.prisma,
        loggerInstance: log,
        sandbox: () => ({ id, name: view.name, expiresAt: view.expiresAt }),
      });
      provideScenarioRunner(app);
      const { speed, timings } = this.options.pace;
      const engine = startSimulator(app, {
        seed: seedValue,
        demo: loadDemoPreset(demo),
        timings,
        // A real-time sandbox runs at the stack's pace (SIM_SPEED); a stepped one moves only when told.
        ...(clock === 'stepped' ? { clock: { kind: 'stepped' } } : { speed }),
      });
      await app.ready();
      const timer = setTimeout(() => void this.removeHere(id, 'expired'), ttlMs);
      timer.unref();
      this.live.set(id, { view, app, db, engine, timer });
      log.info({ seed: seedValue, fleet, demo, ttlMinutes, createdBy, storageMs, ms: Math.round(performance.now() - t0) }, 'sandbox made');
      // The next sandbox of this seed copies a template, seeded now that this one is made.
      if (templateAfter && !this.closed) void this.seeded(fleet, seedValue).catch(() => undefined);
      return view;
    } catch (e) {
      await app?.close().catch(() => undefined);
      await db.close().catch(() => undefined);
      await this.storage.drop(id).catch(() => undefined);
      throw e;
    }
  }

  /** Removes a sandbox, whichever instance holds it; whether there was one. */
  async remove(id: string): Promise<boolean> {
    if (this.live.has(id)) return this.removeHere(id, 'removed');
    const directory = this.options.directory?.redis;
    if (!directory || (await directory.find(id)) === null) return false;
    return directory.requestRemoval(id);
  }

  /** Removes a sandbox this process holds; whether it held it. */
  private async removeHere(id: string, why: 'removed' | 'expired' | 'shutdown'): Promise<boolean> {
    const sandbox = this.live.get(id);
    if (!sandbox) return false;
    // Gone for every request from now on (404), before its parts close.
    this.live.delete(id);
    clearTimeout(sandbox.timer);
    sandbox.engine.stop();
    // Its /ws clients are closed by the core's close (@fastify/websocket), its services stop.
    await sandbox.app.close();
    await sandbox.db.close();
    await this.storage.drop(id);
    await rm(join(this.options.dir, `${id}-recordings`), { recursive: true, force: true });
    await this.options.directory?.redis.release(id).catch((err: unknown) => this.options.log().warn({ err, sandbox: id }, 'sandbox directory (redis)'));
    this.options.log().info({ sandbox: id, why }, 'sandbox removed');
    return true;
  }

  /** Removes every sandbox of this process (the stack is stopping), then leaves the directory. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.live.keys()].map((id) => this.removeHere(id, 'shutdown')));
    // Templates being seeded end first (a spare's, made after an answer).
    await Promise.allSettled([...this.templates.values(), ...[...this.spare.values()].map((s) => s.template)]);
    await this.storage.close();
    await this.options.directory?.redis.close();
  }

  /**
   * With several instances, a sandbox this process does not hold: found in the directory and passed
   * on to its instance (`pass`), else answered 404 (`missing`). A request passed on by another instance
   * is never passed on again.
   */
  private elsewhere(req: IncomingMessage, id: string, pass: (owner: string, instance: string) => void, missing: () => void): boolean {
    const directory = this.options.directory?.redis;
    if (!directory || req.headers[FORWARDED_HEADER] !== undefined) return false;
    directory.find(id).then(
      (entry) => (entry === null || entry.instance === directory.instance ? missing() : pass(entry.owner, directory.instance)),
      (err: unknown) => {
        this.options.log().warn({ err, sandbox: id }, 'sandbox directory (redis)');
        missing();
      },
    );
    return true;
  }

  request(req: IncomingMessage, res: ServerResponse): boolean {
    const path = sandboxPath(req.url ?? '');
    if (path === null) return false;
    const sandbox = this.live.get(path.id);
    if (!sandbox) {
      const missing = () => {
        res.writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(notFoundBody);
      };
      if (!this.elsewhere(req, path.id, (owner, instance) => forwardRequest(req, res, owner, instance, missing), missing)) missing();
      return true;
    }
    if (path.rest === '' || path.rest.startsWith('?')) {
      // The console is at `<base>/`.
      res.writeHead(308, { location: `${sandbox.view.base}/${path.rest}` }).end();
      return true;
    }
    req.url = path.rest;
    sandbox.app.server.emit('request', req, res);
    return true;
  }

  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const path = sandboxPath(req.url ?? '');
    if (path === null) return false;
    const sandbox = this.live.get(path.id);
    const missing = () => {
      socket.end(
        `HTTP/1.1 404 Not Found\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(notFoundBody)}\r\nconnection: close\r\n\r\n${notFoundBody}`,
      );
    };
    if (path.rest === '') {
      missing();
      return true;
    }
    if (!sandbox) {
      if (!this.elsewhere(req, path.id, (owner, instance) => forwardUpgrade(req, socket, head, owner, instance, missing), missing)) missing();
      return true;
    }
    req.url = path.rest;
    sandbox.app.server.emit('upgrade', req, socket, head);
    return true;
  }

  /**
   * A sandbox's database: a copy of its seed's template, or, for a seed without one where the storage
   * can fill a sandbox's database in place (PostgreSQL), seeded straight into it (`templateAfter`: the
   * seed's template is to be made once the sandbox is).
   */
  private async database(fleet: FleetSize, seedValue: number, id: string): Promise<{ url: string; templateAfter: boolean }> {
    if (this.storage.fresh !== undefined && !this.templates.has(`${fleet}:${seedValue}`)) {
      return { url: await this.storage.fresh(id, (url) => this.fill(fleet, seedValue, url)), templateAfter: true };
    }
    return { url: await this.storage.copy(await this.seeded(fleet, seedValue), id), templateAfter: false };
  }

  /** A template holding the fleet of `seedValue` at `fleet` size and the demo accounts (made once, then copied). */
  private seeded(fleet: FleetSize, seedValue: number): Promise<string> {
    const key = `${fleet}:${seedValue}`;
    let template = this.templates.get(key);
    if (template === undefined) {
      template = this.seedTemplate(fleet, seedValue);
      // A failed template is not kept: the next create tries again.
      template.catch(() => this.templates.delete(key));
    } else {
      this.templates.delete(key);
    }
    this.templates.set(key, template);
    while (this.templates.size > TEMPLATES_KEPT) {
      const [oldest, dropped] = this.templates.entries().next().value as [string, Promise<string>];
      this.templates.delete(oldest);
      void dropped.then((t) => this.storage.dropTemplate(t)).catch(() => undefined);
    }
    return template;
  }

  private seedTemplate(fleet: FleetSize, seedValue: number): Promise<string> {
    return this.storage.template(`${fleet}-${seedValue}`, (url) => this.fill(fleet, seedValue, url));
  }

  /** Writes the fleet of `seedValue` at `fleet` size and the demo accounts into the migrated database at `url`. */
  private async fill(fleet: FleetSize, seedValue: number, url: string): Promise<void> {
    const { config } = this.options;
    const db = await createDb({ url, ...this.storage.connection });
    try {
      await seed(db, {
        seed: seedValue,
        fleet,
        password: config.DEMO_PASSWORD,
        // The password hashes of one salt seed for every sandbox: made once per process.
        hashSeed: config.SEED,
        ...(config.PASSWORD_HASH_N === undefined ? {} : { passwordCost: config.PASSWORD_HASH_N }),
      });
    } finally {
      await db.close();
    }
  }
}

/** The default folder of the sandboxes' files: beside the stack's database (`<file>.sandboxes`), or the system's temporary folder on PostgreSQL. */
export function sandboxesDir(databaseUrl: string): string {
  if (/^postgres(ql)?:\/\//i.test(databaseUrl)) return join(tmpdir(), `fleet-sandboxes-${process.pid}`);
  const file = resolve(databaseUrl.replace(/^file:(\/\/)?/, '').replace(/\?.*$/, ''));
  return `${file.replace(/\.db$/, '')}.sandboxes`;
}
