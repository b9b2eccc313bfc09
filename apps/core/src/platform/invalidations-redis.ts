/**
 * Read-model invalidations between core instances over Redis pub/sub (REDIS_URL): after a write an
 * instance publishes which rows it touched; every other instance reads those rows from the shared
 * database again. Consistency: the instance that wrote reads its own writes at once; the others
 * follow within the time a pub/sub message takes (milliseconds). A message lost while an
 * instance was cut from Redis cannot be replayed, so on reconnecting it reads everything again.
 */
import { randomUUID } from 'node:crypto';
import { RedisPair } from './redis-pair.js';
import { z } from 'zod';
import type { Invalidation, InvalidationBus } from './storage/read-model.js';
import type { ServiceLogger } from './logger.js';

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
  private readonly redis: RedisPair;
  private readonly channel: string;
  private readonly self = randomUUID();
  private readonly listeners: Array<(invalidations: readonly Invalidation[]) => void> = [];
  private connectedOnce = false;

  constructor(url: string, prefix: string, log: Pick<ServiceLogger, 'warn'>) {
    this.redis = new RedisPair(url, 'fleet-core-read-model', log);
    this.channel = `${prefix}:invalidate`;
  }

  async start(): Promise<void> {
    await this.redis.connect();
    this.redis.sub.on('message', (channel: string, text: string) => {
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
    this.redis.sub.on('ready', () => {
      if (this.connectedOnce) for (const l of this.listeners) l(EVERYTHING);
    });
    await this.redis.sub.subscribe(this.channel);
    this.connectedOnce = true;
  }

  publish(invalidations: readonly Invalidation[]): void {
    this.redis.pub
      .publish(this.channel, JSON.stringify({ from: this.self, invalidations }))
      .catch((err: unknown) => this.warn(err, 'redis: an invalidation could not be published (other instances catch up when they reconnect)'));
  }

  subscribe(listener: (invalidations: readonly Invalidation[]) => void): void {
    this.listeners.push(listener);
  }

  close(): Promise<void> {
    return this.redis.close();
  }

  private warn(err: unknown, msg: string): void {
    this.redis.warn(err, msg);
  }
}
