/**
 * Channel reads, admin channel calls and associations of spec 001 §7 Channels: the /channels list
 * with its counters, the manage-channel details, the admin list / create / update / delete,
 * inventory associations, point-to-multipoint receivers; `channel.changed` / `channel.removed` on
 * /ws. A channel's live state, shared by every read of the platform slice, is `toChannelLive`
 * (presenter.ts); the rules on stored rows are in channel-rules.ts.
 *
 * Reads come from the read model; writes go to storage (the read model follows before the write
 * resolves); a configuration the device must apply is sent to the server first and stored only
 * once it accepted.
 */
import { z } from 'zod';
import {
  VALIDATION,
  groupTopic,
  inventoryTopic,
  type AdminChannelPage,
  type AdminChannelSearchQuery,
  type ChannelDetails,
  type ChannelFetchQuery,
  type ChannelIngestAssociation,
  type ChannelList,
  type ChannelLive,
  type ChannelPtmp,
  type ChannelStatusInfo,
  type CreateAdminChannelBody,
  type ServerCommand,
  type UpdateAdminChannelBody,
  type UpdatePtmpBody,
  RULES,
} from '@fleet/contracts';
import { channelStatusClass, countChannels, deriveChannelType, groupChannelStatus, hasChannelMark, newChannelGeneral } from '@fleet/domain';
import { transaction } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { writableObject } from '../../platform/storage/json-column.js';
import { mergeIntoChannel } from './channel-rows.js';
import type { ChangeOrigin, ChannelRecord } from '../../platform/storage/read-model.js';
import { adminVisibleChannel, canSeeChannel, visibleChannel, visibleGroup, type AuthUser } from '../../platform/access.js';
import { inputSourcesOf, logsOf } from './channel-tabs.js';
import { addToInventory, removeFromInventory } from '../../platform/inventory-associations.js';
import type { ServiceDeps } from '../deps.js';
import { byNameThenId, compareText } from '../../platform/order.js';
import { pageOf } from '../../platform/paging.js';
import { deviceRefusal } from '../../platform/device-refusal.js';
import { isTransceiverFeed, licensedOutputs, mergeGeneral, usedByIngest } from './channel-rules.js';
import { ChannelChecks } from './channel-checks.js';
import { ADMIN_SORT_KEY, channelConfiguration, channelType, generalOf, toChannelLive, typeFlags } from './presenter.js';
import * as repo from './repository.js';
import { atVersion } from '../../platform/versioned-write.js';

/** /channels answers kept between changes (scopes × filters); see `ChannelService.lists`. */
const LISTS_KEPT = 32;

export class ChannelService {
  /** The checks a write passes against the server's other channels (channel-checks.ts). */
  private readonly checks = new ChannelChecks(
    () => this.deps.readModel.channels.all(),
    (row) => this.live(row),
  );
  /** The topics each channel was last announced on (to tell the topics it left). */
  private readonly topics = new Map<string, readonly string[]>();
  /** Every channel by name, kept until a channel changes (sorting 10,000 per request showed in profiles). */
  private byName: readonly ChannelRecord[] | null = null;
  /**
   * The /channels lists answered since the last change, by caller scope and filters, frozen: the
   * same object is answered again while nothing changed, so its text is written once (the answer
   * writer keeps the text of a frozen answer). An answer depends on the channels, their servers
   * (toChannelLive) and, through the access checks, groups and inventories: a change of any drops
   * them all.
   */
  private readonly lists = new Map<string, ChannelList>();

  constructor(private readonly deps: ServiceDeps) {
    deps.readModel.channels.onChange((id, row, origin) => {
      this.byName = null;
      this.lists.clear();
      this.announce(id, row, origin);
    });
    for (const table of [deps.readModel.servers, deps.readModel.groups, deps.readModel.inventories]) table.onChange(() => this.lists.clear());
  }

  // ── Realtime ───────────────────────────────────────────────────────────────────────────────
  /**
   * Topics are followed for every change; only this instance's own writes are announced (another
   * instance's were announced where they were made, and reach our subscribers through the broker;
   * the first load is no news).
   */
  private announce(id: string, row: ChannelRecord | undefined, origin: ChangeOrigin): void {
    const before = this.topics.get(id) ?? [];
    const at = this.deps.clock.now();
    const now = row ? [...row.groups.map((g) => groupTopic(g.groupId)), ...row.inventories.map((i) => inventoryTopic(i.inventoryId))] : [];
    if (row) this.topics.set(id, now);
    else this.topics.delete(id);
    if (origin !== 'local') return;
    if (!row) {
      if (before.length > 0) this.deps.hub.publish(before, { type: 'channel.removed', channelId: id, at });
      return;
    }
    const left = before.filter((t) => !now.includes(t));
    if (left.length > 0) this.deps.hub.publish(left, { type: 'channel.removed', channelId: id, at });
    if (now.length > 0) this.deps.hub.publish(now, { type: 'channel.changed', channel: this.live(row), at });
  }

  // ── Reads ──────────────────────────────────────────────────────────────────────────────────
  live(row: ChannelRecord): ChannelLive {
    return toChannelLive(row, this.deps.readModel.servers.get(row.serverId));
  }

  /** The channel if the caller sees it (the catalogue's scope checked it already for scoped calls). */
  private visible(user: AuthUser, id: string): ChannelRecord {
    const row = visibleChannel(this.deps.readModel, user, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** Admins act on channels of their own inventories; super user and staff on all. */
  private adminVisible(user: AuthUser, id: string): ChannelRecord {
    const row = adminVisibleChannel(this.deps.readModel, user, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  private requireInventory(user: AuthUser, inventoryId: string): void {
    if (!this.deps.readModel.inventories.get(inventoryId) || !(user.global || user.inventoryIds.includes(inventoryId))) throw new AppError('NOT_FOUND');
  }

  /** The caller's channels, by name. */
  private mine(user: AuthUser): ChannelRecord[] {
    this.byName ??= [...this.deps.readModel.channels.all()].sort(byNameThenId);
    return user.global ? [...this.byName] : this.byName.filter((c) => canSeeChannel(user, c));
  }

  channelStatus(user: AuthUser, id: string): ChannelStatusInfo {
    const c = this.live(this.visible(user, id));
    return {
      channelId: c.channelId,
      status: c.status,
      online: c.online,
      offline: c.offline,
      busy: c.busy,
      allocatedToUnitUid: c.allocatedToUnitUid,
      uptime: c.uptime,
    };
  }

  /** The caller's channels with their counters; the same frozen answer while nothing it depends on changed (see `lists`). */
  fetchChannels(user: AuthUser, q: ChannelFetchQuery): ChannelList {
    const key = JSON.stringify([user.global || [user.groupIds, user.inventoryIds], q.group, q.inventory, q.type, q.status, q.statusClass, q.kind, q.name]);
    const held = this.lists.get(key);
    if (held) return held;
    const list = this.listChannels(user, q);
    Object.freeze(list.channels);
    Object.freeze(list.counters);
    // A few consoles' filters at a time; the oldest goes first.
    if (this.lists.size >= LISTS_KEPT) this.lists.delete(this.lists.keys().next().value!);
    this.lists.set(key, Object.freeze(list));
    return list;
  }

  private listChannels(user: AuthUser, q: ChannelFetchQuery): ChannelList {
    let rows = this.mine(user);
    if (q.group !== undefined) {
      const groupId = q.group;
      if (!visibleGroup(this.deps.readModel, user, groupId)) throw new AppError('NOT_FOUND');
      rows = rows.filter((r) => r.groups.some((g) => g.groupId === groupId));
    }
    if (q.inventory !== undefined) {
      const inventoryId = q.inventory;
      this.requireInventory(user, inventoryId);
      rows = rows.filter((r) => r.inventories.some((i) => i.inventoryId === inventoryId));
    }
    const all = rows.map((r) => this.live(r));
    const name = q.name?.toLowerCase();
    const channels = all.filter(
      (c) =>
        (q.type === undefined || c.type === q.type) &&
        (q.status === undefined || c.status === q.status) &&
        (q.statusClass === undefined || channelStatusClass(c.status) === q.statusClass) &&
        (q.kind === undefined || hasChannelMark(c, q.kind)) &&
        (name === undefined || name === '' || c.channelName.toLowerCase().includes(name)),
    );
    return { channels, counters: countChannels(all) };
  }

  /** The channels named (blank names left out); at least one is named, at `field`. */
  fetchDetails(user: AuthUser, ids: readonly string[], field: 'query.ids' | 'body.ids'): { channels: ChannelDetails[] } {
    const unique = [...new Set(ids.map((s) => s.trim()).filter((s) => s !== ''))];
    if (unique.length === 0) throw validationError([{ path: field, message: VALIDATION.required }]);
    return { channels: unique.map((id) => this.details(this.visible(user, id))) };
  }

  details(row: ChannelRecord): ChannelDetails {
    const channel = this.live(row);
    const server = this.deps.readModel.servers.get(row.serverId);
    return {
      channel,
      general: generalOf(row),
      multipoint: this.ptmpOf(row),
      audioInterfaces: { ifb: channel.ifb, tallyHwStatus: channel.tallyHwStatus, audioHwStatus: channel.audioHwStatus },
      ingest: this.ingestOf(row),
      outputLicence: { licensed: server ? licensedOutputs(server) : null, used: this.checks.outputsOn(row.serverId, null) },
      inputSources: inputSourcesOf(row),
      logs: logsOf(row),
      createdAt: row.createdAt.toISOString(),
    };
  }

  groupChannelDetails(user: AuthUser, groupId: string) {
    const group = visibleGroup(this.deps.readModel, user, groupId);
    if (!group) throw new AppError('NOT_FOUND');
    // Every channel of a group the caller sees belongs to that group's view (scope is the group).
    const channels = this.deps.readModel.channels
      .all()
      .filter((c) => c.groups.some((g) => g.groupId === groupId))
      .sort(byNameThenId)
      .map((r) => this.live(r));
    return { groupId, status: groupChannelStatus(channels.map((c) => c.status)), channels, counters: countChannels(channels) };
  }

  channelIps(user: AuthUser, id: string) {
    const row = this.visible(user, id);
    const server = this.deps.readModel.servers.get(row.serverId);
    const ips = Array.isArray(server?.ips) ? (server.ips as z.infer<ReturnType<typeof z.json>>[]) : [];
    return { channelId: id, serverId: row.serverId, ips };
  }

  channelCapabilities(user: AuthUser, id: string) {
    return { channelId: id, capabilities: this.live(this.visible(user, id)).capabilities };
  }

  ingestAssociation(user: AuthUser, id: string): ChannelIngestAssociation {
    return this.ingestOf(this.visible(user, id));
  }

  private ingestOf(row: ChannelRecord): ChannelIngestAssociation {
    const own = this.deps.readModel.servers.get(row.serverId);
    const explicit = channelConfiguration(row).ingest?.serverId ?? null;
    const server = explicit !== null ? this.deps.readModel.servers.get(explicit) : own?.serverType === 'ingest_server' ? own : undefined;
    return { channelId: row.id, associated: server !== undefined, serverId: server?.id ?? null, serverName: server?.name ?? null, inputKind: row.inputKind };
  }

  mediaAccessOutputInfo(user: AuthUser, uniqueIds: readonly string[]) {
    const outputs = [...new Set(uniqueIds)].flatMap((id) => {
      const row = this.deps.readModel.channels.get(id);
      if (!row || !canSeeChannel(user, row)) return [];
      const c = this.live(row);
      return [
        {
          uniqueId: c.channelId,
          channelName: c.channelName,
          type: c.type,
          status: c.status,
          isOutput: c.isOutput,
          sdiNo: c.sdiNo,
          ndi: c.ndi,
          flavor: c.flavor,
          cdnName: c.cdnName,
          protocol: c.protocol,
          forwardRtmp: c.forwardRtmp,
        },
      ];
    });
    return { outputs };
  }

  private ptmpOf(row: ChannelRecord): ChannelPtmp {
    const c = this.live(row);
    return {
      uniqueID: row.id,
      channelName: row.name,
      serverId: row.serverId,
      ptmpLu100: row.ptmpLu100,
      machines: channelConfiguration(row).multipoint?.machines ?? [],
      ptmpStatuses: c.ptmpStatuses,
      ptmpDelay: c.ptmpDelay,
    };
  }

  /** A channel is point-to-multipoint when it has receivers chosen, reports some, or is an LU100 ptmp channel. */
  fetchPtmpChannels(user: AuthUser) {
    const channels = this.mine(user)
      .map((r) => this.ptmpOf(r))
      .filter((p) => p.ptmpLu100 || p.machines.length > 0 || p.ptmpStatuses.length > 0);
    return { channels };
  }

  async updatePtmp(user: AuthUser, body: UpdatePtmpBody): Promise<ChannelPtmp> {
    const row = this.visible(user, body.uniqueID);
    const uids = body.machines.map((m) => m.uid);
    const duplicate = uids.findIndex((u, i) => uids.indexOf(u) !== i);
    if (duplicate >= 0) throw validationError([{ path: `body.machines.${duplicate}.uid`, message: VALIDATION.fieldUnique }]);
    const machines = body.machines.map((m) => ({ uid: m.uid }));
    await this.send(row.serverId, { type: 'configureChannel', channelId: row.id, setting: 'multipoint', payload: { machines } });
    // The call carries no version: the receivers go into the row as it is after the device took them.
    const after = await mergeIntoChannel(this.deps.db, this.deps.readModel.channels, row.id, (current) => {
      const stored = writableObject(current.configuration);
      return { configuration: { ...stored, multipoint: { ...writableObject(stored['multipoint']), machines } } };
    });
    return this.ptmpOf(after);
  }

  inventoryChannels(user: AuthUser, inventoryId: string, which: 'sdi' | 'output'): ChannelList {
    this.requireInventory(user, inventoryId);
    const all = this.deps.readModel.channels
      .all()
      .filter((c) => c.inventories.some((i) => i.inventoryId === inventoryId))
      .sort(byNameThenId)
      .map((r) => this.live(r))
      .filter(which === 'sdi' ? (c) => c.hasSdi : (c) => c.isOutput);
    return { channels: all, counters: countChannels(all) };
  }

  // ── Admin ──────────────────────────────────────────────────────────────────────────────────
  searchAdminChannels(user: AuthUser, q: AdminChannelSearchQuery): AdminChannelPage {
    const needle = q.searchValue?.toLowerCase() ?? '';
    const key = ADMIN_SORT_KEY[q.searchKey ?? 'name'];
    const sortKey =
      q.sortBy === 'createdAt'
        ? (c: ChannelRecord) => c.createdAt.toISOString()
        : q.sortBy === 'updatedAt'
          ? (c: ChannelRecord) => c.updatedAt.toISOString()
          : (c: ChannelRecord) => ADMIN_SORT_KEY[q.sortBy](this.live(c));
    const dir = q.sortDir === 'desc' ? -1 : 1;
    const rows = this.deps.readModel.channels
      .all()
      .filter((c) => user.global || c.inventories.some((i) => user.inventoryIds.includes(i.inventoryId)))
      .filter((c) => needle === '' || key(this.live(c)).toLowerCase().includes(needle))
      .sort((a, b) => dir * compareText(sortKey(a), sortKey(b)) || compareText(a.id, b.id));
    return pageOf(rows, q, (r) => this.live(r));
  }

  adminChannel(user: AuthUser, id: string): ChannelDetails {
    return this.details(this.adminVisible(user, id));
  }

  adminChannelInventories(user: AuthUser, id: string) {
    const row = this.adminVisible(user, id);
    const inventories = row.inventories
      .flatMap((i) => {
        const inv = this.deps.readModel.inventories.get(i.inventoryId);
        return inv ? [{ id: inv.id, name: inv.name, region: inv.region, parentId: inv.parentId }] : [];
      })
      .sort(byNameThenId);
    return { uniqueId: id, inventories };
  }

  adminChannelGroups(user: AuthUser, id: string) {
    const row = this.adminVisible(user, id);
    const groups = row.groups
      .flatMap((g) => {
        const group = this.deps.readModel.groups.get(g.groupId);
        if (!group) return [];
        return [
          { id: group.id, name: group.name, inventoryId: group.inventoryId, inventoryName: this.deps.readModel.inventories.get(group.inventoryId)?.name ?? '' },
        ];
      })
      .sort(byNameThenId);
    return { uniqueId: id, groups };
  }

  adminChannelPtmp(user: AuthUser, id: string): ChannelPtmp {
    return this.ptmpOf(this.adminVisible(user, id));
  }

  async createAdminChannel(user: AuthUser, body: CreateAdminChannelBody): Promise<ChannelDetails> {
    const server = this.deps.readModel.servers.get(body.serverId);
    if (!server || !(user.global || (server.inventoryId !== null && user.inventoryIds.includes(server.inventoryId)))) throw new AppError('NOT_FOUND');
    const inventoryIds = [...new Set(body.inventoryIds ?? (server.inventoryId !== null ? [server.inventoryId] : []))];
    for (const inv of inventoryIds) this.requireInventory(user, inv);
    const groupIds = [...new Set(body.groupIds ?? [])];
    for (const [i, groupId] of groupIds.entries()) {
      const group = this.deps.readModel.groups.get(groupId);
      // A group the caller does not see is answered as one that does not exist.
      if (!group || !inventoryIds.includes(group.inventoryId))
        throw validationError([
          {
            path: `body.groupIds.${i}`,
            message: group && (user.global || user.inventoryIds.includes(group.inventoryId)) ? RULES.groupNotOfInventories : RULES.unknownGroup,
          },
        ]);
    }
    this.checks.requireUniqueName(server.id, body.name, null);
    const onServer = this.deps.readModel.channels.all().filter((c) => c.serverId === server.id).length;
    if (server.maxChannels > 0 && onServer >= server.maxChannels) throw new AppError('LICENSE_LIMIT_REACHED');
    const general = mergeGeneral(newChannelGeneral(body.name), body);
    this.checks.checkGeneral(null, server, general);
    const { fourK, name, ...columns } = general;
    const createdId = await repo.createChannel(this.deps.db, {
      name,
      serverId: server.id,
      ...columns,
      status: 'offline',
      type: deriveChannelType(typeFlags(general)),
      serverProductType: server.serverType,
      swVersion: server.swVersion,
      configuration: { general: { fourK } },
      inventories: { create: inventoryIds.map((inventoryId) => ({ inventoryId })) },
      groups: { create: groupIds.map((groupId) => ({ groupId })) },
    });
    return this.details(this.require(createdId));
  }

  async updateAdminChannel(user: AuthUser, id: string, body: UpdateAdminChannelBody): Promise<ChannelDetails> {
    const row = this.adminVisible(user, id);
    if (body.version !== undefined && body.version !== row.version) throw new AppError('CONFLICT');
    const server = this.deps.readModel.servers.get(row.serverId);
    if (!server) throw new AppError('NOT_FOUND');
    const before = generalOf(row);
    const general = mergeGeneral(before, body);
    if (body.name !== undefined && body.name !== row.name) this.checks.requireUniqueName(row.serverId, body.name, row.id);
    const beforeType = channelType(row, before);
    const afterType = channelType(row, general);
    if (beforeType !== afterType && this.live(row).busy) throw new AppError('CHANNEL_BUSY_CONFLICT');
    this.checks.checkGeneral(row, server, general);
    await this.send(row.serverId, { type: 'configureChannel', channelId: id, setting: 'general', payload: { ...general } });
    const { fourK, ...columns } = general;
    // The version (when given) was checked above; status reports during the device's round trip are merged into.
    const after = await mergeIntoChannel(this.deps.db, this.deps.readModel.channels, id, (current) => {
      const stored = writableObject(current.configuration);
      return { ...columns, type: afterType, configuration: { ...stored, general: { ...writableObject(stored['general']), fourK } } };
    });
    return this.details(after);
  }

  async deleteAdminChannel(user: AuthUser, id: string) {
    const row = this.adminVisible(user, id);
    const server = this.deps.readModel.servers.get(row.serverId);
    if (this.live(row).busy) throw new AppError('CHANNEL_BUSY_CONFLICT');
    if (server && isTransceiverFeed(row, server)) throw new AppError('TRANSCEIVER_FEED_IN_USE');
    if (usedByIngest(row)) throw new AppError('INGEST_CHANNEL_CONFLICT');
    if (server) this.checks.checkTransceiver(server);
    await atVersion(repo.deleteChannelAtVersion(this.deps.db, id, row.version));
    return { uniqueId: id, deleted: true as const };
  }

  async addInventory(user: AuthUser, inventoryId: string, id: string): Promise<ChannelLive> {
    const row = this.adminVisible(user, id);
    this.requireInventory(user, inventoryId);
    await addToInventory(row, inventoryId, () => repo.addChannelToInventory(this.deps.db, id, inventoryId));
    return this.live(this.require(id));
  }

  async removeInventory(user: AuthUser, inventoryId: string, id: string): Promise<ChannelLive> {
    const row = this.adminVisible(user, id);
    this.requireInventory(user, inventoryId);
    const server = this.deps.readModel.servers.get(row.serverId);
    await removeFromInventory(
      this.deps.readModel,
      row,
      inventoryId,
      () => {
        if (server && isTransceiverFeed(row, server)) throw new AppError('TRANSCEIVER_FEED_IN_USE');
      },
      (groupIds) =>
        transaction(this.deps.db, async (tx) => {
          await repo.removeChannelFromGroups(tx, id, groupIds);
          await repo.removeChannelFromInventory(tx, id, inventoryId);
        }),
    );
    return this.live(this.require(id));
  }

  // ── Rules ──────────────────────────────────────────────────────────────────────────────────
  private require(id: string): ChannelRecord {
    const row = this.deps.readModel.channels.get(id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** Sends a server command; a refusal becomes the device's error, an unreachable server DEVICE_UNREACHABLE. */
  private async send(serverId: string, command: ServerCommand): Promise<void> {
    const ack = await this.deps.gateway.sendToServer(serverId, command);
    if (!ack.ok) throw deviceRefusal(ack);
  }
}

export const channelsCalls = callsOf<ChannelService>()({
  getChannelStatus: async (s, { params }, user) => s.channelStatus(user, params.id),
  fetchChannels: async (s, { query }, user) => s.fetchChannels(user, query),
  fetchChannelsPost: async (s, { body }, user) => s.fetchChannels(user, body),
  fetchChannelDetails: async (s, { query }, user) => s.fetchDetails(user, query.ids.split(','), 'query.ids'),
  fetchChannelDetailsPost: async (s, { body }, user) => s.fetchDetails(user, body.ids, 'body.ids'),
  getGroupChannelDetails: async (s, { params }, user) => s.groupChannelDetails(user, params.id),
  getChannelIps: async (s, { params }, user) => s.channelIps(user, params.id),
  getChannelCapabilities: async (s, { params }, user) => s.channelCapabilities(user, params.id),
  getChannelIngestAssociation: async (s, { params }, user) => s.ingestAssociation(user, params.id),
  mediaAccessOutputInfo: async (s, { body }, user) => s.mediaAccessOutputInfo(user, body.uniqueIds),
  fetchPtmpChannels: async (s, _input, user) => s.fetchPtmpChannels(user),
  updatePtmpChannels: (s, { body }, user) => s.updatePtmp(user, body),
  getSdiChannels: async (s, { query }, user) => s.inventoryChannels(user, query.inventoryId, 'sdi'),
  getOutputChannels: async (s, { query }, user) => s.inventoryChannels(user, query.inventoryId, 'output'),
  searchAdminChannels: async (s, { query }, user) => s.searchAdminChannels(user, query),
  getAdminChannel: async (s, { params }, user) => s.adminChannel(user, params.id),
  createAdminChannel: (s, { body }, user) => s.createAdminChannel(user, body),
  updateAdminChannel: (s, { params, body }, user) => s.updateAdminChannel(user, params.id, body),
  deleteAdminChannel: (s, { params }, user) => s.deleteAdminChannel(user, params.id),
  getAdminChannelInventories: async (s, { params }, user) => s.adminChannelInventories(user, params.id),
  getAdminChannelGroups: async (s, { params }, user) => s.adminChannelGroups(user, params.id),
  getAdminChannelPtmp: async (s, { params }, user) => s.adminChannelPtmp(user, params.id),
  addAdminInventoryChannel: (s, { params }, user) => s.addInventory(user, params.inventoryId, params.id),
  removeAdminInventoryChannel: (s, { params }, user) => s.removeInventory(user, params.inventoryId, params.id),
});
