/**
 * Realtime user events applied to a cached page of the /users list (GET v2/users) in place:
 * `user.changed` replaces a row the page holds (unless the event is older than the row: a late
 * event must not undo a newer one); `user.removed` drops it. An event for a user the page does not
 * hold cannot be placed by the client (the page is sorted and filtered by the core): `placed:
 * false` tells the caller to read the page again. Pure; the same object back when nothing changed.
 */
import type { RealtimeEvent, UserAccountPage } from '@fleet/contracts';
import { replaces } from '../../kit/cache';

export type UserEvent = Extract<RealtimeEvent, { type: 'user.changed' | 'user.removed' }>;

export function isUserEvent(event: RealtimeEvent): event is UserEvent {
  return event.type === 'user.changed' || event.type === 'user.removed';
}

export function userIdOfEvent(event: UserEvent): string {
  return event.type === 'user.changed' ? event.user.id : event.userId;
}

export function applyUserEvent(page: UserAccountPage, event: UserEvent): { page: UserAccountPage; placed: boolean } {
  const id = userIdOfEvent(event);
  const index = page.items.findIndex((u) => u.id === id);
  if (index < 0) return { page, placed: false };
  if (event.type === 'user.removed') {
    return { page: { ...page, items: page.items.filter((u) => u.id !== id), total: Math.max(0, page.total - 1) }, placed: true };
  }
  const current = page.items[index]!;
  if (!replaces(event.user, current)) return { page, placed: true };
  const items = page.items.slice();
  items[index] = event.user;
  return { page: { ...page, items }, placed: true };
}
