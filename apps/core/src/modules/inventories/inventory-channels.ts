/**
 * An inventory's channels (spec 001 §7 Inventories): its tally and IFB channels and IFB counts,
 * its ingest servers and their channel associations.
 */
import {
  type ChannelIngestAssociation,
  type IfbCounts,
  type InventoryIfb,
  type InventoryIngestServerChannels,
  type InventoryTally,
  ChannelStatus as ChannelStatusSchema,
} from '@fleet/contracts';
import { channelStatusClass, isServiceEnabled } from '@fleet/domain';
import { callsOf } from '../../calls.js';
import { AppError } from '../../errors.js';
import { inventorySettings, type InventorySettings } from './inventory-columns.js';
import { mergeIntoChannel } from '../channels/channel-rows.js';
import { parseOr, writableObject } from '../../platform/storage/json-column.js';
import type { ChannelRecord, InventoryRow } from '../../platform/storage/read-model.js';
import { canSeeChannel, type AuthUser } from '../../platform/access.js';
import { channelConfiguration, toChannelLive } from '../channels/presenter.js';
import type { ServiceDeps } from '../deps.js';
import { byNameThenId } from '../../platform/order.js';
import * as repo from './repository.js';

type AssociationKind = 'tally' | 'ifb';

/** How many times a read-modify-write of an inventory's settings is retried when another write came in between. */
const SETTINGS_ATTEMPTS = 5;

export class InventoryChannels {
  constructor(private readonly deps: ServiceDeps) {}

  /** The inventory if it exists (the route's 'inventory' scope checked the caller sees it). */
  private require(id: string): InventoryRow {
    const row = this.deps.readModel.inventories.get(id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  // ── Tally and IFB ──────────────────────────────────────────────────────────────────────────
  /** A channel of the inventory the caller sees (unknown, foreign and channels of other inventories: 404). */
  private inventoryChannel(user: AuthUser, inventoryId: string, channelId: string): ChannelRecord {
    const c = this.deps.readModel.channels.get(channelId);
    if (!c || !canSeeChannel(user, c) || !c.inventories.some((i) => i.inventoryId === inventoryId)) throw new AppError('NOT_FOUND');
    return c;
  }

  private channelIds(settings: InventorySettings, kind: AssociationKind): string[] {
    return settings[kind]?.channelIds ?? [];
  }

  /** Associated channels still of the inventory (a channel that left it, or was deleted, is no longer listed). */
  private associated(row: InventoryRow, kind: AssociationKind): ChannelRecord[] {
    return this.channelIds(inventorySettings.read(row.settings), kind)
      .flatMap((cid) => {
        const c = this.deps.readModel.channels.get(cid);
        return c && c.inventories.some((i) => i.inventoryId === row.id) ? [c] : [];
      })
      .sort(byNameThenId);
  }

  private channelRow(c: ChannelRecord) {
    const server = this.deps.readModel.servers.get(c.serverId);
    const status = parseOr(ChannelStatusSchema, c.status, 'offline' as const);
    const cls = channelStatusClass(status);
    return {
      channelId: c.id,
      channelName: c.name,
      serverId: c.serverId,
      serverName: server?.name ?? '',
      status,
      online: cls !== 'offline',
      busy: cls === 'busy',
    };
  }

  /**
   * Spec 001 §6 "Tally data is fetched only if the user has the tally service": the tally service
   * is a unit service (SERVICES 'tally'); the caller has it for this inventory when a unit of the
   * inventory has it enabled.
   */
  private async hasTallyService(inventoryId: string): Promise<boolean> {
    const services = await repo.findTallyServiceStatuses(this.deps.db, inventoryId);
    return services.some((s) => isServiceEnabled(s.serviceStatus));
  }

  async tally(id: string): Promise<InventoryTally> {
    const row = this.require(id);
    const withTally = await this.hasTallyService(id);
    const channels = this.associated(row, 'tally').map((c) => {
      const live = toChannelLive(c, this.deps.readModel.servers.get(c.serverId));
      return { ...this.channelRow(c), tally: withTally ? { tallyName: live.tallyName, tallyHwStatus: live.tallyHwStatus, onAir: live.onAir } : null };
    });
    return { inventoryId: id, tallyService: withTally, channels, version: row.version };
  }

  ifb(id: string): InventoryIfb {
    const row = this.require(id);
    const channels = this.associated(row, 'ifb').map((c) => {
      const live = toChannelLive(c, this.deps.readModel.servers.get(c.serverId));
      return { ...this.channelRow(c), ifb: live.ifb, audioHwStatus: live.audioHwStatus };
    });
    return { inventoryId: id, channels, counts: this.countsOf(row), version: row.version };
  }

  /** The inventory's IFB seats: how many its licence has, how many its IFB channels use, how many are frozen. */
  ifbCounts(id: string): IfbCounts {
    return this.countsOf(this.require(id));
  }

  /**
   * IFB seats: the licence's seats are what the settings hold (available + used + frozen, none
   * stored reads 0); each IFB channel of the inventory uses one, frozen seats are held back, the
   * rest are available. An association changes `used` and `available`, never the licence's total.
   */
  private countsOf(row: InventoryRow): IfbCounts {
    return this.seats(row.id, inventorySettings.read(row.settings));
  }

  private seats(inventoryId: string, settings: InventorySettings): IfbCounts {
    const seats = (settings.ifb?.available ?? 0) + (settings.ifb?.used ?? 0) + (settings.ifb?.frozen ?? 0);
    const frozen = Math.min(settings.ifb?.frozen ?? 0, seats);
    const used = this.channelIds(settings, 'ifb').length;
    return { inventoryId, available: Math.max(0, seats - frozen - used), used, frozen };
  }

  async associate(user: AuthUser, kind: AssociationKind, id: string, channelId: string, add: boolean): Promise<void> {
    this.require(id);
    this.inventoryChannel(user, id, channelId);
    await this.changeSettings(id, (settings) => {
      const held = this.channelIds(settings, kind);
      if (add && held.includes(channelId)) throw new AppError('ASSOCIATION_EXISTS');
      // An IFB channel takes a seat of the licence: none available, the licence limit is reached.
      if (add && kind === 'ifb' && this.seats(id, settings).available === 0) throw new AppError('LICENSE_LIMIT_REACHED');
      // Removing an association that is not there leaves things as they are (a repeated DELETE succeeds).
      if (!add && !held.includes(channelId)) return null;
      const channelIds = add ? [...held, channelId] : held.filter((c) => c !== channelId);
      return { ...settings, [kind]: { ...settings[kind], channelIds } };
    });
  }

  /** Read-modify-write of the settings column at the version read; another write in between: read again. */
  private async changeSettings(id: string, change: (s: InventorySettings) => InventorySettings | null): Promise<void> {
    for (let attempt = 0; attempt < SETTINGS_ATTEMPTS; attempt++) {
      const row = this.require(id);
      const next = change(inventorySettings.read(row.settings));
      if (next === null) return;
      const settings = { ...writableObject(row.settings), ...writableObject(inventorySettings.write(next)) };
      const count = await repo.updateInventoryAtVersion(this.deps.db, id, row.version, { settings });
      if (count === 1) return;
    }
    throw new AppError('CONFLICT');
  }

  // ── Ingest servers ─────────────────────────────────────────────────────────────────────────
  /** The ingest server a channel takes its input from: the one named in its configuration, else its own server when that is an ingest server. */
  private ingestServerOf(c: ChannelRecord): string | null {
    const explicit = channelConfiguration(c).ingest?.serverId ?? null;
    if (explicit !== null) return explicit;
    return this.deps.readModel.servers.get(c.serverId)?.serverType === 'ingest_server' ? c.serverId : null;
  }

  private ingestServer(id: string, serverId: string) {
    const server = this.deps.readModel.servers.get(serverId);
    if (!server || server.serverType !== 'ingest_server' || server.inventoryId !== id) throw new AppError('NOT_FOUND');
    return server;
  }

  private fedBy(id: string, serverId: string): ChannelRecord[] {
    return this.deps.readModel.channels
      .all()
      .filter((c) => c.inventories.some((i) => i.inventoryId === id) && this.ingestServerOf(c) === serverId)
      .sort(byNameThenId);
  }

  ingestServers(id: string) {
    this.require(id);
    const servers = this.deps.readModel.servers
      .all()
      .filter((s) => s.serverType === 'ingest_server' && s.inventoryId === id)
      .sort(byNameThenId)
      .map((s) => ({ id: s.id, name: s.name, status: s.status, swVersion: s.swVersion, channelCount: this.fedBy(id, s.id).length }));
    return { inventoryId: id, servers };
  }

  ingestServerChannels(id: string, serverId: string): InventoryIngestServerChannels {
    this.ingestServer(id, serverId);
    const channels = this.fedBy(id, serverId).map((c) => toChannelLive(c, this.deps.readModel.servers.get(c.serverId)));
    return { inventoryId: id, serverId, channels };
  }

  /**
   * Associates a channel of the inventory with one of its ingest servers, stored where GET
   * channels/{id}/ingest_association reads it (the channel's configuration `ingest.serverId`).
   * Spec 001 §8 "ingest or busy channel conflicts": a busy channel's input does not change under
   * it, and a channel another ingest server feeds is not taken over (remove that one first).
   */
  async associateIngest(user: AuthUser, id: string, serverId: string, channelId: string, add: boolean): Promise<ChannelIngestAssociation> {
    const server = this.ingestServer(id, serverId);
    const c = this.inventoryChannel(user, id, channelId);
    const current = this.ingestServerOf(c);
    if (add && current === serverId) throw new AppError('ASSOCIATION_EXISTS');
    if (add && current !== null) throw new AppError('INGEST_CHANNEL_CONFLICT');
    if (!add && channelConfiguration(c).ingest?.serverId !== serverId) {
      // A channel on the ingest server itself is fed by it by nature: that is not an association to remove.
      if (current === serverId) throw new AppError('INGEST_CHANNEL_CONFLICT');
      return this.ingestAssociation(c);
    }
    if (channelStatusClass(parseOr(ChannelStatusSchema, c.status, 'offline' as const)) === 'busy') throw new AppError('CHANNEL_BUSY_CONFLICT');
    const after = await mergeIntoChannel(this.deps.db, this.deps.readModel.channels, c.id, (current) => {
      const stored = writableObject(current.configuration);
      return { configuration: { ...stored, ingest: { ...writableObject(stored['ingest']), serverId: add ? server.id : null } } };
    });
    return this.ingestAssociation(after);
  }

  private ingestAssociation(c: ChannelRecord): ChannelIngestAssociation {
    const serverId = this.ingestServerOf(c);
    const server = serverId !== null ? this.deps.readModel.servers.get(serverId) : undefined;
    return { channelId: c.id, associated: server !== undefined, serverId: server?.id ?? null, serverName: server?.name ?? null, inputKind: c.inputKind };
  }
}

export const inventoryChannelCalls = callsOf<InventoryChannels>()({
  getInventoryTally: (s, { params }) => s.tally(params.id),
  addInventoryTallyChannel: async (s, { params }, user) => s.associate(user, 'tally', params.id, params.channelId, true).then(() => s.tally(params.id)),
  removeInventoryTallyChannel: async (s, { params }, user) => s.associate(user, 'tally', params.id, params.channelId, false).then(() => s.tally(params.id)),
  getInventoryIfb: async (s, { params }) => s.ifb(params.id),
  addInventoryIfbChannel: async (s, { params }, user) => s.associate(user, 'ifb', params.id, params.channelId, true).then(() => s.ifb(params.id)),
  removeInventoryIfbChannel: async (s, { params }, user) => s.associate(user, 'ifb', params.id, params.channelId, false).then(() => s.ifb(params.id)),
  getInventoryIfbCounts: async (s, { params }) => s.ifbCounts(params.id),
  getInventoryIngestServers: async (s, { params }) => s.ingestServers(params.id),
  getInventoryIngestServerChannels: async (s, { params }) => s.ingestServerChannels(params.id, params.serverId),
  addInventoryIngestServerChannel: (s, { params }, user) => s.associateIngest(user, params.id, params.serverId, params.channelId, true),
  removeInventoryIngestServerChannel: (s, { params }, user) => s.associateIngest(user, params.id, params.serverId, params.channelId, false),
});
