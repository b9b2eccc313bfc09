/**
 * A group's members (spec 001 §7 Groups): the admin member pages (units, channels, video return
 * channels, users), the admin channel and video return channel associations, and the reads the
 * unit area needs (the groups of a list of units, a group's multi-camera channels). The group
 * itself — who may act on it, its list row, `group.changed` — is GroupService's.
 *
 * Rules chosen where the spec is silent: a group shares channels and video return channels of its
 * own inventory (another inventory's: 404, as an unknown one); removing one that is not in the
 * group changes nothing; a channel a transceiver shares as its feed stays (spec 001 §8).
 */
import {
  VALIDATION,
  VrChannelStatus,
  type ChannelLive,
  type GroupChannelPage,
  type GroupListRow,
  type GroupMembersQuery,
  type GroupUnitPage,
  type GroupUserPage,
  type GroupVrChannelPage,
  type MachineGroups,
  type UnitGroupRef,
} from '@fleet/contracts';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { parseOr } from '../../platform/storage/json-column.js';
import type { ChannelRecord, GroupRow } from '../../platform/storage/read-model.js';
import { canSeeGroup, canSeeUnit, type AuthUser } from '../../platform/access.js';
import { toChannelLive } from '../channels/presenter.js';
import type { GroupService } from './groups.js';
import { byNameThenId } from '../../platform/order.js';
import type { ServiceDeps } from '../deps.js';
import * as repo from './repository.js';
import { pageRows } from '../../platform/paging.js';

/** What a channel and a video return channel share: their groups and inventories. */
type Shareable = Pick<ChannelRecord, 'groups' | 'inventories'>;

export class GroupMemberService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly groups: GroupService,
  ) {}

  // ── Members (admin pages) ──────────────────────────────────────────────────────────────────

  unitPage(user: AuthUser, id: string, q: GroupMembersQuery): GroupUnitPage {
    this.groups.adminGroup(user, id);
    const units = this.deps.readModel.units.all().filter((u) => u.groups.some((m) => m.groupId === id));
    const items = pageRows(units, q).map((u) => ({ id: u.id, name: u.name, productType: u.productType, status: u.status }));
    return { items, total: units.length, offset: q.offset, limit: q.limit };
  }

  channelPage(user: AuthUser, id: string, q: GroupMembersQuery): GroupChannelPage {
    this.groups.adminGroup(user, id);
    const channels = this.groups.channelsOf(id);
    const items = pageRows(channels, q).map((c) => {
      const live = toChannelLive(c, this.deps.readModel.servers.get(c.serverId));
      return { id: c.id, name: c.name, type: live.type, status: live.status, serverId: c.serverId };
    });
    return { items, total: channels.length, offset: q.offset, limit: q.limit };
  }

  vrChannelPage(user: AuthUser, id: string, q: GroupMembersQuery): GroupVrChannelPage {
    this.groups.adminGroup(user, id);
    const vrChannels = this.deps.readModel.vrChannels
      .all()
      .filter((v) => v.groups.some((m) => m.groupId === id))
      .sort(byNameThenId);
    const items = pageRows(vrChannels, q).map((v) => ({ id: v.id, name: v.name, status: parseOr(VrChannelStatus, v.status, 'offline' as const) }));
    return { items, total: vrChannels.length, offset: q.offset, limit: q.limit };
  }

  async userPage(user: AuthUser, id: string, q: GroupMembersQuery): Promise<GroupUserPage> {
    this.groups.adminGroup(user, id);
    // The users themselves, each page in one statement (memberships then their users, in two, could meet a user
    // deleted in between and fail the read on PostgreSQL).
    const [total, items] = await Promise.all([repo.countGroupUsers(this.deps.db, id), repo.findGroupUserPage(this.deps.db, id, q.offset, q.limit)]);
    return { items, total, offset: q.offset, limit: q.limit };
  }

  // ── Associations (admin) ───────────────────────────────────────────────────────────────────

  /** A channel of the group's inventory joins the group; one already in it: "Association already exists". */
  async addChannel(user: AuthUser, id: string, channelId: string): Promise<GroupListRow> {
    if (this.shared(user, id, this.deps.readModel.channels.get(channelId)).member) throw new AppError('ASSOCIATION_EXISTS');
    await this.groups.changeMembers(id, (tx) => repo.addGroupChannel(tx, id, channelId));
    return this.groups.listRow(id);
  }

  /** Removing a channel that is not in the group changes nothing; a transceiver's shared feed stays (spec 001 §8). */
  async removeChannel(user: AuthUser, id: string, channelId: string): Promise<GroupListRow> {
    const { group, member } = this.shared(user, id, this.deps.readModel.channels.get(channelId));
    if (!member) return (await this.groups.rows([group]))[0]!;
    this.groups.assertNoTransceiverFeed([channelId]);
    await this.groups.changeMembers(id, (tx) => repo.removeGroupChannel(tx, id, channelId));
    return this.groups.listRow(id);
  }

  async addVrChannel(user: AuthUser, id: string, vrChannelId: string): Promise<GroupListRow> {
    if (this.shared(user, id, this.deps.readModel.vrChannels.get(vrChannelId)).member) throw new AppError('ASSOCIATION_EXISTS');
    await this.groups.changeMembers(id, (tx) => repo.addGroupVrChannel(tx, id, vrChannelId));
    return this.groups.listRow(id);
  }

  async removeVrChannel(user: AuthUser, id: string, vrChannelId: string): Promise<GroupListRow> {
    const { group, member } = this.shared(user, id, this.deps.readModel.vrChannels.get(vrChannelId));
    if (!member) return (await this.groups.rows([group]))[0]!;
    await this.groups.changeMembers(id, (tx) => repo.removeGroupVrChannel(tx, id, vrChannelId));
    return this.groups.listRow(id);
  }

  /**
   * The admin's group and whether the channel (or video return channel) is in it. Only one of the
   * group's inventory, or one already in the group, may be named: others answer 404 like unknown ones.
   */
  private shared(user: AuthUser, groupId: string, row: Shareable | undefined): { group: GroupRow; member: boolean } {
    const group = this.groups.adminGroup(user, groupId);
    const member = row?.groups.some((g) => g.groupId === groupId) ?? false;
    if (!row || !(member || row.inventories.some((i) => i.inventoryId === group.inventoryId))) throw new AppError('NOT_FOUND');
    return { group, member };
  }

  // ── Reads the unit area needs ──────────────────────────────────────────────────────────────

  /** For each unit (comma-separated ids), its groups the caller may see; a unit the caller cannot see answers 404. */
  machineGroups(user: AuthUser, unitIds: string): MachineGroups {
    const ids = [
      ...new Set(
        unitIds
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== ''),
      ),
    ];
    if (ids.length === 0) throw validationError([{ path: 'query.unitIds', message: VALIDATION.required }]);
    return ids.map((unitId) => {
      const unit = this.deps.readModel.units.get(unitId);
      if (!unit || !canSeeUnit(user, { inventoryIds: unit.inventories.map((i) => i.inventoryId), groupIds: unit.groups.map((g) => g.groupId) })) {
        throw new AppError('NOT_FOUND');
      }
      const groups = unit.groups
        .map((m) => this.deps.readModel.groups.get(m.groupId))
        .filter((g): g is GroupRow => g !== undefined && canSeeGroup(user, g))
        .sort(byNameThenId)
        .map((g): UnitGroupRef => ({ id: g.id, name: g.name, inventoryId: g.inventoryId, inventoryName: this.groups.inventoryName(g.inventoryId) }));
      return { unitId, groups };
    });
  }

  /** The group's channels a unit can stream to (every type but input: those take their video from elsewhere), by name. */
  multiChannels(user: AuthUser, id: string): ChannelLive[] {
    this.groups.visible(user, id);
    return this.groups
      .channelsOf(id)
      .map((c) => toChannelLive(c, this.deps.readModel.servers.get(c.serverId)))
      .filter((c) => !c.isInput);
  }
}

export const groupMemberCalls = callsOf<GroupMemberService>()({
  getAdminGroupUnits: async (s, { params, query }, user) => s.unitPage(user, params.id, query),
  getAdminGroupChannels: async (s, { params, query }, user) => s.channelPage(user, params.id, query),
  getAdminGroupVrChannels: async (s, { params, query }, user) => s.vrChannelPage(user, params.id, query),
  getAdminGroupUsers: (s, { params, query }, user) => s.userPage(user, params.id, query),
  addAdminGroupChannel: (s, { params }, user) => s.addChannel(user, params.id, params.channelId),
  removeAdminGroupChannel: (s, { params }, user) => s.removeChannel(user, params.id, params.channelId),
  addAdminGroupVrChannel: (s, { params }, user) => s.addVrChannel(user, params.id, params.vrChannelId),
  removeAdminGroupVrChannel: (s, { params }, user) => s.removeVrChannel(user, params.id, params.vrChannelId),
  fetchMachineGroups: async (s, { query }, user) => s.machineGroups(user, query.unitIds),
  getGroupMultiChannels: async (s, { params }, user) => s.multiChannels(user, params.id),
});
