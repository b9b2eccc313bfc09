/**
 * Units under the admin path (spec 000 §6, §7 "Admin unit calls"): creating, updating, deleting and
 * deregistering units; their inventory and group associations, databridge gateway and target
 * software version. The admin unit reads are admin-unit-reads.ts. A non-global admin changes only
 * the units of their own inventories (group membership alone is not enough).
 */
import { atVersion, unlessTaken } from '../../platform/versioned-write.js';
import type { z } from 'zod';
import {
  ADMIN_UNIT_LIMITS,
  SOFTWARE_VERSIONS,
  UnitTypeGroup,
  VALIDATION,
  groupTopic,
  inventoryTopic,
  type CreateAdminUnitBody,
  type FieldProblem,
  type UnitDeregistered,
  type UnitDetail,
  type UpdateAdminUnitBody,
  RULES,
} from '@fleet/contracts';
import { isBusy } from '@fleet/domain';
import { transaction, type DbTx, type Prisma } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import type { UnitRecord } from '../../platform/storage/unit-rows.js';
import { canSeeInventory, canSeeSomeInventory, type AuthUser } from '../../platform/access.js';
import type { ServiceDeps } from '../deps.js';
import type { UnitService } from './units.js';
import type { UnitUpgradeCheck } from './upgrade-check.js';
import * as repo from './repository.js';

export class AdminUnitService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly units: Pick<UnitService, 'forgetUnit' | 'refreshUnit' | 'toDetail' | 'toSummary'>,
    private readonly upgradeCheck: UnitUpgradeCheck,
  ) {}

  /** POST v2/admin/units. */
  async createUnit(user: AuthUser, body: z.infer<typeof CreateAdminUnitBody>): Promise<UnitDetail> {
    const db = this.deps.db;
    const problems: FieldProblem[] = [];
    const inventory = this.deps.readModel.inventories.get(body.inventoryId);
    if (!inventory || !canSeeInventory(user, inventory.id)) problems.push({ path: 'body.inventoryId', message: RULES.unknownInventory });
    const groupIds = [...new Set(body.groupIds ?? [])];
    (body.groupIds ?? []).forEach((g, i) => {
      const group = this.deps.readModel.groups.get(g);
      // A group the caller does not see is answered as one that does not exist.
      if (group?.inventoryId !== body.inventoryId)
        problems.push({
          path: `body.groupIds.${i}`,
          message: group && canSeeInventory(user, group.inventoryId) ? RULES.groupNotOfInventories : RULES.unknownGroup,
        });
    });
    if (problems.length > 0) throw validationError(problems);
    const id = body.uniqueId ?? defaultUniqueId(body.productType, body.serialNumber);
    await this.assertUnique({ id, name: body.name, serialNumber: body.serialNumber });
    await unlessTaken(
      transaction(db, async (tx) => {
        await repo.createUnit(tx, {
          id,
          name: body.name,
          comment: body.comment ?? '',
          productType: body.productType,
          typeGroup: body.typeGroup,
          status: 'offline',
          applications: {},
          swVersion: body.swVersion ?? SOFTWARE_VERSIONS.max,
          serialNumber: body.serialNumber,
          // No licence until it is activated (spec 001 "Unit and License Activation").
          license: { valid: false, kind: 'days', pro: false, fourK: false, raHours: null, rlHours: null },
          capabilities: defaultCapabilities(body.typeGroup, body.productType),
          services: [],
          ownership: body.ownership ?? 'inventory',
          configuration: newUnitConfiguration(id),
        });
        await repo.addUnitToInventory(tx, id, body.inventoryId);
        if (groupIds.length > 0) await repo.addUnitToGroups(tx, id, groupIds);
      }),
      async (e) => (await this.assertUnique({ id, name: body.name, serialNumber: body.serialNumber }), e),
    );
    // The membership index learns the unit, the simulator starts emulating it, subscribers hear device.added.
    await this.units.refreshUnit(id);
    return this.detail(id);
  }

  /** PUT v2/admin/units/{id}: identity fields, under the unit's version. */
  async updateUnit(user: AuthUser, id: string, body: z.infer<typeof UpdateAdminUnitBody>): Promise<UnitDetail> {
    const unit = await this.findAdminUnit(user, id);
    if (body.usageProfileId) {
      const profile = await repo.findUsageProfileInventory(this.deps.db, body.usageProfileId);
      if (!profile || (profile.inventoryId !== null && !unit.inventories.some((i) => i.inventoryId === profile.inventoryId))) {
        throw validationError([{ path: 'body.usageProfileId', message: RULES.notOfInventory }]);
      }
    }
    await this.assertUnique({
      ...(body.name !== undefined && body.name !== unit.name ? { name: body.name } : {}),
      ...(body.serialNumber !== undefined && body.serialNumber !== unit.serialNumber ? { serialNumber: body.serialNumber } : {}),
      exceptId: id,
    });
    const data: Prisma.UnitUpdateManyMutationInput = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.comment !== undefined ? { comment: body.comment } : {}),
      ...(body.typeGroup !== undefined ? { typeGroup: body.typeGroup } : {}),
      ...(body.productType !== undefined ? { productType: body.productType } : {}),
      ...(body.serialNumber !== undefined ? { serialNumber: body.serialNumber } : {}),
      ...(body.ownership !== undefined ? { ownership: body.ownership } : {}),
      ...(body.usageProfileId !== undefined ? { usageProfileId: body.usageProfileId } : {}),
      version: { increment: 1 },
    };
    // Plain field sets: without a version the caller asked for no check (see UnitService.rename).
    await atVersion(repo.updateUnitWhere(this.deps.db, body.version === undefined ? { id } : { id, version: body.version }, data), {
      none: () => new AppError(body.version === undefined ? 'NOT_FOUND' : 'CONFLICT'),
      taken: async (e) => (await this.assertUnique({ name: body.name, serialNumber: body.serialNumber, exceptId: id }), e),
    });
    if (body.typeGroup !== undefined || body.productType !== undefined) await this.units.refreshUnit(id);
    if (body.name !== undefined && body.name !== unit.name) {
      // The device learns its new name when it is reachable; the core is the source of truth.
      this.deps.gateway.notify(id, { type: 'rename', name: body.name });
    }
    return this.detailAndPublish(id);
  }

  /** DELETE v2/admin/units/{id}: not while busy; a non-global admin only a unit wholly in their inventories. */
  async deleteUnit(user: AuthUser, id: string): Promise<{ uniqueId: string; deleted: true }> {
    const unit = await this.findAdminUnit(user, id);
    this.assertWhollyOwned(user, unit);
    if (isBusy(this.deps.index.applicationsOf(id))) throw new AppError('UNIT_BUSY');
    await atVersion(repo.deleteUnitAtVersion(this.deps.db, id, unit.version));
    this.units.forgetUnit(id);
    return { uniqueId: id, deleted: true };
  }

  /** PUT inventories/{inventoryId}: at most ADMIN_UNIT_LIMITS.maxInventoriesPerUnit inventories. */
  async addInventory(user: AuthUser, id: string, inventoryId: string): Promise<UnitDetail> {
    const unit = await this.findAdminUnit(user, id);
    if (!this.deps.readModel.inventories.get(inventoryId) || !canSeeInventory(user, inventoryId)) throw new AppError('NOT_FOUND');
    if (unit.inventories.some((i) => i.inventoryId === inventoryId)) throw new AppError('ASSOCIATION_EXISTS');
    if (unit.inventories.length >= ADMIN_UNIT_LIMITS.maxInventoriesPerUnit) throw new AppError('UNIT_MAX_INVENTORIES');
    await this.changeMembership(unit, (tx) => repo.addUnitToInventory(tx, id, inventoryId));
    this.deps.hub.publish([inventoryTopic(inventoryId)], { type: 'device.added', unitId: id, at: this.deps.clock.now() });
    return this.detailAndPublish(id);
  }

  /** DELETE inventories/{inventoryId}: the unit also leaves that inventory's groups; never its last inventory. */
  async removeInventory(user: AuthUser, id: string, inventoryId: string): Promise<UnitDetail> {
    const unit = await this.findAdminUnit(user, id);
    if (!canSeeInventory(user, inventoryId) || !unit.inventories.some((i) => i.inventoryId === inventoryId)) throw new AppError('NOT_FOUND');
    if (unit.inventories.length <= 1) throw new AppError('UNIT_LAST_INVENTORY');
    // The unit leaves the groups of that inventory too.
    const leftGroups = unit.groups.map((g) => g.groupId).filter((g) => this.deps.readModel.groups.get(g)?.inventoryId === inventoryId);
    const topics = [...this.deps.index.topicsOf(id)];
    await this.changeMembership(unit, async (tx) => {
      await repo.removeUnitFromGroups(tx, id, leftGroups);
      await repo.removeUnitFromInventory(tx, id, inventoryId);
    });
    const removed = [inventoryTopic(inventoryId), ...leftGroups.map(groupTopic)].filter((t) => topics.includes(t));
    this.deps.hub.publish(removed, { type: 'device.removed', unitId: id, at: this.deps.clock.now() });
    return this.detailAndPublish(id);
  }

  /** PUT groups/{groupId}: a group of one of the unit's inventories. */
  async addGroup(user: AuthUser, id: string, groupId: string): Promise<UnitDetail> {
    const unit = await this.findAdminUnit(user, id);
    const group = this.deps.readModel.groups.get(groupId);
    if (!group || !canSeeInventory(user, group.inventoryId)) throw new AppError('NOT_FOUND');
    if (unit.groups.some((g) => g.groupId === groupId)) throw new AppError('ASSOCIATION_EXISTS');
    if (!unit.inventories.some((i) => i.inventoryId === group.inventoryId)) throw new AppError('GROUP_OUTSIDE_UNIT_INVENTORIES');
    await this.changeMembership(unit, (tx) => repo.addUnitToGroup(tx, id, groupId));
    this.deps.hub.publish([groupTopic(groupId)], { type: 'device.added', unitId: id, at: this.deps.clock.now() });
    return this.detailAndPublish(id);
  }

  /** DELETE groups/{groupId}. */
  async removeGroup(user: AuthUser, id: string, groupId: string): Promise<UnitDetail> {
    const unit = await this.findAdminUnit(user, id);
    const group = this.deps.readModel.groups.get(groupId);
    if (!group || !canSeeInventory(user, group.inventoryId) || !unit.groups.some((g) => g.groupId === groupId)) throw new AppError('NOT_FOUND');
    return this.leaveGroup(unit, groupId);
  }

  /**
   * The unit leaves the group (an admin's removal, or its membership expired: invitations.ts),
   * with the unit's version (409 on a concurrent change); `device.removed` on the group's topic.
   * `expiredBy`: only a membership still expired by then leaves (one given a new expiration
   * meanwhile stays: 409).
   */
  async leaveGroup(unit: UnitRecord, groupId: string, expiredBy?: Date): Promise<UnitDetail> {
    await this.changeMembership(unit, async (tx) => {
      await atVersion(repo.removeUnitFromGroup(tx, unit.id, groupId, expiredBy));
    });
    this.deps.hub.publish([groupTopic(groupId)], { type: 'device.removed', unitId: unit.id, at: this.deps.clock.now() });
    return this.detailAndPublish(unit.id);
  }

  /**
   * PUT targetSwVersion. The version must be a known software version; eligibility by
   * packages/domain checkUnitUpgradeEligibility (6802 not allowed, 6803 LU-600 H.264, 6810 not
   * for this hardware); the server of the unit's selected channel must be online (6199) and not
   * busy or upgrading (6808). The first blocker answers with its code; every blocker is listed in
   * `fields`. null clears the target.
   */
  async setTargetSwVersion(user: AuthUser, id: string, target: string | null): Promise<UnitDetail> {
    const unit = await this.findAdminUnit(user, id);
    if (target !== null) {
      // The upgrade rules as the upgrade calls apply them (one implementation: upgrades/upgrade-rules.ts).
      const blockers = await this.upgradeCheck.blockersOf(unit, target);
      const first = blockers[0];
      if (first) {
        throw new AppError(
          first.errorCode,
          blockers.map((b) => ({ path: 'body.targetSwVersion', message: b.message })),
        );
      }
    }
    await this.updateVersioned(unit, { targetSwVersion: target });
    return this.detailAndPublish(id);
  }

  /** PUT dbgateway (a gateway of the unit's inventories, or one without inventory) / DELETE (null). */
  async setDbGateway(user: AuthUser, id: string, gatewayId: string | null): Promise<UnitDetail> {
    const unit = await this.findAdminUnit(user, id);
    if (gatewayId !== null) {
      const gateway = await repo.findDbGatewayInventory(this.deps.db, gatewayId);
      const usable =
        gateway !== null &&
        (gateway.inventoryId === null || (unit.inventories.some((i) => i.inventoryId === gateway.inventoryId) && canSeeInventory(user, gateway.inventoryId)));
      if (!usable) throw validationError([{ path: 'body.gatewayId', message: RULES.notOfUnit }]);
    }
    if (this.deps.index.applicationsOf(id).databridge) throw new AppError('UNIT_BUSY');
    await this.updateVersioned(unit, { databridgeGatewayId: gatewayId });
    return this.detailAndPublish(id);
  }

  /**
   * POST deregistration: the unit leaves every inventory and group and loses its services,
   * selected channel, target version, gateway and pairing; the row stays (a super user can
   * register it again by associating an inventory). Not while busy.
   */
  async deregisterUnit(user: AuthUser, id: string): Promise<UnitDeregistered> {
    const unit = await this.findAdminUnit(user, id);
    this.assertWhollyOwned(user, unit);
    if (isBusy(this.deps.index.applicationsOf(id))) throw new AppError('UNIT_BUSY');
    const topics = [...this.deps.index.topicsOf(id)];
    const configuration =
      typeof unit.configuration === 'object' && unit.configuration !== null && !Array.isArray(unit.configuration)
        ? { ...(unit.configuration as Record<string, unknown>) }
        : {};
    for (const k of ['pairing', 'pairingCode', 'pairingCodeExpiresAt']) delete configuration[k];
    await transaction(this.deps.db, async (tx) => {
      await atVersion(
        repo.updateUnitAtVersion(tx, id, unit.version, {
          selectedChannelId: null,
          targetSwVersion: null,
          databridgeGatewayId: null,
          services: [],
          configuration: JSON.parse(JSON.stringify(configuration)) as Prisma.InputJsonValue,
        }),
      );
      await repo.removeUnitMembershipsAndServices(tx, id);
    });
    await this.units.refreshUnit(id);
    this.deps.hub.publish(topics, { type: 'device.removed', unitId: id, at: this.deps.clock.now() });
    return {
      uniqueId: id,
      deregistered: true,
      removedInventoryIds: unit.inventories.map((i) => i.inventoryId),
      removedGroupIds: unit.groups.map((g) => g.groupId),
    };
  }

  /** The unit if this admin may act on it (global, or one of its inventories is theirs), else 404. */
  private async findAdminUnit(user: AuthUser, id: string): Promise<UnitRecord> {
    const unit = await repo.findUnitWithMemberships(this.deps.db, id);
    if (!unit) throw new AppError('NOT_FOUND');
    if (!canSeeSomeInventory(user, unit.inventories)) throw new AppError('NOT_FOUND');
    return unit;
  }

  /** Removing a unit from inventories that are not theirs is not for a non-global admin. */
  private assertWhollyOwned(user: AuthUser, unit: UnitRecord): void {
    if (!unit.inventories.every((i) => canSeeInventory(user, i.inventoryId))) throw new AppError('NOT_AVAILABLE_FOR_USER_TYPE');
  }

  /** Unique id, name and serial number; a clash of the name answers the spec's name message. */
  private async assertUnique(wanted: { id?: string; name?: string | undefined; serialNumber?: string | undefined; exceptId?: string }): Promise<void> {
    const or: Prisma.UnitWhereInput[] = [
      ...(wanted.id !== undefined ? [{ id: wanted.id }] : []),
      ...(wanted.name !== undefined ? [{ name: wanted.name }] : []),
      ...(wanted.serialNumber !== undefined ? [{ serialNumber: wanted.serialNumber }] : []),
    ];
    if (or.length === 0) return;
    const clashes = await repo.findUnitIdentityClashes(this.deps.db, or, wanted.exceptId);
    const fields: FieldProblem[] = [];
    if (wanted.id !== undefined && clashes.some((c) => c.id === wanted.id)) fields.push({ path: 'body.uniqueId', message: VALIDATION.fieldUnique });
    const nameClash = wanted.name !== undefined && clashes.some((c) => c.name === wanted.name);
    if (nameClash) fields.push({ path: 'body.name', message: VALIDATION.unitNameInUse });
    if (wanted.serialNumber !== undefined && clashes.some((c) => c.serialNumber === wanted.serialNumber))
      fields.push({ path: 'body.serialNumber', message: VALIDATION.fieldUnique });
    if (fields.length === 0) return;
    if (nameClash) throw new AppError('NAME_IN_USE', fields, VALIDATION.unitNameInUse);
    throw validationError(fields);
  }

  /** A membership change in one transaction with the unit's version bump (409 on a concurrent change). */
  private async changeMembership(unit: UnitRecord, change: (tx: DbTx) => Promise<void>): Promise<void> {
    await unlessTaken(
      transaction(this.deps.db, async (tx) => {
        await atVersion(repo.updateUnitAtVersion(tx, unit.id, unit.version, {}));
        await change(tx);
      }),
      () => new AppError('ASSOCIATION_EXISTS'),
    );
    await this.units.refreshUnit(unit.id);
  }

  private async updateVersioned(unit: UnitRecord, data: Prisma.UnitUncheckedUpdateManyInput): Promise<void> {
    await atVersion(repo.updateUnitAtVersion(this.deps.db, unit.id, unit.version, data));
  }

  private async detail(id: string): Promise<UnitDetail> {
    const row = await repo.findUnitWithMemberships(this.deps.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return this.units.toDetail(row);
  }

  /** The unit's detail, after telling its subscribers (unit.updated). */
  private async detailAndPublish(id: string): Promise<UnitDetail> {
    const row = await repo.findUnitWithMemberships(this.deps.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    this.deps.hub.publish(this.deps.index.topicsOf(id), { type: 'unit.updated', unit: this.units.toSummary(row), at: this.deps.clock.now() });
    return this.units.toDetail(row);
  }
}

/** "<product type letters and digits>-<serial>", within the 128 characters of an id. */
function defaultUniqueId(productType: string, serial: string): string {
  return `${productType.replace(/[^A-Za-z0-9]/g, '').slice(0, 63)}-${serial}`.slice(0, 128);
}

/** A new unit's configuration row: no pairing code, its two intercoms set to nothing. */
export function newUnitConfiguration(unitUniqueId: string) {
  return {
    unitUniqueId,
    pairingCodeMode: false,
    intercoms: [
      { mode: 'audioRoom', audioRoomId: null, targetChannelId: null, destinationAccount: null },
      { mode: 'targetChannel', audioRoomId: null, targetChannelId: null, destinationAccount: null },
    ],
  };
}

/** Capabilities a new unit of this family has (the device reports the truth once connected). */
export function defaultCapabilities(typeGroup: UnitTypeGroup, productType: string): Record<string, boolean> {
  const field = typeGroup === 'fieldUnits';
  const model = productType.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return {
    sdCard: field,
    multiCamera: field && model.includes('800'),
    videoReturn: field,
    databridge: field || typeGroup === 'ptpUnits',
    intercom: typeGroup !== 'extenderDevices',
    ipPipe: field,
    speedTest: field,
    hevc: !/H\.?264/i.test(productType) && (model.includes('800') || model.includes('300')),
  };
}

export const adminUnitCalls = callsOf<AdminUnitService>()({
  createAdminUnit: (s, { body }, user) => s.createUnit(user, body),
  updateAdminUnit: (s, { params, body }, user) => s.updateUnit(user, params.id, body),
  deleteAdminUnit: (s, { params }, user) => s.deleteUnit(user, params.id),
  addAdminUnitInventory: (s, { params }, user) => s.addInventory(user, params.id, params.inventoryId),
  removeAdminUnitInventory: (s, { params }, user) => s.removeInventory(user, params.id, params.inventoryId),
  addAdminUnitGroup: (s, { params }, user) => s.addGroup(user, params.id, params.groupId),
  removeAdminUnitGroup: (s, { params }, user) => s.removeGroup(user, params.id, params.groupId),
  setAdminUnitTargetSwVersion: (s, { params, body }, user) => s.setTargetSwVersion(user, params.id, body.targetSwVersion),
  setAdminUnitDbGateway: (s, { params, body }, user) => s.setDbGateway(user, params.id, body.gatewayId),
  clearAdminUnitDbGateway: (s, { params }, user) => s.setDbGateway(user, params.id, null),
  deregisterAdminUnit: (s, { params }, user) => s.deregisterUnit(user, params.id),
});
