import { beforeEach, describe, expect, it } from 'vitest';
import { forgetReportTimes } from './cache';
import { TIMINGS } from '@fleet/contracts';
import type { RealtimeEvent, UnitSummary } from '@fleet/contracts';
import { makeDetail, makeUnit } from '../test-utils/fixtures';
import {
  applyToDetail,
  mergeDetailIntoList,
  patchActiveAlerts,
  patchFileTransfer,
  patchNotifications,
  patchStatusById,
  patchUnitListBatch,
  statusTarget,
  unitIndexOf,
} from './cachePatch';
import type { AlertEvent, UnitEvent, UnitListEvent } from './cachePatch';

/** One event through the unit list patch (the one unit replaced; the same array when it is not in it). */
const patchUnitList = (list: readonly UnitSummary[] | undefined, event: UnitListEvent) => patchUnitListBatch(list, [event]);
const patchUnitAlerts = patchUnitList;

const status: UnitEvent = {
  type: 'unit.status',
  unitId: 'B',
  status: 'streaming',
  previous: 'idle',
  change: 'onlineToStreaming',
  applications: { video: { state: 'running' } },
  at: 1,
};

const telemetry = (kbps: number): Extract<RealtimeEvent, { type: 'unit.telemetry' }> => ({
  type: 'unit.telemetry',
  unitId: 'B',
  battery: { connected: true, charging: true, percentage: 42 },
  location: { lat: 5, lng: 6, address: 'Somewhere' },
  modems: [],
  totalBitrate: kbps,
  cameraConnected: false,
  sample: { t: kbps, kbps },
  at: 2,
});

// Each test starts from caches no event has touched.
beforeEach(() => forgetReportTimes());
describe('cache patches', () => {
  const list = [makeUnit({ uniqueId: 'A', name: 'a' }), makeUnit({ uniqueId: 'B', name: 'b' })];

  it('replaces only the unit of a status event', () => {
    const next = patchUnitList(list, status);
    expect(next).not.toBe(list);
    expect(next?.[0]).toBe(list[0]);
    expect(next?.[1]).toMatchObject({ status: 'streaming', applications: { video: { state: 'running' } } });
  });

  it('applies telemetry to the summary', () => {
    expect(patchUnitList(list, telemetry(2500))?.[1]).toMatchObject({ totalBitrate: 2500, battery: { percentage: 42 }, cameraConnected: false });
  });

  it('keeps the same list when the unit is not in it', () => {
    expect(patchUnitList(list, { ...status, unitId: 'Z' })).toBe(list);
    expect(patchUnitList(undefined, status)).toBeUndefined();
  });

  it('does not let an older unit.updated undo a newer version', () => {
    const current = [makeUnit({ uniqueId: 'B', name: 'new', version: 5 })];
    const stale: UnitEvent = { type: 'unit.updated', unit: makeUnit({ uniqueId: 'B', name: 'old', version: 4 }), at: 3 };
    expect(patchUnitList(current, stale)).toBe(current);
    const fresh: UnitEvent = { type: 'unit.updated', unit: makeUnit({ uniqueId: 'B', name: 'newer', version: 6 }), at: 3 };
    expect(patchUnitList(current, fresh)?.[0]?.name).toBe('newer');
  });

  it('tells the list and the detail where a unit streams (unit.channels), and that it streams nowhere any more', () => {
    const inUse = [{ channelId: 'MMH-0003-CH2', channelName: 'MMH-6-CH2', serverId: 'MMH-0003', serverName: 'MMH-Leeds-6' }];
    const taken: UnitEvent = { type: 'unit.channels', unitId: 'B', channelsInUse: inUse, at: 4 };
    const next = patchUnitList(list, taken);
    expect(next?.[0]).toBe(list[0]);
    expect(next?.[1]?.channelsInUse).toEqual(inUse);
    expect(applyToDetail(makeDetail({ uniqueId: 'B' }), taken).channelsInUse).toEqual(inUse);
    expect(patchUnitList(next, { ...taken, channelsInUse: [], at: 5 })?.[1]?.channelsInUse).toEqual([]);
  });

  it('appends bitrate samples to the detail, at most the graph size', () => {
    let detail = makeDetail({ uniqueId: 'B' });
    for (let i = 0; i < TIMINGS.bitrateGraphMaxPoints + 5; i += 1) detail = applyToDetail(detail, telemetry(i));
    expect(detail.bitrateSamples).toHaveLength(TIMINGS.bitrateGraphMaxPoints);
    expect(detail.bitrateSamples.at(-1)?.kbps).toBe(TIMINGS.bitrateGraphMaxPoints + 4);
  });

  it('merges a polled detail into the list', () => {
    const merged = mergeDetailIntoList(list, makeDetail({ uniqueId: 'A', status: 'streaming', applications: { video: { state: 'running' } } }));
    expect(merged?.[0]?.status).toBe('streaming');
    expect(merged?.[1]).toBe(list[1]);
  });
});

describe('cache patches of the other live lists', () => {
  const raised = (type: 'battery' | 'cameraDisconnected', unitId: string | null = 'B'): Extract<RealtimeEvent, { type: 'alert.raised' }> => ({
    type: 'alert.raised',
    alert: { id: `al-${type}`, type, level: 'critical', message: `${type}!`, unitId, serverId: null, channelId: null, raisedAt: '2030-01-01T00:00:00.000Z' },
    at: 5,
  });
  const cleared = (type: 'battery' | 'cameraDisconnected'): Extract<RealtimeEvent, { type: 'alert.cleared' }> => ({
    type: 'alert.cleared',
    alertId: `al-${type}`,
    alertType: type,
    unitId: 'B',
    serverId: null,
    channelId: null,
    at: 6,
  });

  it('raises and clears a unit alert in the unit list, one per type', () => {
    const list = [makeUnit({ uniqueId: 'A' }), makeUnit({ uniqueId: 'B', alerts: [] })];
    const once = patchUnitAlerts(list, raised('battery'));
    expect(once?.[0]).toBe(list[0]);
    expect(once?.[1]?.alerts).toEqual([{ type: 'battery', level: 'critical', message: 'battery!', raisedAt: '2030-01-01T00:00:00.000Z' }]);
    const twice = patchUnitAlerts(once, raised('battery'));
    expect(twice?.[1]?.alerts).toHaveLength(1);
    const other = patchUnitAlerts(twice, raised('cameraDisconnected'));
    expect(other?.[1]?.alerts.map((a) => a.type)).toEqual(['battery', 'cameraDisconnected']);
    const gone = patchUnitAlerts(other, cleared('battery'));
    expect(gone?.[1]?.alerts.map((a) => a.type)).toEqual(['cameraDisconnected']);
    expect(patchUnitAlerts(gone, cleared('battery'))).toBe(gone);
    expect(patchUnitAlerts(list, raised('battery', null))).toBe(list);
  });

  it('adds a raised alert to the active alerts list (newest first) and removes a cleared one', () => {
    const existing = {
      id: 'al-old',
      unitId: 'A',
      unitName: 'a',
      type: 'battery' as const,
      level: 'warning' as const,
      message: '',
      value: 12,
      acknowledged: false,
      raisedAt: '2029-01-01T00:00:00.000Z',
    };
    const list = patchActiveAlerts([existing], raised('battery'), (id) => `name-of-${id}`);
    expect(list?.map((a) => a.id)).toEqual(['al-battery', 'al-old']);
    expect(list?.[0]).toMatchObject({ unitId: 'B', unitName: 'name-of-B', level: 'critical', acknowledged: false });
    expect(patchActiveAlerts(list, cleared('battery'), String)?.map((a) => a.id)).toEqual(['al-old']);
    expect(patchActiveAlerts([existing], cleared('cameraDisconnected'), String)).toEqual([existing]);
    expect(patchActiveAlerts(undefined, raised('battery'), String)).toBeUndefined();
  });

  it('puts a pushed notification on top of the banner list, or replaces it', () => {
    const n = (id: string, message: string) => ({
      id,
      message,
      expireDate: null,
      globalNotification: true,
      level: 'info' as const,
      expiresWithin2h: false,
      expiresWithin24h: false,
    });
    const list = [n('1', 'one')];
    expect(patchNotifications(list, n('2', 'two'))?.map((x) => x.id)).toEqual(['2', '1']);
    expect(patchNotifications(list, n('1', 'uno'))?.[0]?.message).toBe('uno');
  });

  it('patches the status of a channel, server or video return channel in lists, pages and single entities', () => {
    const channels = [
      { id: 'c1', status: 'idle' },
      { id: 'c2', status: 'offline' },
    ];
    const next = patchStatusById(channels, 'c2', 'collecting') as typeof channels;
    expect(next[1]).toEqual({ id: 'c2', status: 'collecting' });
    expect(next[0]).toBe(channels[0]);
    expect(patchStatusById(channels, 'c3', 'idle')).toBe(channels);
    expect(patchStatusById(channels, 'c1', 'idle')).toBe(channels);
    const page = { items: [{ uniqueId: 'VRC-1', status: 'idle' }], total: 1 };
    expect(patchStatusById(page, 'VRC-1', 'offline')).toEqual({ items: [{ uniqueId: 'VRC-1', status: 'offline' }], total: 1 });
    expect(patchStatusById({ id: 'MMH-1', status: 'online' }, 'MMH-1', 'offline')).toEqual({ id: 'MMH-1', status: 'offline' });
    expect(statusTarget({ type: 'server.status', serverId: 'MMH-1', status: 'offline', previous: 'online', at: 1 })).toEqual({
      id: 'MMH-1',
      status: 'offline',
    });
  });

  it('sets and clears the transferring flag of a listed file', () => {
    const listing = {
      uniqueId: 'B',
      path: null,
      files: [
        { fileId: 'f1', isTransferring: false },
        { fileId: 'f2', isTransferring: false },
      ],
    };
    const started = patchFileTransfer(listing, {
      type: 'file.transferStarted',
      unitId: 'B',
      fileId: 'f2',
      fileName: 'clip.mp4',
      channelId: null,
      at: 1,
    }) as typeof listing;
    expect(started.files[1]?.isTransferring).toBe(true);
    expect(started.files[0]).toBe(listing.files[0]);
    const done = patchFileTransfer(started, {
      type: 'file.transferCompleted',
      unitId: 'B',
      fileId: 'f2',
      fileName: 'clip.mp4',
      ok: true,
      at: 2,
    }) as typeof listing;
    expect(done.files[1]?.isTransferring).toBe(false);
    expect(patchFileTransfer(listing, { type: 'file.transferCompleted', unitId: 'B', fileId: 'nope', fileName: 'x', ok: true, at: 2 })).toBe(listing);
  });
});

describe('patchUnitListBatch (the events of one /ws frame)', () => {
  const units = Array.from({ length: 50 }, (_, i) => makeUnit({ uniqueId: `U${i}`, name: `u${i}`, status: 'idle', version: 1 }));
  const raised = (unitId: string, type: 'battery' | 'cameraDisconnected'): AlertEvent => ({
    type: 'alert.raised',
    alert: { id: `${unitId}-${type}`, unitId, serverId: null, channelId: null, type, level: 'warning', message: type, raisedAt: '2026-11-21T10:00:00.000Z' },
    at: 1,
  });
  const cleared = (unitId: string, type: 'battery' | 'cameraDisconnected'): AlertEvent => ({
    type: 'alert.cleared',
    alertId: `${unitId}-${type}`,
    alertType: type,
    unitId,
    serverId: null,
    channelId: null,
    at: 2,
  });

  /** A deterministic mixed sequence: statuses, telemetry, renames, alerts raised and cleared, unknown units. */
  function events(seed: number, count: number): UnitListEvent[] {
    let x = seed;
    const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31);
    return Array.from({ length: count }, (_, i): UnitListEvent => {
      const unitId = next() % 7 === 0 ? 'nobody' : `U${next() % 50}`;
      switch (next() % 5) {
        case 0:
          return { type: 'unit.status', unitId, status: next() % 2 ? 'streaming' : 'offline', previous: 'idle', change: null, applications: {}, at: i };
        case 1:
          return { ...telemetry(next() % 5000), unitId };
        case 2:
          return { type: 'unit.updated', unit: makeUnit({ uniqueId: unitId, name: `n${i}`, version: 1 + (next() % 4) }), at: i };
        case 3:
          return raised(unitId, next() % 2 ? 'battery' : 'cameraDisconnected');
        default:
          return cleared(unitId, next() % 2 ? 'battery' : 'cameraDisconnected');
      }
    });
  }

  it('gives the same list as applying the events one by one', () => {
    for (let seed = 1; seed <= 20; seed += 1) {
      const batch = events(seed, 200);
      let oneByOne: UnitSummary[] = units;
      for (const event of batch) {
        oneByOne = (event.type === 'alert.raised' || event.type === 'alert.cleared' ? patchUnitAlerts(oneByOne, event) : patchUnitList(oneByOne, event))!;
      }
      expect(patchUnitListBatch(units, batch)).toEqual(oneByOne);
    }
  });

  it('copies once, keeps untouched units and the input, and the id index follows the copy', () => {
    const next = patchUnitListBatch(units, [{ ...status, unitId: 'U3' }, { ...telemetry(1200), unitId: 'U3' }, raised('U7', 'battery')])!;
    expect(next).not.toBe(units);
    expect(next[3]).toMatchObject({ status: 'streaming', totalBitrate: 1200 });
    expect(next[7]?.alerts.map((a) => a.type)).toEqual(['battery']);
    expect(next[4]).toBe(units[4]);
    expect(units[3]?.status).toBe('idle');
    expect(unitIndexOf(next, 'U49')).toBe(49);
  });

  it('keeps the same array when nothing changes (unknown units, nothing to clear)', () => {
    expect(patchUnitListBatch(units, [{ ...status, unitId: 'nobody' }, cleared('U1', 'battery')])).toBe(units);
    expect(patchUnitListBatch(undefined, [status])).toBeUndefined();
  });
});
