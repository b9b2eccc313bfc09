/**
 * The real-time publish/subscribe protocol of /ws: one event union (validated at both ends), the
 * envelope with per-topic sequence numbers and an epoch, and the client's requests.
 */
import { z } from 'zod';
import { UnitStatus, UnitStatusChangeEvent } from './enums.js';
import { TIMINGS } from './constants.js';
import { Applications, Battery, BitrateSample, Location, Modem, UnitSummary } from './entities/unit.js';

/** Topics: one per group and one per inventory. */
export const TOPIC_PATTERN = /^(group|inventory):[A-Za-z0-9_-]{1,128}$/;
export const Topic = z.string().regex(TOPIC_PATTERN);
export type Topic = z.infer<typeof Topic>;
export const groupTopic = (groupId: string): Topic => `group:${groupId}`;
export const inventoryTopic = (inventoryId: string): Topic => `inventory:${inventoryId}`;

export const UnitStatusEvent = z.object({
  type: z.literal('unit.status'),
  unitId: z.string(),
  status: UnitStatus,
  previous: UnitStatus.nullable(),
  /** Counter transition relayed to the console (spec 001 §4). */
  change: UnitStatusChangeEvent.nullable(),
  applications: Applications,
  at: z.number().int(),
});
export const UnitTelemetryEvent = z.object({
  type: z.literal('unit.telemetry'),
  unitId: z.string(),
  battery: Battery.nullable(),
  location: Location.nullable(),
  modems: z.array(Modem),
  totalBitrate: z.number().nonnegative(),
  cameraConnected: z.boolean(),
  sample: BitrateSample,
  at: z.number().int(),
});
export const UnitUpdatedEvent = z.object({ type: z.literal('unit.updated'), unit: UnitSummary, at: z.number().int() });
export const DeviceAddedEvent = z.object({ type: z.literal('device.added'), unitId: z.string(), at: z.number().int() });
export const DeviceRemovedEvent = z.object({ type: z.literal('device.removed'), unitId: z.string(), at: z.number().int() });

export const RealtimeEvent = z.discriminatedUnion('type', [
  UnitStatusEvent,
  UnitTelemetryEvent,
  UnitUpdatedEvent,
  DeviceAddedEvent,
  DeviceRemovedEvent,
]);
export type RealtimeEvent = z.infer<typeof RealtimeEvent>;
export type RealtimeEventType = RealtimeEvent['type'];

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
  z.object({ op: z.literal('hello'), epoch: z.string(), heartbeatMs: z.number().int(), batchSize: z.number().int() }),
  z.object({ op: z.literal('event'), topic: Topic, seq: z.number().int(), epoch: z.string(), event: RealtimeEvent }),
  z.object({ op: z.literal('subscribed'), topics: z.array(z.object({ topic: Topic, seq: z.number().int() })) }),
  /** The missed events are gone (or the epoch changed): refetch this topic's data over REST. */
  z.object({ op: z.literal('refetch'), topic: Topic, reason: z.enum(['epoch', 'gap']) }),
  z.object({ op: z.literal('error'), code: z.string(), message: z.string(), topics: z.array(z.string()).optional() }),
  z.object({ op: z.literal('pong'), t: z.number().optional() }),
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

export const REALTIME = {
  path: '/ws',
  defaultBatchSize: TIMINGS.wsSubscriptionBatchSize,
  heartbeatMs: 30_000,
  maxFrameBytes: 64 * 1024,
} as const;
