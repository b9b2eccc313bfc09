import { describe, expect, it } from 'vitest';
import { applyVrChannelEvent } from './vrCache';
import { groupList, vrChannel } from '../../test-utils/vrChannels';

const at = 1;

describe('video return list over realtime events', () => {
  const list = groupList([vrChannel('A'), vrChannel('B', { status: 'offline', version: 3 })]);

  it('replaces a changed row unless the event is older, and counts again', () => {
    const changed = applyVrChannelEvent(list, { type: 'vrChannel.changed', vrChannel: vrChannel('A', { status: 'inputConnected', version: 2 }), at });
    expect(changed.items[0]?.status).toBe('inputConnected');
    expect(changed.counters).toMatchObject({ total: 2, idle: 0, inputConnected: 1, offline: 1 });
    expect(applyVrChannelEvent(list, { type: 'vrChannel.changed', vrChannel: vrChannel('B', { name: 'old', version: 2 }), at })).toBe(list);
  });

  it('adds a channel newly shared with the group and drops one no longer shared', () => {
    const added = applyVrChannelEvent(list, { type: 'vrChannel.changed', vrChannel: vrChannel('C'), at });
    expect(added.items.map((c) => c.uniqueId)).toEqual(['A', 'B', 'C']);
    expect(applyVrChannelEvent(list, { type: 'vrChannel.changed', vrChannel: vrChannel('D', { groupIds: ['grp-9'] }), at })).toBe(list);
    const left = applyVrChannelEvent(list, { type: 'vrChannel.changed', vrChannel: vrChannel('A', { groupIds: ['grp-9'], version: 2 }), at });
    expect(left.items.map((c) => c.uniqueId)).toEqual(['B']);
    expect(left.counters.total).toBe(1);
  });

  it('drops a removed channel and patches a status', () => {
    expect(applyVrChannelEvent(list, { type: 'vrChannel.removed', uniqueId: 'B', at }).items.map((c) => c.uniqueId)).toEqual(['A']);
    expect(applyVrChannelEvent(list, { type: 'vrChannel.removed', uniqueId: 'Z', at })).toBe(list);
    const status = applyVrChannelEvent(list, { type: 'vrChannel.status', vrChannelId: 'B', status: 'connecting', previous: 'offline', at });
    expect(status.items[1]?.status).toBe('connecting');
    expect(status.counters).toMatchObject({ offline: 0, connecting: 1 });
    expect(applyVrChannelEvent(status, { type: 'vrChannel.status', vrChannelId: 'B', status: 'connecting', previous: 'offline', at })).toBe(status);
  });
});
