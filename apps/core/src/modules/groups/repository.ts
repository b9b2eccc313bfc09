/**
 * Groups in storage: every query of the groups module (groups, their memberships, their alert
 * configuration and its e-mail recipients). Each function takes the client to run on: the
 * service's `db`, or a transaction's `tx` inside `transaction(...)`. Reads of the groups
 * themselves come from the read model; these are the writes and the join-table reads.
 */
import type { Db, DbTx, Prisma } from '@fleet/db';
import { detailSelect, memberSelect } from './group-rows.js';

export type GroupMembersRecord = Prisma.GroupGetPayload<{ select: typeof memberSelect }>;

const detailWithId = { id: true, ...detailSelect } as const satisfies Prisma.GroupSelect;
export type GroupDetailRecord = Prisma.GroupGetPayload<{ select: typeof detailWithId }>;

const countsSelect = { id: true, _count: { select: { units: true, channels: true, vrChannels: true, users: true } } } as const satisfies Prisma.GroupSelect;
export type GroupCountsRecord = Prisma.GroupGetPayload<{ select: typeof countsSelect }>;

const groupUserColumns = { id: true, username: true, firstName: true, lastName: true, email: true, userType: true } as const satisfies Prisma.UserSelect;
export type GroupUserRecord = Prisma.UserGetPayload<{ select: typeof groupUserColumns }>;

const withRecipients = { recipients: true } as const satisfies Prisma.AlertConfigurationInclude;
export type GroupAlertConfigurationRecord = Prisma.AlertConfigurationGetPayload<{ include: typeof withRecipients }>;

const recipientWithGroup = { alertConfiguration: { select: { groupId: true } } } as const satisfies Prisma.AlertEmailRecipientInclude;
export type AlertRecipientRecord = Prisma.AlertEmailRecipientGetPayload<{ include: typeof recipientWithGroup }>;

// ── groups ─────────────────────────────────────────────────────────────────────────────────

/** A new group; answers its id. */
export async function createGroup(db: Db | DbTx, data: Prisma.GroupUncheckedCreateInput): Promise<string> {
  return (await db.group.create({ data, select: { id: true } })).id;
}

/** Set columns of the group while it is at `version` (its version moves on); answers the rows changed. */
export async function updateGroupAtVersion(db: Db | DbTx, id: string, version: number, data: Prisma.GroupUpdateManyMutationInput): Promise<number> {
  return (await db.group.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

/** Move the group's version on (after a membership change, or a unit joining it); answers the rows changed (0: the group is gone). */
export async function bumpGroupVersion(db: Db | DbTx, id: string): Promise<number> {
  return (await db.group.updateMany({ where: { id }, data: { version: { increment: 1 } } })).count;
}

/** Delete the groups (their memberships go with them). */
export async function deleteGroups(db: Db | DbTx, ids: string[]): Promise<void> {
  await db.group.deleteMany({ where: { id: { in: ids } } });
}

/** The group's stored default configuration and version. */
export function findGroupDefaultConfiguration(
  db: Db | DbTx,
  id: string,
): Promise<Prisma.GroupGetPayload<{ select: { version: true; defaultConfiguration: true } }> | null> {
  return db.group.findUnique({ where: { id }, select: { version: true, defaultConfiguration: true } });
}

// ── memberships ────────────────────────────────────────────────────────────────────────────

export function findGroupMembers(db: Db | DbTx, id: string): Promise<GroupMembersRecord | null> {
  return db.group.findUnique({ where: { id }, select: memberSelect });
}

/** The members of these groups, with the users' names. */
export function findGroupDetails(db: Db | DbTx, ids: string[]): Promise<GroupDetailRecord[]> {
  return db.group.findMany({ where: { id: { in: ids } }, select: detailWithId });
}

/** How many units, channels, video return channels and users each of these groups holds. */
export function countGroupMembers(db: Db | DbTx, ids: string[]): Promise<GroupCountsRecord[]> {
  return db.group.findMany({ where: { id: { in: ids } }, select: countsSelect });
}

/** Which of these users belong to the inventory. */
export async function findUsersInInventory(db: Db | DbTx, inventoryId: string, userIds: string[]): Promise<string[]> {
  return (await db.userInventory.findMany({ where: { inventoryId, userId: { in: userIds } }, select: { userId: true } })).map((u) => u.userId);
}

export function countGroupUsers(db: Db | DbTx, groupId: string): Promise<number> {
  return db.user.count({ where: { groups: { some: { groupId } } } });
}

/** One page of the group's users, by username then id. */
export function findGroupUserPage(db: Db | DbTx, groupId: string, offset: number, limit: number): Promise<GroupUserRecord[]> {
  return db.user.findMany({
    where: { groups: { some: { groupId } } },
    orderBy: [{ username: 'asc' }, { id: 'asc' }],
    skip: offset,
    take: limit,
    select: groupUserColumns,
  });
}

export async function addGroupUnits(db: Db | DbTx, groupId: string, unitIds: string[]): Promise<void> {
  await db.unitGroup.createMany({ data: unitIds.map((unitId) => ({ groupId, unitId })) });
}

export async function removeGroupUnits(db: Db | DbTx, groupId: string, unitIds: string[]): Promise<void> {
  await db.unitGroup.deleteMany({ where: { groupId, unitId: { in: unitIds } } });
}

export async function addGroupChannel(db: Db | DbTx, groupId: string, channelId: string): Promise<void> {
  await db.groupChannel.create({ data: { groupId, channelId } });
}

export async function addGroupChannels(db: Db | DbTx, groupId: string, channelIds: string[]): Promise<void> {
  await db.groupChannel.createMany({ data: channelIds.map((channelId) => ({ groupId, channelId })) });
}

export async function removeGroupChannel(db: Db | DbTx, groupId: string, channelId: string): Promise<void> {
  await db.groupChannel.deleteMany({ where: { groupId, channelId } });
}

export async function removeGroupChannels(db: Db | DbTx, groupId: string, channelIds: string[]): Promise<void> {
  await db.groupChannel.deleteMany({ where: { groupId, channelId: { in: channelIds } } });
}

export async function addGroupVrChannel(db: Db | DbTx, groupId: string, vrChannelId: string): Promise<void> {
  await db.groupVrChannel.create({ data: { groupId, vrChannelId } });
}

export async function addGroupVrChannels(db: Db | DbTx, groupId: string, vrChannelIds: string[]): Promise<void> {
  await db.groupVrChannel.createMany({ data: vrChannelIds.map((vrChannelId) => ({ groupId, vrChannelId })) });
}

export async function removeGroupVrChannel(db: Db | DbTx, groupId: string, vrChannelId: string): Promise<void> {
  await db.groupVrChannel.deleteMany({ where: { groupId, vrChannelId } });
}

export async function removeGroupVrChannels(db: Db | DbTx, groupId: string, vrChannelIds: string[]): Promise<void> {
  await db.groupVrChannel.deleteMany({ where: { groupId, vrChannelId: { in: vrChannelIds } } });
}

export async function addGroupUsers(db: Db | DbTx, groupId: string, userIds: string[]): Promise<void> {
  await db.userGroup.createMany({ data: userIds.map((userId) => ({ groupId, userId })) });
}

export async function removeGroupUsers(db: Db | DbTx, groupId: string, userIds: string[]): Promise<void> {
  await db.userGroup.deleteMany({ where: { groupId, userId: { in: userIds } } });
}

// ── alert configuration ────────────────────────────────────────────────────────────────────

/** The group's own alert configuration with its e-mail recipients. */
export function findGroupAlertConfiguration(db: Db | DbTx, groupId: string): Promise<GroupAlertConfigurationRecord | null> {
  return db.alertConfiguration.findUnique({ where: { groupId }, include: withRecipients });
}

/** A new alert configuration; answers its id. */
export async function createAlertConfiguration(db: Db | DbTx, data: Prisma.AlertConfigurationUncheckedCreateInput): Promise<string> {
  return (await db.alertConfiguration.create({ data })).id;
}

/** Set columns of the configuration while it is at `version` (its version moves on); answers the rows changed. */
export async function updateAlertConfigurationAtVersion(
  db: Db | DbTx,
  id: string,
  version: number,
  data: Prisma.AlertConfigurationUncheckedUpdateManyInput,
): Promise<number> {
  return (await db.alertConfiguration.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

export async function deleteAlertRecipients(db: Db | DbTx, alertConfigurationId: string, ids: string[]): Promise<void> {
  await db.alertEmailRecipient.deleteMany({ where: { alertConfigurationId, id: { in: ids } } });
}

export async function createAlertRecipient(db: Db | DbTx, data: Prisma.AlertEmailRecipientUncheckedCreateInput): Promise<void> {
  await db.alertEmailRecipient.create({ data });
}

/** Give the recipient a new verification link. */
export async function renewRecipientLink(db: Db | DbTx, id: string, alertConfigurationId: string, token: string, expiresAt: Date): Promise<void> {
  await db.alertEmailRecipient.updateMany({
    where: { id, alertConfigurationId },
    data: { verificationToken: token, verificationExpiresAt: expiresAt, version: { increment: 1 } },
  });
}

/** The recipient a verification link was sent to, with its configuration's group. */
export function findRecipientByToken(db: Db | DbTx, token: string): Promise<AlertRecipientRecord | null> {
  return db.alertEmailRecipient.findUnique({ where: { verificationToken: token }, include: recipientWithGroup });
}

/** Whether the recipient holding the token is verified (unknown token: false). */
export async function recipientVerified(db: Db | DbTx, token: string): Promise<boolean> {
  return (await db.alertEmailRecipient.findUnique({ where: { verificationToken: token }, select: { verified: true } }))?.verified ?? false;
}

/** Mark the unverified recipient verified while it still holds the token; answers the rows changed. */
export async function markRecipientVerified(db: Db | DbTx, id: string, alertConfigurationId: string, token: string): Promise<number> {
  return (
    await db.alertEmailRecipient.updateMany({
      where: { id, alertConfigurationId, verificationToken: token, verified: false },
      data: { verified: true, version: { increment: 1 } },
    })
  ).count;
}
