/**
 * The two Redis connections a core component uses (one to publish and command, one to
 * subscribe), opened alike, with their warnings throttled and one way to close them. The realtime
 * broker and the read model's invalidation bus each hold a pair.
 */
import { Redis } from 'ioredis';
import type { ServiceLogger } from './logger.js';

export class RedisPair {
  readonly pub: Redis;
  readonly sub: Redis;
  private lastWarn = Number.NEGATIVE_INFINITY;

  constructor(
    url: string,
    /** The connections' name in Redis (CLIENT LIST) and in warnings. */
    readonly name: string,
    private readonly log: Pick<ServiceLogger, 'warn'>,
  ) {
    // No offline queue: while Redis is away, commands fail at once and memory stays bounded.
    const common = { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectionName: name } as const;
    this.pub = new Redis(url, { ...common, enableAutoPipelining: true });
    this.sub = new Redis(url, common);
    for (const r of [this.pub, this.sub]) r.on('error', (err: Error) => this.warn(err, `redis (${name}) connection error`));
  }

  async connect(): Promise<void> {
    await Promise.all([this.pub.connect(), this.sub.connect()]);
  }

  /** At most one warning per second (of real time, whatever the app's clock says): a Redis outage must not flood the log. */
  warn(err: unknown, msg: string): void {
    const now = performance.now();
    if (now - this.lastWarn < 1000) return;
    this.lastWarn = now;
    this.log.warn({ err }, msg);
  }

  async close(): Promise<void> {
    await Promise.all(
      [this.pub, this.sub].map(async (r) => {
        try {
          await r.quit();
        } catch {
          r.disconnect();
        }
      }),
    );
  }
}
