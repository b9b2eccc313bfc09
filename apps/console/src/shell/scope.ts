/**
 * The shell's current inventory and group (spec 000 §3 / 001 §3 preferences groupId, inventoryId,
 * inventoryName): which ones the header shows and what a pick saves. Pure, so the rules are tested
 * without a DOM.
 */
import { GLOBAL_SCOPE_ROLES } from '@fleet/contracts';
import type { LightGroup, Role, UserPreferences } from '@fleet/contracts';

export interface ScopeInventory {
  readonly id: string;
  readonly name: string;
}

export type ScopePrefs = Pick<UserPreferences, 'groupId' | 'inventoryId' | 'inventoryName'>;
export type ScopePatch = Required<ScopePrefs>;

/** Super user and staff pick among every inventory (the admin list), others among their own. */
export function picksAmongAllInventories(roles: readonly Role[]): boolean {
  return roles.some((role) => GLOBAL_SCOPE_ROLES.includes(role));
}

/**
 * The current inventory: the saved one when it is one of the user's (a global user may have saved
 * any inventory of the admin list, which the user's own list need not hold), else the user's
 * first; null when there is none.
 */
export function currentInventory(prefs: ScopePrefs, mine: readonly ScopeInventory[], global: boolean): ScopeInventory | null {
  const savedId = prefs.inventoryId ?? null;
  if (savedId !== null) {
    const own = mine.find((inv) => inv.id === savedId);
    if (own) return own;
    if (global) return { id: savedId, name: prefs.inventoryName ?? savedId };
  }
  return mine[0] ?? null;
}

/** The groups of one inventory, in the order given (the core sorts them by name). */
export function groupsOfInventory<G extends LightGroup>(groups: readonly G[], inventoryId: string | null): G[] {
  return inventoryId === null ? [] : groups.filter((group) => group.inventoryId === inventoryId);
}

/** The current group: the saved one when it belongs to the inventory's visible groups, else their first. */
export function currentGroupId(savedGroupId: string | null | undefined, groups: readonly LightGroup[]): string | null {
  if (savedGroupId != null && groups.some((group) => group.id === savedGroupId)) return savedGroupId;
  return groups[0]?.id ?? null;
}

/** Picking an inventory also moves the group to one of that inventory's (or none). */
export function inventoryPickPatch(inventory: ScopeInventory, groups: readonly LightGroup[]): ScopePatch {
  return { inventoryId: inventory.id, inventoryName: inventory.name, groupId: groupsOfInventory(groups, inventory.id)[0]?.id ?? null };
}

/**
 * The options of the inventory picker: the loaded ones, with the current inventory added when a
 * search or a page left it out (so the picker still shows its name).
 */
export function withCurrentOption(options: readonly ScopeInventory[], current: ScopeInventory | null): ScopeInventory[] {
  if (current === null || options.some((inv) => inv.id === current.id)) return [...options];
  return [current, ...options];
}

/** The offset of the next page of a paged list, or undefined when every row is loaded. */
export function nextPageOffset(page: { readonly offset: number; readonly items: readonly unknown[]; readonly total: number }): number | undefined {
  // A page whose items, offset or total the answer left out ends the list (nothing more is asked for).
  const count = page.items?.length ?? 0;
  const next = (page.offset ?? 0) + count;
  return count > 0 && typeof page.total === 'number' && next < page.total ? next : undefined;
}
