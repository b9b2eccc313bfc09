/**
 * Admin unit calls of spec 000 §7 (create, update, delete, associations, target version,
 * dbgateway, deregistration).
 *
 * Scope: super users and staff act on every unit; the other admin roles on units of their own
 * inventories, with inventories and groups of their own inventories (unknown and foreign answer
 * alike, 404). Membership changes bump the unit's version inside their transaction, so concurrent
 * changes of one unit conflict (409) instead of racing past a limit. After each change the
 * membership index, the device gateway's fleet and /ws subscribers follow (refreshUnit,
 * forgetUnit, device.added / device.removed on the topics concerned).
 */
import type { z } from 'zod';
import {
  ADMIN_UNIT_LIMITS, SOFTWARE_VERSIONS, VALIDATION, groupTopic, inventoryTopic,
  type CreateAdminUnitBody, type FieldProblem, type UnitDetail, type UnitDeregistered, type UnitTypeGroup,
  type UpdateAdminUnitBody,
} from '@fleet/contracts';
import { checkUnitUpgradeEligibility, isBusy, type UpgradeBlocker } from '@fleet/domain';
import { transaction, type DbTx, type Prisma } from '@fleet/db';
import { AppError, validationError } from '../errors.js';
import type { AuthUser } from './access.js';
import type { ServiceDeps } from './deps.js';

const unitInclude = {
  inventories: { select: { inventoryId: true } },
  groups: { select: { groupId: true } },
} as const;
type AdminUnitRow = Prisma.UnitGetPayload<{ include: typeof unitInclude }>;

/** Upgrade blockers the target check adds from the unit's server state (spec 000 §8 6199, 6808). */
const EARLY_UPGRADE_RULES: readonly UpgradeBlocker['rule'][] = ['invalidVersion', 'targetOutOfRange', 'versionTooOld'];

export class AdminUnitService {
  constructor(private readonly deps: ServiceDeps) {}

  // ── create / update / delete ───────────────────────────────────────────────────────────────

  /** POST v2/admin/units. */
  async createUnit(user: AuthUser, body: z.infer<typeof CreateAdminUnitBody>): Promise<UnitDetail> {
    const db = this.deps.db;
    const problems: FieldProblem[] = [];
    const inventory = await db.inventory.findUnique({ where: { id: body.inventoryId }, select: { id: true } });
    if (!inventory || !this.ownsInventory(user, inventory.id)) problems.push({ path: 'body.inventoryId', message: VALIDATION.invalidField });
    const groupIds = [...new Set(body.groupIds ?? [])];
    if (groupIds.length > 0) {
      const groups = await db.group.findMany({ where: { id: { in: groupIds } }, select: { id: true, inventoryId: true } });
      (body.groupIds ?? []).forEach((g, i) => {
        if (!groups.some((x) => x.id === g && x.inventoryId === body.inventoryId)) problems.push({ path: `body.groupIds.${i}`, message: VALIDATION.invalidField });
      });
    }
    if (problems.length > 0) throw validationError(problems);
    const id = body.uniqueId ?? defaultUniqueId(body.productType, body.serialNumber);
    await this.assertUnique({ id, name: body.name, serialNumber: body.serialNumber });
    try {
      await transaction(db, async (tx) => {
        await tx.unit.create({
          data: {
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
            configuration: {
              unitUniqueId: id,
              pairingCodeMode: false,
              intercoms: [
                { mode: 'audioRoom', audioRoomId: null, targetChannelId: null, destinationAccount: null },
                { mode: 'targetChannel', audioRoomId: null, targetChannelId: null, destinationAccount: null },
              ],
            },
          },
        });
        await tx.unitInventory.create({ data: { unitId: id, inventoryId: body.inventoryId } });
        if (groupIds.length > 0) await tx.unitGroup.createMany({ data: groupIds.map((groupId) => ({ unitId: id, groupId })) });
      });
    } catch (e) {
      if (isUniqueViolation(e)) await this.assertUnique({ id, name: body.name, serialNumber: body.serialNumber });
      throw e;
    }
    // The membership index learns the unit, the simulator starts emulating it, subscribers hear device.added.
    await this.deps.units.refreshUnit(id);
    return this.detail(id);
  }

  /** PUT v2/admin/units/{id}: identity fields, under the unit's version. */
  async updateUnit(user: AuthUser, id: string, body: z.infer<typeof UpdateAdminUnitBody>): Promise<UnitDetail> {
    const unit = await this.findAdminUnit(user, id);
    if (body.usageProfileId) {
      const profile = await this.deps.db.usageProfile.findUnique({ where: { id: body.usageProfileId }, select: { inventoryId: true } });
      if (!profile || (profile.inventoryId !== null && !unit.inventories.some((i) => i.inventoryId === profile.inventoryId))) {
        throw validationError([{ path: 'body.usageProfileId', message: VALIDATION.invalidField }]);
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
    let count: number;
    try {
      ({ count } = await this.deps.db.unit.updateMany({ where: { id, version: body.version ?? unit.version }, data }));
    } catch (e) {
      if (isUniqueViolation(e)) await this.assertUnique({ name: body.name, serialNumber: body.serialNumber, exceptId: id });
      throw e;
    }
    if (count === 0) throw new AppError('CONFLICT');
    if (body.typeGroup !== undefined || body.productType !== undefined) await this.deps.units.refreshUnit(id);
    if (body.name !== undefined && body.name !== unit.name) {
      // The device learns its new name when it is reachable; the core is the source of truth.
      this.deps.gateway.send(id, { type: 'rename', name: body.name }).catch(() => undefined);
    }
    return this.detailAndPublish(id);
  }

  /** DELETE v2/admin/units/{id}: not while busy; a non-global admin only a unit wholly in their inventories. */
  async deleteUnit(user: AuthUser, id: string): Promise<{ uniqueId: string; deleted: true }> {
    const unit = await this.findAdminUnit(user, id);
    this.assertWhollyOwned(user, unit);
    if (isBusy(this.deps.units.applicationsOf(id))) throw new AppError('UNIT_BUSY');
    const { count } = await this.deps.db.unit.deleteMany({ where: { id, version: unit.version } });
    if (count === 0) throw new AppError('CONFLICT');
    this.deps.units.forgetUnit(id);
    return { uniqueId: id, deleted: true };
  }

  // ── associations ───────────────────────────────────────────────────────────────────────────

  /** PUT inventories/{inventoryId}: at most ADMIN_UNIT_LIMITS.maxInventoriesPerUnit inventories. */
  async addInventory(user: AuthUser, id: string, inventoryId: string): Promise<UnitDetail> {
    const unit = await this.findAdminUnit(user, id);
    const inventory = await this.deps.db.inventory.findUnique({ where: { id: inventoryId }, select: { id: true } });
    if (!inventory || !this.ownsInventory(user, inventoryId)) throw new AppError('NOT_FOUND');
    if (unit.inventories.some((i) => i.inventoryId === inventoryId)) throw new AppError('ASSOCIATION_EXISTS');
    if (unit.inventories.length >= ADMIN_UNIT_LIMITS.maxInventoriesPerUnit) throw new AppError('UNIT_MAX_INVENTORIES');
    await this.changeMembership(unit, (tx) => tx.unitInventory.create({ data: { unitId: id, inventoryId } }).then(() => undefined));
    this.deps.hub.publish([inventoryTopic(inventoryId)], { type: 'device.added', unitId: id, at: Date.now() });
    return this.detailAndPublish(id);
  }

  /** DELETE inventories/{inventoryId}: the unit also leaves that inventory's groups; never its last inventory. */
  async removeInventory(user: AuthUser, id: string, inventoryId: string): Promise<UnitDetail> {
    const unit = await this.findAdminUnit(user, id);
    if (!this.ownsInventory(user, inventoryId) || !unit.inventories.some((i) => i.inventoryId === inventoryId)) throw new AppError('NOT_FOUND');
    if (unit.inventories.length <= 1) throw new AppError('UNIT_LAST_INVENTORY');
    const groups = await this.deps.db.group.findMany({ where: { inventoryId, id: { in: unit.groups.map((g) => g.groupId) } }, select: { id: true } });
    const leftGroups = groups.map((g) => g.id);
    const topics = [...this.deps.units.topicsOf(id)];
    await this.changeMembership(unit, async (tx) => {
      await tx.unitGroup.deleteMany({ where: { unitId: id, groupId: { in: leftGroups } } });
      await tx.unitInventory.delete({ where: { unitId_inventoryId: { unitId: id, inventoryId } } });
    });
    const removed = [inventoryTopic(inventoryId), ...leftGroups.map(groupTopic)].filter((t) => topics.includes(t));
    this.deps.hub.publish(removed, { type: 'device.removed', unitId: id, at: Date.now() });
    return this.detailAndPublish(id);
  }

  /** PUT groups/{groupId}: a group of one of the unit's inventories. */
  async addGroup(user: AuthUser, id: string, groupId: string): Promise<UnitDetail> {
    const unit = await this.findAdminUnit(user, id);
    const group = await this.deps.db.group.findUnique({ where: { id: groupId }, select: { id: true, inventoryId: true } });
    if (!group || !this.ownsInventory(user, group.inventoryId)) throw new AppError('NOT_FOUND');
    if (unit.groups.some((g) => g.groupId === groupId)) throw new AppError('ASSOCIATION_EXISTS');
    if (!unit.inventories.some((i) => i.inventoryId === group.inventoryId)) throw new AppError('GROUP_OUTSIDE_UNIT_INVENTORIES');
    await this.changeMembership(unit, (tx) => tx.unitGroup.create({ data: { unitId: id, groupId } }).then(() => undefined));
    this.deps.hub.publish([groupTopic(groupId)], { type: 'device.added', unitId: id, at: Date.now() });
    return this.detailAndPublish(id);
  }

  /** DELETE groups/{groupId}. */
  async removeGroup(user: AuthUser, id: string, groupId: string): Promise<UnitDetail> {
    const unit = await this.findAdminUnit(user, id);
    const group = await this.deps.db.group.findUnique({ where: { id: groupId }, select: { inventoryId: true } });
    if (!group || !this.ownsInventory(user, group.inventoryId) || !unit.groups.some((g) => g.groupId === groupId)) throw new AppError('NOT_FOUND');
    await this.changeMembership(unit, (tx) => tx.unitGroup.delete({ where: { unitId_groupId: { unitId: id, groupId } } }).then(() => undefined));
    this.deps.hub.publish([groupTopic(groupId)], { type: 'device.removed', unitId: id, at: Date.now() });
    return this.detailAndPublish(id);
  }

  // ── target software version ────────────────────────────────────────────────────────────────

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
      const blockers = await this.upgradeBlockers(unit, target);
      const first = blockers[0];
      if (first) {
        throw new AppError(first.errorCode, blockers.map((b) => ({ path: 'body.targetSwVersion', message: b.message })));
      }
    }
    await this.updateVersioned(unit, { targetSwVersion: target });
    return this.detailAndPublish(id);
  }

  private async upgradeBlockers(unit: AdminUnitRow, target: string): Promise<UpgradeBlocker[]> {
    const db = this.deps.db;
    const version = await db.softwareVersion.findUnique({ where: { number: target }, select: { supportedDevices: true } });
    if (!version) return [{ rule: 'targetOutOfRange', errorCode: 'UPGRADE_6802', message: `Version ${target} is not a released software version` }];
    const listed = Array.isArray(version.supportedDevices) ? version.supportedDevices.filter((d): d is string => typeof d === 'string') : [];
    // "Supported devices" lists type groups or product models: the unit is supported by either.
    const supported = listed.length === 0 || listed.some((d) => d === unit.typeGroup || d.toLowerCase() === unit.productType.toLowerCase());
    const sla = await db.service.findFirst({ where: { unitId: unit.id, serviceName: 'sla' }, select: { serviceStatus: true } });
    const channel = unit.selectedChannelId
      ? await db.channel.findUnique({ where: { id: unit.selectedChannelId }, select: { swVersion: true, server: { select: { status: true, swVersion: true } } } })
      : null;
    const capabilities = typeof unit.capabilities === 'object' && unit.capabilities !== null ? (unit.capabilities as Record<string, unknown>) : {};
    const eligibility = checkUnitUpgradeEligibility({
      currentVersion: unit.swVersion,
      targetVersion: target,
      hasSla: sla !== null && sla.serviceStatus.toLowerCase() === 'enabled',
      serverVersion: channel?.server.swVersion ?? null,
      channelVersion: channel?.swVersion ? channel.swVersion : null,
      productType: unit.productType,
      videoCodec: /h\.?264/i.test(unit.productType) || capabilities.hevc !== true ? 'h264' : 'hevc',
      ...(supported ? {} : { supportedProducts: listed }),
    });
    const server: UpgradeBlocker[] = [];
    const status = channel?.server.status;
    if (status === 'offline') server.push({ rule: 'serverOffline', errorCode: 'UPGRADE_6199', message: 'The server of the unit is offline' });
    else if (status === 'busy' || status === 'upgrading') server.push({ rule: 'serverBusy', errorCode: 'UPGRADE_6808', message: 'The server of the unit is busy' });
    const early = eligibility.reasons.filter((r) => EARLY_UPGRADE_RULES.includes(r.rule));
    const late = eligibility.reasons.filter((r) => !EARLY_UPGRADE_RULES.includes(r.rule));
    return [...early, ...server, ...late];
  }

  // ── databridge gateway ─────────────────────────────────────────────────────────────────────

  /** PUT dbgateway (a gateway of the unit's inventories, or one without inventory) / DELETE (null). */
  async setDbGateway(user: AuthUser, id: string, gatewayId: string | null): Promise<UnitDetail> {
    const unit = await this.findAdminUnit(user, id);
    if (gatewayId !== null) {
      const gateway = await this.deps.db.databridgeGateway.findUnique({ where: { id: gatewayId }, select: { inventoryId: true } });
      const usable = gateway !== null && (gateway.inventoryId === null || (unit.inventories.some((i) => i.inventoryId === gateway.inventoryId) && this.ownsInventory(user, gateway.inventoryId)));
      if (!usable) throw validationError([{ path: 'body.gatewayId', message: VALIDATION.invalidField }]);
    }
    if (this.deps.units.applicationsOf(id).databridge) throw new AppError('UNIT_BUSY');
    await this.updateVersioned(unit, { databridgeGatewayId: gatewayId });
    return this.detailAndPublish(id);
  }

  // ── deregistration ─────────────────────────────────────────────────────────────────────────

  /**
   * POST deregistration: the unit leaves every inventory and group and loses its services,
   * selected channel, target version, gateway and pairing; the row stays (a super user can
   * register it again by associating an inventory). Not while busy.
   */
  async deregisterUnit(user: AuthUser, id: string): Promise<UnitDeregistered> {
    const unit = await this.findAdminUnit(user, id);
    this.assertWhollyOwned(user, unit);
    if (isBusy(this.deps.units.applicationsOf(id))) throw new AppError('UNIT_BUSY');
    const topics = [...this.deps.units.topicsOf(id)];
    const configuration = typeof unit.configuration === 'object' && unit.configuration !== null && !Array.isArray(unit.configuration)
      ? { ...(unit.configuration as Record<string, unknown>) }
      : {};
    for (const k of ['pairing', 'pairingCode', 'pairingCodeExpiresAt']) delete configuration[k];
    await transaction(this.deps.db, async (tx) => {
      const { count } = await tx.unit.updateMany({
        where: { id, version: unit.version },
        data: {
          selectedChannelId: null,
          targetSwVersion: null,
          databridgeGatewayId: null,
          services: [],
          configuration: JSON.parse(JSON.stringify(configuration)) as Prisma.InputJsonValue,
          version: { increment: 1 },
        },
      });
      if (count === 0) throw new AppError('CONFLICT');
      await tx.unitGroup.deleteMany({ where: { unitId: id } });
      await tx.unitInventory.deleteMany({ where: { unitId: id } });
      await tx.service.deleteMany({ where: { unitId: id } });
    });
    await this.deps.units.refreshUnit(id);
    this.deps.hub.publish(topics, { type: 'device.removed', unitId: id, at: Date.now() });
    return {
      uniqueId: id,
      deregistered: true,
      removedInventoryIds: unit.inventories.map((i) => i.inventoryId),
      removedGroupIds: unit.groups.map((g) => g.groupId),
    };
  }

  // ── helpers ────────────────────────────────────────────────────────────────────────────────

  /** The unit if this admin may act on it (global, or one of its inventories is theirs), else 404. */
  private async findAdminUnit(user: AuthUser, id: string): Promise<AdminUnitRow> {
    const unit = await this.deps.db.unit.findUnique({ where: { id }, include: unitInclude });
    if (!unit) throw new AppError('NOT_FOUND');
    if (!user.global && !unit.inventories.some((i) => user.inventoryIds.includes(i.inventoryId))) throw new AppError('NOT_FOUND');
    return unit;
  }

  private ownsInventory(user: AuthUser, inventoryId: string): boolean {
    return user.global || user.inventoryIds.includes(inventoryId);
  }

  /** Removing a unit from inventories that are not theirs is not for a non-global admin. */
  private assertWhollyOwned(user: AuthUser, unit: AdminUnitRow): void {
    if (!unit.inventories.every((i) => this.ownsInventory(user, i.inventoryId))) throw new AppError('NOT_AVAILABLE_FOR_USER_TYPE');
  }

  /** Unique id, name and serial number; a clash of the name answers the spec's name message. */
  private async assertUnique(wanted: { id?: string; name?: string | undefined; serialNumber?: string | undefined; exceptId?: string }): Promise<void> {
    const or: Prisma.UnitWhereInput[] = [
      ...(wanted.id !== undefined ? [{ id: wanted.id }] : []),
      ...(wanted.name !== undefined ? [{ name: wanted.name }] : []),
      ...(wanted.serialNumber !== undefined ? [{ serialNumber: wanted.serialNumber }] : []),
    ];
    if (or.length === 0) return;
    const clashes = await this.deps.db.unit.findMany({
      where: { OR: or, ...(wanted.exceptId !== undefined ? { NOT: { id: wanted.exceptId } } : {}) },
      select: { id: true, name: true, serialNumber: true },
    });
    const fields: FieldProblem[] = [];
    if (wanted.id !== undefined && clashes.some((c) => c.id === wanted.id)) fields.push({ path: 'body.uniqueId', message: VALIDATION.fieldUnique });
    const nameClash = wanted.name !== undefined && clashes.some((c) => c.name === wanted.name);
    if (nameClash) fields.push({ path: 'body.name', message: VALIDATION.unitNameInUse });
    if (wanted.serialNumber !== undefined && clashes.some((c) => c.serialNumber === wanted.serialNumber)) fields.push({ path: 'body.serialNumber', message: VALIDATION.fieldUnique });
    if (fields.length === 0) return;
    if (nameClash) throw new AppError('NAME_IN_USE', fields, VALIDATION.unitNameInUse);
    throw validationError(fields);
  }

  /** A membership change in one transaction with the unit's version bump (409 on a concurrent change). */
  private async changeMembership(unit: AdminUnitRow, change: (tx: DbTx) => Promise<void>): Promise<void> {
    try {
      await transaction(this.deps.db, async (tx) => {
        const { count } = await tx.unit.updateMany({ where: { id: unit.id, version: unit.version }, data: { version: { increment: 1 } } });
        if (count === 0) throw new AppError('CONFLICT');
        await change(tx);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError('ASSOCIATION_EXISTS');
      throw e;
    }
    await this.deps.units.refreshUnit(unit.id);
  }

  private async updateVersioned(unit: AdminUnitRow, data: Prisma.UnitUncheckedUpdateManyInput): Promise<void> {
    const { count } = await this.deps.db.unit.updateMany({ where: { id: unit.id, version: unit.version }, data: { ...data, version: { increment: 1 } } });
    if (count === 0) throw new AppError('CONFLICT');
  }

  private async detail(id: string): Promise<UnitDetail> {
    const row = await this.deps.db.unit.findUnique({ where: { id }, include: unitInclude });
    if (!row) throw new AppError('NOT_FOUND');
    return this.deps.units.toDetail(row);
  }

  /** The unit's detail, after telling its subscribers (unit.updated). */
  private async detailAndPublish(id: string): Promise<UnitDetail> {
    const row = await this.deps.db.unit.findUnique({ where: { id }, include: unitInclude });
    if (!row) throw new AppError('NOT_FOUND');
    this.deps.hub.publish(this.deps.units.topicsOf(id), { type: 'unit.updated', unit: this.deps.units.toSummary(row), at: Date.now() });
    return this.deps.units.toDetail(row);
  }
}

/** "<product type letters and digits>-<serial>", within the 128 characters of an id. */
function defaultUniqueId(productType: string, serial: string): string {
  return `${productType.replace(/[^A-Za-z0-9]/g, '').slice(0, 63)}-${serial}`.slice(0, 128);
}

/** Capabilities a new unit of this family has (the device reports the truth once connected). */
function defaultCapabilities(typeGroup: UnitTypeGroup, productType: string): Record<string, boolean> {
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

function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && 'code' in e && (e as { code: unknown }).code === 'P2002';
}
