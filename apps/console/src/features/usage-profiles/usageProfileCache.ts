/**
 * Realtime events applied to a cached page of an inventory's usage profiles (GET v2/inventories/
 * {id}/usageProfiles) in place, never a reload:
 * - `usageProfile.changed` for the list's inventory replaces the row by the kit's version rule
 *   (kit/cache.ts: an equal version may carry a new unit count, units were put on it or taken
 *   off); a profile new to the list is added in name order and counted;
 * - `usageProfile.removed` drops the row and the count.
 * Pure: the same object comes back when nothing changed. Events may arrive once per subscribed topic
 * (the inventory and its groups): idempotent.
 */
import type { RealtimeEvent, UsageProfile, UsageProfilePage } from '@fleet/contracts';
import { byName, removeFromPage, upsertInPage } from '../../kit/cache';

export type UsageProfileEvent = Extract<RealtimeEvent, { type: 'usageProfile.changed' | 'usageProfile.removed' }>;

export function isUsageProfileEvent(event: RealtimeEvent): event is UsageProfileEvent {
  return event.type === 'usageProfile.changed' || event.type === 'usageProfile.removed';
}

/** `inventoryId`: the inventory the cached page lists. */
export function applyUsageProfileEvent(page: UsageProfilePage, inventoryId: string, event: UsageProfileEvent): UsageProfilePage {
  if (event.inventoryId !== inventoryId) return page;
  if (event.type === 'usageProfile.removed') return removeFromPage(page, event.usageProfileId, (p: UsageProfile) => p.id);
  return upsertInPage(page, event.usageProfile, { key: (p) => p.id, order: byName });
}
