/**
 * Realtime events applied to a cached page of an inventory's audio rooms (GET v2/inventories/{id}/
 * audioRooms) in place, never a reload:
 * - `audioRoom.changed` replaces the row by the kit's version rule (kit/cache.ts); a room new to
 *   the list's inventory is added in name order and counted;
 * - `audioRoom.removed` drops the row and the count.
 * Pure: the same object comes back when nothing changed. Events may arrive once per subscribed topic
 * (the inventory and its groups): idempotent.
 */
import type { AudioRoom, AudioRoomPage, RealtimeEvent } from '@fleet/contracts';
import { byName, removeFromPage, upsertInPage } from '../../kit/cache';

export type AudioRoomEvent = Extract<RealtimeEvent, { type: 'audioRoom.changed' | 'audioRoom.removed' }>;

export function isAudioRoomEvent(event: RealtimeEvent): event is AudioRoomEvent {
  return event.type === 'audioRoom.changed' || event.type === 'audioRoom.removed';
}

/** `inventoryId`: the inventory the cached page lists. */
export function applyAudioRoomEvent(page: AudioRoomPage, inventoryId: string, event: AudioRoomEvent): AudioRoomPage {
  if (event.type === 'audioRoom.removed') return event.inventoryId === inventoryId ? removeFromPage(page, event.audioRoomId, (r: AudioRoom) => r.id) : page;
  if (event.audioRoom.inventoryId !== inventoryId) return page;
  return upsertInPage(page, event.audioRoom, { key: (r) => r.id, order: byName });
}
