/**
 * One sweeper among several core instances (PostgreSQL + Redis): a periodic sweep that announces
 * what time alone changed (a trial or a service running out, managed-services.ts) must run on one
 * instance at a time, or every instance publishes the same news.
 *
 * Each tick an instance asks for the span it is to sweep. With REDIS_URL, one Lua step
 *   - takes or renews the lease (`<prefix>:sweep:<name>:lease`, the instance's id, PX leaseMs), or
 *     answers nothing when another instance holds it;
 *   - reads and advances the swept-up-to mark (`<prefix>:sweep:<name>:mark`), so consecutive spans
 *     meet exactly, whichever instance swept the last one: an instance that takes the lease over
 *     (the holder stopped, or was cut from Redis longer than leaseMs) starts where the holder left off,
 *     and no instant is swept twice even if two instances believe they hold the lease.
 * While Redis cannot be reached nobody sweeps (the realtime broker could not deliver the news
 * either); the next span, once Redis answers, reaches back to the mark.
 *
 * Without Redis (one process, the SQLite default): an in-memory mark, always this instance's turn.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Config } from '../env.js';
import type { ServiceLogger } from './logger.js';
import type { Clock } from './clock.js';

/** A span of time to sweep: what happened after `from` and at or before `to` (ms since the epoch). */
export interface SweepSpan {
  readonly from: number;
  readonly to: number;
}

export interface SweepLease {
  /** The span this instance sweeps now (from the last swept instant to `now`), or null when it is not this instance's turn. */
  claim(now: number): Promise<SweepSpan | null>;
  /** Give the lease up (the instance is closing): another instance takes over at its next tick. */
  close(): Promise<void>;
}

/** One process: every tick is this instance's, from the last one. */
export class LocalSweepLease implements SweepLease {
  /** `mark`: where the first span starts (the instance's start). */
  constructor(private mark: number) {}

  claim(now: number): Promise<SweepSpan> {
    const from = this.mark;
    this.mark = Math.max(from, now);
    return Promise.resolve({ from, to: this.mark });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/*
 * KEYS: lease, mark. ARGV: owner, lease ms, now, mark ms, since. Answers nil (another owner) or
 * {from, to} as the strings stored: from the mark, or with none (the first sweep of a deployment)
 * from `since`, the instance's start; a mark ahead of `now` (another instance's clock) is kept and
 * the span is empty.
 */
const CLAIM = `
local owner = redis.call('GET', KEYS[1])
if owner and owner ~= ARGV[1] then return false end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
local from = redis.call('GET', KEYS[2]) or ARGV[5]
local to = ARGV[3]
if tonumber(from) > tonumber(to) then to = from end
redis.call('SET', KEYS[2], to, 'PX', ARGV[4])
return {from, to}
`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/** How long the mark outlives the last sweep: after every instance stopped longer than this, the next starts from its own now. */
const MARK_TTL_MS = 10 * 60_000;

export class RedisSweepLease implements SweepLease {
  private readonly redis: Redis;
  private readonly ready: Promise<void>;
  private readonly owner = randomUUID();
  private readonly leaseKey: string;
  private readonly markKey: string;
  private lastWarn = Number.NEGATIVE_INFINITY;

  constructor(
    url: string,
    prefix: string,
    /** What is swept (part of the keys and of the connection's name). */
    private readonly name: string,
    /** How long a holder that stopped renewing keeps the lease: a few ticks. */
    private readonly leaseMs: number,
    private readonly log: Pick<ServiceLogger, 'warn'>,
    /** Where the first span of a deployment starts (nothing passed before this instance started is announced). */
    private readonly since: number,
  ) {
    this.leaseKey = `${prefix}:sweep:${name}:lease`;
    this.markKey = `${prefix}:sweep:${name}:mark`;
    // No offline queue: while Redis is away a claim fails at once (and this instance does not sweep).
    this.redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectionName: `fleet-core-sweep-${name}` });
    this.redis.on('error', (err: Error) => this.warn(err));
    this.ready = this.redis.connect().catch((err: unknown) => this.warn(err));
  }

  async claim(now: number): Promise<SweepSpan | null> {
    await this.ready;
    if (this.redis.status !== 'ready') return null;
    try {
      const answer = (await this.redis.eval(
        CLAIM,
        2,
        this.leaseKey,
        this.markKey,
        this.owner,
        this.leaseMs,
        Math.floor(now),
        MARK_TTL_MS,
        Math.floor(this.since),
      )) as [string, string] | null;
      return answer ? { from: Number(answer[0]), to: Number(answer[1]) } : null;
    } catch (err) {
      this.warn(err);
      return null;
    }
  }

  async close(): Promise<void> {
    await this.ready;
    try {
      if (this.redis.status === 'ready') await this.redis.eval(RELEASE, 1, this.leaseKey, this.owner);
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }

  /** At most one warning per second (of real time, whatever the app's clock says): a Redis outage must not flood the log. */
  private warn(err: unknown): void {
    const now = performance.now();
    if (now - this.lastWarn < 1000) return;
    this.lastWarn = now;
    this.log.warn({ err }, `redis (${this.name} sweep) unavailable: no instance sweeps until it answers`);
  }
}

/**
 * The lease of one sweep: over Redis when the instances share one (REDIS_URL), else in memory. The
 * first span starts at the clock's now; spans are marked in the clock's time (the lease's expiry is
 * Redis's own).
 */
export function sweepLease(
  config: Pick<Config, 'REDIS_URL' | 'REDIS_PREFIX'>,
  name: string,
  leaseMs: number,
  log: Pick<ServiceLogger, 'warn'>,
  clock: Clock,
): SweepLease {
  return config.REDIS_URL ? new RedisSweepLease(config.REDIS_URL, config.REDIS_PREFIX, name, leaseMs, log, clock.now()) : new LocalSweepLease(clock.now());
}
