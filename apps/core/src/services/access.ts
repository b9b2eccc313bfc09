import { GLOBAL_SCOPE_ROLES, hasAnyRole, type Role } from '@fleet/contracts';

/** The caller of a request, resolved from the session once per request. */
export interface AuthUser {
  id: string;
  username: string;
  email: string | null;
  roles: Role[];
  inventoryIds: string[];
  groupIds: string[];
  /** Super users and support staff see every inventory. */
  global: boolean;
}

export function isGlobal(roles: readonly Role[]): boolean {
  return hasAnyRole(roles, GLOBAL_SCOPE_ROLES);
}

/** Prisma `where` fragment limiting units to the caller's inventories and groups. */
export function unitScopeWhere(user: AuthUser): Record<string, unknown> {
  if (user.global) return {};
  return {
    OR: [
      { inventories: { some: { inventoryId: { in: user.inventoryIds } } } },
      { groups: { some: { groupId: { in: user.groupIds } } } },
    ],
  };
}

/** Whether the caller may see a unit that belongs to these inventories and groups. */
export function canSeeUnit(user: AuthUser, unit: { inventoryIds: readonly string[]; groupIds: readonly string[] }): boolean {
  if (user.global) return true;
  return (
    unit.inventoryIds.some((i) => user.inventoryIds.includes(i)) || unit.groupIds.some((g) => user.groupIds.includes(g))
  );
}
