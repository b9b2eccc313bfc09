/**
 * Realtime events applied to a cached page of an inventory's audio rooms (GET v2/inventories/{id}/
 * audioRooms) in place, never a reload:
 * - `audioRoom.changed` replaces the row unless it is older than the cached one; a room new to the
 *   list's inventory is added in name order and counted;
 * - `audioRoom.removed` drops the row and the count.
 * Pure: the same object comes back when nothing changed. Events may arrive once per subscribed topic
 * (the inventory and its groups): idempotent.
 */
import type { AudioRoom, AudioRoomPage, RealtimeEvent } from '@fleet/contracts';

export type AudioRoomEvent = Extract<RealtimeEvent, { type: 'audioRoom.changed' | 'audioRoom.removed' }>;

export function isAudioRoomEvent(event: RealtimeEvent): event is AudioRoomEvent {
  return event.type === 'audioRoom.changed' || event.type === 'audioRoom.removed';
}

const byName = (a: AudioRoom, b: AudioRoom) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** `inventoryId`: the inventory the cached page lists. */
export function applyAudioRoomEvent(page: AudioRoomPage, inventoryId: string, event: AudioRoomEvent): AudioRoomPage {
  if (event.type === 'audioRoom.removed') {
    if (event.inventoryId !== inventoryId || !page.items.some((r) => r.id === event.audioRoomId)) return page;
    return { ...page, items: page.items.filter((r) => r.id !== event.audioRoomId), total: Math.max(0, page.total - 1) };
  }
  const room = event.audioRoom;
  if (room.inventoryId !== inventoryId) return page;
  const index = page.items.findIndex((r) => r.id === room.id);
  if (index < 0) return { ...page, items: [...page.items, room].sort(byName), total: page.total + 1 };
  const current = page.items[index];
  if (current === undefined || room.version <= current.version) return page;
  const items = page.items.slice();
  items[index] = room;
  return { ...page, items: items.sort(byName) };
}
