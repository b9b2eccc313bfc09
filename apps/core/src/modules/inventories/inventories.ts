/**
 * Inventories (spec 001 §3 Inventory, §7 Inventories): the admin calls (list, count, create,
 * read, update, delete, properties, serviceable devices, video return channel association), the
 * inventory's tally and IFB channels and IFB counts, its ingest servers and their channel
 * associations; the details of a unit in an inventory (support staff). `inventory.changed` /
 * `inventory.removed` on /ws for every change of an inventory row made here.
 *
 * Admin rules: super user and staff act on every inventory; the other admins on their own
 * inventories only (unknown and foreign both 404). A top-level inventory (no parent) is created,
 * re-parented to the top or deleted by super user and staff only; an admin creates children of
 * their own inventories and is made a member of the inventory they create (else they could not
 * see it). Reads come from the read model; writes go through storage.
 */
import { z } from 'zod';
import {
  VALIDATION, inventoryTopic,
  type AdminInventory, type AdminInventoryPage, type AdminInventorySearchQuery, type ChannelIngestAssociation, type CreateAdminInventoryBody,
  type IfbCounts, type InventoryIfb, type InventoryIngestServerChannels, type InventoryProperties, type InventoryTally, type InventoryUnitDetails,
  type InventoryUnitDetailsBody, type ServiceableDevices, type UpdateAdminInventoryBody, type UpdateInventoryPropertiesBody, type VrChannelDetail,
  ChannelStatus as ChannelStatusSchema,
} from '@fleet/contracts';
import { channelStatusClass, isServiceEnabled } from '@fleet/domain';
import { transaction, type Prisma } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { inventoryProperties, inventorySettings, type InventorySettings } from '../../repositories/inventory-columns.js';
import { mergeIntoChannel } from '../../repositories/channels.js';
import { parseOr } from '../../repositories/json-column.js';
import type { ChangeOrigin, ChannelRecord, InventoryRow } from '../../repositories/read-model.js';
import { isUniqueViolation } from '../../repositories/storage-errors.js';
import { canSeeChannel, canSeeInventory, type AuthUser } from '../../platform/access.js';
import { toChannelLive } from '../channels/presenter.js';
import type { ServiceDeps } from '../deps.js';
import { addToInventory, removeFromInventory } from './inventory-associations.js';
import { byNameThenId, compareText } from '../../platform/order.js';
import { inventoryAudience } from '../../platform/topics.js';
import type { VideoReturnService } from '../video-return/video-return.js';
import { bodyProblem } from '../units/unit-devices.js';
import { pageOf } from '../../platform/paging.js';

type AssociationKind = 'tally' | 'ifb';

/** An overlay is stored on a channel (channel configuration, graphics overlay tab) once a file was uploaded. */
const StoredOverlay = z.object({ fileName: z.string() });
/** The ingest association a channel keeps in its configuration (read by GET channels/{id}/ingest_association too). */
const ChannelIngest = z.object({ ingest: z.object({ serverId: z.string().nullable().catch(null) }).partial().catch({}) }).partial().catch({});

const SEARCH_KEY: Record<NonNullable<AdminInventorySearchQuery['searchKey']>, (i: AdminInventory) => string> = {
  name: (i) => i.name,
  id: (i) => i.id,
  region: (i) => i.region,
  parentName: (i) => i.parentName ?? '',
  sipServer: (i) => i.sipServer ?? '',
};
const SORT_KEY: Record<AdminInventorySearchQuery['sortBy'], (i: AdminInventory) => string> = {
  name: (i) => i.name,
  id: (i) => i.id,
  region: (i) => i.region,
  parentName: (i) => i.parentName ?? '',
  createdAt: (i) => i.createdAt,
  updatedAt: (i) => i.updatedAt,
};

/** How many times a read-modify-write of an inventory's settings is retried when another write came in between. */
const SETTINGS_ATTEMPTS = 5;

function objectOf(v: unknown): Record<string, Prisma.InputJsonValue> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? { ...(v as Record<string, Prisma.InputJsonValue>) } : {};
}

export class InventoryService {
  /** The parent each inventory had when last seen (an `inventory.removed` also tells the parent's topic). */
  private readonly parents = new Map<string, string | null>();

  constructor(
    private readonly deps: ServiceDeps,
    private readonly videoReturn: VideoReturnService,
  ) {
    deps.readModel.inventories.onChange((id, row, origin) => this.announce(id, row, origin));
  }

  // ── Realtime ───────────────────────────────────────────────────────────────────────────────
  /** Only this instance's writes are announced (another instance announced its own; the first load is no news). */
  private announce(id: string, row: InventoryRow | undefined, origin: ChangeOrigin): void {
    const before = this.parents.get(id);
    if (row) this.parents.set(id, row.parentId);
    else this.parents.delete(id);
    if (origin !== 'local') return;
    const at = this.deps.clock.now();
    // The inventory's and its parent's topics and their groups' (a console follows its user's groups,
    // not their inventories, when the user has groups: an admin console's list must hear it too).
    const topicsOf = (parentId: string | null | undefined) => inventoryAudience(this.deps.readModel, [id, ...(parentId ? [parentId] : [])]);
    if (!row) {
      this.deps.hub.publish(topicsOf(before), { type: 'inventory.removed', inventoryId: id, at });
      return;
    }
    // A re-parented inventory leaves its former parent's list.
    if (before && before !== row.parentId) this.deps.hub.publish(inventoryAudience(this.deps.readModel, [before]), { type: 'inventory.removed', inventoryId: id, at });
    this.deps.hub.publish(topicsOf(row.parentId), { type: 'inventory.changed', inventory: this.toAdmin(row), at });
  }

  /** Announces the inventory again (a change that is not in its row, e.g. its ingest account: consoles read it again). */
  announceChanged(id: string): void {
    const row = this.deps.readModel.inventories.get(id);
    if (row) this.deps.hub.publish([inventoryTopic(id)], { type: 'inventory.changed', inventory: this.toAdmin(row), at: this.deps.clock.now() });
  }

  // ── Shapes ─────────────────────────────────────────────────────────────────────────────────
  private toAdmin(row: InventoryRow, childCounts?: ReadonlyMap<string, number>): AdminInventory {
    const parent = row.parentId !== null ? this.deps.readModel.inventories.get(row.parentId) : undefined;
    const childCount = childCounts ? (childCounts.get(row.id) ?? 0) : this.deps.readModel.inventories.all().filter((i) => i.parentId === row.id).length;
    return {
      id: row.id,
      name: row.name,
      region: row.region,
      parentId: row.parentId,
      parentName: parent?.name ?? null,
      sipServer: row.sipServer,
      childCount,
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  private childCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const i of this.deps.readModel.inventories.all()) if (i.parentId !== null) counts.set(i.parentId, (counts.get(i.parentId) ?? 0) + 1);
    return counts;
  }

  /** The inventory if it exists (the route's 'inventory' scope checked the caller sees it). */
  private require(id: string): InventoryRow {
    const row = this.deps.readModel.inventories.get(id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** The inventory under the admin path: the admin's own (super user and staff: any); unknown and foreign both 404. */
  private adminRow(user: AuthUser, id: string): InventoryRow {
    const row = this.deps.readModel.inventories.get(id);
    if (!row || !canSeeInventory(user, id)) throw new AppError('NOT_FOUND');
    return row;
  }

  // ── Admin CRUD ─────────────────────────────────────────────────────────────────────────────
  private matching(user: AuthUser, searchKey: AdminInventorySearchQuery['searchKey'], searchValue: string | undefined): AdminInventory[] {
    const counts = this.childCounts();
    const needle = searchValue?.trim().toLowerCase() ?? '';
    const key = SEARCH_KEY[searchKey ?? 'name'];
    return this.deps.readModel.inventories.all()
      .filter((r) => canSeeInventory(user, r.id))
      .map((r) => this.toAdmin(r, counts))
      .filter((i) => needle === '' || key(i).toLowerCase().includes(needle));
  }

  searchAdmin(user: AuthUser, q: AdminInventorySearchQuery): AdminInventoryPage {
    const dir = q.sortDir === 'desc' ? -1 : 1;
    const sortKey = SORT_KEY[q.sortBy];
    const rows = this.matching(user, q.searchKey, q.searchValue).sort((a, b) => dir * compareText(sortKey(a), sortKey(b)) || compareText(a.id, b.id));
    return pageOf(rows, q);
  }

  countAdmin(user: AuthUser, q: { searchKey?: AdminInventorySearchQuery['searchKey'] | undefined; searchValue?: string | undefined }): { count: number } {
    return { count: this.matching(user, q.searchKey, q.searchValue).length };
  }

  adminInventory(user: AuthUser, id: string): AdminInventory {
    return this.toAdmin(this.adminRow(user, id));
  }

  /** Spec 001 §5 "This field must be unique": inventory names are unique (the storage index decides too). */
  private requireUniqueName(name: string, self: string | null): void {
    if (this.deps.readModel.inventories.all().some((i) => i.name === name && i.id !== self)) throw validationError([{ path: 'body.name', message: VALIDATION.fieldUnique }]);
  }

  /**
   * The parent an inventory may be given: one of the admin's own (unknown and foreign both 404),
   * never the inventory itself ("Parent inventory cannot be the current inventory") nor one of its
   * descendants (a cycle: the same message, the parent would be the inventory again up the tree).
   * Without a parent the inventory is top level: super user and staff only.
   */
  private checkParent(user: AuthUser, self: string | null, parentId: string | null): void {
    if (parentId === null) {
      if (!user.global) throw new AppError('NOT_AVAILABLE_FOR_USER_TYPE');
      return;
    }
    if (self !== null && parentId === self) throw validationError([{ path: 'body.parentId', message: VALIDATION.parentInventoryNotSelf }]);
    this.adminRow(user, parentId);
    if (self === null) return;
    const seen = new Set<string>();
    for (let at: string | null = parentId; at !== null && !seen.has(at); at = this.deps.readModel.inventories.get(at)?.parentId ?? null) {
      if (at === self) throw validationError([{ path: 'body.parentId', message: VALIDATION.parentInventoryNotSelf }]);
      seen.add(at);
    }
  }

  async createAdmin(user: AuthUser, body: CreateAdminInventoryBody): Promise<AdminInventory> {
    const parentId = body.parentId ?? null;
    this.checkParent(user, null, parentId);
    this.requireUniqueName(body.name, null);
    let id: string;
    try {
      id = await transaction(this.deps.db, async (tx) => {
        const created = await tx.inventory.create({
          data: { name: body.name, region: body.region ?? '', parentId, sipServer: body.sipServer ?? null },
          select: { id: true },
        });
        // The admin who made it must be able to see it.
        if (!user.global) await tx.userInventory.create({ data: { userId: user.id, inventoryId: created.id } });
        return created.id;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw validationError([{ path: 'body.name', message: VALIDATION.fieldUnique }]);
      throw e;
    }
    return this.toAdmin(this.require(id));
  }

  async updateAdmin(user: AuthUser, id: string, body: UpdateAdminInventoryBody): Promise<AdminInventory> {
    const row = this.adminRow(user, id);
    if (body.version !== undefined && body.version !== row.version) throw new AppError('CONFLICT');
    if (body.parentId !== undefined && body.parentId !== row.parentId) this.checkParent(user, id, body.parentId);
    if (body.name !== undefined && body.name !== row.name) this.requireUniqueName(body.name, id);
    const data: Prisma.InventoryUncheckedUpdateManyInput = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.region !== undefined ? { region: body.region } : {}),
      ...(body.parentId !== undefined ? { parentId: body.parentId } : {}),
      ...(body.sipServer !== undefined ? { sipServer: body.sipServer } : {}),
    };
    // Nothing to change: no write, no version bump, no event.
    if (Object.entries(data).every(([k, v]) => row[k as keyof InventoryRow] === v)) return this.toAdmin(row);
    await this.writeVersioned(row.id, body.version ?? row.version, data);
    return this.toAdmin(this.require(id));
  }

  /**
   * Spec 001 §8 "inventory cannot be deleted with overlays or an active audio room": an overlay on
   * a channel of the inventory (graphics overlay tab), an audio room of the inventory that is
   * active. An inventory with children is not deleted either (they would lose their parent).
   */
  async deleteAdmin(user: AuthUser, id: string): Promise<{ id: string; deleted: true }> {
    const row = this.adminRow(user, id);
    if (row.parentId === null && !user.global) throw new AppError('NOT_AVAILABLE_FOR_USER_TYPE');
    if (this.deps.readModel.inventories.all().some((i) => i.parentId === id)) throw new AppError('INVENTORY_HAS_CHILDREN');
    const overlay = this.deps.readModel.channels.all().some((c) => c.inventories.some((i) => i.inventoryId === id) && StoredOverlay.safeParse(c.overlay).success);
    const activeRoom = await this.deps.db.audioRoom.findFirst({ where: { inventoryId: id, active: true }, select: { id: true } });
    if (overlay || activeRoom) throw new AppError('INVENTORY_IN_USE');
    const { count } = await this.deps.db.inventory.deleteMany({ where: { id, version: row.version } });
    if (count === 0) throw new AppError('CONFLICT');
    return { id, deleted: true };
  }

  properties(user: AuthUser, id: string): InventoryProperties {
    return this.propertiesOf(this.adminRow(user, id));
  }

  private propertiesOf(row: InventoryRow): InventoryProperties {
    const p = inventoryProperties.read(row.properties);
    return {
      inventoryId: row.id,
      mapView: p.mapView ?? false,
      reboot: p.reboot ?? false,
      vsim: p.vsim ?? false,
      socialMedia: p.socialMedia ?? false,
      mjpegPreview: p.mjpegPreview ?? false,
      version: row.version,
    };
  }

  async updateProperties(user: AuthUser, id: string, body: UpdateInventoryPropertiesBody): Promise<InventoryProperties> {
    const row = this.adminRow(user, id);
    if (body.version !== undefined && body.version !== row.version) throw new AppError('CONFLICT');
    const { version, ...flags } = body;
    const current = inventoryProperties.read(row.properties);
    const next = { ...current, ...Object.fromEntries(Object.entries(flags).filter(([, v]) => v !== undefined)) };
    if (JSON.stringify(next) === JSON.stringify(current)) return this.propertiesOf(row);
    await this.writeVersioned(id, version ?? row.version, { properties: inventoryProperties.write(next) });
    return this.propertiesOf(this.require(id));
  }

  /**
   * The devices support may act on for the inventory (remote actions, access approvals): the units
   * in it and the servers whose inventory it is, each with whether it is online (an action only
   * reaches an online device). Children's devices are listed under the children.
   */
  serviceableDevices(user: AuthUser, id: string): ServiceableDevices {
    this.adminRow(user, id);
    const units = this.deps.readModel.units.all()
      .filter((u) => u.inventories.some((i) => i.inventoryId === id))
      .map((u) => {
        const status = this.deps.index.statusOf(u.id);
        return { id: u.id, name: u.name, kind: 'unit' as const, type: u.productType, status, online: status !== 'offline', swVersion: u.swVersion };
      })
      .sort(byNameThenId);
    const servers = this.deps.readModel.servers.all()
      .filter((s) => s.inventoryId === id)
      .map((s) => ({ id: s.id, name: s.name, kind: 'server' as const, type: s.serverType, status: s.status, online: s.status !== 'offline', swVersion: s.swVersion }))
      .sort(byNameThenId);
    return { inventoryId: id, units, servers };
  }

  // ── Video return channel association (admin) ───────────────────────────────────────────────
  /**
   * The same rule as the admin channel association (inventory-associations.ts): the admin's own
   * channel and inventory (unknown and foreign 404), "Association already exists" on a duplicate;
   * removal is idempotent and takes the channel out of that inventory's groups. A video return
   * channel keeps at least one inventory (its admin update refuses none too).
   */
  async addVrChannel(user: AuthUser, id: string, vrChannelId: string): Promise<VrChannelDetail> {
    this.adminRow(user, id);
    const vr = this.adminVrChannel(user, vrChannelId);
    try {
      await addToInventory(vr, id, () => this.deps.db.vrChannelInventory.create({ data: { vrChannelId, inventoryId: id } }));
    } catch (e) {
      // Made by another request in between.
      if (isUniqueViolation(e)) throw new AppError('ASSOCIATION_EXISTS');
      throw e;
    }
    return this.vrDetail(vrChannelId);
  }

  async removeVrChannel(user: AuthUser, id: string, vrChannelId: string): Promise<VrChannelDetail> {
    this.adminRow(user, id);
    const vr = this.adminVrChannel(user, vrChannelId);
    await removeFromInventory(
      this.deps.readModel, vr, id,
      () => {
        if (vr.inventories.length === 1) throw new AppError('VR_CHANNEL_LAST_INVENTORY');
      },
      (groupIds) => transaction(this.deps.db, async (tx) => {
        await tx.groupVrChannel.deleteMany({ where: { vrChannelId, groupId: { in: groupIds } } });
        await tx.vrChannelInventory.deleteMany({ where: { vrChannelId, inventoryId: id } });
      }),
    );
    return this.vrDetail(vrChannelId);
  }

  private adminVrChannel(user: AuthUser, vrChannelId: string) {
    const vr = this.deps.readModel.vrChannels.get(vrChannelId);
    if (!vr || !(user.global || vr.inventories.some((i) => user.inventoryIds.includes(i.inventoryId)))) throw new AppError('NOT_FOUND');
    return vr;
  }

  private vrDetail(vrChannelId: string): VrChannelDetail {
    const vr = this.deps.readModel.vrChannels.get(vrChannelId);
    if (!vr) throw new AppError('NOT_FOUND');
    return this.videoReturn.toDetail(vr);
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
    return { channelId: c.id, channelName: c.name, serverId: c.serverId, serverName: server?.name ?? '', status, online: cls !== 'offline', busy: cls === 'busy' };
  }

  /**
   * Spec 001 §6 "Tally data is fetched only if the user has the tally service": the tally service
   * is a unit service (SERVICES 'tally'); the caller has it for this inventory when a unit of the
   * inventory has it enabled.
   */
  private async hasTallyService(inventoryId: string): Promise<boolean> {
    const services = await this.deps.db.service.findMany({
      where: { serviceName: 'tally', unit: { inventories: { some: { inventoryId } } } },
      select: { serviceStatus: true },
    });
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
      const settings = { ...objectOf(row.settings), ...objectOf(inventorySettings.write(next)) };
      const { count } = await this.deps.db.inventory.updateMany({ where: { id, version: row.version }, data: { settings, version: { increment: 1 } } });
      if (count === 1) return;
    }
    throw new AppError('CONFLICT');
  }

  // ── Ingest servers ─────────────────────────────────────────────────────────────────────────
  /** The ingest server a channel takes its input from: the one named in its configuration, else its own server when that is an ingest server. */
  private ingestServerOf(c: ChannelRecord): string | null {
    const explicit = ChannelIngest.parse(c.configuration).ingest?.serverId ?? null;
    if (explicit !== null) return explicit;
    return this.deps.readModel.servers.get(c.serverId)?.serverType === 'ingest_server' ? c.serverId : null;
  }

  private ingestServer(id: string, serverId: string) {
    const server = this.deps.readModel.servers.get(serverId);
    if (!server || server.serverType !== 'ingest_server' || server.inventoryId !== id) throw new AppError('NOT_FOUND');
    return server;
  }

  private fedBy(id: string, serverId: string): ChannelRecord[] {
    return this.deps.readModel.channels.all()
      .filter((c) => c.inventories.some((i) => i.inventoryId === id) && this.ingestServerOf(c) === serverId)
      .sort(byNameThenId);
  }

  ingestServers(id: string) {
    this.require(id);
    const servers = this.deps.readModel.servers.all()
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
    if (!add && ChannelIngest.parse(c.configuration).ingest?.serverId !== serverId) {
      // A channel on the ingest server itself is fed by it by nature: that is not an association to remove.
      if (current === serverId) throw new AppError('INGEST_CHANNEL_CONFLICT');
      return this.ingestAssociation(c);
    }
    if (channelStatusClass(parseOr(ChannelStatusSchema, c.status, 'offline' as const)) === 'busy') throw new AppError('CHANNEL_BUSY_CONFLICT');
    const after = await mergeIntoChannel(this.deps.db, this.deps.readModel.channels, c.id, (current) => {
      const stored = objectOf(current.configuration);
      return { configuration: { ...stored, ingest: { ...objectOf(stored['ingest']), serverId: add ? server.id : null } } };
    });
    return this.ingestAssociation(after);
  }

  private ingestAssociation(c: ChannelRecord): ChannelIngestAssociation {
    const serverId = this.ingestServerOf(c);
    const server = serverId !== null ? this.deps.readModel.servers.get(serverId) : undefined;
    return { channelId: c.id, associated: server !== undefined, serverId: server?.id ?? null, serverName: server?.name ?? null, inputKind: c.inputKind };
  }

  // ── Storage ────────────────────────────────────────────────────────────────────────────────
  /** Writes the row while it is still at the version (409 otherwise); a name taken meanwhile is the unique message. */
  private async writeVersioned(id: string, version: number, data: Prisma.InventoryUncheckedUpdateManyInput): Promise<void> {
    try {
      const { count } = await this.deps.db.inventory.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } });
      if (count === 0) throw new AppError('CONFLICT');
    } catch (e) {
      if (isUniqueViolation(e)) throw validationError([{ path: 'body.name', message: VALIDATION.fieldUnique }]);
      throw e;
    }
  }

  // ── Support staff ──────────────────────────────────────────────────────────────────────────
  /**
   * PUT internal/inventory-unit-details: the unit must be in the inventory; a usage profile must
   * exist and be global or the inventory's. `version` is the unit's.
   */
  async updateInventoryUnitDetails(body: z.infer<typeof InventoryUnitDetailsBody>): Promise<z.infer<typeof InventoryUnitDetails>> {
    const unit = await this.deps.db.unit.findUnique({ where: { id: body.id }, select: { id: true, version: true, usageProfileId: true } });
    if (!unit) throw new AppError('NOT_FOUND');
    if (body.version !== undefined && body.version !== unit.version) throw new AppError('CONFLICT');
    const member = await this.deps.db.unitInventory.findUnique({ where: { unitId_inventoryId: { unitId: body.id, inventoryId: body.inventoryId } } });
    if (!member) throw bodyProblem('inventoryId', VALIDATION.invalidField);
    if (body.usageProfileId) {
      const profile = await this.deps.db.usageProfile.findFirst({
        where: { id: body.usageProfileId, OR: [{ inventoryId: null }, { inventoryId: body.inventoryId }] },
        select: { id: true },
      });
      if (!profile) throw bodyProblem('usageProfileId', VALIDATION.invalidField);
    }
    const usageProfileId = body.usageProfileId === undefined ? unit.usageProfileId : body.usageProfileId;
    const { count } = await this.deps.db.unit.updateMany({
      where: { id: body.id, version: unit.version },
      data: { ownership: body.ownership, usageProfileId, version: { increment: 1 } },
    });
    if (count === 0) throw new AppError('CONFLICT');
    return { uniqueId: body.id, inventoryId: body.inventoryId, ownership: body.ownership, usageProfileId, version: unit.version + 1 };
  }
}

export const inventoryCalls = callsOf<InventoryService>()({
  updateInventoryUnitDetails: (s, { body }) => s.updateInventoryUnitDetails(body),
  getInventoryTally: (s, { params }) => s.tally(params.id),
  addInventoryTallyChannel: async (s, { params }, user) => s.associate(user, 'tally', params.id, params.channelId, true).then(() => s.tally(params.id)),
  removeInventoryTallyChannel: async (s, { params }, user) => s.associate(user, 'tally', params.id, params.channelId, false).then(() => s.tally(params.id)),
  getInventoryIfb: async (s, { params }) => s.ifb(params.id),
  addInventoryIfbChannel: async (s, { params }, user) => s.associate(user, 'ifb', params.id, params.channelId, true).then(() => s.ifb(params.id)),
  removeInventoryIfbChannel: async (s, { params }, user) => s.associate(user, 'ifb', params.id, params.channelId, false).then(() => s.ifb(params.id)),
  getInventoryIfbCounts: async (s, { params }) => s.ifbCounts(params.id),
  searchAdminInventories: async (s, { query }, user) => s.searchAdmin(user, query),
  countAdminInventories: async (s, { query }, user) => s.countAdmin(user, query),
  createAdminInventory: (s, { body }, user) => s.createAdmin(user, body),
  getAdminInventory: async (s, { params }, user) => s.adminInventory(user, params.id),
  updateAdminInventory: (s, { params, body }, user) => s.updateAdmin(user, params.id, body),
  deleteAdminInventory: (s, { params }, user) => s.deleteAdmin(user, params.id),
  getAdminInventoryProperties: async (s, { params }, user) => s.properties(user, params.id),
  updateAdminInventoryProperties: (s, { params, body }, user) => s.updateProperties(user, params.id, body),
  getAdminInventoryServiceableDevices: async (s, { params }, user) => s.serviceableDevices(user, params.id),
  addAdminInventoryVrChannel: (s, { params }, user) => s.addVrChannel(user, params.id, params.vrChannelId),
  removeAdminInventoryVrChannel: (s, { params }, user) => s.removeVrChannel(user, params.id, params.vrChannelId),
  getInventoryIngestServers: async (s, { params }) => s.ingestServers(params.id),
  getInventoryIngestServerChannels: async (s, { params }) => s.ingestServerChannels(params.id, params.serverId),
  addInventoryIngestServerChannel: (s, { params }, user) => s.associateIngest(user, params.id, params.serverId, params.channelId, true),
  removeInventoryIngestServerChannel: (s, { params }, user) => s.associateIngest(user, params.id, params.serverId, params.channelId, false),
});
