import { GLOBAL_SCOPE_ROLES, hasAnyRole, type Role } from '@fleet/contracts';
import type { Prisma } from '@fleet/db';
import type { ChannelRecord, GroupRow, ReadModel, ServerRow, VrChannelRecord } from './storage/read-model.js';

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
  /** The stored id of the session this request came with (absent outside a session, e.g. in tests). */
  sessionId?: string;
}

export function isGlobal(roles: readonly Role[]): boolean {
  return hasAnyRole(roles, GLOBAL_SCOPE_ROLES);
}

/** Whether the caller may see a unit that belongs to these inventories and groups. */
export function canSeeUnit(user: AuthUser, unit: { inventoryIds: readonly string[]; groupIds: readonly string[] }): boolean {
  if (user.global) return true;
  return unit.inventoryIds.some((i) => user.inventoryIds.includes(i)) || unit.groupIds.some((g) => user.groupIds.includes(g));
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
    user.global || channel.groups.some((g) => user.groupIds.includes(g.groupId)) || channel.inventories.some((i) => user.inventoryIds.includes(i.inventoryId))
  );
}

/** The channel if the caller may see it; an unknown channel and a foreign one are both undefined. */
export function visibleChannel(readModel: Pick<ReadModel, 'channels'>, user: AuthUser, id: string): ChannelRecord | undefined {
  const channel = readModel.channels.get(id);
  return channel && canSeeChannel(user, channel) ? channel : undefined;
}

/**
 * The channel if the caller may act on it under the admin path: admins on channels of their own
 * inventories (group membership is not enough), super user and staff on all.
 */
export function adminVisibleChannel(readModel: Pick<ReadModel, 'channels'>, user: AuthUser, id: string): ChannelRecord | undefined {
  const channel = readModel.channels.get(id);
  return channel && (user.global || channel.inventories.some((i) => user.inventoryIds.includes(i.inventoryId))) ? channel : undefined;
}

/** Whether the caller may see a video return channel: one of their groups' or of their inventories'. */
export function canSeeVrChannel(user: AuthUser, vrChannel: Pick<VrChannelRecord, 'groups' | 'inventories'>): boolean {
  return canSeeChannel(user, vrChannel);
}

/** Whether the caller may see one of their inventories. */
export function canSeeInventory(user: AuthUser, inventoryId: string): boolean {
  return user.global || user.inventoryIds.includes(inventoryId);
}

/** Whether the caller may see an object held by these inventories: one of them is theirs (global roles: any). */
export function canSeeSomeInventory(user: AuthUser, held: readonly { inventoryId: string }[]): boolean {
  return user.global || held.some((i) => user.inventoryIds.includes(i.inventoryId));
}

/**
 * Whether the caller may see a server: one of their inventories', or one carrying a channel or a
 * video return channel they see (an operator reaches the hub behind their channels).
 */
export function canSeeServer(readModel: Pick<ReadModel, 'channels' | 'vrChannels'>, user: AuthUser, server: Pick<ServerRow, 'id' | 'inventoryId'>): boolean {
  if (user.global || (server.inventoryId !== null && user.inventoryIds.includes(server.inventoryId))) return true;
  return (
    readModel.channels.all().some((c) => c.serverId === server.id && canSeeChannel(user, c)) ||
    readModel.vrChannels.all().some((v) => v.serverId === server.id && canSeeVrChannel(user, v))
  );
}

/** The kinds of object a catalogue call may be scoped to, besides units (see EndpointScope). */
export type ObjectScope = 'channel' | 'vrChannel' | 'server' | 'group' | 'inventory';

/** Whether the caller may see the object a scoped call names; unknown and foreign objects are both false. */
export function canSeeObject(readModel: ReadModel, user: AuthUser, scope: ObjectScope, id: string): boolean {
  switch (scope) {
    case 'channel': {
      const c = readModel.channels.get(id);
      return c !== undefined && canSeeChannel(user, c);
    }
    case 'vrChannel': {
      const v = readModel.vrChannels.get(id);
      return v !== undefined && canSeeVrChannel(user, v);
    }
    case 'server': {
      const s = readModel.servers.get(id);
      return s !== undefined && canSeeServer(readModel, user, s);
    }
    case 'group':
      return visibleGroup(readModel, user, id) !== undefined;
    case 'inventory':
      return readModel.inventories.get(id) !== undefined && canSeeInventory(user, id);
  }
}
