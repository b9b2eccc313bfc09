/**
 * Groups (spec 001 §3 Group, §7 Groups): the /groups list and the admin group pages, a group's
 * details, the admin and console-side create, update and remove calls, the group's default unit
 * configuration; `group.changed` / `group.removed` on /ws (the group's and its inventory's
 * topics) after every change this instance writes to a group or its memberships (group-announcements.ts).
 * GroupMemberService (group-members.ts: member pages, associations, and the reads the unit area
 * needs) uses the helpers marked "shared" below.
 *
 * Reads of groups, units, channels and video return channels come from the read model. Member
 * counts and user memberships are read from the join tables through Prisma (one `_count` query per
 * list): users are not held in memory, and counting in storage keeps every list exact without an
 * index to keep in step with the other services that change memberships.
 *
 * Rules chosen where the spec is silent: a group's channels, video return channels, units and
 * users are those of its inventory (an id of another inventory in a member list: "Invalid field"
 * at it); member changes and default configuration changes raise the group's `version`, so a form
 * holding an older one gets 409.
 */
import { z } from 'zod';
import {
  type AddGroupDetailsBody,
  type AdminGroupSearchQuery,
  type CreateAdminGroupBody,
  type FieldProblem,
  type GroupAutoAssociation,
  type GroupCounts,
  type GroupDefaultConfiguration,
  type GroupDetail,
  type GroupListRow,
  type GroupMembersBody,
  type GroupPage,
  type GroupUnitSettingsUpdateBody,
  type LightGroup,
  type UpdateAdminGroupBody,
  type UpdateGroupDetailsBody,
  RULES,
} from '@fleet/contracts';
import { transaction, type DbTx, type Prisma } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import type { GroupRow } from '../../platform/storage/read-model.js';
import { unlessTaken, atVersion } from '../../platform/versioned-write.js';
import { unitConfiguration } from '../../platform/storage/unit-columns.js';
import { canSeeGroup, canSeeInventory, visibleGroup, type AuthUser } from '../../platform/access.js';
import { isTransceiverFeed } from '../channels/channel-rules.js';
import { byNameThenId, compareText } from '../../platform/order.js';
import type { ServiceDeps } from '../deps.js';
import { pageRows } from '../../platform/paging.js';
import { GroupAnnouncements } from './group-announcements.js';
import * as repo from './repository.js';
import {
  autoAssociationColumn,
  defaultConfigurationOf,
  emptyMembers,
  MEMBER_KINDS,
  membersOfRow,
  mergeGroupSettings,
  NO_AUTO_ASSOCIATION,
  NO_COUNTS,
  nameTaken,
  groupSettingsOf,
  type MemberKind,
  type Members,
  groupDetail,
  groupListRow,
} from './group-rows.js';

/** Attempts of a read-modify-write without a caller's version before answering 409. */
const SAVE_ATTEMPTS = 8;
/** Ids per `IN (...)` list (SQLite binds at most 32,766 variables). */
const CHUNK = 500;

interface GroupChange {
  name?: string | undefined;
  autoAssociation?: Partial<GroupAutoAssociation> | undefined;
  members?: GroupMembersBody | undefined;
  version?: number | undefined;
}

export class GroupService {
  constructor(private readonly deps: ServiceDeps) {
    // group.changed and group.removed for what this instance writes (group-announcements.ts).
    new GroupAnnouncements(deps, (groups) => this.rows(groups));
  }

  /** The groups the caller may see, by name then id. */
  async lightGroups(user: AuthUser): Promise<LightGroup[]> {
    return this.deps.readModel.groups
      .all()
      .filter((g) => canSeeGroup(user, g))
      .sort(byNameThenId)
      .map((g) => ({ id: g.id, name: g.name, inventoryId: g.inventoryId }));
  }

  // ── Lists ──────────────────────────────────────────────────────────────────────────────────

  /** GET groups/fetch: the caller's groups as list rows, by name. */
  async fetchGroups(user: AuthUser): Promise<GroupListRow[]> {
    const groups = this.deps.readModel.groups
      .all()
      .filter((g) => canSeeGroup(user, g))
      .sort(byNameThenId);
    return this.rows(groups);
  }

  /** Admin search over the admin's inventories (or one of them). */
  async searchAdmin(user: AuthUser, q: AdminGroupSearchQuery, inventoryId?: string): Promise<GroupPage> {
    if (inventoryId !== undefined) this.requireOwnInventory(user, inventoryId);
    const value = (q.searchValue ?? '').toLowerCase();
    const key = (g: GroupRow) => (q.searchKey === 'name' ? g.name : this.inventoryName(g.inventoryId));
    const dir = q.sortDir === 'asc' ? 1 : -1;
    const order = (a: GroupRow, b: GroupRow): number =>
      q.sortBy === 'createdOn'
        ? a.createdAt.getTime() - b.createdAt.getTime()
        : q.sortBy === 'inventoryName'
          ? compareText(this.inventoryName(a.inventoryId), this.inventoryName(b.inventoryId))
          : compareText(a.name, b.name);
    const groups = this.deps.readModel.groups
      .all()
      .filter((g) => canSeeInventory(user, g.inventoryId) && (inventoryId === undefined || g.inventoryId === inventoryId))
      .filter((g) => value === '' || key(g).toLowerCase().includes(value))
      .sort((a, b) => dir * order(a, b) || compareText(a.id, b.id));
    const items = await this.rows(pageRows(groups, q));
    return { items, total: groups.length, offset: q.offset, limit: q.limit };
  }

  // ── One group: details, create, update, delete ─────────────────────────────────────────────

  async adminDetail(user: AuthUser, id: string): Promise<GroupDetail> {
    return (await this.details([this.adminGroup(user, id)]))[0]!;
  }

  /** groups/fetch_details: one group of the caller's, or the caller's groups of one of their inventories. */
  async fetchDetails(user: AuthUser, q: { groupUid?: string | undefined; inventoryUid?: string | undefined }): Promise<GroupDetail[]> {
    if (q.groupUid !== undefined) return this.details([this.visible(user, q.groupUid)]);
    const inventoryId = q.inventoryUid ?? '';
    if (!this.deps.readModel.inventories.get(inventoryId) || !canSeeInventory(user, inventoryId)) throw new AppError('NOT_FOUND');
    return this.details(
      this.deps.readModel.groups
        .all()
        .filter((g) => g.inventoryId === inventoryId && canSeeGroup(user, g))
        .sort(byNameThenId),
    );
  }

  /** A new group in one of the caller's inventories (admins and the /groups screen alike). */
  async create(user: AuthUser, body: CreateAdminGroupBody | AddGroupDetailsBody): Promise<GroupDetail> {
    this.requireOwnInventory(user, body.inventoryId);
    this.assertNameFree(body.inventoryId, body.name, null);
    const members = 'members' in body && body.members ? await this.checkMembers(body.inventoryId, body.members) : null;
    const autoAssociation = { ...NO_AUTO_ASSOCIATION, ...body.autoAssociation };
    const id = await unlessTaken(
      () =>
        transaction(this.deps.db, async (tx) => {
          const createdId = await repo.createGroup(tx, {
            name: body.name,
            inventoryId: body.inventoryId,
            autoAssociation: autoAssociationColumn.write(autoAssociation),
          });
          if (members) await this.setMembers(tx, createdId, members, emptyMembers());
          return createdId;
        }),
      nameTaken,
    );
    return (await this.details([this.require(id)]))[0]!;
  }

  /** Rename, flags and members; `version` when given must be the group's (409 otherwise). */
  async update(group: GroupRow, change: GroupChange): Promise<GroupDetail> {
    if (change.version !== undefined && change.version !== group.version) throw new AppError('CONFLICT');
    if (change.name !== undefined && change.name !== group.name) this.assertNameFree(group.inventoryId, change.name, group.id);
    const members = change.members ? await this.checkMembers(group.inventoryId, change.members) : null;
    const current = members ? await this.membersOf(group.id) : null;
    if (members?.channels && current) this.assertNoTransceiverFeed(current.channels.filter((c) => !members.channels!.includes(c)));
    const data: Prisma.GroupUpdateManyMutationInput = {};
    if (change.name !== undefined) data.name = change.name;
    if (change.autoAssociation !== undefined) {
      data.autoAssociation = autoAssociationColumn.write({ ...autoAssociationColumn.read(group.autoAssociation), ...change.autoAssociation });
    }
    // A unique violation is a member added meanwhile by another call (the caller reloads), or the name taken.
    await unlessTaken(
      () =>
        transaction(this.deps.db, async (tx) => {
          await atVersion(repo.updateGroupAtVersion(tx, group.id, change.version ?? group.version, data));
          if (members && current) await this.setMembers(tx, group.id, members, current);
        }),
      () => (change.name !== undefined && this.nameTakenNow(group, change.name) ? nameTaken() : new AppError('CONFLICT')),
    );
    return (await this.details([this.require(group.id)]))[0]!;
  }

  adminUpdate(user: AuthUser, id: string, body: UpdateAdminGroupBody): Promise<GroupDetail> {
    return this.update(this.adminGroup(user, id), body);
  }

  consoleUpdate(user: AuthUser, body: UpdateGroupDetailsBody): Promise<GroupDetail> {
    const { id, ...change } = body;
    return this.update(this.visible(user, id), change);
  }

  /**
   * Delete groups, all or nothing: each must be the caller's (admin path: of their inventories),
   * none may hold a channel a transceiver shares as its feed. Memberships go with them (units,
   * channels and users stay).
   */
  async remove(user: AuthUser, ids: readonly string[], admin: boolean): Promise<string[]> {
    const unique = [...new Set(ids)];
    const groups = unique.map((id) => (admin ? this.adminGroup(user, id) : this.visible(user, id)));
    for (const g of groups) this.assertNoTransceiverFeed(this.channelsOf(g.id).map((c) => c.id));
    await repo.deleteGroups(this.deps.db, unique);
    return unique;
  }

  // ── Default configuration ──────────────────────────────────────────────────────────────────

  defaultConfiguration(user: AuthUser, id: string): GroupDefaultConfiguration {
    return defaultConfigurationOf(this.visible(user, id));
  }

  /** POST: only a group without one (GROUP_CONFIGURATION_EXISTS otherwise: PUT changes it). */
  async createDefaultConfiguration(user: AuthUser, id: string, body: z.infer<typeof GroupUnitSettingsUpdateBody>): Promise<GroupDefaultConfiguration> {
    const group = this.visible(user, id);
    if (defaultConfigurationOf(group).exists) throw new AppError('GROUP_CONFIGURATION_EXISTS');
    if (body.version !== undefined && body.version !== group.version) throw new AppError('CONFLICT');
    const next = mergeGroupSettings({}, body);
    await atVersion(repo.updateGroupAtVersion(this.deps.db, id, group.version, { defaultConfiguration: unitConfiguration.write(next) }));
    return defaultConfigurationOf(this.require(id));
  }

  async updateDefaultConfiguration(user: AuthUser, id: string, body: z.infer<typeof GroupUnitSettingsUpdateBody>): Promise<GroupDefaultConfiguration> {
    await this.updateGroupUnitSettings(user, id, body);
    return defaultConfigurationOf(this.require(id));
  }

  /**
   * PUT v0/groups/{id}/unitSettings: merge the given unit settings into the group's default
   * configuration for its units. Only a group the caller may see — others answer 404. `version`
   * is the group's.
   */
  async updateGroupUnitSettings(user: AuthUser, groupId: string, body: z.infer<typeof GroupUnitSettingsUpdateBody>) {
    const group = visibleGroup(this.deps.readModel, user, groupId);
    if (!group) throw new AppError('NOT_FOUND');
    if (body.version !== undefined && body.version !== group.version) throw new AppError('CONFLICT');
    // After a lost race the read model may not hold the winner's write yet: retries read storage.
    const read = () => repo.findGroupDefaultConfiguration(this.deps.db, groupId);
    for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
      const current = attempt === 0 ? group : await read();
      if (!current) throw new AppError('NOT_FOUND');
      const next = mergeGroupSettings(unitConfiguration.read(current.defaultConfiguration), body);
      const count = await repo.updateGroupAtVersion(this.deps.db, groupId, current.version, { defaultConfiguration: unitConfiguration.write(next) });
      if (count === 1) return { groupId, settings: groupSettingsOf(next), version: current.version + 1 };
      if (body.version !== undefined) break;
    }
    throw new AppError('CONFLICT');
  }

  // ── Helpers (those without `private` are shared with GroupMemberService) ─────────────────

  private require(id: string): GroupRow {
    const group = this.deps.readModel.groups.get(id);
    if (!group) throw new AppError('NOT_FOUND');
    return group;
  }

  /** A group the caller may see (theirs or of their inventories); unknown and foreign both 404. */
  visible(user: AuthUser, id: string): GroupRow {
    const group = visibleGroup(this.deps.readModel, user, id);
    if (!group) throw new AppError('NOT_FOUND');
    return group;
  }

  /** Admins act on groups of their own inventories (membership is not enough); super user and staff on all. */
  adminGroup(user: AuthUser, id: string): GroupRow {
    const group = this.deps.readModel.groups.get(id);
    if (!group || !canSeeInventory(user, group.inventoryId)) throw new AppError('NOT_FOUND');
    return group;
  }

  private requireOwnInventory(user: AuthUser, inventoryId: string): void {
    if (!this.deps.readModel.inventories.get(inventoryId) || !canSeeInventory(user, inventoryId)) throw new AppError('NOT_FOUND');
  }

  inventoryName(inventoryId: string): string {
    return this.deps.readModel.inventories.get(inventoryId)?.name ?? '';
  }

  channelsOf(groupId: string) {
    return this.deps.readModel.channels
      .all()
      .filter((c) => c.groups.some((m) => m.groupId === groupId))
      .sort(byNameThenId);
  }

  /** Spec 001 §5 "Name field has to be unique": group names are unique in their inventory. */
  private assertNameFree(inventoryId: string, name: string, self: string | null): void {
    if (this.deps.readModel.groups.all().some((g) => g.inventoryId === inventoryId && g.name === name && g.id !== self)) throw nameTaken();
  }

  private nameTakenNow(group: GroupRow, name: string): boolean {
    return this.deps.readModel.groups.all().some((g) => g.inventoryId === group.inventoryId && g.name === name && g.id !== group.id);
  }

  /** Spec 001 §8 "group or channel sharing as transceiver feed cannot be removed". */
  assertNoTransceiverFeed(channelIds: readonly string[]): void {
    for (const id of channelIds) {
      const channel = this.deps.readModel.channels.get(id);
      const server = channel ? this.deps.readModel.servers.get(channel.serverId) : undefined;
      if (channel && server && isTransceiverFeed(channel, server)) throw new AppError('TRANSCEIVER_FEED_IN_USE');
    }
  }

  /**
   * The member lists given, each id one of the group's inventory (else "Invalid field" at it);
   * kinds not given stay as they are (undefined).
   */
  private async checkMembers(inventoryId: string, body: GroupMembersBody): Promise<Partial<Members>> {
    const rm = this.deps.readModel;
    const problems: FieldProblem[] = [];
    const check = (field: keyof GroupMembersBody, ids: readonly string[] | undefined, inInventory: (id: string) => boolean): string[] | undefined => {
      if (ids === undefined) return undefined;
      ids.forEach((id, i) => {
        if (!inInventory(id)) problems.push({ path: `body.members.${field}.${i}`, message: RULES.notOfInventory });
      });
      return [...new Set(ids)];
    };
    const users =
      body.userIds === undefined ? new Set<string>() : new Set(await repo.findUsersInInventory(this.deps.db, inventoryId, [...new Set(body.userIds)]));
    const out: Partial<Members> = {
      units: check('unitIds', body.unitIds, (id) => rm.units.get(id)?.inventories.some((i) => i.inventoryId === inventoryId) ?? false),
      channels: check('channelIds', body.channelIds, (id) => rm.channels.get(id)?.inventories.some((i) => i.inventoryId === inventoryId) ?? false),
      vrChannels: check('vrChannelIds', body.vrChannelIds, (id) => rm.vrChannels.get(id)?.inventories.some((i) => i.inventoryId === inventoryId) ?? false),
      users: check('userIds', body.userIds, (id) => users.has(id)),
    };
    if (problems.length > 0) throw validationError(problems);
    return out;
  }

  private async membersOf(groupId: string): Promise<Members> {
    const row = await repo.findGroupMembers(this.deps.db, groupId);
    return row ? membersOfRow(row) : emptyMembers();
  }

  /** Each kind given replaces that kind: leavers deleted, newcomers added (kept members keep their rows, e.g. an ad-hoc expiry). */
  private async setMembers(tx: DbTx, groupId: string, wanted: Partial<Members>, current: Members): Promise<void> {
    const joins: Record<MemberKind, { remove(ids: string[]): Promise<unknown>; add(ids: string[]): Promise<unknown> }> = {
      units: { remove: (ids) => repo.removeGroupUnits(tx, groupId, ids), add: (ids) => repo.addGroupUnits(tx, groupId, ids) },
      channels: { remove: (ids) => repo.removeGroupChannels(tx, groupId, ids), add: (ids) => repo.addGroupChannels(tx, groupId, ids) },
      vrChannels: { remove: (ids) => repo.removeGroupVrChannels(tx, groupId, ids), add: (ids) => repo.addGroupVrChannels(tx, groupId, ids) },
      users: { remove: (ids) => repo.removeGroupUsers(tx, groupId, ids), add: (ids) => repo.addGroupUsers(tx, groupId, ids) },
    };
    for (const kind of MEMBER_KINDS) {
      const next = wanted[kind];
      if (!next) continue;
      const gone = current[kind].filter((x) => !next.includes(x));
      const added = next.filter((x) => !current[kind].includes(x));
      if (gone.length > 0) await joins[kind].remove(gone);
      if (added.length > 0) await joins[kind].add(added);
    }
  }

  /** A membership change and the group's version, together (a form holding the old version gets 409). */
  async changeMembers(groupId: string, change: (tx: DbTx) => Promise<unknown>): Promise<void> {
    // A unique violation is the same association made meanwhile by another request.
    await unlessTaken(
      () =>
        transaction(this.deps.db, async (tx) => {
          await change(tx);
          // The group was deleted meanwhile: nothing of the change is kept.
          if ((await repo.bumpGroupVersion(tx, groupId)) === 0) throw new AppError('NOT_FOUND');
        }),
      () => new AppError('ASSOCIATION_EXISTS'),
    );
  }

  /** Member counts of these groups, from the join tables. */
  private async counts(ids: readonly string[]): Promise<Map<string, GroupCounts>> {
    const out = new Map<string, GroupCounts>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await repo.countGroupMembers(this.deps.db, ids.slice(i, i + CHUNK));
      for (const r of rows) out.set(r.id, r._count);
    }
    return out;
  }

  async rows(groups: readonly GroupRow[]): Promise<GroupListRow[]> {
    const counts = await this.counts(groups.map((g) => g.id));
    return groups.map((g) => groupListRow(g, this.inventoryName(g.inventoryId), counts.get(g.id) ?? NO_COUNTS));
  }

  private async details(groups: readonly GroupRow[]): Promise<GroupDetail[]> {
    const found = new Map<string, { members: Members; users: GroupDetail['memberNames']['users'] }>();
    const ids = groups.map((g) => g.id);
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await repo.findGroupDetails(this.deps.db, ids.slice(i, i + CHUNK));
      for (const r of rows) {
        const users = r.users.map((m) => ({
          id: m.userId,
          username: m.user.username,
          fullName: [m.user.firstName, m.user.lastName].filter((x) => x !== '').join(' '),
        }));
        found.set(r.id, { members: membersOfRow(r), users });
      }
    }
    const rm = this.deps.readModel;
    const nameOf = {
      units: (id: string) => rm.units.get(id)?.name,
      channels: (id: string) => rm.channels.get(id)?.name,
      vrChannels: (id: string) => rm.vrChannels.get(id)?.name,
    };
    return groups.map((g) => {
      const { members, users } = found.get(g.id) ?? { members: emptyMembers(), users: [] };
      return groupDetail(g, this.inventoryName(g.inventoryId), members, users, nameOf);
    });
  }

  /** The group as the list shows it now. */
  async listRow(id: string): Promise<GroupListRow> {
    return (await this.rows([this.require(id)]))[0]!;
  }
}

export const groupCalls = callsOf<GroupService>()({
  lightFetchGroups: (s, _input, user) => s.lightGroups(user),
  updateGroupUnitSettings: (s, { params, body }, user) => s.updateGroupUnitSettings(user, params.id, body),
  fetchGroups: (s, _input, user) => s.fetchGroups(user),
  listAdminInventoryGroups: (s, { params, query }, user) => s.searchAdmin(user, query, params.id),
  searchAdminGroups: (s, { query }, user) => s.searchAdmin(user, query),
  getAdminGroup: (s, { params }, user) => s.adminDetail(user, params.id),
  updateAdminGroup: (s, { params, body }, user) => s.adminUpdate(user, params.id, body),
  deleteAdminGroup: async (s, { params }, user) => {
    await s.remove(user, [params.id], true);
    return { id: params.id, deleted: true as const };
  },
  createAdminGroup: (s, { body }, user) => s.create(user, body),
  fetchGroupDetails: (s, { query }, user) => s.fetchDetails(user, query),
  updateGroup: (s, { body }, user) => s.consoleUpdate(user, body),
  updateGroupDetails: (s, { body }, user) => s.consoleUpdate(user, body),
  addGroup: (s, { body }, user) => s.create(user, body),
  addGroupDetails: (s, { body }, user) => s.create(user, body),
  removeGroups: async (s, { body }, user) => ({ removed: await s.remove(user, body.ids, false) }),
  getGroupDefaultConfiguration: async (s, { params }, user) => s.defaultConfiguration(user, params.id),
  createGroupDefaultConfiguration: (s, { params, body }, user) => s.createDefaultConfiguration(user, params.id, body),
  updateGroupDefaultConfiguration: (s, { params, body }, user) => s.updateDefaultConfiguration(user, params.id, body),
});
