import { describe, expect, it } from 'vitest';
import { UNIT_STATUSES } from '@fleet/contracts';
import { makeUnit } from '../../test-utils/fixtures';
import { advanceCounters, countersOf } from './counters';

describe('counter bar over the listed units', () => {
  it('counts status buckets, type groups, cameras and units with alerts', () => {
    const alert = { type: 'battery', level: 'warning', message: 'low', raisedAt: '2025-01-01T00:00:00Z' } as const;
    const counters = countersOf([
      makeUnit({ uniqueId: 'a', status: 'idle', typeGroup: 'fieldUnits', cameraConnected: true }),
      makeUnit({ uniqueId: 'b', status: 'streaming', applications: { video: { state: 'running' } }, typeGroup: 'smartUnits', alerts: [alert, alert] }),
      makeUnit({ uniqueId: 'c', status: 'offline', typeGroup: 'ptpUnits', cameraConnected: true }),
      makeUnit({ uniqueId: 'd', status: 'idle', typeGroup: 'liteUnits', cameraConnected: false }),
    ]);
    expect(counters).toEqual({ busy: 1, idle: 2, offline: 1, field: 1, camera: 2, lite: 1, smart: 1, ptmp: 0, ptp: 1, activeAlerts: 1, other: 0 });
  });

  it('counts a unit whose status this console does not know under Other, out of busy, idle and offline, and follows it', () => {
    const future = { ...makeUnit({ uniqueId: 'f', status: 'idle' }), status: 'futureStatus7' } as unknown as ReturnType<typeof makeUnit>;
    const idle = makeUnit({ uniqueId: 'i', status: 'idle' });
    expect(countersOf([future, idle])).toMatchObject({ busy: 0, idle: 1, offline: 0, other: 1 });
    // The unit leaves Other for a known status, and back: the advanced counters agree with a recount.
    const known = { ...future, status: 'offline' } as const;
    expect(advanceCounters(countersOf([future, idle]), [future, idle], [known, idle])).toEqual(countersOf([known, idle]));
    expect(advanceCounters(countersOf([known, idle]), [known, idle], [future, idle])).toEqual(countersOf([future, idle]));
  });
});

describe('busy as spec 000 §4 counts it', () => {
  it('counts a unit storing and forwarding as busy, and one only recording as idle', () => {
    const recording = makeUnit({ uniqueId: 'rec', status: 'storeandforward', applications: { store: { state: 'running' } } });
    const forwarding = makeUnit({ uniqueId: 'snf', status: 'storeandforward', applications: { store: { state: 'running' }, forward: { state: 'running' } } });
    expect(countersOf([recording, forwarding])).toMatchObject({ busy: 1, idle: 1, offline: 0 });
  });

  it('moves a unit whose applications change without a status change (forward joins store)', () => {
    const prev = [makeUnit({ uniqueId: 'a', status: 'storeandforward', applications: { store: { state: 'running' } } })];
    const next = [{ ...prev[0]!, applications: { store: { state: 'running' }, forward: { state: 'running' } } } as const];
    expect(advanceCounters(countersOf(prev), prev, next)).toMatchObject({ busy: 1, idle: 0 });
  });
});

describe('counters kept in step with the list (spec 000 §4)', () => {
  const statuses = UNIT_STATUSES;

  it('agrees with a recount for every status change', () => {
    for (const from of statuses) {
      for (const to of statuses) {
        const others = [makeUnit({ uniqueId: 'x', status: 'idle' }), makeUnit({ uniqueId: 'y', status: 'offline' })];
        const prev = [makeUnit({ uniqueId: 'a', status: from, cameraConnected: true }), ...others];
        const next = [makeUnit({ uniqueId: 'a', status: to, cameraConnected: true }), ...others];
        expect({ from, to, bar: advanceCounters(countersOf(prev), prev, next) }).toEqual({ from, to, bar: countersOf(next) });
      }
    }
  });

  it('adjusts type, camera and alerts, and gives up on added or reordered units', () => {
    const alert = { type: 'battery', level: 'warning', message: 'low', raisedAt: '2025-01-01T00:00:00Z' } as const;
    const prev = [
      makeUnit({ uniqueId: 'a', typeGroup: 'fieldUnits' }),
      makeUnit({ uniqueId: 'b', typeGroup: 'ptpUnits', status: 'idle', cameraConnected: false }),
    ];
    const next = [prev[0]!, { ...prev[1]!, alerts: [alert], cameraConnected: true }];
    expect(advanceCounters(countersOf(prev), prev, next)).toEqual(countersOf(next));
    expect(advanceCounters(countersOf(prev), prev, prev)).toEqual(countersOf(prev));
    expect(advanceCounters(countersOf(prev), prev, [...prev, makeUnit({ uniqueId: 'c' })])).toBeNull();
    expect(advanceCounters(countersOf(prev), prev, [prev[1]!, prev[0]!])).toBeNull();
  });

  it('keeps the same counters when a replaced unit moved no count (the counter bar is not rendered again)', () => {
    const prev = [makeUnit({ uniqueId: 'a', status: 'idle', cameraConnected: true }), makeUnit({ uniqueId: 'b', status: 'offline' })];
    const counters = countersOf(prev);
    const telemetry = [{ ...prev[0]!, totalBitrate: 1234 }, prev[1]!];
    expect(advanceCounters(counters, prev, telemetry)).toBe(counters);
    const camera = [{ ...prev[0]!, cameraConnected: false }, prev[1]!];
    expect(advanceCounters(counters, prev, camera)).not.toBe(counters);
    expect(advanceCounters(counters, prev, camera)).toEqual(countersOf(camera));
  });

  it('stays equal to a recount over a random walk', () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    let list = Array.from({ length: 50 }, (_, i) => makeUnit({ uniqueId: `u${i}`, status: statuses[i % statuses.length]! }));
    let bar = countersOf(list);
    for (let step = 0; step < 500; step += 1) {
      const index = Math.floor(random() * list.length);
      const next = list.slice();
      next[index] = { ...list[index]!, status: statuses[Math.floor(random() * statuses.length)]!, cameraConnected: random() > 0.5 };
      bar = advanceCounters(bar, list, next) ?? countersOf(next);
      list = next;
    }
    expect(bar).toEqual(countersOf(list));
  });
});
