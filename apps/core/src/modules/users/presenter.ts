/** User rows as the /users answers show them (spec 001 §3 users). */
import { PasswordExpiryPolicy, Role as RoleSchema, type Role, type UserAccount, type UserInventoryRef } from '@fleet/contracts';
import type { Prisma } from '@fleet/db';
import { parseOr } from '../../platform/storage/json-column.js';
import { parseRoles } from '../../platform/auth.js';

/** What a row of the list needs: the user's columns, inventory ids, and how many groups. */
export const rowInclude = {
  inventories: { select: { inventoryId: true } },
  _count: { select: { groups: true } },
} as const satisfies Prisma.UserInclude;
export type UserRecord = Prisma.UserGetPayload<{ include: typeof rowInclude }>;

/**
 * What every answer about a user starts with: who they are and their type, a stored type outside
 * the spec's list reading as `fallback`.
 */
export function presentUserIdentity(u: Pick<UserRecord, 'id' | 'username' | 'email' | 'firstName' | 'lastName' | 'userType'>, fallback: Role) {
  const type = RoleSchema.safeParse(u.userType);
  return { id: u.id, username: u.username, email: u.email, firstName: u.firstName, lastName: u.lastName, userType: type.success ? type.data : fallback };
}

/** A user as a row of the list shows them, with the inventories (id and name) the caller is shown. */
export function presentUserAccount(r: UserRecord, inventories: UserInventoryRef[]): UserAccount {
  return {
    // A stored type outside the spec's list reads as the least privileged console type.
    ...presentUserIdentity(r, 'luc_read'),
    roles: parseRoles(r.roles, r.userType),
    userLabel: r.userLabel,
    active: r.active,
    sso: r.sso,
    enterprise: r.enterprise,
    managedExternally: r.sso || r.enterprise,
    onDemandActivation: r.onDemandActivation,
    receiveUpdates: r.receiveUpdates,
    passwordExpiryPolicy: parseOr(PasswordExpiryPolicy, r.passwordExpiryPolicy, 'never'),
    passwordExpiresAt: r.passwordExpiresAt ? r.passwordExpiresAt.toISOString() : null,
    inventories,
    groupCount: r._count.groups,
    lastLoginAt: r.lastLoginAt ? r.lastLoginAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    version: r.version,
  };
}
