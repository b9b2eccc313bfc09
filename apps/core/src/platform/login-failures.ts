/**
 * Failed log-ins, counted per account (the username as given) and per client address within
 * LOGIN_FAILURE_WINDOW_S; an account or address that reaches its limit (LOGIN_MAX_FAILURES_PER_*)
 * is locked out for LOGIN_LOCKOUT_S: every log-in of it is refused (429 with Retry-After), even
 * with the right password. A successful log-in clears the account's count (and takes back its own
 * attempt from the address's count). Unknown usernames are counted like any other: a lockout says
 * nothing about whether an account exists.
 *
 * Each attempt is counted when it starts, before the password is checked, so a burst of concurrent
 * guesses cannot slip past the limit while the first ones are still hashing.
 *
 * With REDIS_URL the counters live in Redis (keys under REDIS_PREFIX, each change one Lua script:
 * INCR + PEXPIRE + the lockout's SET PX), so every core instance sees the same counts; while Redis
 * cannot be reached this instance counts in memory. Without Redis: in memory, bounded (a flood of
 * distinct usernames or addresses evicts the oldest counters, never grows memory without limit).
 * IPv6 addresses count per /64 (one host usually holds the whole /64).
 */
import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { Redis } from 'ioredis';
import type { Config } from '../env.js';
import type { ServiceLogger } from './logger.js';
import type { Clock } from './clock.js';

type Limits = Pick<Config, 'LOGIN_MAX_FAILURES_PER_ACCOUNT' | 'LOGIN_MAX_FAILURES_PER_ADDRESS' | 'LOGIN_FAILURE_WINDOW_S' | 'LOGIN_LOCKOUT_S'>;

/** The counters of one account and one address: [failures, lockout] key pairs and their limits. */
interface Subject {
  readonly counter: string;
  readonly lock: string;
  readonly max: number;
}

/** Where the counters live. Each method is atomic over the subjects it is given. */
interface FailureStore {
  /** Locked: the ms left of the longest lockout. Otherwise counts one attempt on each; over a limit → locks it (ms). 0: go ahead. */
  begin(subjects: readonly Subject[], windowMs: number, lockoutMs: number): Promise<number>;
  /** The attempt failed: a subject whose count reached its limit is locked (ms); 0 when none. */
  failed(subjects: readonly Subject[], lockoutMs: number): Promise<number>;
  /** The attempt succeeded: `reset` subjects start from zero, `undo` subjects take back this attempt. */
  succeeded(reset: readonly Subject[], undo: readonly Subject[]): Promise<void>;
  close(): Promise<void>;
}

/** Counters kept in memory, at most (each map): beyond, expired ones go first, then the oldest. */
const MEMORY_ENTRIES = 100_000;

export class MemoryFailureStore implements FailureStore {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();
  private readonly locks = new Map<string, number>();

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  begin(subjects: readonly Subject[], windowMs: number, lockoutMs: number): Promise<number> {
    const now = this.now();
    const left = Math.max(0, ...subjects.map((s) => this.lockLeft(s, now)));
    if (left > 0) return Promise.resolve(left);
    let locked = 0;
    for (const s of subjects) {
      const c = this.counter(s, now);
      const count = (c?.count ?? 0) + 1;
      this.setCounter(s.counter, { count, resetAt: c?.resetAt ?? now + windowMs }, now);
      if (count > s.max) locked = this.lockNow(s, now, lockoutMs);
    }
    return Promise.resolve(locked);
  }

  failed(subjects: readonly Subject[], lockoutMs: number): Promise<number> {
    const now = this.now();
    let locked = 0;
    for (const s of subjects) if ((this.counter(s, now)?.count ?? 0) >= s.max) locked = this.lockNow(s, now, lockoutMs);
    return Promise.resolve(locked);
  }

  succeeded(reset: readonly Subject[], undo: readonly Subject[]): Promise<void> {
    const now = this.now();
    for (const s of reset) this.counters.delete(s.counter);
    for (const s of undo) {
      const c = this.counter(s, now);
      if (c && c.count > 0) c.count -= 1;
    }
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  /** Entries held (tests: the bound). */
  size(): number {
    return this.counters.size + this.locks.size;
  }

  private counter(s: Subject, now: number) {
    const c = this.counters.get(s.counter);
    if (c && c.resetAt <= now) {
      this.counters.delete(s.counter);
      return undefined;
    }
    return c;
  }

  private lockLeft(s: Subject, now: number): number {
    const until = this.locks.get(s.lock);
    if (until === undefined) return 0;
    if (until <= now) {
      this.locks.delete(s.lock);
      return 0;
    }
    return until - now;
  }

  private lockNow(s: Subject, now: number, lockoutMs: number): number {
    this.counters.delete(s.counter);
    this.locks.delete(s.lock);
    this.makeRoom(this.locks, (until) => until <= now);
    this.locks.set(s.lock, now + lockoutMs);
    return lockoutMs;
  }

  private setCounter(key: string, value: { count: number; resetAt: number }, now: number): void {
    // Re-inserted at the end: the map's order is the order of last activity.
    this.counters.delete(key);
    this.makeRoom(this.counters, (c) => c.resetAt <= now);
    this.counters.set(key, value);
  }

  private makeRoom<V>(map: Map<string, V>, expired: (v: V) => boolean): void {
    if (map.size < this.maxEntries) return;
    for (const [k, v] of map) if (expired(v)) map.delete(k);
    // Still full: the oldest go (a tenth at once, so a flood does not sweep on every insert).
    if (map.size >= this.maxEntries) {
      let drop = Math.max(1, Math.floor(this.maxEntries / 10));
      for (const k of map.keys()) {
        if (drop-- <= 0) break;
        map.delete(k);
      }
    }
  }
}

/** Lua both counting scripts start with: lock subject i out for `lockout` ms (its count starts again); answers the lockout. */
const LOCK_OUT = `
local function lockOut(i, lockout)
  redis.call('SET', KEYS[2 * i], '1', 'PX', lockout)
  redis.call('DEL', KEYS[2 * i - 1])
  return tonumber(lockout)
end`;

/** KEYS: counter, lock per subject; ARGV: window ms, lockout ms, then each subject's max. */
const BEGIN = `${LOCK_OUT}
local n = #KEYS / 2
local left = 0
for i = 1, n do
  local t = redis.call('PTTL', KEYS[2 * i])
  if t > left then left = t end
end
if left > 0 then return left end
local locked = 0
for i = 1, n do
  local c = redis.call('INCR', KEYS[2 * i - 1])
  if c == 1 then redis.call('PEXPIRE', KEYS[2 * i - 1], ARGV[1]) end
  if c > tonumber(ARGV[2 + i]) then locked = lockOut(i, ARGV[2]) end
end
return locked`;

/** KEYS: counter, lock per subject; ARGV: lockout ms, then each subject's max. */
const FAILED = `${LOCK_OUT}
local locked = 0
for i = 1, #KEYS / 2 do
  local c = tonumber(redis.call('GET', KEYS[2 * i - 1]) or '0')
  if c >= tonumber(ARGV[1 + i]) then locked = lockOut(i, ARGV[1]) end
end
return locked`;

/** KEYS: the counters to take this attempt back from (a counter at 0 or gone stays so). */
const UNDO = `
for i = 1, #KEYS do
  if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
end
return 0`;

export class RedisFailureStore implements FailureStore {
  private readonly redis: Redis;
  private readonly ready: Promise<void>;
  private lastWarn = Number.NEGATIVE_INFINITY;

  constructor(
    url: string,
    /** Used while Redis cannot be reached. */
    private readonly fallback: FailureStore,
    private readonly log: Pick<ServiceLogger, 'warn'>,
  ) {
    // No offline queue: while Redis is away, commands fail at once (and this instance counts in memory).
    this.redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectionName: 'fleet-core-login-failures' });
    this.redis.on('error', (err: Error) => this.warn(err));
    this.ready = this.redis.connect().catch((err: unknown) => this.warn(err));
  }

  begin(subjects: readonly Subject[], windowMs: number, lockoutMs: number): Promise<number> {
    return this.run(
      (r) => r.eval(BEGIN, subjects.length * 2, ...keysOf(subjects), windowMs, lockoutMs, ...subjects.map((s) => s.max)),
      () => this.fallback.begin(subjects, windowMs, lockoutMs),
    );
  }

  failed(subjects: readonly Subject[], lockoutMs: number): Promise<number> {
    return this.run(
      (r) => r.eval(FAILED, subjects.length * 2, ...keysOf(subjects), lockoutMs, ...subjects.map((s) => s.max)),
      () => this.fallback.failed(subjects, lockoutMs),
    );
  }

  async succeeded(reset: readonly Subject[], undo: readonly Subject[]): Promise<void> {
    await this.run(
      async (r) => {
        const [deleted, undone] = await Promise.all([
          reset.length > 0 ? r.del(...reset.map((s) => s.counter)) : 0,
          undo.length > 0 ? r.eval(UNDO, undo.length, ...undo.map((s) => s.counter)) : 0,
        ]);
        return Number(deleted) + Number(undone);
      },
      async () => {
        await this.fallback.succeeded(reset, undo);
        return 0;
      },
    );
  }

  async close(): Promise<void> {
    await this.ready;
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }

  private async run(op: (r: Redis) => Promise<unknown>, fallback: () => Promise<number>): Promise<number> {
    await this.ready;
    if (this.redis.status !== 'ready') return fallback();
    try {
      const n = Number(await op(this.redis));
      return Number.isFinite(n) && n > 0 ? n : 0;
    } catch (err) {
      this.warn(err);
      return fallback();
    }
  }

  /** At most one warning per second (of real time, whatever the app's clock says): a Redis outage must not flood the log. */
  private warn(err: unknown): void {
    const now = performance.now();
    if (now - this.lastWarn < 1000) return;
    this.lastWarn = now;
    this.log.warn({ err }, 'redis (login failures) unavailable: this instance counts failed log-ins in memory meanwhile');
  }
}

const keysOf = (subjects: readonly Subject[]) => subjects.flatMap((s) => [s.counter, s.lock]);

/**
 * The part of a client address failures are counted by: an IPv4 address whole (also when written
 * as IPv4-mapped IPv6), an IPv6 address by its /64.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip.slice(0, 64);
  const bare = ip.toLowerCase().split('%')[0] ?? '';
  const [head = '', tail] = bare.includes('::') ? bare.split('::') : [bare, undefined];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export class LoginFailures {
  private readonly store: FailureStore;
  private readonly windowMs: number;
  private readonly lockoutMs: number;

  constructor(
    private readonly limits: Limits,
    redis: { url: string; prefix: string } | null,
    log: Pick<ServiceLogger, 'warn'>,
    /** The windows and lockouts counted in memory run on it (in Redis: Redis's own expiry). */
    clock: Clock,
    /** Keys' prefix (in memory too, harmless). */
    private readonly prefix = `${redis?.prefix ?? 'fleet'}:login`,
  ) {
    const memory = new MemoryFailureStore(MEMORY_ENTRIES, () => clock.now());
    this.store = redis ? new RedisFailureStore(redis.url, memory, log) : memory;
    this.windowMs = limits.LOGIN_FAILURE_WINDOW_S * 1000;
    this.lockoutMs = limits.LOGIN_LOCKOUT_S * 1000;
  }

  /**
   * An attempt starts: 0 when it may go ahead (and is counted), otherwise the ms until the account's
   * or the address's lockout ends (the attempt is refused without checking the password).
   */
  begin(username: string, address: string): Promise<number> {
    return this.store.begin(this.subjects(username, address), this.windowMs, this.lockoutMs);
  }

  /** The password was wrong (or the user unknown): ms of the lockout this failure started, or 0. */
  failed(username: string, address: string): Promise<number> {
    return this.store.failed(this.subjects(username, address), this.lockoutMs);
  }

  /** The log-in succeeded: the account's count starts again; the address's loses this attempt. */
  succeeded(username: string, address: string): Promise<void> {
    const [account, from] = this.subjects(username, address);
    return this.store.succeeded([account], [from]);
  }

  close(): Promise<void> {
    return this.store.close();
  }

  private subjects(username: string, address: string): [Subject, Subject] {
    // Usernames are hashed into the key: any length or character, one bounded key.
    const account = createHash('sha256').update(username).digest('base64url').slice(0, 32);
    const from = addressKey(address);
    return [
      {
        counter: `${this.prefix}:account:${account}:failures`,
        lock: `${this.prefix}:account:${account}:lockout`,
        max: this.limits.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      },
      { counter: `${this.prefix}:address:${from}:failures`, lock: `${this.prefix}:address:${from}:lockout`, max: this.limits.LOGIN_MAX_FAILURES_PER_ADDRESS },
    ];
  }
}
