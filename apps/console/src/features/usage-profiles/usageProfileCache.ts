/**
 * Realtime events applied to a cached page of an inventory's usage profiles (GET v2/inventories/
 * {id}/usageProfiles) in place, never a reload:
 * - `usageProfile.changed` for the list's inventory replaces the row unless it is older than the
 *   cached one (an equal version may carry a new unit count: units were put on it or taken off);
 *   a profile new to the list is added in name order and counted;
 * - `usageProfile.removed` drops the row and the count.
 * Pure: the same object comes back when nothing changed. Events may arrive once per subscribed topic
 * (the inventory and its groups): idempotent.
 */
import type { RealtimeEvent, UsageProfile, UsageProfilePage } from '@fleet/contracts';

export type UsageProfileEvent = Extract<RealtimeEvent, { type: 'usageProfile.changed' | 'usageProfile.removed' }>;

export function isUsageProfileEvent(event: RealtimeEvent): event is UsageProfileEvent {
  return event.type === 'usageProfile.changed' || event.type === 'usageProfile.removed';
}

const byName = (a: UsageProfile, b: UsageProfile) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** `inventoryId`: the inventory the cached page lists. */
export function applyUsageProfileEvent(page: UsageProfilePage, inventoryId: string, event: UsageProfileEvent): UsageProfilePage {
  if (event.inventoryId !== inventoryId) return page;
  if (event.type === 'usageProfile.removed') {
    if (!page.items.some((p) => p.id === event.usageProfileId)) return page;
    return { ...page, items: page.items.filter((p) => p.id !== event.usageProfileId), total: Math.max(0, page.total - 1) };
  }
  const profile = event.usageProfile;
  const index = page.items.findIndex((p) => p.id === profile.id);
  if (index < 0) return { ...page, items: [...page.items, profile].sort(byName), total: page.total + 1 };
  const current = page.items[index];
  if (current === undefined || profile.version < current.version) return page;
  if (profile.version === current.version && profile.unitCount === current.unitCount) return page;
  const items = page.items.slice();
  items[index] = profile;
  return { ...page, items: items.sort(byName) };
}
