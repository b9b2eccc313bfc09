import { describe, expect, it } from 'vitest';
import { TIMINGS } from '@fleet/contracts';
import type { RealtimeEvent } from '@fleet/contracts';
import { makeDetail, makeUnit } from '../test-utils/fixtures';
import { applyToDetail, mergeDetailIntoList, patchUnitList } from './cachePatch';
import type { UnitEvent } from './cachePatch';

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
