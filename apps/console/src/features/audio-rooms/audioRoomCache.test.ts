import { describe, expect, it } from 'vitest';
import type { AudioRoom, AudioRoomPage } from '@fleet/contracts';
import { applyAudioRoomEvent } from './audioRoomCache';

const room = (id: string, name: string, version = 0, inventoryId = 'inv-a'): AudioRoom => ({
  id, inventoryId, name, intercom: false, serverId: null, serverName: null, active: false, participants: [], participantCount: 0, version,
  createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
});
const page = (...items: AudioRoom[]): AudioRoomPage => ({ items, total: items.length, offset: 0, limit: 100 });
const changed = (r: AudioRoom) => ({ type: 'audioRoom.changed' as const, audioRoom: r, at: 1 });

describe('applyAudioRoomEvent', () => {
  it('adds a new room of the inventory in name order and counts it, once', () => {
    const next = applyAudioRoomEvent(page(room('1', 'B')), 'inv-a', changed(room('2', 'A')));
    expect(next.items.map((r) => r.name)).toEqual(['A', 'B']);
    expect(next.total).toBe(2);
    expect(applyAudioRoomEvent(next, 'inv-a', changed(room('2', 'A')))).toBe(next);
  });

  it('replaces a room with a newer version only', () => {
    const start = page(room('1', 'A', 3));
    expect(applyAudioRoomEvent(start, 'inv-a', changed(room('1', 'Old', 2)))).toBe(start);
    expect(applyAudioRoomEvent(start, 'inv-a', changed({ ...room('1', 'A', 4), intercom: true })).items[0]?.intercom).toBe(true);
  });

  it("ignores other inventories' rooms and drops a removed room", () => {
    const start = page(room('1', 'A'));
    expect(applyAudioRoomEvent(start, 'inv-a', changed(room('9', 'Z', 0, 'inv-b')))).toBe(start);
    const next = applyAudioRoomEvent(start, 'inv-a', { type: 'audioRoom.removed', audioRoomId: '1', inventoryId: 'inv-a', at: 1 });
    expect(next).toEqual(page());
    expect(applyAudioRoomEvent(next, 'inv-a', { type: 'audioRoom.removed', audioRoomId: '1', inventoryId: 'inv-a', at: 1 })).toBe(next);
  });
});
