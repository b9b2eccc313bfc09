/**
 * Inventories (spec 001 §3 Inventory, §7 Inventories): the admin calls (list, count, create,
 * read, update, delete, properties, serviceable devices, video return channel association) and the
 * details of a unit in an inventory (support staff); the inventory's tally, IFB and ingest server
 * channels are inventory-channels.ts. `inventory.changed` /
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
  VALIDATION,
  inventoryTopic,
  type AdminInventory,
  type AdminInventoryPage,
  type AdminInventorySearchQuery,
  type CreateAdminInventoryBody,
  type InventoryProperties,
  type InventoryUnitDetails,
  type InventoryUnitDetailsBody,
  type ServiceableDevices,
  type UpdateAdminInventoryBody,
  type UpdateInventoryPropertiesBody,
  type VrChannelDetail,
  RULES,
} from '@fleet/contracts';
import { transaction, type Prisma } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { inventoryProperties } from './inventory-columns.js';
import type { ChangeOrigin, InventoryRow } from '../../platform/storage/read-model.js';
import { unlessTaken, atVersion } from '../../platform/versioned-write.js';
import { recordStamps } from '../../platform/storage/record-stamps.js';
import { canSeeInventory, type AuthUser } from '../../platform/access.js';
import type { ServiceDeps } from '../deps.js';
import { addToInventory, removeFromInventory } from '../../platform/inventory-associations.js';
import { byNameThenId, compareText } from '../../platform/order.js';
import { inventoryAudience } from '../../platform/topics.js';
import type { VideoReturnService } from '../video-return/video-return.js';
import { bodyProblem } from '../../errors.js';
import { pageOf } from '../../platform/paging.js';
import * as repo from './repository.js';

/** An overlay is stored on a channel (channel configuration, graphics overlay tab) once a file was uploaded. */
const StoredOverlay = z.object({ fileName: z.string() });
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

export class InventoryService {
  /** The parent each inventory had when last seen (an `inventory.removed` also tells the parent's topic). */
  private readonly parents = new Map<string, string | null>();

  constructor(
    private readonly deps: ServiceDeps,
    private readonly videoReturn: Pick<VideoReturnService, 'toDetail'>,
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
    if (before && before !== row.parentId)
      this.deps.hub.publish(inventoryAudience(this.deps.readModel, [before]), { type: 'inventory.removed', inventoryId: id, at });
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
      ...recordStamps(row),
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
    return this.deps.readModel.inventories
      .all()
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
    if (this.deps.readModel.inventories.all().some((i) => i.name === name && i.id !== self))
      throw validationError([{ path: 'body.name', message: VALIDATION.fieldUnique }]);
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
    const id = await unlessTaken(
      () =>
        transaction(this.deps.db, async (tx) => {
          const createdId = await repo.createInventory(tx, { name: body.name, region: body.region ?? '', parentId, sipServer: body.sipServer ?? null });
          // The admin who made it must be able to see it.
          if (!user.global) await repo.addUserToInventory(tx, user.id, createdId);
          return createdId;
        }),
      () => validationError([{ path: 'body.name', message: VALIDATION.fieldUnique }]),
    );
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
    const overlay = this.deps.readModel.channels
      .all()
      .some((c) => c.inventories.some((i) => i.inventoryId === id) && StoredOverlay.safeParse(c.overlay).success);
    const activeRoom = await repo.hasActiveAudioRoom(this.deps.db, id);
    if (overlay || activeRoom) throw new AppError('INVENTORY_IN_USE');
    await atVersion(repo.deleteInventoryAtVersion(this.deps.db, id, row.version));
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
    const units = this.deps.readModel.units
      .all()
      .filter((u) => u.inventories.some((i) => i.inventoryId === id))
      .map((u) => {
        const status = this.deps.index.statusOf(u.id);
        return { id: u.id, name: u.name, kind: 'unit' as const, type: u.productType, status, online: status !== 'offline', swVersion: u.swVersion };
      })
      .sort(byNameThenId);
    const servers = this.deps.readModel.servers
      .all()
      .filter((s) => s.inventoryId === id)
      .map((s) => ({
        id: s.id,
        name: s.name,
        kind: 'server' as const,
        type: s.serverType,
        status: s.status,
        online: s.status !== 'offline',
        swVersion: s.swVersion,
      }))
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
    // A unique violation is the association made by another request in between.
    await unlessTaken(
      () => addToInventory(vr, id, () => repo.addVrChannelToInventory(this.deps.db, vrChannelId, id)),
      () => new AppError('ASSOCIATION_EXISTS'),
    );
    return this.vrDetail(vrChannelId);
  }

  async removeVrChannel(user: AuthUser, id: string, vrChannelId: string): Promise<VrChannelDetail> {
    this.adminRow(user, id);
    const vr = this.adminVrChannel(user, vrChannelId);
    await removeFromInventory(
      this.deps.readModel,
      vr,
      id,
      () => {
        if (vr.inventories.length === 1) throw new AppError('VR_CHANNEL_LAST_INVENTORY');
      },
      (groupIds) =>
        transaction(this.deps.db, async (tx) => {
          await repo.removeVrChannelFromGroups(tx, vrChannelId, groupIds);
          await repo.removeVrChannelFromInventory(tx, vrChannelId, id);
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

  // ── Storage ────────────────────────────────────────────────────────────────────────────────
  /** Writes the row while it is still at the version (409 otherwise); a name taken meanwhile is the unique message. */
  private async writeVersioned(id: string, version: number, data: Prisma.InventoryUncheckedUpdateManyInput): Promise<void> {
    await atVersion(repo.updateInventoryAtVersion(this.deps.db, id, version, data), {
      taken: () => validationError([{ path: 'body.name', message: VALIDATION.fieldUnique }]),
    });
  }

  // ── Support staff ──────────────────────────────────────────────────────────────────────────
  /**
   * PUT internal/inventory-unit-details: the unit must be in the inventory; a usage profile must
   * exist and be global or the inventory's. `version` is the unit's.
   */
  async updateInventoryUnitDetails(body: z.infer<typeof InventoryUnitDetailsBody>): Promise<z.infer<typeof InventoryUnitDetails>> {
    const unit = await repo.findUnitVersionAndProfile(this.deps.db, body.id);
    if (!unit) throw new AppError('NOT_FOUND');
    if (body.version !== undefined && body.version !== unit.version) throw new AppError('CONFLICT');
    if (!(await repo.unitInInventory(this.deps.db, body.id, body.inventoryId))) throw bodyProblem('inventoryId', RULES.notOfInventory);
    if (body.usageProfileId) {
      if (!(await repo.usageProfileUsable(this.deps.db, body.usageProfileId, body.inventoryId))) throw bodyProblem('usageProfileId', RULES.notOfInventory);
    }
    const usageProfileId = body.usageProfileId === undefined ? unit.usageProfileId : body.usageProfileId;
    await atVersion(repo.updateUnitDetailsAtVersion(this.deps.db, body.id, unit.version, body.ownership, usageProfileId));
    return { uniqueId: body.id, inventoryId: body.inventoryId, ownership: body.ownership, usageProfileId, version: unit.version + 1 };
  }
}

export const inventoryCalls = callsOf<InventoryService>()({
  updateInventoryUnitDetails: (s, { body }) => s.updateInventoryUnitDetails(body),
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
});
