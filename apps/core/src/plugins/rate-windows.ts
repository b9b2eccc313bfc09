/**
 * Request counters of the REST rate limits (plugins/security.ts): the stores of the maintained
 * @fastify/rate-limit plugin (its in-memory LRU and its Redis Lua script, where every instance
 * shares the count), called from the security plugin's one `onRequest` hook for both keys instead
 * of through two `createRateLimit` checkers (each an async call with its own promise: ≈ 10 % of a
 * cached unit read). The in-memory store answers in the same turn, so a hit returns its count
 * without a promise; the Redis store answers with a promise.
 */
import { createRequire } from 'node:module';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

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

// The plugin's stores are CommonJS modules without type declarations of their own (the plugin's
// types declare their interface, FastifyRateLimitStore): loaded with require, typed here.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (continueExceeding: boolean, exponentialBackoff: boolean, cache: number) => Store;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key: string) => Store;

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
 * Fixed windows of `windowMs` (no extension while over the limit, no backoff: the plugin's
 * defaults). A store that `answersAtOnce` (the in-memory one) calls back before `incr` returns:
 * its hits share one callback and make no closure, a measurable share of a cached read.
 */
class StoreWindows implements RateWindows {
  #answer: Answer | undefined;
  readonly #capture: Callback = (error, result) => {
    this.#answer = answerOf(error, result);
  };

  constructor(
    private readonly store: Store,
    private readonly windowMs: number,
    private readonly answersAtOnce: boolean,
  ) {}

  hit(key: string, max: number): WindowCount | Promise<WindowCount> {
    if (this.answersAtOnce) {
      this.#answer = undefined;
      this.store.incr(key, this.#capture, this.windowMs, max);
      const answer = this.#answer as Answer | undefined;
      // A store's failure is a rejected promise, never a throw in the caller's hook.
      if (answer?.count && !answer.error) return answer.count;
      return Promise.resolve(answer ?? { error: new Error('rate limit store did not answer at once') }).then(verdict);
    }
    return new Promise<Answer>((resolve) => {
      this.store.incr(key, (error, result) => resolve(answerOf(error, result)), this.windowMs, max);
    }).then(verdict);
  }
}

/** In memory: the plugin's LRU of at most `size` keys (the least recently counted forgotten first). */
export function localWindows(windowMs: number, size: number): RateWindows {
  return new StoreWindows(new LocalStore(false, false, size), windowMs, true);
}

/** In Redis under `prefix`: the count of every instance (the plugin's Lua script: count and window end in one step). */
export function redisWindows(redis: Redis, prefix: string, windowMs: number): RateWindows {
  return new StoreWindows(new RedisStore(false, false, redis, prefix), windowMs, false);
}
