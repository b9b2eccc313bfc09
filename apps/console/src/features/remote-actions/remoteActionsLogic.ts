/**
 * Pure rules of the partner remote actions page: which units a partner may act on, and the
 * remaining time of a support access (spec 001 §4 "Support access on a device lasts 8 hours, then blocks automatically").
 */
import type { RemoteAction, SupportAccess, UnitSummary } from '@fleet/contracts';

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
