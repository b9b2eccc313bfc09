/**
 * The Partial Access rule (spec 000 §2 "A Partial Access banner exists"; the spec does not say
 * when, so the rule is ours, from data the console already has):
 *
 * A user with console access who is not global (super user and staff see everything) has Partial
 * Access when one of their inventories offers them no group — none of the groups they can see
 * (groups/light_fetch) belongs to it. Units, channels and files are reached through groups, so
 * such an inventory opens empty: the user's role would give them that inventory, but they see
 * only the rest. A user without any inventory has Partial Access too (nothing inventory-wide
 * opens). Until the groups are loaded nothing is claimed.
 */
import type { Role } from '@fleet/contracts';
import { GLOBAL_SCOPE_ROLES, hasAnyRole, hasConsoleAccess } from '@fleet/contracts';

export interface PartialAccessInput {
  readonly roles: readonly Role[];
  readonly inventories: readonly { readonly id: string; readonly name: string }[];
  /** The groups the user can see (groups/light_fetch); undefined while loading. */
  readonly visibleGroups: readonly { readonly inventoryId: string }[] | undefined;
}

export type PartialAccess = { readonly kind: 'emptyInventories'; readonly inventories: readonly string[] } | { readonly kind: 'noInventory' };

/** Why the user has Partial Access, or null when they see all their roles give. */
export function partialAccess({ roles, inventories, visibleGroups }: PartialAccessInput): PartialAccess | null {
  if (!hasConsoleAccess(roles) || hasAnyRole(roles, GLOBAL_SCOPE_ROLES) || visibleGroups === undefined) return null;
  if (inventories.length === 0) return { kind: 'noInventory' };
  const reached = new Set(visibleGroups.map((group) => group.inventoryId));
  const empty = inventories.filter((inventory) => !reached.has(inventory.id)).map((inventory) => inventory.name);
  return empty.length > 0 ? { kind: 'emptyInventories', inventories: empty } : null;
}

/** The session key remembering the dismissal (per user: another user signing in sees it again). */
export function partialAccessDismissKey(userId: string): string {
  return `fleet.partialAccess.dismissed.${userId}`;
}
