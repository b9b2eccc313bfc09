/**
 * Read-model invalidations between core instances over Redis pub/sub (REDIS_URL): after a write an
 * instance publishes which rows it touched; every other instance reads those rows from the shared
 * database again. Consistency: the instance that wrote reads its own writes at once; the others
 * follow within the time a pub/sub message takes (milliseconds). A message lost while an
 * instance was cut from Redis cannot be replayed, so on reconnecting it reads everything again.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { Invalidation, InvalidationBus } from '../repositories/read-model.js';
import type { ServiceLogger } from './deps.js';

const Message = z.object({
  from: z.string(),
  invalidations: z.array(
    z.object({
      table: z.enum(['units', 'groups', 'inventories', 'servers', 'channels', 'vrChannels', 'alertConfigurations', 'users', 'sessions']),
      ids: z.array(z.string()).nullable(),
      columnsOnly: z.boolean().optional(),
    }),
  ),
});

const EVERYTHING: readonly Invalidation[] = (
  ['units', 'groups', 'inventories', 'servers', 'channels', 'vrChannels', 'alertConfigurations', 'users', 'sessions'] as const
).map((table) => ({ table, ids: null }));

export class RedisInvalidationBus implements InvalidationBus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly channel: string;
  private readonly self = randomUUID();
  private readonly listeners: Array<(invalidations: readonly Invalidation[]) => void> = [];
  private connectedOnce = false;
  private lastWarn = 0;

  constructor(
    url: string,
    prefix: string,
    private readonly log: Pick<ServiceLogger, 'warn'>,
  ) {
    const common = { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectionName: 'fleet-core-read-model' } as const;
    this.pub = new Redis(url, { ...common, enableAutoPipelining: true });
    this.sub = new Redis(url, common);
    this.channel = `${prefix}:invalidate`;
    for (const r of [this.pub, this.sub]) r.on('error', (err: Error) => this.warn(err, 'redis (read model) connection error'));
  }

  async start(): Promise<void> {
    await Promise.all([this.pub.connect(), this.sub.connect()]);
    this.sub.on('message', (channel: string, text: string) => {
      if (channel !== this.channel) return;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return this.warn(null, 'redis: a malformed invalidation was ignored');
      }
      const m = Message.safeParse(json);
      if (!m.success) return this.warn(null, 'redis: a malformed invalidation was ignored');
      if (m.data.from === this.self) return;
      for (const l of this.listeners) l(m.data.invalidations);
    });
    // After a reconnect, messages sent meanwhile are gone: read everything again.
    this.sub.on('ready', () => {
      if (this.connectedOnce) for (const l of this.listeners) l(EVERYTHING);
    });
    await this.sub.subscribe(this.channel);
    this.connectedOnce = true;
  }

  publish(invalidations: readonly Invalidation[]): void {
    this.pub
      .publish(this.channel, JSON.stringify({ from: this.self, invalidations }))
      .catch((err: unknown) => this.warn(err, 'redis: an invalidation could not be published (other instances catch up when they reconnect)'));
  }

  subscribe(listener: (invalidations: readonly Invalidation[]) => void): void {
    this.listeners.push(listener);
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

  /** At most one warning per second: a Redis outage must not flood the log. */
  private warn(err: unknown, msg: string): void {
    const now = Date.now();
    if (now - this.lastWarn < 1000) return;
    this.lastWarn = now;
    this.log.warn({ err }, msg);
  }
}
