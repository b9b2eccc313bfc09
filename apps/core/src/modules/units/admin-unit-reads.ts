/**
 * Admin unit reads (spec 000 §6, §7 admin unit reads): search and paging, a unit with its
 * inventories, groups, databridge gateway, smart-unit settings and applications. A non-global admin
 * sees only the units of their own inventories (group membership alone is not enough).
 */
import { parseOr } from '../../platform/storage/json-column.js';
import {
  ADMIN_UNIT_SEARCH_KEYS,
  ADMIN_UNIT_SORT_KEYS,
  AlertConfigMode,
  DEFAULTS,
  LIMITS,
  UnitTypeGroup,
  type AdminInventoryRef,
  type AdminUnitDbGateway,
  type AdminUnitDetail,
  type AdminUnitGroupPage,
  type AdminUnitGroupsQuery,
  type AdminUnitPage,
  type AdminUnitRow,
  type AdminUnitSearchQuery,
  type DbGatewayInfo,
  type SmartUnitDetail,
  type UnitApplicationsInfo,
  type UnitGroupRef,
} from '@fleet/contracts';
import { isBusy, isStreaming } from '@fleet/domain';
import { providerOf, type Prisma } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError } from '../../errors.js';
import { type UnitRecord } from '../../platform/storage/unit-rows.js';
import { canSeeInventory, canSeeSomeInventory, type AuthUser } from '../../platform/access.js';
import type { ServiceDeps } from '../deps.js';
import type { UnitService } from './units.js';
import { byNameThenId } from '../../platform/order.js';
import { requireRow } from '../../platform/versioned-write.js';
import * as repo from './repository.js';

type AdminSearchKey = (typeof ADMIN_UNIT_SEARCH_KEYS)[number];
type AdminSortKey = (typeof ADMIN_UNIT_SORT_KEYS)[number];

/** Admin search/sort keys → Unit columns. */
const UNIT_COLUMN: Record<AdminSearchKey | AdminSortKey, string> = {
  name: 'name',
  uniqueId: 'id',
  serialNumber: 'serialNumber',
  productType: 'productType',
  typeGroup: 'typeGroup',
  status: 'status',
  swVersion: 'swVersion',
  ownership: 'ownership',
  comment: 'comment',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
};

export class AdminUnitReads {
  private readonly caseInsensitive: boolean;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly units: Pick<UnitService, 'findVisible' | 'toDetail'>,
  ) {
    // PostgreSQL compares case-sensitively unless asked; SQLite's LIKE already ignores ASCII case.
    this.caseInsensitive = providerOf(deps.config.DATABASE_URL) === 'postgresql';
  }

  async searchAdminUnits(user: AuthUser, q: AdminUnitSearchQuery, inventoryId?: string, excludeProducts: string[] = []): Promise<AdminUnitPage> {
    const and: Prisma.UnitWhereInput[] = [];
    if (!user.global) and.push({ inventories: { some: { inventoryId: { in: user.inventoryIds } } } });
    if (inventoryId !== undefined) and.push({ inventories: { some: { inventoryId } } });
    if (excludeProducts.length > 0) and.push({ productType: { notIn: excludeProducts } });
    if (q.searchValue !== undefined && q.searchValue !== '') and.push(this.contains(UNIT_COLUMN[q.searchKey ?? 'name'], q.searchValue));
    const where: Prisma.UnitWhereInput = { AND: and };
    const [total, rows] = await Promise.all([
      repo.countUnits(this.deps.db, where),
      repo.findAdminUnitPage(this.deps.db, where, UNIT_COLUMN[q.sortBy], q.sortDir, q.offset, q.limit),
    ]);
    return { items: rows.map((r) => this.adminRow(r)), total, offset: q.offset, limit: q.limit };
  }

  async adminInventoryUnits(user: AuthUser, inventoryId: string, q: AdminUnitSearchQuery & { excludeProducts?: string | undefined }): Promise<AdminUnitPage> {
    if (!canSeeInventory(user, inventoryId)) throw new AppError('NOT_FOUND');
    if (!this.deps.readModel.inventories.get(inventoryId)) throw new AppError('NOT_FOUND');
    const exclude = (q.excludeProducts ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    return this.searchAdminUnits(user, q, inventoryId, exclude);
  }

  async adminUnit(user: AuthUser, id: string): Promise<AdminUnitDetail> {
    const row = await this.findAdminVisible(user, id);
    const extra = await this.deps.readModel.unitRows.requireExtras(id);
    const { inventories, groups } = await this.adminLinksOf(user, id);
    return {
      ...this.units.toDetail(row),
      inventories,
      groups,
      alertsConfigMode: parseOr(AlertConfigMode, extra.alertsConfigMode, 'automatic'),
      databridgeGatewayId: extra.databridgeGatewayId,
      createdAt: extra.createdAt.toISOString(),
      updatedAt: extra.updatedAt.toISOString(),
    };
  }

  async adminUnitInventories(user: AuthUser, id: string): Promise<AdminInventoryRef[]> {
    await this.findAdminVisible(user, id);
    return (await this.adminLinksOf(user, id)).inventories;
  }

  async adminUnitGroups(user: AuthUser, id: string, q: AdminUnitGroupsQuery): Promise<AdminUnitGroupPage> {
    await this.findAdminVisible(user, id);
    return this.groupPage(user, id, q, { units: { some: { unitId: id } } });
  }

  async adminUnitGroupsOfInventories(user: AuthUser, id: string, q: AdminUnitGroupsQuery): Promise<AdminUnitGroupPage> {
    const row = await this.findAdminVisible(user, id);
    const inventoryIds = row.inventories.map((i) => i.inventoryId);
    return this.groupPage(user, id, q, { inventoryId: { in: inventoryIds } });
  }

  async adminUnitDbGateway(user: AuthUser, id: string): Promise<AdminUnitDbGateway> {
    const row = await this.findAdminVisible(user, id);
    const extra = await this.deps.readModel.unitRows.requireExtras(id);
    const available = await repo.findDbGatewaysFor(
      this.deps.db,
      row.inventories.map((i) => i.inventoryId),
    );
    return { uniqueId: id, selected: await this.gatewayById(extra.databridgeGatewayId), available: available.map(gatewayInfo) };
  }

  async adminSmartUnit(user: AuthUser, id: string): Promise<SmartUnitDetail> {
    const row = await this.findAdminVisible(user, id);
    // Only LU-Smart units have smart-unit settings; any other unit is not a smart unit.
    if (parseOr(UnitTypeGroup, row.typeGroup, 'fieldUnits') !== 'smartUnits') throw new AppError('NOT_FOUND');
    const c = await this.deps.readModel.unitRows.configurationOf(id);
    const smart = c.smart ?? {};
    const [{ inventories, groups }, invitation] = await Promise.all([this.adminLinksOf(user, id), repo.findLatestUnitInvitation(this.deps.db, id)]);
    const detail = this.units.toDetail(row);
    const limit = smart.bandwidthLimitKbps ?? LIMITS.smartUnitBandwidthDefaultKbps;
    return {
      uniqueId: id,
      name: row.name,
      productType: row.productType,
      status: detail.status,
      swVersion: row.swVersion,
      serialNumber: row.serialNumber,
      country: smart.country !== undefined && smart.country !== '' ? smart.country : DEFAULTS.luSmartCountry,
      bandwidthLimitKbps: limit,
      bandwidthLimitBounds: {
        defaultKbps: LIMITS.smartUnitBandwidthDefaultKbps,
        minKbps: LIMITS.smartUnitBandwidthMinKbps,
        maxKbps: LIMITS.smartUnitBandwidthMaxKbps,
      },
      pairingCodeMode: c.pairingCodeMode === true,
      license: detail.license,
      inventories: inventories.map((i) => ({ id: i.id, name: i.name })),
      groups: groups.map(({ id: gid, name, inventoryId, inventoryName }) => ({ id: gid, name, inventoryId, inventoryName })),
      invitation: invitation ? { planType: invitation.planType, groupId: invitation.groupId, expiresAt: iso(invitation.expiresAt) } : null,
      version: row.version,
    };
  }

  async adminUnitApplications(user: AuthUser, id: string): Promise<UnitApplicationsInfo> {
    await this.findAdminVisible(user, id);
    const applications = this.deps.index.applicationsOf(id);
    return { uniqueId: id, status: this.deps.index.statusOf(id), applications, busy: isBusy(applications), streaming: isStreaming(applications) };
  }

  /** findVisible, then the admin rule: a non-global admin sees units of their own inventories only. */
  private async findAdminVisible(user: AuthUser, id: string): Promise<UnitRecord> {
    const row = await this.units.findVisible(user, id);
    if (!canSeeSomeInventory(user, row.inventories)) throw new AppError('NOT_FOUND');
    return row;
  }

  private contains(column: string, value: string): Prisma.UnitWhereInput {
    // `mode` exists only in the PostgreSQL client's types; the shared client type is SQLite's.
    const filter: Record<string, unknown> = { contains: value, ...(this.caseInsensitive ? { mode: 'insensitive' } : {}) };
    return { [column]: filter } as Prisma.UnitWhereInput;
  }

  private adminRow(r: {
    id: string;
    name: string;
    comment: string;
    productType: string;
    typeGroup: string;
    swVersion: string;
    targetSwVersion: string | null;
    serialNumber: string;
    ownership: string;
    createdAt: Date;
    updatedAt: Date;
    version: number;
    inventories: { inventoryId: string }[];
    groups: { groupId: string }[];
  }): AdminUnitRow {
    return {
      uniqueId: r.id,
      name: r.name,
      comment: r.comment,
      productType: r.productType,
      typeGroup: parseOr(UnitTypeGroup, r.typeGroup, 'fieldUnits'),
      status: this.deps.index.statusOf(r.id),
      swVersion: r.swVersion,
      targetSwVersion: r.targetSwVersion,
      serialNumber: r.serialNumber,
      ownership: r.ownership,
      inventoryIds: r.inventories.map((i) => i.inventoryId).sort(),
      groupIds: r.groups.map((g) => g.groupId).sort(),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      version: r.version,
    };
  }

  /** The unit's inventories and groups the caller sees, read with the unit in one query (404 when it is gone meanwhile). */
  private async adminLinksOf(user: AuthUser, unitId: string): Promise<{ inventories: AdminInventoryRef[]; groups: UnitGroupRef[] }> {
    const links = requireRow(
      await repo.findUnitLinks(this.deps.db, unitId, {
        inventories: user.global ? {} : { inventoryId: { in: user.inventoryIds } },
        groups: user.global ? {} : { group: { inventoryId: { in: user.inventoryIds } } },
      }),
    );
    return {
      inventories: links.inventories.map((l) => ({ id: l.inventory.id, name: l.inventory.name, region: l.inventory.region, parentId: l.inventory.parentId })),
      groups: links.groups.map((l) => groupRef(l.group)).sort(byNameThenId),
    };
  }

  private async groupPage(user: AuthUser, unitId: string, q: AdminUnitGroupsQuery, base: Prisma.GroupWhereInput): Promise<AdminUnitGroupPage> {
    const and: Prisma.GroupWhereInput[] = [base];
    if (!user.global) and.push({ inventoryId: { in: user.inventoryIds } });
    if (q.searchValue !== undefined && q.searchValue !== '') {
      // `mode` exists only in the PostgreSQL client's types (see contains()).
      and.push({ name: { contains: q.searchValue, ...(this.caseInsensitive ? { mode: 'insensitive' } : {}) } as Prisma.StringFilter });
    }
    const where: Prisma.GroupWhereInput = { AND: and };
    const [total, rows] = await Promise.all([
      repo.countGroups(this.deps.db, where),
      repo.findUnitGroupPage(this.deps.db, unitId, where, q.sortBy, q.sortDir, q.offset, q.limit),
    ]);
    return {
      items: rows.map((g) => ({
        ...groupRef(g),
        expiresAt: iso(g.units[0]?.expiresAt ?? null),
        associated: g.units.length > 0,
      })),
      total,
      offset: q.offset,
      limit: q.limit,
    };
  }

  private async gatewayById(id: string | null): Promise<DbGatewayInfo | null> {
    if (id === null) return null;
    const g = await repo.findDbGateway(this.deps.db, id);
    return g ? gatewayInfo(g) : null;
  }
}

// ── pure helpers ───────────────────────────────────────────────────────────────────────────

function iso(d: Date | null | undefined): string | null {
  return d ? d.toISOString() : null;
}

function groupRef(g: { id: string; name: string; inventoryId: string; inventory: { name: string } }): UnitGroupRef {
  return { id: g.id, name: g.name, inventoryId: g.inventoryId, inventoryName: g.inventory.name };
}

function gatewayInfo(g: { id: string; name: string; host: string; port: number | null; status: string; inventoryId: string | null }): DbGatewayInfo {
  return { id: g.id, name: g.name, host: g.host, port: g.port, status: g.status, inventoryId: g.inventoryId };
}

export const adminUnitReadCalls = callsOf<AdminUnitReads>()({
  searchAdminUnits: (s, { query }, user) => s.searchAdminUnits(user, query),
  listAdminInventoryUnits: (s, { params, query }, user) => s.adminInventoryUnits(user, params.id, query),
  getAdminUnit: (s, { params }, user) => s.adminUnit(user, params.id),
  getAdminUnitInventories: (s, { params }, user) => s.adminUnitInventories(user, params.id),
  getAdminUnitGroups: (s, { params, query }, user) => s.adminUnitGroups(user, params.id, query),
  getAdminUnitGroupsOfInventories: (s, { params, query }, user) => s.adminUnitGroupsOfInventories(user, params.id, query),
  getAdminUnitDbGateway: (s, { params }, user) => s.adminUnitDbGateway(user, params.id),
  getAdminSmartUnit: (s, { params }, user) => s.adminSmartUnit(user, params.id),
  getAdminUnitApplications: (s, { params }, user) => s.adminUnitApplications(user, params.id),
});
