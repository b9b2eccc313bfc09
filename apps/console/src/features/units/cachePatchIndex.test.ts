/** The O(1) unit lookup of kit/cachePatch.ts as the unit list relies on it (10,000 units). */
import { describe, expect, it } from 'vitest';
import type { RealtimeEvent, UnitSummary } from '@fleet/contracts';
import { makeUnit } from '../../test-utils/fixtures';
import { patchUnitListBatch, unitIndexOf } from '../../kit/cachePatch';

const patchUnitList = (list: readonly UnitSummary[], event: RealtimeEvent & { type: 'unit.status' }) => patchUnitListBatch(list, [event]);

const statusEvent = (unitId: string, status: 'idle' | 'offline'): Extract<RealtimeEvent, { type: 'unit.status' }> => ({
  type: 'unit.status',
  unitId,
  status,
  previous: null,
  change: null,
  applications: {},
  at: 1,
});

describe('unit index of the cached list', () => {
  const list: UnitSummary[] = Array.from({ length: 10_000 }, (_, i) => makeUnit({ uniqueId: `U${i}`, status: 'offline' }));

  it('finds units and carries the index to patched copies', () => {
    expect(unitIndexOf(list, 'U9999')).toBe(9999);
    expect(unitIndexOf(list, 'nope')).toBe(-1);
    let current = list;
    for (let i = 0; i < 1000; i += 1) current = patchUnitList(current, statusEvent(`U${(i * 37) % 10_000}`, 'idle'))!;
    expect(current.filter((u) => u.status === 'idle')).toHaveLength(1000);
    expect(unitIndexOf(current, 'U37')).toBe(37);
    expect(list.every((u) => u.status === 'offline')).toBe(true);
  });

  it('survives a list reordered by someone else', () => {
    const small = [makeUnit({ uniqueId: 'a' }), makeUnit({ uniqueId: 'b' })];
    expect(unitIndexOf(small, 'b')).toBe(1);
    small.reverse();
    expect(unitIndexOf(small, 'b')).toBe(0);
    expect(unitIndexOf(small, 'a')).toBe(1);
  });

  it('patches 1,000 events on 10,000 units quickly', () => {
    let current = list;
    const started = performance.now();
    for (let i = 0; i < 1000; i += 1) current = patchUnitList(current, statusEvent(`U${(i * 7919) % 10_000}`, i % 2 ? 'idle' : 'offline'))!;
    // A findIndex per event would scan 5,000 units on average; generous bound for a loaded machine.
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
