import { describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '@fleet/contracts';
import type { EntitySource } from './entityKinds';
import { eventTouches } from './entitiesLive';

const at = 1;
const SOURCES: readonly EntitySource[] = ['units', 'servers', 'channels', 'vrChannels', 'dbGateways'];

/** Each event and the one source whose list it makes stale (null: none). */
const CASES: readonly [string, RealtimeEvent, EntitySource | null][] = [
  ['device added', { type: 'device.added', unitId: 'u', at }, 'units'],
  ['device removed', { type: 'device.removed', unitId: 'u', at }, 'units'],
  ['channel removed', { type: 'channel.removed', channelId: 'c', at }, 'channels'],
  ['video return channel removed', { type: 'vrChannel.removed', uniqueId: 'v', at }, 'vrChannels'],
  ['gateway changed', { type: 'systemDevice.changed', kind: 'dbGateway', id: 'g', removed: false, at }, 'dbGateways'],
  ['server changed (system device)', { type: 'systemDevice.changed', kind: 'server', id: 's', removed: true, at }, 'servers'],
  ['admin topic: units', { type: 'systemEntities.changed', kinds: ['unit', 'inventory'], at }, 'units'],
  ['admin topic: gateways', { type: 'systemEntities.changed', kinds: ['dbGateway'], at }, 'dbGateways'],
  ['admin topic: users only', { type: 'systemEntities.changed', kinds: ['user'], at }, null],
  ['group removed', { type: 'group.removed', groupId: 'g', at }, null],
];

describe('contractor entities: which events make a list stale', () => {
  it.each(CASES)('%s', (_name, event, stale) => {
    for (const source of SOURCES) expect(eventTouches(source, event), source).toBe(source === stale);
  });
});
