/**
 * The real-time publish/subscribe protocol of /ws: its events (realtime-events.ts), the
 * envelope with per-topic sequence numbers and an epoch, and the client's requests.
 */
import { z } from 'zod';
import { TOPIC_PATTERN } from './realtime-values.js';
import { RealtimeEvent } from './realtime-events.js';

export const Topic = z.string().regex(TOPIC_PATTERN);
export type Topic = z.infer<typeof Topic>;

/** Client → server. */
export const ClientMessage = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('subscribe'),
    topics: z.array(Topic).min(1).max(1000),
    /** Resume after a reconnect: the epoch last seen and, per topic, the last sequence number. */
    resume: z.object({ epoch: z.string(), seqs: z.record(z.string(), z.number().int().nonnegative()) }).optional(),
  }),
  z.object({ op: z.literal('unsubscribe'), topics: z.array(Topic).min(1).max(1000) }),
  z.object({ op: z.literal('ping'), t: z.number().optional() }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

/** Server → client. */
export const ServerMessage = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('hello'),
    epoch: z.string(),
    heartbeatMs: z.number().int(),
    /** Topics per subscribe message this connection accepts (the user's property, else 50). */
    batchSize: z.number().int(),
    /** The server's websocket library setting: a console that saw another one reloads (spec 000 §8). */
    wsLibrary: z.string().optional(),
  }),
  z.object({ op: z.literal('event'), topic: Topic, seq: z.number().int(), epoch: z.string(), event: RealtimeEvent }),
  /** Several events of one topic sent together; their sequence numbers are seq, seq + 1, ... */
  z.object({ op: z.literal('events'), topic: Topic, seq: z.number().int(), epoch: z.string(), events: z.array(RealtimeEvent).min(1) }),
  z.object({ op: z.literal('subscribed'), topics: z.array(z.object({ topic: Topic, seq: z.number().int() })) }),
  /** The missed events are gone (or the epoch changed): refetch this topic's data over REST. */
  z.object({ op: z.literal('refetch'), topic: Topic, reason: z.enum(['epoch', 'gap']) }),
  z.object({ op: z.literal('error'), code: z.string(), message: z.string(), topics: z.array(z.string()).optional() }),
  z.object({ op: z.literal('pong'), t: z.number().optional() }),
]);
export type ServerMessage = z.infer<typeof ServerMessage>;
