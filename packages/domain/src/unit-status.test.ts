import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  UNIT_APPLICATIONS,
  UNIT_STATUSES,
  UNIT_STATUS_CHANGE_EVENTS,
  type ApplicationState,
  type DeviceState,
  type UnitSummary,
  type UnitApplicationKey,
  type UnitStatus,
  type UnitStatusChangeEvent,
} from '@fleet/contracts';
import {
  applyCounterTransition,
  countUnits,
  deriveUnitStatus,
  deriveUnitStatusFromReport,
  getCounterBucket,
  isBusy,
  isOfflineLike,
  isOnlineLike,
  isStreaming,
  statusChangeEvent,
  statusClass,
  unitBucket,
  unitIcon,
  UNIT_COUNTER_TRANSITIONS,
  type UnitApplications,
  type UnitCounterRow,
  type UnitReport,
  type UnitStatusClass,
  type UnitStatusCounters,
} from './unit-status.js';

/** Builds an applications map: `apps('video', 'forward')`, or `apps(['video', 'speedtest'])`. */
function apps(...entries: (UnitApplicationKey | [UnitApplicationKey, ApplicationState])[]): UnitApplications {
  const map: UnitApplications = {};
  for (const entry of entries) {
    const [key, state] = typeof entry === 'string' ? [entry, 'running' as const] : entry;
    map[key] = { state };
  }
  return map;
}

const RULED_KEYS: readonly UnitApplicationKey[] = ['upgrade', 'fetchlogs', 'databridge', 'video', 'forward', 'store'];
const OTHER_KEYS = UNIT_APPLICATIONS.filter((key) => !RULED_KEYS.includes(key));

describe('deriveUnitStatus (spec 000 §4 priority)', () => {
  it.each<[string, UnitApplications | null | undefined, UnitStatus]>([
    ['null → offline', null, 'offline'],
    ['undefined → offline', undefined, 'offline'],
    ['empty map → idle', {}, 'idle'],
    ['key present with undefined value does not count', { video: undefined }, 'idle'],
    ['1. upgrade → upgrading', apps('upgrade'), 'upgrading'],
    ['1. upgrade beats every other activity', apps('upgrade', 'fetchlogs', 'databridge', 'video', 'forward', 'store'), 'upgrading'],
    ['2. fetchlogs → fetchlogs', apps('fetchlogs'), 'fetchlogs'],
    ['2. fetchlogs beats databridge, video, forward, store', apps('fetchlogs', 'databridge', 'video', 'forward', 'store'), 'fetchlogs'],
    ['3. databridge → transparent_bridge', apps('databridge'), 'transparent_bridge'],
    ['3. databridge beats video and store/forward', apps('databridge', 'video', 'forward', 'store'), 'transparent_bridge'],
    ['4. video → streaming', apps('video'), 'streaming'],
    ['4. video connecting → streaming', apps(['video', 'connecting']), 'streaming'],
    ['4. video with forward → streamingandforwarding', apps('video', 'forward'), 'streamingandforwarding'],
    ['4. video with forward and store → streamingandforwarding', apps('video', 'forward', 'store'), 'streamingandforwarding'],
    ['4. video in speedtest → speedtest', apps(['video', 'speedtest']), 'speedtest'],
    ['4. forward check comes before speedtest', apps(['video', 'speedtest'], 'forward'), 'streamingandforwarding'],
    ['4. video with store (no forward) → streaming', apps('video', 'store'), 'streaming'],
    ['4. video beats multiCamera', apps('video', 'multiCamera'), 'streaming'],
    ['5. forward alone → forwarding', apps('forward'), 'forwarding'],
    ['5. forward with store → storeandforward', apps('forward', 'store'), 'storeandforward'],
    ['6. store alone → storeandforward', apps('store'), 'storeandforward'],
    ['6. store with other activities → storeandforward', apps('store', 'audioRoom', 'ifb'), 'storeandforward'],
    ['7. only other activities → idle', apps('audioRoom', 'ifb', 'videoReturn'), 'idle'],
    ['disconnecting video still counts', apps(['video', 'disconnecting']), 'streaming'],
    ['stopping video still counts', apps(['video', 'stopping']), 'streaming'],
    ['stopping upgrade still counts', apps(['upgrade', 'stopping']), 'upgrading'],
    ['disconnecting forward still counts', apps(['forward', 'disconnecting']), 'forwarding'],
  ])('%s', (_label, applications, expected) => {
    expect(deriveUnitStatus(applications)).toBe(expected);
  });

  it.each(OTHER_KEYS)('7. %s alone → idle', (key) => {
    expect(deriveUnitStatus(apps(key))).toBe('idle');
  });
});

describe('deriveUnitStatusFromReport', () => {
  it.each<[string, boolean, UnitApplications | null | undefined, UnitStatus]>([
    ['offline flag wins over applications', false, apps('video'), 'offline'],
    ['offline with no applications', false, null, 'offline'],
    ['online without applications map → idle', true, undefined, 'idle'],
    ['online with null applications → idle', true, null, 'idle'],
    ['online with empty map → idle', true, {}, 'idle'],
    ['online with video → streaming', true, apps('video'), 'streaming'],
    ['online with upgrade → upgrading', true, apps('upgrade'), 'upgrading'],
  ])('%s', (_label, online, applications, expected) => {
    expect(deriveUnitStatusFromReport({ online, applications })).toBe(expected);
  });
});

describe('isOfflineLike / isOnlineLike (every status)', () => {
  const offlineLike: readonly UnitStatus[] = ['offline', 'unavailable'];
  const onlineLike: readonly UnitStatus[] = ['online', 'idle', 'forwarding'];
  it.each(UNIT_STATUSES.map((s) => [s, offlineLike.includes(s), onlineLike.includes(s)] as const))('%s: offline-like %s, online-like %s', (status, off, on) => {
    expect(isOfflineLike(status)).toBe(off);
    expect(isOnlineLike(status)).toBe(on);
  });
});

describe('isBusy (spec 000 §4)', () => {
  it.each<[string, UnitApplications | null | undefined, boolean]>([
    ['null', null, false],
    ['undefined', undefined, false],
    ['empty', {}, false],
    ['video', apps('video'), true],
    ['video in speedtest', apps(['video', 'speedtest']), true],
    ['multiCamera', apps('multiCamera'), true],
    ['switcher', apps('switcher'), true],
    ['switcherAndProxy', apps('switcherAndProxy'), true],
    ['upgrade', apps('upgrade'), true],
    ['databridge', apps('databridge'), true],
    ['fetchlogs', apps('fetchlogs'), true],
    ['store and forward', apps('store', 'forward'), true],
    ['store alone', apps('store'), false],
    ['forward alone', apps('forward'), false],
    ['videoReturn, audioRoom, ifb', apps('videoReturn', 'audioRoom', 'ifb'), false],
    ['stopping video still busy', apps(['video', 'stopping']), true],
  ])('%s → %s', (_label, applications, expected) => {
    expect(isBusy(applications)).toBe(expected);
  });
});

describe('isStreaming (spec 000 §4)', () => {
  it.each<[string, UnitApplications | null | undefined, boolean]>([
    ['null', null, false],
    ['undefined', undefined, false],
    ['empty', {}, false],
    ['video running', apps('video'), true],
    ['video connecting', apps(['video', 'connecting']), true],
    ['video in speedtest', apps(['video', 'speedtest']), false],
    ['video in speedtest with multiCamera', apps(['video', 'speedtest'], 'multiCamera'), true],
    ['multiCamera', apps('multiCamera'), true],
    ['switcher', apps('switcher'), true],
    ['switcherAndProxy', apps('switcherAndProxy'), true],
    ['upgrade (busy, not streaming)', apps('upgrade'), false],
    ['store and forward', apps('store', 'forward'), false],
    ['databridge', apps('databridge'), false],
  ])('%s → %s', (_label, applications, expected) => {
    expect(isStreaming(applications)).toBe(expected);
  });
});

describe('statusClass and getCounterBucket (every status)', () => {
  it.each<[UnitStatus, UnitStatusClass, 'busy' | 'idle' | 'offline']>([
    ['offline', 'offline', 'offline'],
    ['unavailable', 'offline', 'offline'],
    ['online', 'online', 'idle'],
    ['idle', 'online', 'idle'],
    ['forwarding', 'online', 'idle'],
    ['streaming', 'streaming', 'busy'],
    ['streamingandforwarding', 'streaming', 'busy'],
    ['storeandforward', 'storeAndForward', 'busy'],
    ['speedtest', 'busy', 'busy'],
    ['fetchlogs', 'busy', 'busy'],
    ['upgrading', 'busy', 'busy'],
    ['transparent_bridge', 'busy', 'busy'],
    ['setup_transparent_bridge', 'busy', 'busy'],
  ])('%s → class %s, bucket %s', (status, cls, bucket) => {
    expect(statusClass(status)).toBe(cls);
    expect(getCounterBucket(status)).toBe(bucket);
  });

  it('covers every status of the contracts', () => {
    for (const status of UNIT_STATUSES) expect(statusClass(status)).toBeTypeOf('string');
  });
});

describe('statusChangeEvent (spec 000 §4 / 001 §4)', () => {
  it.each<[UnitStatus | undefined, UnitStatus, UnitStatusChangeEvent | null]>([
    ['offline', 'idle', 'offlineToOnline'],
    ['unavailable', 'online', 'offlineToOnline'],
    ['offline', 'forwarding', 'offlineToOnline'],
    ['idle', 'streaming', 'onlineToStreaming'],
    ['forwarding', 'streamingandforwarding', 'onlineToStreaming'],
    ['idle', 'upgrading', 'onlineToStreaming'],
    ['offline', 'streaming', 'offlineToStreaming'],
    ['offline', 'speedtest', 'offlineToStreaming'],
    ['streaming', 'idle', 'streamingToOnline'],
    ['fetchlogs', 'online', 'streamingToOnline'],
    ['idle', 'offline', 'onlineToOffline'],
    ['online', 'unavailable', 'onlineToOffline'],
    ['streaming', 'offline', 'streamingToOffline'],
    ['transparent_bridge', 'unavailable', 'streamingToOffline'],
    ['storeandforward', 'idle', 'storeAndForwardToOnline'],
    ['storeandforward', 'offline', 'storeAndForwardToOffline'],
    ['offline', 'storeandforward', 'offlineToStoreAndForward'],
    ['idle', 'storeandforward', 'onlineToStoreAndForward'],
    ['streaming', 'storeandforward', 'unknown'],
    ['storeandforward', 'streaming', 'unknown'],
    ['speedtest', 'storeandforward', 'unknown'],
    ['idle', 'online', null],
    ['idle', 'forwarding', null],
    ['offline', 'unavailable', null],
    ['streaming', 'streamingandforwarding', null],
    ['streaming', 'speedtest', null],
    ['upgrading', 'fetchlogs', null],
    ['storeandforward', 'storeandforward', null],
    [undefined, 'offline', null],
    [undefined, 'unavailable', null],
    [undefined, 'idle', 'offlineToOnline'],
    [undefined, 'streaming', 'offlineToStreaming'],
    [undefined, 'storeandforward', 'offlineToStoreAndForward'],
  ])('%s → %s gives %s', (prev, next, expected) => {
    expect(statusChangeEvent(prev, next)).toBe(expected);
  });
});

describe('applyCounterTransition', () => {
  const base: UnitStatusCounters = { busy: 5, idle: 5, offline: 5 };
  it.each<[UnitStatusChangeEvent | null, UnitStatusCounters]>([
    ['offlineToOnline', { busy: 5, idle: 6, offline: 4 }],
    ['onlineToStreaming', { busy: 6, idle: 4, offline: 5 }],
    ['offlineToStreaming', { busy: 6, idle: 5, offline: 4 }],
    ['streamingToOnline', { busy: 4, idle: 6, offline: 5 }],
    ['onlineToOffline', { busy: 5, idle: 4, offline: 6 }],
    ['streamingToOffline', { busy: 4, idle: 5, offline: 6 }],
    ['storeAndForwardToOnline', { busy: 4, idle: 6, offline: 5 }],
    ['storeAndForwardToOffline', { busy: 4, idle: 5, offline: 6 }],
    ['offlineToStoreAndForward', { busy: 6, idle: 5, offline: 4 }],
    ['onlineToStoreAndForward', { busy: 6, idle: 4, offline: 5 }],
    ['unknown', { busy: 5, idle: 5, offline: 5 }],
    [null, { busy: 5, idle: 5, offline: 5 }],
  ])('%s', (event, expected) => {
    const result = applyCounterTransition(base, event);
    expect(result).toEqual(expected);
    expect(result).not.toBe(base);
    expect(base).toEqual({ busy: 5, idle: 5, offline: 5 });
  });

  it('has a transition row for every contracts event', () => {
    expect(Object.keys(UNIT_COUNTER_TRANSITIONS).sort()).toEqual([...UNIT_STATUS_CHANGE_EVENTS].sort());
  });

  it.each<[UnitStatusChangeEvent, UnitStatusCounters]>([
    ['offlineToOnline', { busy: 0, idle: 1, offline: 0 }],
    ['streamingToOffline', { busy: 0, idle: 0, offline: 1 }],
  ])('never goes below zero: %s from all-zero counters', (event, expected) => {
    expect(applyCounterTransition({ busy: 0, idle: 0, offline: 0 }, event)).toEqual(expected);
  });

  // Every pair of statuses: the event moves one unit from the bucket of prev to the bucket of next.
  const pairs = UNIT_STATUSES.flatMap((prev) => UNIT_STATUSES.map((next) => [prev, next] as const));
  it.each(pairs)('keeps counters consistent for %s → %s', (prev, next) => {
    const one = (status: UnitStatus): UnitStatusCounters => {
      const counters = { busy: 0, idle: 0, offline: 0 };
      counters[getCounterBucket(status)] += 1;
      return counters;
    };
    const result = applyCounterTransition(one(prev), statusChangeEvent(prev, next));
    const expected = one(next);
    expect({ busy: result.busy, idle: result.idle, offline: result.offline }).toEqual({
      busy: expected.busy,
      idle: expected.idle,
      offline: expected.offline,
    });
  });
});

describe('countUnits (spec 000 §2 counter bar)', () => {
  it('counts nothing for an empty list', () => {
    expect(countUnits([])).toEqual({ busy: 0, idle: 0, offline: 0, field: 0, camera: 0, lite: 0, smart: 0, ptmp: 0, ptp: 0, activeAlerts: 0 });
  });

  it.each<[string, UnitCounterRow, Partial<Record<string, number>>]>([
    ['idle field unit', { status: 'idle', applications: {}, typeGroup: 'fieldUnits', alerts: [] }, { idle: 1, field: 1 }],
    ['streaming lite unit', { status: 'streaming', applications: apps('video'), typeGroup: 'liteUnits', alerts: [] }, { busy: 1, lite: 1 }],
    ['offline smart unit', { status: 'offline', applications: null, typeGroup: 'smartUnits', alerts: [] }, { offline: 1, smart: 1 }],
    ['unavailable ptmp unit', { status: 'unavailable', applications: null, typeGroup: 'ptmpUnits', alerts: [] }, { offline: 1, ptmp: 1 }],
    [
      'store-and-forward ptp unit',
      { status: 'storeandforward', applications: apps('store', 'forward'), typeGroup: 'ptpUnits', alerts: [] },
      { busy: 1, ptp: 1 },
    ],
    [
      'a unit only recording (store, no forward) is not busy',
      { status: 'storeandforward', applications: apps('store'), typeGroup: 'fieldUnits', alerts: [] },
      { idle: 1, field: 1 },
    ],
    ['multi camera alone is busy', { status: 'idle', applications: apps('multiCamera'), typeGroup: 'fieldUnits', alerts: [] }, { busy: 1, field: 1 }],
    [
      'a streaming status without its applications map is busy',
      { status: 'streaming', applications: undefined, typeGroup: 'fieldUnits', alerts: [] },
      { busy: 1, field: 1 },
    ],
    ['extender counts in no type', { status: 'online', applications: {}, typeGroup: 'extenderDevices', alerts: [] }, { idle: 1 }],
    ['server counts in no type', { status: 'idle', applications: {}, typeGroup: 'mmhServer', alerts: [] }, { idle: 1 }],
    [
      'camera connected, online',
      { status: 'idle', applications: {}, typeGroup: 'fieldUnits', alerts: [], cameraConnected: true },
      { idle: 1, field: 1, camera: 1 },
    ],
    [
      'camera connected, streaming',
      { status: 'streaming', applications: apps('video'), typeGroup: 'fieldUnits', alerts: [], cameraConnected: true },
      { busy: 1, field: 1, camera: 1 },
    ],
    [
      'camera flag on an offline unit is not counted',
      { status: 'offline', applications: null, typeGroup: 'fieldUnits', alerts: [], cameraConnected: true },
      { offline: 1, field: 1 },
    ],
    [
      'camera flag on an unavailable unit is not counted',
      { status: 'unavailable', applications: null, typeGroup: 'fieldUnits', alerts: [], cameraConnected: true },
      { offline: 1, field: 1 },
    ],
    ['camera not connected', { status: 'idle', applications: {}, typeGroup: 'fieldUnits', alerts: [], cameraConnected: false }, { idle: 1, field: 1 }],
    ['one alert', { status: 'idle', applications: {}, typeGroup: 'fieldUnits', alerts: ['battery'] }, { idle: 1, field: 1, activeAlerts: 1 }],
    [
      'three alerts count one unit',
      { status: 'idle', applications: {}, typeGroup: 'fieldUnits', alerts: ['battery', 'bitrateDrop', 'serverCpu'] },
      { idle: 1, field: 1, activeAlerts: 1 },
    ],
  ])('%s', (_label, row, counts) => {
    const zero = { busy: 0, idle: 0, offline: 0, field: 0, camera: 0, lite: 0, smart: 0, ptmp: 0, ptp: 0, activeAlerts: 0 };
    expect(countUnits([row])).toEqual({ ...zero, ...counts });
  });

  it('adds up a mixed list', () => {
    expect(
      countUnits([
        { status: 'idle', applications: {}, typeGroup: 'fieldUnits', alerts: ['a', 'b'], cameraConnected: true },
        { status: 'streaming', applications: apps('video'), typeGroup: 'fieldUnits', alerts: [], cameraConnected: true },
        { status: 'offline', applications: null, typeGroup: 'liteUnits', alerts: ['battery'] },
        { status: 'upgrading', applications: apps('upgrade'), typeGroup: 'smartUnits', alerts: [] },
      ]),
    ).toEqual({ busy: 2, idle: 1, offline: 1, field: 2, camera: 2, lite: 1, smart: 1, ptmp: 0, ptp: 0, activeAlerts: 2 });
  });
});

describe('unitBucket (spec 000 §4 groupings: the one busy / idle / offline of a unit)', () => {
  it.each<[UnitStatus, UnitApplications | null | undefined, 'busy' | 'idle' | 'offline']>([
    ['offline', null, 'offline'],
    ['unavailable', apps('video'), 'offline'],
    ['streaming', apps('video'), 'busy'],
    ['speedtest', apps(['video', 'speedtest']), 'busy'],
    ['idle', apps('multiCamera'), 'busy'],
    ['idle', apps('switcher'), 'busy'],
    ['idle', apps('switcherAndProxy'), 'busy'],
    ['upgrading', apps('upgrade'), 'busy'],
    ['transparent_bridge', apps('databridge'), 'busy'],
    ['fetchlogs', apps('fetchlogs'), 'busy'],
    ['storeandforward', apps('store', 'forward'), 'busy'],
    ['storeandforward', apps('store'), 'idle'],
    ['forwarding', apps('forward'), 'idle'],
    ['idle', {}, 'idle'],
    ['online', apps('audioRoom', 'ifb'), 'idle'],
  ])('%s with %j → %s', (status, applications, expected) => {
    expect(unitBucket({ status, applications })).toBe(expected);
  });

  it('is what the counter bar counts and what the icon shows', () => {
    for (const [status, applications] of [
      ['storeandforward', apps('store')],
      ['storeandforward', apps('store', 'forward')],
      ['idle', apps('multiCamera')],
      ['streaming', apps('video')],
      ['idle', {}],
    ] as const) {
      const bar = countUnits([{ status, applications, typeGroup: 'fieldUnits', alerts: [] }]);
      expect(bar.busy === 1).toBe(unitIcon(status, applications) === 'busy');
    }
  });
});

describe('unitIcon (spec 000 §4)', () => {
  it.each<[UnitStatus, UnitApplications | null | undefined, string]>([
    ['offline', null, 'offline'],
    ['unavailable', apps('video'), 'offline'],
    ['upgrading', apps('upgrade'), 'upgrading'],
    ['fetchlogs', apps('fetchlogs'), 'fetchlogs'],
    ['streaming', apps('video'), 'busy'],
    ['streamingandforwarding', apps('video', 'forward'), 'busy'],
    ['speedtest', apps(['video', 'speedtest']), 'busy'],
    ['transparent_bridge', apps('databridge'), 'busy'],
    ['setup_transparent_bridge', {}, 'busy'],
    ['storeandforward', apps('store', 'forward'), 'busy'],
    ['storeandforward', apps('store'), 'online'],
    ['idle', apps('multiCamera'), 'busy'],
    ['idle', apps('switcher'), 'busy'],
    ['idle', {}, 'online'],
    ['idle', null, 'online'],
    ['online', apps('audioRoom'), 'online'],
    ['forwarding', apps('forward'), 'online'],
  ])('%s with %j → %s', (status, applications, expected) => {
    expect(unitIcon(status, applications)).toBe(expected);
  });
});

describe('contracts compatibility', () => {
  it('takes contracts rows and reports as they are', () => {
    expectTypeOf<UnitSummary>().toExtend<UnitCounterRow>();
    expectTypeOf<DeviceState>().toExtend<UnitReport>();
    expectTypeOf<UnitSummary['applications']>().toExtend<UnitApplications>();
  });
});
