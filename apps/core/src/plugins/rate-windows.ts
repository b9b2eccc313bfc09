/**
 * Request counters of the REST rate limits (plugins/security.ts): fixed windows per key, in memory
 * or in Redis (every instance shares the count). A hit answers how many requests the key made in
 * its current window and when the window ends; in memory without a promise (the limits are
 * checked on every request: two plugin calls with a promise each were ≈ 10 % of a cached unit read).
 */
import type { Redis } from 'ioredis';

export interface WindowCount {
  /** Requests of the key in its current window, this one included. */
  readonly count: number;
  /** Milliseconds until the window ends. */
  readonly resetInMs: number;
}

export interface RateWindows {
  hit(key: string): WindowCount | Promise<WindowCount>;
}

/**
 * In memory: at most `size` keys; past that the key whose window began first is forgotten (it
 * starts again from zero when it comes back).
 */
export class LocalWindows implements RateWindows {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private readonly windowMs: number,
    private readonly size: number,
    private readonly now: () => number = Date.now,
  ) {}

  hit(key: string): WindowCount {
    const now = this.now();
    let window = this.windows.get(key);
    if (window === undefined || window.endsAt <= now) {
      // A new window goes to the end of the Map's order: the first entry is the oldest window.
      if (window !== undefined) this.windows.delete(key);
      else if (this.windows.size >= this.size) this.windows.delete(this.windows.keys().next().value!);
      window = { count: 0, endsAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.endsAt - now };
  }
}

/** One key's count and window in one atomic step: the first request of a window sets its end. */
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

type WithHit = Redis & { fleetRateHit(key: string, windowMs: number): Promise<[number, number]> };

/** In Redis under `prefix`: the count of every instance. */
export class RedisWindows implements RateWindows {
  private readonly redis: WithHit;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly windowMs: number,
  ) {
    redis.defineCommand('fleetRateHit', { numberOfKeys: 1, lua: HIT });
    this.redis = redis as WithHit;
  }

  async hit(key: string): Promise<WindowCount> {
    const [count, ttl] = await this.redis.fleetRateHit(this.prefix + key, this.windowMs);
    return { count, resetInMs: ttl };
  }
}
