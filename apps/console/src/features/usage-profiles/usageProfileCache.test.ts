import { describe, expect, it } from 'vitest';
import type { UsageProfile, UsageProfilePage } from '@fleet/contracts';
import { applyUsageProfileEvent } from './usageProfileCache';

const profile = (id: string, name: string, version = 0, unitCount = 0): UsageProfile => ({
  id, name, type: 'data', quotaPerMonth: 10, resetDay: 1, isDefault: false, inventoryId: 'inv', unitCount, version,
  createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
});
const page: UsageProfilePage = { items: [profile('a', 'Alpha', 1), profile('c', 'Charlie', 1)], total: 2, offset: 0, limit: 100 };
const changed = (p: UsageProfile, inventoryId = 'inv') => ({ type: 'usageProfile.changed' as const, inventoryId, usageProfile: p, at: 0 });

describe('usage profile cache', () => {
  it('adds new profiles in name order, replaces newer ones and new unit counts, ignores older ones and other inventories', () => {
    expect(applyUsageProfileEvent(page, 'inv', changed(profile('b', 'Bravo'))).items.map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(applyUsageProfileEvent(page, 'inv', changed(profile('a', 'Alpha', 2))).items[0]?.version).toBe(2);
    expect(applyUsageProfileEvent(page, 'inv', changed(profile('a', 'Alpha', 1, 4))).items[0]?.unitCount).toBe(4);
    expect(applyUsageProfileEvent(page, 'inv', changed(profile('a', 'Old', 0)))).toBe(page);
    expect(applyUsageProfileEvent(page, 'inv', changed(profile('a', 'Alpha', 1)))).toBe(page);
    expect(applyUsageProfileEvent(page, 'inv', changed(profile('z', 'Zulu'), 'other'))).toBe(page);
  });

  it('drops removed profiles once', () => {
    const removed = { type: 'usageProfile.removed' as const, usageProfileId: 'a', inventoryId: 'inv', at: 0 };
    const after = applyUsageProfileEvent(page, 'inv', removed);
    expect(after).toEqual({ ...page, items: [page.items[1]], total: 1 });
    expect(applyUsageProfileEvent(after, 'inv', removed)).toBe(after);
  });
});
