/**
 * User accounts (spec 001 §3 User, §5 user rules, §6): list, create, update, deactivate, delete,
 * inventories and groups, password policy — the /users screen's calls.
 *
 * Scope: a caller sees and changes only users of their own inventories (super user and staff: all);
 * an unknown user and a foreign one both answer 404. Writes are refused on SSO and enterprise users
 * ("Enterprise users are managed only by an IT admin"), on users of a type above the caller's
 * (roles.ts canManageUserType), and on oneself for delete and deactivate. Deactivating or deleting
 * a user ends their sessions at once.
 *
 * The list pages, sorts and searches in SQL (the unique indexes on username and e-mail, the
 * (first name, id) and (last name, id) indexes, the user/inventory join's index), so 10,000 users
 * cost one page of rows per request, not the table.
 */
import {
  canManageUserType,
  ERROR_CATALOGUE,
  PasswordExpiryPolicy,
  type CreateUserBody,
  type Role,
  type SetUserActiveBody,
  type SetUserGroupsBody,
  type SetUserInventoriesBody,
  type SetUserPasswordBody,
  type UpdateUserBody,
  type UserAccount,
  type UserAccountDetail,
  type UserAccountPage,
  type UserDeleted,
  type UserGroupRef,
  type UserInventoryRef,
  type UserLicences,
  type UserSearchQuery,
} from '@fleet/contracts';
import { hashPassword, providerOf, transaction, type Db, type DbTx, type Prisma } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError } from '../../errors.js';
import { parseOr } from '../../platform/storage/json-column.js';
import { atVersion, unlessTaken } from '../../platform/versioned-write.js';
import { canSeeGroup, canSeeInventory, type AuthUser, canSeeSomeInventory } from '../../platform/access.js';
import { parseRoles, passwordParams } from '../../platform/auth.js';
import type { ServiceDeps } from '../deps.js';
import { inventoryAudience } from '../../platform/topics.js';
import { byNameThenId } from '../../platform/order.js';
import { presentUserAccount, type UserRecord } from './presenter.js';
import * as repo from './repository.js';

const SORT_COLUMN: Record<UserSearchQuery['sortBy'], keyof Prisma.UserOrderByWithRelationInput> = {
  username: 'username',
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  userType: 'userType',
  userLabel: 'userLabel',
  active: 'active',
  createdAt: 'createdAt',
  lastLoginAt: 'lastLoginAt',
};

const MONTHS: Record<PasswordExpiryPolicy, number | null> = { never: null, '3': 3, '6': 6, '12': 12 };

/** When a password set now expires under this policy (never: null). */
export function passwordExpiryFrom(policy: PasswordExpiryPolicy, now: Date): Date | null {
  const months = MONTHS[policy];
  if (months === null) return null;
  const at = new Date(now);
  at.setUTCMonth(at.getUTCMonth() + months);
  return at;
}

export class UserAccountService {
  private readonly caseInsensitive: boolean;

  constructor(private readonly deps: ServiceDeps) {
    // PostgreSQL compares case-sensitively unless asked; SQLite's LIKE already ignores ASCII case.
    this.caseInsensitive = providerOf(deps.config.DATABASE_URL) === 'postgresql';
  }

  // ── reads ────────────────────────────────────────────────────────────────────────────────────

  async search(user: AuthUser, q: UserSearchQuery): Promise<UserAccountPage> {
    const and: Prisma.UserWhereInput[] = [this.scopeWhere(user)];
    if (q.inventoryId !== undefined) {
      if (!this.deps.readModel.inventories.get(q.inventoryId) || !canSeeInventory(user, q.inventoryId)) throw new AppError('NOT_FOUND');
      and.push({ inventories: { some: { inventoryId: q.inventoryId } } });
    }
    const value = (q.searchValue ?? '').trim();
    if (value !== '') {
      if (q.searchKey === 'name') {
        // Every word matches the first or the last name ("Ada Love" finds Ada Lovelace).
        for (const word of value.split(/\s+/)) and.push({ OR: [{ firstName: this.contains(word) }, { lastName: this.contains(word) }] });
      } else and.push({ [q.searchKey]: this.contains(value) });
    }
    const where: Prisma.UserWhereInput = { AND: and };
    // The page without `_count`: Prisma counts a relation by joining an aggregate of the whole
    // membership table, so every page grouped every user's groups; the page's group counts are one
    // grouped query on its own ids instead.
    const [total, rows] = await Promise.all([
      repo.countUsers(this.deps.db, where),
      repo.findUserPage(this.deps.db, where, SORT_COLUMN[q.sortBy], q.sortDir, q.offset, q.limit),
    ]);
    const groupCounts = await this.groupCounts(rows.map((r) => r.id));
    return {
      items: rows.map((r) => this.toRow({ ...r, _count: { groups: groupCounts.get(r.id) ?? 0 } })),
      total,
      offset: q.offset,
      limit: q.limit,
    };
  }

  /** How many groups each of these users is in (absent: none). */
  private async groupCounts(userIds: string[]): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    return repo.countGroupsOfUsers(this.deps.db, userIds);
  }

  async detail(user: AuthUser, id: string): Promise<UserAccountDetail> {
    return this.toDetail(user, await this.findVisible(user, id));
  }

  async inventoriesOf(user: AuthUser, id: string): Promise<UserInventoryRef[]> {
    const row = await this.findVisible(user, id);
    return this.inventoryRefs(row.inventories.map((i) => i.inventoryId).filter((i) => canSeeInventory(user, i)));
  }

  async groupsOf(user: AuthUser, id: string): Promise<UserGroupRef[]> {
    await this.findVisible(user, id);
    return this.groupRefs(user, id);
  }

  /** GET v2/users/licences: the licences of the caller's organisation (the one a user they create joins). */
  async licences(user: AuthUser): Promise<UserLicences> {
    return licencesOf(this.deps.db, await this.organisationOf(user));
  }

  /** The caller's organisation: a user they create joins it and takes one of its licences. */
  private async organisationOf(user: AuthUser): Promise<string | null> {
    return repo.findUserOrganisationId(this.deps.db, user.id);
  }

  // ── writes ───────────────────────────────────────────────────────────────────────────────────

  async create(user: AuthUser, body: CreateUserBody): Promise<UserAccountDetail> {
    this.checkAssignable(user, [body.userType]);
    const inventoryIds = unique(body.inventoryIds);
    this.checkInventories(user, inventoryIds);
    const groupIds = unique(body.groupIds ?? []);
    this.checkGroups(user, groupIds, inventoryIds);
    await this.checkIdentityFree(null, body.username, body.email);
    const organisationId = await this.organisationOf(user);
    const passwordHash = await hashPassword(body.password, { params: passwordParams(this.deps.config) });
    const now = this.deps.clock.date();
    const id = await this.write(
      async (tx) => {
        if (body.active) await this.checkLicense(tx, organisationId);
        const createdId = await repo.createUser(tx, {
          username: body.username,
          passwordHash,
          email: body.email,
          firstName: body.firstName,
          lastName: body.lastName,
          userType: body.userType,
          roles: [body.userType],
          userLabel: blankToNull(body.userLabel),
          active: body.active,
          onDemandActivation: body.onDemandActivation,
          receiveUpdates: body.receiveUpdates,
          passwordExpiryPolicy: body.passwordExpiryPolicy,
          passwordExpiresAt: passwordExpiryFrom(body.passwordExpiryPolicy, now),
          organisationId,
        });
        await repo.addUserInventories(tx, createdId, inventoryIds);
        if (groupIds.length > 0) await repo.addUserGroups(tx, createdId, groupIds);
        return createdId;
      },
      { username: body.username, email: body.email },
    );
    return this.announced(user, id, []);
  }

  async update(user: AuthUser, id: string, body: UpdateUserBody): Promise<UserAccountDetail> {
    const row = await this.findManageable(user, id);
    if (body.version !== undefined && body.version !== row.version) throw new AppError('CONFLICT');
    if (body.userType !== undefined && body.userType !== row.userType) this.checkAssignable(user, [body.userType]);
    const before = row.inventories.map((i) => i.inventoryId);
    const inventoryIds = body.inventoryIds === undefined ? null : this.mergedInventories(user, before, unique(body.inventoryIds));
    const username = body.username !== undefined && body.username !== row.username ? body.username : undefined;
    const email = body.email !== undefined && body.email !== row.email ? body.email : undefined;
    await this.checkIdentityFree(id, username, email);
    const policyChanged = body.passwordExpiryPolicy !== undefined && body.passwordExpiryPolicy !== row.passwordExpiryPolicy;
    const data: Prisma.UserUpdateManyMutationInput = {
      ...(username === undefined ? {} : { username }),
      ...(email === undefined ? {} : { email }),
      ...(body.firstName === undefined ? {} : { firstName: body.firstName }),
      ...(body.lastName === undefined ? {} : { lastName: body.lastName }),
      ...(body.userType === undefined
        ? {}
        : { userType: body.userType, roles: [body.userType, ...parseRoles(row.roles, row.userType).filter((r) => r !== row.userType && r !== body.userType)] }),
      ...(body.userLabel === undefined ? {} : { userLabel: blankToNull(body.userLabel) }),
      ...(body.onDemandActivation === undefined ? {} : { onDemandActivation: body.onDemandActivation }),
      ...(body.receiveUpdates === undefined ? {} : { receiveUpdates: body.receiveUpdates }),
      ...(policyChanged && body.passwordExpiryPolicy !== undefined
        ? { passwordExpiryPolicy: body.passwordExpiryPolicy, passwordExpiresAt: passwordExpiryFrom(body.passwordExpiryPolicy, this.deps.businessClock.date()) }
        : {}),
    };
    await this.write(
      async (tx) => {
        await this.bump(tx, row, data);
        if (inventoryIds) await this.replaceInventories(tx, id, before, inventoryIds);
      },
      { username: username ?? null, email: email ?? null },
    );
    return this.announced(user, id, before);
  }

  async setActive(user: AuthUser, id: string, body: SetUserActiveBody): Promise<UserAccountDetail> {
    const row = await this.findManageable(user, id);
    if (body.version !== undefined && body.version !== row.version) throw new AppError('CONFLICT');
    if (!body.active && id === user.id) throw new AppError('USER_SELF_REMOVAL');
    await this.write(async (tx) => {
      if (body.active && !row.active) await this.checkLicense(tx, row.organisationId);
      await this.bump(tx, row, { active: body.active });
      // A deactivated user is out at once: their sessions end with the change.
      if (!body.active) await repo.deleteSessionsOfUser(tx, id);
    });
    return this.announced(
      user,
      id,
      row.inventories.map((i) => i.inventoryId),
    );
  }

  async remove(user: AuthUser, id: string): Promise<UserDeleted> {
    const row = await this.findManageable(user, id);
    if (id === user.id) throw new AppError('USER_SELF_REMOVAL');
    // Sessions, memberships and preferences go with the user (cascade).
    await repo.deleteUser(this.deps.db, id);
    this.deps.hub.publish(this.topicsOf(row.inventories.map((i) => i.inventoryId)), { type: 'user.removed', userId: id, at: this.deps.clock.now() });
    return { id, deleted: true };
  }

  async setInventories(user: AuthUser, id: string, body: SetUserInventoriesBody): Promise<UserInventoryRef[]> {
    const row = await this.findManageable(user, id);
    const before = row.inventories.map((i) => i.inventoryId);
    const after = this.mergedInventories(user, before, unique(body.inventoryIds));
    await this.write(async (tx) => {
      await this.bump(tx, row, {});
      await this.replaceInventories(tx, id, before, after);
    });
    await this.announced(user, id, before);
    return this.inventoriesOf(user, id);
  }

  async setGroups(user: AuthUser, id: string, body: SetUserGroupsBody): Promise<UserGroupRef[]> {
    const row = await this.findManageable(user, id);
    const groupIds = unique(body.groupIds);
    this.checkGroups(
      user,
      groupIds,
      row.inventories.map((i) => i.inventoryId),
    );
    const held = await repo.findUserGroupIds(this.deps.db, id);
    // The caller replaces the groups they see; the user's other groups stay.
    const dropped = held.filter((g) => !groupIds.includes(g) && this.visibleGroupId(user, g));
    const added = groupIds.filter((g) => !held.includes(g));
    await this.write(async (tx) => {
      await this.bump(tx, row, {});
      if (dropped.length > 0) await repo.removeUserGroups(tx, id, dropped);
      if (added.length > 0) await repo.addUserGroups(tx, id, added);
    });
    await this.announced(
      user,
      id,
      row.inventories.map((i) => i.inventoryId),
    );
    return this.groupRefs(user, id);
  }

  async setPassword(user: AuthUser, id: string, body: SetUserPasswordBody): Promise<UserAccountDetail> {
    const row = await this.findManageable(user, id);
    const passwordHash = await hashPassword(body.password, { params: passwordParams(this.deps.config) });
    const policy = parseOr(PasswordExpiryPolicy, row.passwordExpiryPolicy, 'never');
    await this.write((tx) => this.bump(tx, row, { passwordHash, passwordExpiresAt: passwordExpiryFrom(policy, this.deps.businessClock.date()) }));
    return this.announced(
      user,
      id,
      row.inventories.map((i) => i.inventoryId),
    );
  }

  // ── rules ────────────────────────────────────────────────────────────────────────────────────

  private contains(value: string): Prisma.StringFilter {
    // `mode` exists only in the PostgreSQL client's types; the shared client type is SQLite's.
    return { contains: value, ...(this.caseInsensitive ? { mode: 'insensitive' } : {}) } as Prisma.StringFilter;
  }

  private scopeWhere(user: AuthUser): Prisma.UserWhereInput {
    return user.global ? {} : { inventories: { some: { inventoryId: { in: user.inventoryIds } } } };
  }

  /** The user if the caller may see them: one of their inventories' (global roles: any); else 404. */
  private async findVisible(user: AuthUser, id: string): Promise<UserRecord> {
    const row = await repo.findUserRecord(this.deps.db, id);
    if (!row || !canSeeSomeInventory(user, row.inventories)) throw new AppError('NOT_FOUND');
    return row;
  }

  /** findVisible, then whether the caller may change them: not SSO or enterprise, not above the caller. */
  private async findManageable(user: AuthUser, id: string): Promise<UserRecord> {
    const row = await this.findVisible(user, id);
    if (row.sso || row.enterprise) throw new AppError('USER_MANAGED_BY_IT_ADMIN');
    if (!canManageUserType(user.roles, parseRoles(row.roles, row.userType))) throw new AppError('NOT_AVAILABLE_FOR_USER_TYPE');
    return row;
  }

  private checkAssignable(user: AuthUser, roles: readonly Role[]): void {
    if (!canManageUserType(user.roles, roles)) {
      throw new AppError('NOT_AVAILABLE_FOR_USER_TYPE', [{ path: 'body.userType', message: ERROR_CATALOGUE.NOT_AVAILABLE_FOR_USER_TYPE.message }]);
    }
  }

  /** Inventories named in a body: each one the caller's (unknown and foreign: 404). */
  private checkInventories(user: AuthUser, inventoryIds: readonly string[]): void {
    for (const id of inventoryIds) if (!this.deps.readModel.inventories.get(id) || !canSeeInventory(user, id)) throw new AppError('NOT_FOUND');
  }

  /** Groups named in a body: each one the caller sees (else 404), of one of these inventories (else 409). */
  private checkGroups(user: AuthUser, groupIds: readonly string[], inventoryIds: readonly string[]): void {
    for (const id of groupIds) if (!this.visibleGroupId(user, id)) throw new AppError('NOT_FOUND');
    for (const id of groupIds) {
      if (!inventoryIds.includes(this.deps.readModel.groups.get(id)!.inventoryId)) throw new AppError('GROUP_OUTSIDE_USER_INVENTORIES');
    }
  }

  private visibleGroupId(user: AuthUser, id: string): boolean {
    const group = this.deps.readModel.groups.get(id);
    return group !== undefined && canSeeGroup(user, group);
  }

  /**
   * The user's inventories after the caller sets those they manage: the caller's choice, plus the
   * user's inventories the caller does not see (a non-global admin changes only their own).
   */
  private mergedInventories(user: AuthUser, before: readonly string[], chosen: readonly string[]): string[] {
    this.checkInventories(user, chosen);
    return unique([...before.filter((i) => !canSeeInventory(user, i)), ...chosen]);
  }

  /** Username and e-mail free (null: not changing); the unique indexes decide races (see write). */
  private async checkIdentityFree(id: string | null, username: string | undefined, email: string | undefined): Promise<void> {
    if (username !== undefined && (await repo.usernameTaken(this.deps.db, username, id))) throw userExists();
    if (email !== undefined && (await repo.emailTaken(this.deps.db, email, id))) throw emailInUse();
  }

  /** Spec 001 §8 "no available user license": the organisation's active users at its maxUsers (0: no limit). */
  private async checkLicense(tx: DbTx, organisationId: string | null): Promise<void> {
    if ((await licencesOf(tx, organisationId)).available === 0) throw new AppError('NO_USER_LICENSE');
  }

  // ── storage ──────────────────────────────────────────────────────────────────────────────────

  /**
   * One write in a transaction; a unique violation (a username or e-mail taken meanwhile) answers
   * with the spec's message for the field that clashed.
   */
  private async write<T>(fn: (tx: DbTx) => Promise<T>, identity?: { username: string | null; email: string | null }): Promise<T> {
    if (!identity) return transaction(this.deps.db, fn);
    return unlessTaken(transaction(this.deps.db, fn), async () =>
      identity.username !== null && (await repo.usernameTaken(this.deps.db, identity.username, null)) ? userExists() : emailInUse(),
    );
  }

  /** The user's row changes under its version (someone else's change in between: 409). */
  private async bump(tx: DbTx, row: UserRecord, data: Prisma.UserUpdateManyMutationInput): Promise<void> {
    await atVersion(repo.updateUserAtVersion(tx, row.id, row.version, data));
  }

  /** Memberships follow the inventories: groups of inventories the user left go too. */
  private async replaceInventories(tx: DbTx, userId: string, before: readonly string[], after: readonly string[]): Promise<void> {
    const left = before.filter((i) => !after.includes(i));
    const joined = after.filter((i) => !before.includes(i));
    if (left.length > 0) {
      await repo.removeUserInventories(tx, userId, left);
      await repo.removeUserGroupsOfInventories(tx, userId, left);
    }
    if (joined.length > 0) await repo.addUserInventories(tx, userId, joined);
  }

  /** The user as now stored, announced: `user.changed` on their inventories' topics, `user.removed` on those they left. */
  private async announced(user: AuthUser, id: string, before: readonly string[]): Promise<UserAccountDetail> {
    const row = await repo.findUserRecord(this.deps.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    const now = row.inventories.map((i) => i.inventoryId);
    const at = this.deps.clock.now();
    const left = this.topicsOf(before.filter((i) => !now.includes(i)));
    if (left.length > 0) this.deps.hub.publish(left, { type: 'user.removed', userId: id, at });
    this.deps.hub.publish(this.topicsOf(now), { type: 'user.changed', user: this.toRow(row), at });
    return this.toDetail(user, row);
  }

  /**
   * Where a user's changes are announced: their inventories and every group of those inventories
   * (a console follows its user's groups, and only its inventories when it has no group).
   */
  private topicsOf(inventoryIds: readonly string[]): string[] {
    return inventoryAudience(this.deps.readModel, inventoryIds);
  }

  // ── shapes ───────────────────────────────────────────────────────────────────────────────────

  private toRow(r: UserRecord): UserAccount {
    return presentUserAccount(r, this.inventoryRefs(r.inventories.map((i) => i.inventoryId)));
  }

  private async toDetail(user: AuthUser, r: UserRecord): Promise<UserAccountDetail> {
    return { ...this.toRow(r), groups: await this.groupRefs(user, r.id) };
  }

  private inventoryRefs(ids: readonly string[]): UserInventoryRef[] {
    const out: UserInventoryRef[] = [];
    for (const id of ids) {
      const inv = this.deps.readModel.inventories.get(id);
      if (inv) out.push({ id, name: inv.name });
    }
    return out.sort(byNameThenId);
  }

  /** The user's groups the caller sees, with their inventories' names. */
  private async groupRefs(user: AuthUser, userId: string): Promise<UserGroupRef[]> {
    const groupIds = await repo.findUserGroupIds(this.deps.db, userId);
    const out: UserGroupRef[] = [];
    for (const groupId of groupIds) {
      const g = this.deps.readModel.groups.get(groupId);
      if (!g || !canSeeGroup(user, g)) continue;
      out.push({ id: g.id, name: g.name, inventoryId: g.inventoryId, inventoryName: this.deps.readModel.inventories.get(g.inventoryId)?.name ?? '' });
    }
    return out.sort(byNameThenId);
  }
}

const unique = <T>(xs: readonly T[]): T[] => [...new Set(xs)];
const blankToNull = (v: string | null | undefined): string | null => (v === undefined || v === null || v.trim() === '' ? null : v);
const userExists = () => new AppError('USER_EXISTS', [{ path: 'body.username', message: ERROR_CATALOGUE.USER_EXISTS.message }]);
const emailInUse = () => new AppError('EMAIL_IN_USE', [{ path: 'body.email', message: ERROR_CATALOGUE.EMAIL_IN_USE.message }]);

/**
 * The user licences of an organisation (spec 001 §8 "no available user license"): its max users
 * (0: no limit) against its active users. Read inside the write's transaction when checking, so a
 * concurrent creation is counted.
 */
async function licencesOf(db: Db | DbTx, organisationId: string | null): Promise<UserLicences> {
  if (organisationId === null) return { organisationId, maxUsers: null, activeUsers: 0, available: null };
  const [orgMaxUsers, activeUsers] = await Promise.all([repo.findOrganisationMaxUsers(db, organisationId), repo.countActiveUsers(db, organisationId)]);
  const maxUsers = orgMaxUsers !== null && orgMaxUsers > 0 ? orgMaxUsers : null;
  return { organisationId, maxUsers, activeUsers, available: maxUsers === null ? null : Math.max(0, maxUsers - activeUsers) };
}

export const userAccountCalls = callsOf<UserAccountService>()({
  searchUsers: (s, { query }, user) => s.search(user, query),
  getUserLicences: (s, _input, user) => s.licences(user),
  getUser: (s, { params }, user) => s.detail(user, params.id),
  createUser: (s, { body }, user) => s.create(user, body),
  updateUser: (s, { params, body }, user) => s.update(user, params.id, body),
  setUserActive: (s, { params, body }, user) => s.setActive(user, params.id, body),
  deleteUser: (s, { params }, user) => s.remove(user, params.id),
  getUserInventories: (s, { params }, user) => s.inventoriesOf(user, params.id),
  setUserInventories: (s, { params, body }, user) => s.setInventories(user, params.id, body),
  getUserGroups: (s, { params }, user) => s.groupsOf(user, params.id),
  setUserGroups: (s, { params, body }, user) => s.setGroups(user, params.id, body),
  setUserPassword: (s, { params, body }, user) => s.setPassword(user, params.id, body),
});
