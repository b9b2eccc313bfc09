/**
 * Request counters of the REST rate limits (plugins/security.ts), called from the security
 * plugin's one `onRequest` hook for both keys instead of through two of @fastify/rate-limit's
 * `createRateLimit` checkers (each an async call with its own promise: ≈ 10 % of a cached unit
 * read):
 * - in memory, fixed windows on the app's clock (so a test steps a window's end instead of waiting
 *   for it) in a bounded map, the least recently counted key forgotten first: the rules of the
 *   plugin's in-memory store, which reads the wall clock itself. A hit answers in the same turn,
 *   without a promise;
 * - in Redis, the plugin's store (its Lua script: every instance shares the count; a window's end
 *   is Redis's own expiry), answering with a promise.
 */
import { createRequire } from 'node:module';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Clock } from '../platform/clock.js';

export interface WindowCount {
  /** Requests of the key in its current window, this one included. */
  readonly count: number;
  /** Milliseconds until the window ends. */
  readonly resetInMs: number;
}

export interface RateWindows {
  /** One request of `key`, whose limit is `max` per window. */
  hit(key: string, max: number): WindowCount | Promise<WindowCount>;
}

type Store = Pick<FastifyRateLimitStore, 'incr'>;

// The plugin's store is a CommonJS module without type declarations of its own (the plugin's
// types declare its interface, FastifyRateLimitStore): loaded with require, typed here.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;

type Answer = { error: Error | null; count?: WindowCount };
type Callback = Parameters<Store['incr']>[1];

const answerOf = (error: Error | null, result: Parameters<Callback>[1]): Answer => ({
  error,
  ...(result ? { count: { count: result.current, resetInMs: result.ttl } } : {}),
});

function verdict(a: Answer): WindowCount {
  if (a.error || !a.count) throw a.error ?? new Error('rate limit store answered nothing');
  return a.count;
}

/**
 * Fixed windows of `windowMs` in memory (no extension while over the limit, no backoff: the
 * plugin's defaults): a window starts at a key's first hit after the previous one ended.
 */
class LocalWindows implements RateWindows {
  /** By key, in the order of their last hit (a hit moves its key to the end). */
  private readonly windows = new Map<string, { count: number; startMs: number }>();

  constructor(
    private readonly windowMs: number,
    private readonly size: number,
    private readonly clock: Clock,
  ) {}

  hit(key: string): WindowCount {
    const now = this.clock.now();
    let w = this.windows.get(key);
    if (w !== undefined) this.windows.delete(key);
    if (w === undefined || w.startMs + this.windowMs <= now) w = { count: 0, startMs: now };
    w.count++;
    this.windows.set(key, w);
    if (this.windows.size > this.size) this.windows.delete(this.windows.keys().next().value!);
    return { count: w.count, resetInMs: w.startMs + this.windowMs - now };
  }
}

/** Fixed windows of `windowMs` in the plugin's Redis store (no extension while over the limit, no backoff: its defaults). */
class StoreWindows implements RateWindows {
  constructor(
    private readonly store: Store,
    private readonly windowMs: number,
  ) {}

  hit(key: string, max: number): Promise<WindowCount> {
    return new Promise<Answer>((resolve) => {
      this.store.incr(key, (error, result) => resolve(answerOf(error, result)), this.windowMs, max);
    }).then(verdict);
  }
}

/** In memory, on `clock`: at most `size` keys (the least recently counted forgotten first). */
export function localWindows(windowMs: number, size: number, clock: Clock): RateWindows {
  return new LocalWindows(windowMs, size, clock);
}

/** In Redis under `prefix`: the count of every instance (the plugin's Lua script: count and window end in one step). */
export function redisWindows(redis: Redis, prefix: string, windowMs: number): RateWindows {
  return new StoreWindows(new RedisStore(false, false, redis, prefix), windowMs);
}
