/**
 * Users in storage: every query of the users module (the /users calls, the current user, the
 * signed-in user's own account). Each function takes the client to run on: the service's `db`, or
 * a transaction's `tx` inside `transaction(...)`.
 */
import type { Db, DbTx, Prisma } from '@fleet/db';
import { rowInclude, type UserRecord } from './presenter.js';

const pageInclude = { inventories: rowInclude.inventories } as const satisfies Prisma.UserInclude;

/** A user of a page of the list: without the group count (counted for the page's ids apart). */
export type UserPageRecord = Prisma.UserGetPayload<{ include: typeof pageInclude }>;

const currentUserInclude = {
  inventories: { include: { inventory: { select: { id: true, name: true } } } },
  groups: { include: { group: { select: { id: true, name: true, inventoryId: true } } } },
} as const satisfies Prisma.UserInclude;

/** The signed-in user with the names of their inventories and groups. */
export type CurrentUserRecord = Prisma.UserGetPayload<{ include: typeof currentUserInclude }>;

const passwordColumns = { passwordHash: true, passwordExpiryPolicy: true, sso: true, enterprise: true, version: true } as const satisfies Prisma.UserSelect;
export type UserPasswordRecord = Prisma.UserGetPayload<{ select: typeof passwordColumns }>;

export type UserPreferenceRecord = Prisma.UserPreferenceGetPayload<object>;

// ── users ──────────────────────────────────────────────────────────────────────────────────

export function countUsers(db: Db | DbTx, where: Prisma.UserWhereInput): Promise<number> {
  return db.user.count({ where });
}

/** One page of the users matching `where`, ordered by the column (then id). */
export function findUserPage(
  db: Db | DbTx,
  where: Prisma.UserWhereInput,
  sortColumn: keyof Prisma.UserOrderByWithRelationInput,
  sortDir: Prisma.SortOrder,
  offset: number,
  limit: number,
): Promise<UserPageRecord[]> {
  return db.user.findMany({ where, include: pageInclude, orderBy: [{ [sortColumn]: sortDir }, { id: 'asc' }], skip: offset, take: limit });
}

/** A user with their inventory ids and group count. */
export function findUserRecord(db: Db | DbTx, id: string): Promise<UserRecord | null> {
  return db.user.findUnique({ where: { id }, include: rowInclude });
}

export function findCurrentUser(db: Db | DbTx, id: string): Promise<CurrentUserRecord | null> {
  return db.user.findUnique({ where: { id }, include: currentUserInclude });
}

/** The columns of one user named by `select`. */
export function findUserColumns<S extends Prisma.UserSelect>(db: Db | DbTx, id: string, select: S): Promise<Prisma.UserGetPayload<{ select: S }> | null> {
  return db.user.findUnique({ where: { id }, select });
}

export function findUserPassword(db: Db | DbTx, id: string): Promise<UserPasswordRecord | null> {
  return db.user.findUnique({ where: { id }, select: passwordColumns });
}

export async function findUserOrganisationId(db: Db | DbTx, id: string): Promise<string | null> {
  return (await db.user.findUnique({ where: { id }, select: { organisationId: true } }))?.organisationId ?? null;
}

/** Whether another user (than `exceptId`, when given) has the username. */
export async function usernameTaken(db: Db | DbTx, username: string, exceptId: string | null): Promise<boolean> {
  return (await db.user.findFirst({ where: { ...(exceptId === null ? {} : { id: { not: exceptId } }), username }, select: { id: true } })) !== null;
}

/** Whether another user (than `exceptId`, when given) has the e-mail address. */
export async function emailTaken(db: Db | DbTx, email: string, exceptId: string | null): Promise<boolean> {
  return (await db.user.findFirst({ where: { ...(exceptId === null ? {} : { id: { not: exceptId } }), email }, select: { id: true } })) !== null;
}

export async function createUser(db: Db | DbTx, data: Prisma.UserUncheckedCreateInput): Promise<string> {
  return (await db.user.create({ data, select: { id: true } })).id;
}

/** Set columns of the user while it is at `version` (its version moves on); answers the rows changed. */
export async function updateUserAtVersion(db: Db | DbTx, id: string, version: number, data: Prisma.UserUpdateManyMutationInput): Promise<number> {
  return (await db.user.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

/** Delete the user (sessions, memberships and preferences go with them). */
export async function deleteUser(db: Db | DbTx, id: string): Promise<void> {
  await db.user.deleteMany({ where: { id } });
}

// ── licences ───────────────────────────────────────────────────────────────────────────────

export async function findOrganisationMaxUsers(db: Db | DbTx, organisationId: string): Promise<number | null> {
  return (await db.organisation.findUnique({ where: { id: organisationId }, select: { maxUsers: true } }))?.maxUsers ?? null;
}

export function countActiveUsers(db: Db | DbTx, organisationId: string): Promise<number> {
  return db.user.count({ where: { organisationId, active: true } });
}

// ── memberships ────────────────────────────────────────────────────────────────────────────

export async function addUserInventories(db: Db | DbTx, userId: string, inventoryIds: string[]): Promise<void> {
  await db.userInventory.createMany({ data: inventoryIds.map((inventoryId) => ({ userId, inventoryId })) });
}

export async function removeUserInventories(db: Db | DbTx, userId: string, inventoryIds: string[]): Promise<void> {
  await db.userInventory.deleteMany({ where: { userId, inventoryId: { in: inventoryIds } } });
}

/** The user's group ids. */
export async function findUserGroupIds(db: Db | DbTx, userId: string): Promise<string[]> {
  return (await db.userGroup.findMany({ where: { userId }, select: { groupId: true } })).map((g) => g.groupId);
}

/** How many groups each of these users is in (absent: none). */
export async function countGroupsOfUsers(db: Db | DbTx, userIds: string[]): Promise<Map<string, number>> {
  const counts = await db.userGroup.groupBy({ by: ['userId'], where: { userId: { in: userIds } }, _count: { _all: true } });
  return new Map(counts.map((c) => [c.userId, c._count._all]));
}

export async function addUserGroups(db: Db | DbTx, userId: string, groupIds: string[]): Promise<void> {
  await db.userGroup.createMany({ data: groupIds.map((groupId) => ({ userId, groupId })) });
}

export async function removeUserGroups(db: Db | DbTx, userId: string, groupIds: string[]): Promise<void> {
  await db.userGroup.deleteMany({ where: { userId, groupId: { in: groupIds } } });
}

/** Take the user out of the groups of these inventories. */
export async function removeUserGroupsOfInventories(db: Db | DbTx, userId: string, inventoryIds: string[]): Promise<void> {
  await db.userGroup.deleteMany({ where: { userId, group: { inventoryId: { in: inventoryIds } } } });
}

// ── sessions ───────────────────────────────────────────────────────────────────────────────

/** The user's session ids, but `exceptSessionId` (when given). */
export async function findSessionIdsOfUser(db: Db | DbTx, userId: string, exceptSessionId: string | undefined): Promise<string[]> {
  const rows = await db.session.findMany({
    where: { userId, ...(exceptSessionId === undefined ? {} : { id: { not: exceptSessionId } }) },
    select: { id: true },
  });
  return rows.map((s) => s.id);
}

export async function deleteSessionsOfUser(db: Db | DbTx, userId: string): Promise<void> {
  await db.session.deleteMany({ where: { userId } });
}

/** End these sessions; answers how many ended. */
export async function deleteSessions(db: Db | DbTx, ids: string[]): Promise<number> {
  return (await db.session.deleteMany({ where: { id: { in: ids } } })).count;
}

// ── preferences and notifications ──────────────────────────────────────────────────────────

export function findUserPreferences(db: Db | DbTx, userId: string): Promise<UserPreferenceRecord | null> {
  return db.userPreference.findUnique({ where: { userId } });
}

export async function createUserPreferences(db: Db | DbTx, userId: string, data: Prisma.InputJsonObject): Promise<void> {
  await db.userPreference.create({ data: { userId, data } });
}

/** Replace the stored preferences while they are at `version`; answers the rows changed. */
export async function updateUserPreferencesAtVersion(db: Db | DbTx, userId: string, version: number, data: Prisma.InputJsonObject): Promise<number> {
  return (await db.userPreference.updateMany({ where: { userId, version }, data: { data, version: { increment: 1 } } })).count;
}

/** The usernames of the users with these ids (by id); an id without a user is left out. */
export async function findUsernames(db: Db | DbTx, ids: string[]): Promise<Map<string, string>> {
  const users = await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, username: true } });
  return new Map(users.map((u) => [u.id, u.username]));
}
