/**
 * The zod-free part of the real-time protocol: topic names and protocol constants (the light check
 * of the server's message envelope is realtime-envelope.ts). A client that must stay small (the
 * console's first route) uses these; the full schemas are in ./realtime.ts.
 */
import { TIMINGS } from './constants.js';

/**
 * Topics: one per group and one per inventory (spec 001 §7), and the system entities topic of the
 * platform admin console (ADMIN_TOPIC; the spec shows no topic for it).
 */
export const TOPIC_PATTERN = /^(?:(?:group|inventory):[A-Za-z0-9_-]{1,128}|system:entities)$/;
export const groupTopic = (groupId: string): string => `group:${groupId}`;
export const inventoryTopic = (inventoryId: string): string => `inventory:${inventoryId}`;
/**
 * The platform admins' topic (super user and staff): `systemEntities.changed` when an inventory,
 * group, unit, user, server, channel, video return channel or databridge gateway of any inventory
 * changed. A core without it refuses the subscription; the admin lists then read again on a timer.
 */
export const ADMIN_TOPIC = 'system:entities';

export const REALTIME = {
  path: '/ws',
  defaultBatchSize: TIMINGS.wsSubscriptionBatchSize,
  heartbeatMs: 30_000,
  maxFrameBytes: 64 * 1024,
} as const;

/** The kinds of the system entities lists (spec 001 §2 /system_entities; servers of every type are one kind). */
export const SYSTEM_ENTITY_KINDS = ['inventory', 'group', 'unit', 'user', 'server', 'channel', 'vrChannel', 'dbGateway'] as const;
