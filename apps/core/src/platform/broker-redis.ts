/**
 * The realtime broker over Redis (REDIS_URL): several core instances share one stream of events.
 *
 * Ordering authority: Redis itself. An instance publishes an event with one Lua script that, in a
 * single atomic step, increments the per-topic counters (`<prefix>:seq:<topic>`) and PUBLISHes the
 * event with the numbers it got. Redis runs scripts one at a time and delivers PUBLISHed messages
 * to every subscriber in the order they were published, so every instance receives every topic's
 * events in sequence order, without gaps, whichever instance published them. The epoch is one
 * Redis key (`<prefix>:epoch`), created by the first instance (SET NX) and re-created by the
 * script if Redis lost it (a restart without persistence), in which case the counters restart
 * too and every console is told to refetch.
 *
 * Wire format of a message on `<prefix>:events`: `epoch \n topic seq,topic seq \n event-json`
 * (topics match TOPIC_PATTERN: no spaces, commas or newlines). The event JSON is the bytes the
 * publishing instance serialised: receiving instances forward it without serialising again.
 *
 * Redis unreachable: publishing fails at once (no offline queue, so memory stays bounded) and the
 * event is counted as dropped; when the subscription comes back, instances see the gap in the
 * numbers and tell their subscribers to refetch.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RedisPair } from './redis-pair.js';
import type { BrokerDelivery, RealtimeBroker } from './hub.js';
import type { ServiceLogger } from './logger.js';

const PUBLISH_SCRIPT = `
local epoch = redis.call('GET', KEYS[1])
if not epoch then
  epoch = ARGV[2]
  redis.call('SET', KEYS[1], epoch)
end
local parts = {}
for i = 2, #KEYS do
  parts[#parts + 1] = ARGV[i + 2] .. ' ' .. redis.call('INCR', KEYS[i])
end
redis.call('PUBLISH', ARGV[1], epoch .. '\\n' .. table.concat(parts, ',') .. '\\n' .. ARGV[3])
return #parts
`;

const NEWLINE = 10;

export interface RedisBrokerOptions {
  url: string;
  prefix: string;
  log: Pick<ServiceLogger, 'warn' | 'error'>;
}

export class RedisBroker implements RealtimeBroker {
  private readonly redis: RedisPair;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly epochKey: string;
  private readonly channel: string;
  private sha = '';
  readonly stats = { published: 0, received: 0, dropped: 0 };

  constructor(private readonly opts: RedisBrokerOptions) {
    this.redis = new RedisPair(opts.url, 'fleet-core-realtime', opts.log);
    this.pub = this.redis.pub;
    this.sub = this.redis.sub;
    this.epochKey = `${opts.prefix}:epoch`;
    this.channel = `${opts.prefix}:events`;
  }

  private counterKey(topic: string): string {
    return `${this.opts.prefix}:seq:${topic}`;
  }

  async start(deliver: BrokerDelivery): Promise<string> {
    await this.redis.connect();
    this.sha = String(await this.pub.script('LOAD', PUBLISH_SCRIPT));
    await this.pub.set(this.epochKey, randomUUID(), 'NX');
    const epoch = await this.pub.get(this.epochKey);
    if (epoch === null) throw new Error('redis: the realtime epoch could not be read');
    this.sub.on('messageBuffer', (channel: Buffer, message: Buffer) => {
      if (channel.toString() !== this.channel) return;
      const parsed = parseMessage(message);
      if (!parsed) {
        this.warn(null, 'redis: a malformed realtime message was ignored');
        return;
      }
      this.stats.received++;
      deliver(parsed.epoch, parsed.seqs, parsed.body);
    });
    await this.sub.subscribe(this.channel);
    return epoch;
  }

  publish(topics: readonly string[], body: Buffer): void {
    const keys = [this.epochKey, ...topics.map((t) => this.counterKey(t))];
    const args: (string | Buffer)[] = [this.channel, randomUUID(), body, ...topics];
    this.stats.published++;
    this.pub.evalsha(this.sha, keys.length, ...keys, ...args).catch(async (err: unknown) => {
      if (err instanceof Error && err.message.startsWith('NOSCRIPT')) {
        // Redis restarted and forgot the script: load it again and retry once.
        try {
          this.sha = String(await this.pub.script('LOAD', PUBLISH_SCRIPT));
          await this.pub.evalsha(this.sha, keys.length, ...keys, ...args);
          return;
        } catch (again) {
          err = again;
        }
      }
      this.stats.dropped++;
      this.warn(err, 'redis: an event could not be published (subscribers will be told to refetch)');
    });
  }

  async currentSeqs(topics: readonly string[]): Promise<number[]> {
    if (topics.length === 0) return [];
    const values = await this.pub.mget(topics.map((t) => this.counterKey(t)));
    return values.map((v) => (v === null ? 0 : Number(v)));
  }

  /** Record a setting shared by the instances; resolves with the value it had before (or null). */
  async swapSetting(name: string, value: string): Promise<string | null> {
    const key = `${this.opts.prefix}:setting:${name}`;
    const previous = await this.pub.get(key);
    await this.pub.set(key, value);
    return previous;
  }

  /** Remember topics someone subscribed to (for announcements to every console). */
  rememberTopics(topics: readonly string[]): void {
    if (topics.length === 0) return;
    this.pub.sadd(`${this.opts.prefix}:topics`, ...topics).catch((err: unknown) => this.warn(err, 'redis: topics not recorded'));
  }

  async allTopics(): Promise<string[]> {
    return this.pub.smembers(`${this.opts.prefix}:topics`);
  }

  close(): Promise<void> {
    return this.redis.close();
  }

  private warn(err: unknown, msg: string): void {
    this.redis.warn(err, msg);
  }
}

/** `epoch \n topic seq,topic seq \n body`; null when it does not have that shape. */
export function parseMessage(message: Buffer): { epoch: string; seqs: [string, number][]; body: Buffer } | null {
  const a = message.indexOf(NEWLINE);
  if (a <= 0) return null;
  const b = message.indexOf(NEWLINE, a + 1);
  if (b < 0) return null;
  const seqs: [string, number][] = [];
  for (const part of message.toString('latin1', a + 1, b).split(',')) {
    const space = part.indexOf(' ');
    const seq = Number(part.slice(space + 1));
    if (space <= 0 || !Number.isSafeInteger(seq) || seq <= 0) return null;
    seqs.push([part.slice(0, space), seq]);
  }
  return { epoch: message.toString('utf8', 0, a), seqs, body: message.subarray(b + 1) };
}
