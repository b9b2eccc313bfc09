/**
 * Pure rules of the partner remote actions page: the cached history pages patched from /ws
 * (`remoteAction.changed`), which units a partner may act on, and the remaining time of a support
 * access (spec 001 §4 "Support access on a device lasts 8 hours, then blocks automatically").
 */
import type { RemoteAction, RemoteActionPage, SupportAccess, UnitSummary } from '@fleet/contracts';
import { replaces } from '../../kit/cache';

/**
 * One history page with a changed or new action: replaced in place when the page has it (an
 * older version never overwrites a newer one); a new action goes on top of the first page (newest
 * first) when it matches the page's device and inventory filters, and counts in the total of every such page.
 */
export function applyRemoteActionChange(page: RemoteActionPage, action: RemoteAction, deviceFilter?: string, inventoryFilter?: string): RemoteActionPage {
  const at = page.items.findIndex((a) => a.id === action.id);
  if (at >= 0) {
    const current = page.items[at];
    if (current && !replaces(action, current)) return page;
    const items = page.items.slice();
    items[at] = action;
    return { ...page, items };
  }
  if (deviceFilter !== undefined && deviceFilter !== action.deviceId) return page;
  if (inventoryFilter !== undefined && !action.inventoryIds.includes(inventoryFilter)) return page;
  if (page.offset > 0) return { ...page, total: page.total + 1 };
  return { ...page, items: [action, ...page.items].slice(0, page.limit), total: page.total + 1 };
}

/** The units a partner may act on: those of its inventories (a unit seen only through a group is not one). */
export function actionableUnits(units: readonly UnitSummary[], inventoryIds: readonly string[]): UnitSummary[] {
  return units.filter((u) => u.inventoryIds.some((i) => inventoryIds.includes(i)));
}

/** Milliseconds left of a support access at `now`; 0 once expired or not active. */
export function remainingMs(access: SupportAccess | null, now: number): number {
  if (!access || access.status !== 'active') return 0;
  return Math.max(0, new Date(access.expiresAt).getTime() - now);
}

/** The state shown: an active access whose time is up reads expired without waiting for a reload. */
export function accessState(access: SupportAccess, now: number): SupportAccess['status'] {
  return access.status === 'active' && remainingMs(access, now) === 0 ? 'expired' : access.status;
}

/** "7 h 59 min" style parts of a duration (rounded up to the minute, so 30 s left still shows 1 min). */
export function durationParts(ms: number): { hours: number; minutes: number } {
  const minutes = Math.ceil(ms / 60_000);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** The unit's support access still running, from the actions known (newest first), if any. */
export function activeAccessOf(actions: readonly RemoteAction[], unitId: string, now: number): SupportAccess | null {
  for (const a of actions) {
    if (a.deviceId === unitId && a.action === 'supportAccess' && a.supportAccess && remainingMs(a.supportAccess, now) > 0) return a.supportAccess;
  }
  return null;
}
