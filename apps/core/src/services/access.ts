import { GLOBAL_SCOPE_ROLES, hasAnyRole, type Role } from '@fleet/contracts';
import type { Prisma } from '@fleet/db';
import type { ChannelRecord, GroupRow, ReadModel } from '../repositories/read-model.js';

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

/** Whether the caller may see a unit that belongs to these inventories and groups. */
export function canSeeUnit(user: AuthUser, unit: { inventoryIds: readonly string[]; groupIds: readonly string[] }): boolean {
  if (user.global) return true;
  return (
    unit.inventoryIds.some((i) => user.inventoryIds.includes(i)) || unit.groupIds.some((g) => user.groupIds.includes(g))
  );
}

/** Prisma `where` fragment limiting groups to the caller's: their own groups and the groups of their inventories. */
export function groupScopeWhere(user: AuthUser): Prisma.GroupWhereInput {
  if (user.global) return {};
  return { OR: [{ id: { in: user.groupIds } }, { inventoryId: { in: user.inventoryIds } }] };
}

/** Whether the caller may see a group: one of theirs, or one of their inventories'. */
export function canSeeGroup(user: AuthUser, group: { id: string; inventoryId: string }): boolean {
  return user.global || user.groupIds.includes(group.id) || user.inventoryIds.includes(group.inventoryId);
}

/** The group if the caller may see it; an unknown group and a foreign one are both undefined. */
export function visibleGroup(readModel: Pick<ReadModel, 'groups'>, user: AuthUser, groupId: string): GroupRow | undefined {
  const group = readModel.groups.get(groupId);
  return group && canSeeGroup(user, group) ? group : undefined;
}

/** Prisma `where` fragment limiting channels to those of the caller's groups or inventories. */
export function channelScopeWhere(user: AuthUser): Prisma.ChannelWhereInput {
  if (user.global) return {};
  return {
    OR: [{ groups: { some: { groupId: { in: user.groupIds } } } }, { inventories: { some: { inventoryId: { in: user.inventoryIds } } } }],
  };
}

/** Whether the caller may see a channel: one of their groups' or of their inventories'. */
export function canSeeChannel(user: AuthUser, channel: Pick<ChannelRecord, 'groups' | 'inventories'>): boolean {
  return (
    user.global ||
    channel.groups.some((g) => user.groupIds.includes(g.groupId)) ||
    channel.inventories.some((i) => user.inventoryIds.includes(i.inventoryId))
  );
}
