/**
 * Video return channel calls of spec 001 §7: the /video_return screen's list (by group) and its
 * configuration tab, capabilities, input sources and addresses; the admin calls (search, by uid,
 * create, update with feed sharing, delete, inventories, groups).
 *
 * Reads come from the read model. A configuration change goes to the channel's server as
 * `configureVrChannel` first and is stored only once the device accepted it (a refused or unsent
 * change changes nothing). Every change of a row (configuration, memberships, device status) is
 * announced as `vrChannel.changed` to the channel's group and inventory topics, and a channel that
 * left a topic (or was deleted) as `vrChannel.removed` there.
 */
import { randomUUID } from 'node:crypto';
import {
  VALIDATION,
  VrChannelStatus,
  groupTopic,
  inventoryTopic,
  type AdminVrChannelDeleted,
  type AdminVrChannelGroup,
  type AdminVrChannelGroupPage,
  type AdminVrChannelGroupsQuery,
  type AdminVrChannelInventory,
  type AdminVrChannelPage,
  type AdminVrChannelSearchQuery,
  type CreateAdminVrChannelBody,
  type FieldProblem,
  type GroupVrChannelList,
  type UpdateAdminVrChannelBody,
  type VrChannelCapabilities,
  type VrChannelConfigurationChange,
  type VrChannelDetail,
  type VrChannelInputSources,
  type VrChannelIps,
  RULES,
} from '@fleet/contracts';
import { transaction, type Prisma } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { jsonObject, parseOr, stringList } from '../../platform/storage/json-column.js';
import type { ChangeOrigin, VrChannelRecord } from '../../platform/storage/read-model.js';
import { unlessTaken, atVersion } from '../../platform/versioned-write.js';
import { canSeeInventory, canSeeSomeInventory, type AuthUser } from '../../platform/access.js';
import type { ServiceDeps } from '../deps.js';
import { byNameThenId, compareText } from '../../platform/order.js';
import { pageOf, pageRows } from '../../platform/paging.js';
import { deviceRefusal } from '../../platform/device-refusal.js';
import { configurationOf, countByStatus, inputTypesOf, presentVrChannel, type VrConfiguration, type VrInputType } from './presenter.js';
import * as repo from './repository.js';

/** The configuration the device receives (the configuration tab). */

const SEARCH_COLUMN = {
  name: (r: VrChannelRecord) => r.name,
  uniqueId: (r: VrChannelRecord) => r.id,
  serialNumber: (r: VrChannelRecord) => r.serialNumber ?? '',
  status: (r: VrChannelRecord) => r.status,
  description: (r: VrChannelRecord) => r.description,
  createdAt: (r: VrChannelRecord) => r.createdAt.toISOString(),
  updatedAt: (r: VrChannelRecord) => r.updatedAt.toISOString(),
} as const;

export class VideoReturnService {
  /** The topics each known channel was last announced on (to tell those it leaves). */
  private readonly topics = new Map<string, string[]>();

  constructor(private readonly deps: ServiceDeps) {
    deps.readModel.vrChannels.onChange((id, row, origin) => this.announce(id, row, origin));
  }

  // ── the /video_return screen ────────────────────────────────────────────────────────────────

  /** GET v0/groups/{groupId}/video-return-channels (group scope checked by the route). */
  listByGroup(groupId: string): GroupVrChannelList {
    const rows = this.deps.readModel.vrChannels.all().filter((v) => v.groups.some((g) => g.groupId === groupId));
    const items = [...rows].sort(byNameThenId).map((r) => this.toDetail(r));
    return { groupId, items, counters: countByStatus(items) };
  }

  /** POST v0/video-return-channels/{uniqueId}/update (scope checked by the route). */
  async update(id: string, change: VrChannelConfigurationChange): Promise<VrChannelDetail> {
    const row = this.require(id);
    if (change.version !== undefined && change.version !== row.version) throw new AppError('CONFLICT');
    const current = configurationOf(row);
    const next: VrConfiguration = {
      inputType: change.inputType ?? current.inputType,
      url: change.url !== undefined ? change.url : current.url,
      passphrase: change.passphrase !== undefined ? change.passphrase : current.passphrase,
      destinationPort: change.destinationPort !== undefined ? change.destinationPort : current.destinationPort,
      latency: change.latency !== undefined ? change.latency : current.latency,
    };
    // An SRT input listens to a URL: switching to SRT (or clearing the URL of one) needs it.
    if (next.inputType === 'srt' && next.url === null) {
      throw validationError([{ path: 'body.channel.url', message: VALIDATION.required }]);
    }
    if (change.name !== undefined && change.name !== row.name) this.assertNameFree(change.name, id, 'body.channel.name');
    const configChanged = (Object.keys(next) as (keyof VrConfiguration)[]).some((k) => next[k] !== current[k]);
    const labelChanged =
      (change.name !== undefined && change.name !== row.name) || (change.description !== undefined && change.description !== row.description);
    // Nothing to change: no write, no version bump, no event.
    if (!configChanged && !labelChanged) return this.toDetail(row);
    if (configChanged) await this.sendToDevice(row, 'configuration', next);
    await this.store(
      row,
      {
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(change.description !== undefined ? { description: change.description } : {}),
        ...(configChanged ? next : {}),
      },
      'body.channel.name',
    );
    return this.detail(id);
  }

  /**
   * Store a change made on `seen`. The device's own status reports (which our command may cause
   * while it is on its way) bump the row's version too, so the check is on what the user edits:
   * if the name, description or configuration changed since `seen`, someone else edited it (409).
   */
  private async store(seen: VrChannelRecord, data: Prisma.VideoReturnChannelUncheckedUpdateManyInput, namePath: string): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const latest = this.require(seen.id);
      if (editedSince(seen, latest)) throw new AppError('CONFLICT');
      const count = await unlessTaken(
        () => repo.updateVrChannelAtVersion(this.deps.db, seen.id, latest.version, data),
        () => nameTaken(namePath),
      );
      if (count === 1) return;
    }
    throw new AppError('CONFLICT');
  }

  getCapabilities(id: string): VrChannelCapabilities {
    const row = this.require(id);
    return { uniqueId: id, inputTypes: inputTypesOf(row), capabilities: jsonObject.read(row.capabilities) };
  }

  getInputSources(id: string): VrChannelInputSources {
    const row = this.require(id);
    return {
      uniqueId: id,
      selected: configurationOf(row).inputType,
      available: inputTypesOf(row),
      status: parseOr(VrChannelStatus, row.status, 'offline'),
      version: row.version,
    };
  }

  /** POST v2/vrChannels/{id}/inputSources: the input type, through the configuration path. */
  async setInputSource(id: string, inputType: VrInputType, version: number | undefined): Promise<VrChannelInputSources> {
    const row = this.require(id);
    if (!inputTypesOf(row).includes(inputType)) throw validationError([{ path: 'body.inputType', message: RULES.inputTypeNotOffered }]);
    await this.update(id, { inputType, ...(version !== undefined ? { version } : {}) });
    return this.getInputSources(id);
  }

  getIps(id: string): VrChannelIps {
    const row = this.require(id);
    return { uniqueId: id, ips: stringList.read(row.ips) };
  }

  // ── admin ────────────────────────────────────────────────────────────────────────────────────

  search(user: AuthUser, q: AdminVrChannelSearchQuery, inventoryId?: string): AdminVrChannelPage {
    const value = (q.searchValue ?? '').toLowerCase();
    const column = SEARCH_COLUMN[q.searchKey];
    const sortBy = SEARCH_COLUMN[q.sortBy];
    const dir = q.sortDir === 'asc' ? 1 : -1;
    const rows = this.deps.readModel.vrChannels
      .all()
      .filter((r) => this.adminSees(user, r))
      .filter((r) => inventoryId === undefined || r.inventories.some((i) => i.inventoryId === inventoryId))
      .filter((r) => value === '' || column(r).toLowerCase().includes(value))
      .sort((a, b) => dir * compareText(sortBy(a), sortBy(b)) || compareText(a.id, b.id));
    return pageOf(rows, q, (r) => this.toDetail(r));
  }

  searchInventory(user: AuthUser, inventoryId: string, q: AdminVrChannelSearchQuery): AdminVrChannelPage {
    if (!this.deps.readModel.inventories.get(inventoryId) || !canSeeInventory(user, inventoryId)) throw new AppError('NOT_FOUND');
    return this.search(user, q, inventoryId);
  }

  adminGet(user: AuthUser, id: string): VrChannelDetail {
    return this.toDetail(this.adminRow(user, id));
  }

  adminInventories(user: AuthUser, id: string): AdminVrChannelInventory[] {
    const row = this.adminRow(user, id);
    return row.inventories
      .filter((i) => canSeeInventory(user, i.inventoryId))
      .map((i) => ({ id: i.inventoryId, name: this.deps.readModel.inventories.get(i.inventoryId)?.name ?? '' }))
      .sort(byNameThenId);
  }

  /** GET .../groups: the groups (of the admin's inventories) the channel is shared with. */
  adminGroups(user: AuthUser, id: string, q: AdminVrChannelGroupsQuery): AdminVrChannelGroupPage {
    const row = this.adminRow(user, id);
    const shared = new Set(row.groups.map((g) => g.groupId));
    return this.groupPage(user, row, q, (g) => shared.has(g.id));
  }

  /** GET .../groups/ofInventories: every group of the channel's inventories, marked shared or not. */
  adminGroupsOfInventories(user: AuthUser, id: string, q: AdminVrChannelGroupsQuery): AdminVrChannelGroupPage {
    const row = this.adminRow(user, id);
    const inventories = new Set(row.inventories.map((i) => i.inventoryId));
    return this.groupPage(user, row, q, (g) => inventories.has(g.inventoryId));
  }

  async create(user: AuthUser, body: CreateAdminVrChannelBody): Promise<VrChannelDetail> {
    const problems: FieldProblem[] = [];
    const inventoryIds = [...new Set(body.inventoryIds)];
    body.inventoryIds.forEach((inv, i) => {
      if (!this.deps.readModel.inventories.get(inv) || !canSeeInventory(user, inv))
        problems.push({ path: `body.inventoryIds.${i}`, message: RULES.unknownInventory });
    });
    const groupIds = [...new Set(body.groupIds ?? [])];
    (body.groupIds ?? []).forEach((g, i) => {
      const group = this.deps.readModel.groups.get(g);
      // A group the caller does not see is answered as one that does not exist.
      if (!group || !inventoryIds.includes(group.inventoryId))
        problems.push({
          path: `body.groupIds.${i}`,
          message: group && canSeeInventory(user, group.inventoryId) ? RULES.groupNotOfInventories : RULES.unknownGroup,
        });
    });
    if (body.serverId !== undefined && body.serverId !== null && !this.usableServer(user, body.serverId, inventoryIds)) {
      problems.push({ path: 'body.serverId', message: RULES.vrServerOfInventories });
    }
    if (problems.length > 0) throw validationError(problems);
    const id = body.uniqueId ?? `VRC-${randomUUID().slice(0, 8).toUpperCase()}`;
    if (this.deps.readModel.vrChannels.get(id)) throw validationError([{ path: 'body.uniqueId', message: VALIDATION.fieldUnique }]);
    this.assertNameFree(body.name, id, 'body.name');
    await unlessTaken(
      () =>
        transaction(this.deps.db, async (tx) => {
          await repo.createVrChannel(tx, {
            id,
            name: body.name,
            description: body.description ?? '',
            serialNumber: body.serialNumber ?? null,
            serverId: body.serverId ?? null,
            // A new channel is offline until its server reports it.
            status: 'offline',
            inputType: 'disabled',
          });
          await repo.addVrChannelInventories(tx, id, inventoryIds);
          if (groupIds.length > 0) await repo.addVrChannelGroups(tx, id, groupIds);
        }),
      () => nameTaken('body.name'),
    );
    return this.detail(id);
  }

  async adminUpdate(user: AuthUser, id: string, body: UpdateAdminVrChannelBody): Promise<VrChannelDetail> {
    const row = this.adminRow(user, id);
    if (body.version !== undefined && body.version !== row.version) throw new AppError('CONFLICT');
    const problems: FieldProblem[] = [];
    // Associations the admin manages are those of their inventories; the others stay as they are.
    const heldInventories = row.inventories.map((i) => i.inventoryId);
    let inventoryIds = heldInventories;
    if (body.inventoryIds !== undefined) {
      body.inventoryIds.forEach((inv, i) => {
        if (!this.deps.readModel.inventories.get(inv) || !canSeeInventory(user, inv))
          problems.push({ path: `body.inventoryIds.${i}`, message: RULES.unknownInventory });
      });
      inventoryIds = [...new Set([...heldInventories.filter((inv) => !canSeeInventory(user, inv)), ...body.inventoryIds])];
      if (inventoryIds.length === 0) problems.push({ path: 'body.inventoryIds', message: VALIDATION.required });
    }
    const heldGroups = row.groups.map((g) => g.groupId);
    let groupIds = heldGroups;
    if (body.groupIds !== undefined) {
      body.groupIds.forEach((gid, i) => {
        const group = this.deps.readModel.groups.get(gid);
        // A group the caller does not see is answered as one that does not exist.
        if (!group || !canSeeInventory(user, group.inventoryId) || !inventoryIds.includes(group.inventoryId))
          problems.push({
            path: `body.groupIds.${i}`,
            message: group && canSeeInventory(user, group.inventoryId) ? RULES.groupNotOfInventories : RULES.unknownGroup,
          });
      });
      groupIds = [...new Set([...heldGroups.filter((g) => !this.managesGroup(user, g)), ...body.groupIds])];
    }
    // A group of an inventory the channel left is no longer shared.
    groupIds = groupIds.filter((g) => {
      const group = this.deps.readModel.groups.get(g);
      return group !== undefined && inventoryIds.includes(group.inventoryId);
    });
    if (body.serverId !== undefined && body.serverId !== null && body.serverId !== row.serverId && !this.usableServer(user, body.serverId, inventoryIds)) {
      problems.push({ path: 'body.serverId', message: RULES.vrServerOfInventories });
    }
    if (problems.length > 0) throw validationError(problems);
    if (body.name !== undefined && body.name !== row.name) this.assertNameFree(body.name, id, 'body.name');
    const data: Prisma.VideoReturnChannelUncheckedUpdateManyInput = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.serialNumber !== undefined ? { serialNumber: body.serialNumber } : {}),
      ...(body.serverId !== undefined ? { serverId: body.serverId } : {}),
    };
    const addInv = inventoryIds.filter((i) => !heldInventories.includes(i));
    const dropInv = heldInventories.filter((i) => !inventoryIds.includes(i));
    const addGroups = groupIds.filter((g) => !heldGroups.includes(g));
    const dropGroups = heldGroups.filter((g) => !groupIds.includes(g));
    await unlessTaken(
      () =>
        transaction(this.deps.db, async (tx) => {
          await atVersion(repo.updateVrChannelAtVersion(tx, id, row.version, data));
          if (dropGroups.length > 0) await repo.removeVrChannelGroups(tx, id, dropGroups);
          if (dropInv.length > 0) await repo.removeVrChannelInventories(tx, id, dropInv);
          if (addInv.length > 0) await repo.addVrChannelInventories(tx, id, addInv);
          if (addGroups.length > 0) await repo.addVrChannelGroups(tx, id, addGroups);
        }),
      () => nameTaken('body.name'),
    );
    return this.detail(id);
  }

  async adminDelete(user: AuthUser, id: string): Promise<AdminVrChannelDeleted> {
    const row = this.adminRow(user, id);
    // Removing a channel from inventories that are not theirs is not for a non-global admin.
    if (!row.inventories.every((i) => canSeeInventory(user, i.inventoryId))) throw new AppError('NOT_AVAILABLE_FOR_USER_TYPE');
    // A unit is taking video return from it: deleting it would cut the feed.
    if (row.status === 'collecting') throw new AppError('VR_CHANNEL_BUSY');
    await atVersion(repo.deleteVrChannelAtVersion(this.deps.db, id, row.version));
    return { uniqueId: id, deleted: true };
  }

  // ── shapes and helpers ───────────────────────────────────────────────────────────────────────

  toDetail(r: VrChannelRecord): VrChannelDetail {
    return presentVrChannel(r, r.serverId === null ? null : (this.deps.readModel.servers.get(r.serverId)?.name ?? null));
  }

  private require(id: string): VrChannelRecord {
    const row = this.deps.readModel.vrChannels.get(id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  private detail(id: string): VrChannelDetail {
    return this.toDetail(this.require(id));
  }

  /** Unknown and foreign (none of its inventories is the admin's) both 404. */
  private adminRow(user: AuthUser, id: string): VrChannelRecord {
    const row = this.deps.readModel.vrChannels.get(id);
    if (!row || !this.adminSees(user, row)) throw new AppError('NOT_FOUND');
    return row;
  }

  private adminSees(user: AuthUser, row: VrChannelRecord): boolean {
    return canSeeSomeInventory(user, row.inventories);
  }

  private managesGroup(user: AuthUser, groupId: string): boolean {
    const group = this.deps.readModel.groups.get(groupId);
    return group !== undefined && canSeeInventory(user, group.inventoryId);
  }

  /** A video return server of the admin's (global: any) that sits in one of the channel's inventories or in none. */
  private usableServer(user: AuthUser, serverId: string, inventoryIds: readonly string[]): boolean {
    const server = this.deps.readModel.servers.get(serverId);
    if (!server || server.serverType !== 'vr_server') return false;
    if (server.inventoryId === null) return user.global;
    return canSeeInventory(user, server.inventoryId) && inventoryIds.includes(server.inventoryId);
  }

  private assertNameFree(name: string, exceptId: string, path: string): void {
    if (this.deps.readModel.vrChannels.all().some((v) => v.name === name && v.id !== exceptId)) throw nameTaken(path);
  }

  private groupPage(
    user: AuthUser,
    row: VrChannelRecord,
    q: AdminVrChannelGroupsQuery,
    include: (g: { id: string; inventoryId: string }) => boolean,
  ): AdminVrChannelGroupPage {
    const shared = new Set(row.groups.map((g) => g.groupId));
    const value = (q.searchValue ?? '').toLowerCase();
    const dir = q.sortDir === 'asc' ? 1 : -1;
    const groups = this.deps.readModel.groups
      .all()
      .filter((g) => include(g) && canSeeInventory(user, g.inventoryId))
      .filter((g) => value === '' || g.name.toLowerCase().includes(value))
      .sort((a, b) => dir * compareText(a.name, b.name) || compareText(a.id, b.id));
    const items: AdminVrChannelGroup[] = pageRows(groups, q).map((g) => ({
      id: g.id,
      name: g.name,
      inventoryId: g.inventoryId,
      inventoryName: this.deps.readModel.inventories.get(g.inventoryId)?.name ?? '',
      associated: shared.has(g.id),
    }));
    return { items, total: groups.length, offset: q.offset, limit: q.limit };
  }

  /** The device first: a channel without a server, an offline server or a refusal change nothing. */
  private async sendToDevice(row: VrChannelRecord, setting: string, payload: VrConfiguration): Promise<void> {
    if (row.serverId === null) throw new AppError('DEVICE_UNREACHABLE');
    const ack = await this.deps.gateway.sendToServer(row.serverId, { type: 'configureVrChannel', vrChannelId: row.id, setting, payload });
    if (!ack.ok) throw deviceRefusal(ack);
  }

  /** Realtime: every row change as `vrChannel.changed`; topics the channel left hear `vrChannel.removed`. */
  /**
   * Topics are followed for every change; only this instance's own writes are announced (another
   * instance's were announced where they were made, and reach our subscribers through the broker;
   * the first load is no news).
   */
  private announce(id: string, row: VrChannelRecord | undefined, origin: ChangeOrigin): void {
    const before = this.topics.get(id);
    const at = this.deps.clock.now();
    const now = row ? topicsOf(row) : [];
    if (row) this.topics.set(id, now);
    else this.topics.delete(id);
    if (origin !== 'local') return;
    if (!row) {
      if (before && before.length > 0) this.deps.hub.publish(before, { type: 'vrChannel.removed', uniqueId: id, at });
      return;
    }
    const left = (before ?? []).filter((t) => !now.includes(t));
    if (left.length > 0) this.deps.hub.publish(left, { type: 'vrChannel.removed', uniqueId: id, at });
    if (now.length > 0) this.deps.hub.publish(now, { type: 'vrChannel.changed', vrChannel: this.toDetail(row), at });
  }
}

// ── pure helpers ───────────────────────────────────────────────────────────────────────────

/** Whether what users edit (name, description, configuration) differs between two reads of a row. */
function editedSince(a: VrChannelRecord, b: VrChannelRecord): boolean {
  const ca = configurationOf(a);
  const cb = configurationOf(b);
  return a.name !== b.name || a.description !== b.description || (Object.keys(ca) as (keyof VrConfiguration)[]).some((k) => ca[k] !== cb[k]);
}

function nameTaken(path: string): AppError {
  return new AppError('NAME_IN_USE', [{ path, message: VALIDATION.nameUnique }], VALIDATION.nameUnique);
}

function topicsOf(row: VrChannelRecord): string[] {
  return [...row.groups.map((g) => groupTopic(g.groupId)), ...row.inventories.map((i) => inventoryTopic(i.inventoryId))];
}

export const videoReturnCalls = callsOf<VideoReturnService>()({
  listGroupVrChannels: (s, { params }) => Promise.resolve(s.listByGroup(params.groupId)),
  updateVrChannel: (s, { params, body }) => s.update(params.uniqueId, body.channel),
  getVrChannelCapabilities: (s, { params }) => Promise.resolve(s.getCapabilities(params.id)),
  getVrChannelInputSources: (s, { params }) => Promise.resolve(s.getInputSources(params.id)),
  setVrChannelInputSource: (s, { params, body }) => s.setInputSource(params.id, body.inputType, body.version),
  getVrChannelIps: (s, { params }) => Promise.resolve(s.getIps(params.id)),
  listAdminInventoryVrChannels: (s, { params, query }, user) => Promise.resolve(s.searchInventory(user, params.id, query)),
  searchAdminVrChannels: (s, { query }, user) => Promise.resolve(s.search(user, query)),
  getAdminVrChannel: (s, { params }, user) => Promise.resolve(s.adminGet(user, params.uid)),
  updateAdminVrChannel: (s, { params, body }, user) => s.adminUpdate(user, params.uid, body),
  deleteAdminVrChannel: (s, { params }, user) => s.adminDelete(user, params.uid),
  createAdminVrChannel: (s, { body }, user) => s.create(user, body),
  getAdminVrChannelInventories: (s, { params }, user) => Promise.resolve(s.adminInventories(user, params.id)),
  getAdminVrChannelGroups: (s, { params, query }, user) => Promise.resolve(s.adminGroups(user, params.id, query)),
  getAdminVrChannelGroupsOfInventories: (s, { params, query }, user) => Promise.resolve(s.adminGroupsOfInventories(user, params.id, query)),
});
