import { describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '@fleet/contracts';
import { makeUnit } from '../../test-utils/fixtures';
import { ModifiedTimes, modifyingTarget } from './modifiedTimes';

const status = (unitId: string, previous: 'idle' | 'offline' | null, next: 'idle' | 'offline', at: number): RealtimeEvent => ({
  type: 'unit.status',
  unitId,
  status: next,
  previous,
  change: null,
  applications: {},
  at,
});

describe('modified times of the unit list', () => {
  it.each<[string, RealtimeEvent, string | null]>([
    ['a status change', status('A', 'offline', 'idle', 1), 'A'],
    ['a first status', status('A', null, 'idle', 1), 'A'],
    ['the same status again', status('A', 'idle', 'idle', 1), null],
    ['an update', { type: 'unit.updated', unit: makeUnit({ uniqueId: 'B' }), at: 1 }, 'B'],
    ['an alert cleared', { type: 'alert.cleared', alertId: 'x', alertType: 'battery', unitId: 'C', serverId: null, channelId: null, at: 1 }, 'C'],
    ['a device added', { type: 'device.added', unitId: 'D', at: 1 }, null],
  ])('%s', (_name, event, target) => {
    expect(modifyingTarget(event)).toBe(target);
  });

  it('keeps the newest of events and alerts', () => {
    const times = new ModifiedTimes();
    const unit = makeUnit({ uniqueId: 'A', alerts: [] });
    expect(times.modifiedAt(unit)).toBeNull();
    expect(times.record(status('A', 'offline', 'idle', 5000))).toBe(true);
    expect(times.record(status('A', 'idle', 'offline', 4000))).toBe(false);
    expect(times.modifiedAt(unit)).toBe(5000);
    const withAlert = { ...unit, alerts: [{ type: 'battery', level: 'warning', message: 'low', raisedAt: new Date(9000).toISOString() }] as const };
    expect(times.modifiedAt({ ...withAlert, alerts: [...withAlert.alerts] })).toBe(9000);
  });
});
