/**
 * Where every core instance of a deployment finds the sandboxes (several instances: PostgreSQL +
 * Redis). A sandbox lives in the process of the instance that made it (its core, simulator engine,
 * timers and sockets are that process's objects); the directory tells the other instances which
 * instance that is, so a request for it reaches it whichever instance answers (sandboxes.ts forwards
 * it, sandbox-forward.ts).
 *
 * In Redis, under `<REDIS_PREFIX>:sandbox:`:
 * - `entries`, a hash: sandbox id → `{ instance, owner, view }` (`view` absent while it is being
 *   made: the place counts against SANDBOX_MAX already);
 * - `instance:<id>`, each instance's heartbeat, renewed every HEARTBEAT_MS and expiring after
 *   HEARTBEAT_TTL_MS: the sandboxes of an instance that stopped without saying so (killed, cut off)
 *   are dropped from the directory by the next instance that reads it, as its process took them along;
 * - `remove`, a channel: an instance asked to remove a sandbox it does not hold asks its holder, and
 *   waits for the answer on `removed`.
 * Reserving a place and counting the live ones is one Lua step, so two instances never both take the
 * last place under SANDBOX_MAX.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { RedisPair } from '@fleet/core';
import type { SandboxView } from '@fleet/contracts';

export interface SandboxEntry {
  /** The id of the instance holding it. */
  readonly instance: string;
  /** The base URL the other instances forward its requests to (`http://host:port`). */
  readonly owner: string;
  readonly view: SandboxView;
}

/** How often an instance says it is alive, and how long the directory believes it without news. */
export const HEARTBEAT_MS = 2_000;
export const HEARTBEAT_TTL_MS = 6_000;
/** How long a removal waits for the holding instance's answer. */
const REMOVAL_WAIT_MS = 10_000;

/*
 * KEYS: entries. ARGV: max, id, value, heartbeat key prefix. Drops the entries of instances whose
 * heartbeat expired, then takes the place when fewer than `max` remain: 1, else 0. (It reads the
 * heartbeat keys it derives: one Redis, not a cluster.)
 */
const RESERVE = `
local all = redis.call('HGETALL', KEYS[1])
local live = 0
for i = 1, #all, 2 do
  local entry = cjson.decode(all[i + 1])
  if redis.call('EXISTS', ARGV[4] .. entry.instance) == 1 then
    live = live + 1
  else
    redis.call('HDEL', KEYS[1], all[i])
  end
end
if live >= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[2], ARGV[3])
return 1
`;

export class RedisSandboxDirectory {
  /** This instance's id in the directory (8 hex digits: it names its sandboxes' databases too). */
  readonly instance = randomBytes(4).toString('hex');
  private readonly redis: RedisPair;
  private readonly keys: { entries: string; heartbeat: string; remove: string; removed: string };
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly waiting = new Map<string, (removed: boolean) => void>();
  private removeHandler: ((id: string) => Promise<boolean>) | null = null;

  /** `log`: where Redis's troubles are told (at most one a second). */
  constructor(url: string, prefix: string, log: ConstructorParameters<typeof RedisPair>[2]) {
    this.redis = new RedisPair(url, 'sandboxes', log);
    const base = `${prefix}:sandbox`;
    this.keys = { entries: `${base}:entries`, heartbeat: `${base}:instance:`, remove: `${base}:remove`, removed: `${base}:removed` };
  }

  /** Connects, says this instance is alive, and answers removals asked of it (`remove`: whether it held the sandbox). */
  async start(remove: (id: string) => Promise<boolean>): Promise<void> {
    this.removeHandler = remove;
    const onError = (err: unknown) => this.redis.warn(err, 'sandbox directory (redis)');
    await this.redis.connect();
    await this.beat();
    this.heartbeat = setInterval(() => void this.beat().catch(onError), HEARTBEAT_MS);
    this.heartbeat.unref();
    this.redis.sub.on('message', (channel: string, message: string) => void this.hear(channel, message).catch(onError));
    await this.redis.sub.subscribe(this.keys.remove, this.keys.removed);
  }

  private beat(): Promise<unknown> {
    return this.redis.pub.set(`${this.keys.heartbeat}${this.instance}`, '1', 'PX', HEARTBEAT_TTL_MS);
  }

  private async hear(channel: string, message: string): Promise<void> {
    const m = JSON.parse(message) as { id: string; reply: string; removed?: boolean };
    if (channel === this.keys.removed) {
      this.waiting.get(m.reply)?.(m.removed === true);
      return;
    }
    // A removal asked of every instance: the holder answers (the others hold nothing of it).
    const entry = await this.find(m.id);
    if (entry?.instance !== this.instance || this.removeHandler === null) return;
    const removed = await this.removeHandler(m.id);
    await this.redis.pub.publish(this.keys.removed, JSON.stringify({ id: m.id, reply: m.reply, removed }));
  }

  /** Whether `instance` is this one or says it is alive. */
  async alive(instance: string): Promise<boolean> {
    return instance === this.instance || (await this.redis.pub.exists(`${this.keys.heartbeat}${instance}`)) === 1;
  }

  /** Takes a place for a sandbox being made; false when `max` are live or being made on every instance together. */
  async reserve(id: string, max: number): Promise<boolean> {
    const value = JSON.stringify({ instance: this.instance });
    return (await this.redis.pub.eval(RESERVE, 1, this.keys.entries, String(max), id, value, this.keys.heartbeat)) === 1;
  }

  /** The sandbox is made: every instance reaches it at `owner`. */
  async publish(view: SandboxView, owner: string): Promise<void> {
    await this.redis.pub.hset(this.keys.entries, view.id, JSON.stringify({ instance: this.instance, owner, view } satisfies SandboxEntry));
  }

  /** Its place is free again (removed, expired, or it could not be made). */
  async release(id: string): Promise<void> {
    await this.redis.pub.hdel(this.keys.entries, id);
  }

  /** The made sandbox `id` on a live instance, or null. */
  async find(id: string): Promise<SandboxEntry | null> {
    const raw: string | null = await this.redis.pub.hget(this.keys.entries, id);
    if (raw === null) return null;
    const entry = JSON.parse(raw) as Partial<SandboxEntry> & { instance: string };
    if (entry.view === undefined || entry.owner === undefined) return null;
    if (!(await this.alive(entry.instance))) return null;
    return entry as SandboxEntry;
  }

  /** Every made sandbox on a live instance, oldest first. */
  async list(): Promise<SandboxEntry[]> {
    const all = Object.values(await this.redis.pub.hgetall(this.keys.entries)).map((raw) => JSON.parse(raw) as Partial<SandboxEntry> & { instance: string });
    const instances = [...new Set(all.map((e) => e.instance))];
    const alive = instances.length === 0 ? [] : await this.redis.pub.mget(instances.map((i) => `${this.keys.heartbeat}${i}`));
    const live = new Set(instances.filter((_, i) => alive[i] !== null));
    return all
      .filter((e): e is SandboxEntry => e.view !== undefined && e.owner !== undefined && live.has(e.instance))
      .sort((a, b) => a.view.createdAt.localeCompare(b.view.createdAt));
  }

  /** Asks the instance holding `id` to remove it; whether it was removed (false: no live instance held it). */
  async requestRemoval(id: string): Promise<boolean> {
    const reply = randomUUID();
    const answered = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), REMOVAL_WAIT_MS);
      this.waiting.set(reply, (removed) => {
        clearTimeout(timer);
        resolve(removed);
      });
    });
    try {
      await this.redis.pub.publish(this.keys.remove, JSON.stringify({ id, reply }));
      return await answered;
    } finally {
      this.waiting.delete(reply);
    }
  }

  /** This instance is stopping: its heartbeat ends (its sandboxes were released by their removal). */
  async close(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    await this.redis.pub.del(`${this.keys.heartbeat}${this.instance}`).catch(() => undefined);
    await this.redis.close();
  }
}
