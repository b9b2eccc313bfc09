/**
 * Unit reads of spec 000 §7 beyond the basic list/detail: answers built from stored state (unit
 * columns and Json columns, alerts, alert configurations, files, services, groups, inventories,
 * gateways, application configuration) and live state (device telemetry, derived status).
 *
 * Object scope: every unit read goes through UnitService.findVisible / assertVisible (unknown and
 * invisible units both answer 404). Admin reads are stricter: a non-global admin sees only the
 * units of their own inventories (spec 000 §6 admin path; group membership alone is not enough).
 */
import {
  ADMIN_UNIT_SEARCH_KEYS, ADMIN_UNIT_SORT_KEYS, ALERT_CONFIG_MODES, ALERT_TYPES, AlertConfigMode, AlertLevel, AlertType, AuthProtocol,
  BANDWIDTH_CAP_OPTIONS, DEFAULT_ALERT_SETTINGS, DEFAULT_ALERT_SOUND_SETTINGS, DEFAULT_ALERT_TYPE_SETTINGS, DEFAULTS, LIMITS,
  NETWORK_MODES, NetworkMode, SimSlot, TIMINGS, UNIT_SD_STORAGE, UnitTypeGroup, UploadedFileStatus, VALIDATION,
  type ActiveAlert, type AdminInventoryRef, type AdminUnitDbGateway, type AdminUnitDetail, type AdminUnitGroupPage,
  type AdminUnitGroupsQuery, type AdminUnitPage, type AdminUnitRow, type AdminUnitSearchQuery, type AlertSettings,
  type AlertTypeSettings, type ApplicationUrls, type BandwidthLimitation, type ClientConfiguration, type DbGatewayInfo,
  type DefaultAlertConfiguration, type EnhancedUnitInfo, type GroupFeatures, type JsonRecord, type LightGroup, type ModemConfig,
  type PairingCodeInfo, type SelectedDbGateway, type SettingsConfiguration, type SmartUnitDetail, type UnitAlertsConfiguration,
  type UnitApplicationsInfo, type UnitCapabilities, type UnitConfiguration, type UnitCoords, type UnitGroupRef,
  type UnitLocationInfo, type UnitModems, type UnitServiceInfo, type UnitSipAccount, type UnitStorage, type UnitStorageFiles,
  type UnitStorages, type UnitSummary, type UserContact,
} from '@fleet/contracts';
import { isBusy, isStreaming, modemUiState } from '@fleet/domain';
import { providerOf, type Prisma } from '@fleet/db';
import { AppError, validationError } from '../errors.js';
import type { AuthUser } from './access.js';
import type { ServiceDeps } from './deps.js';
import type { UnitRecord } from '../repositories/units.js';

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

/** Names shown by the application switcher (spec 000 §2). */
const APPLICATION_NAMES = { console: 'Console', videoReturnPortal: 'Video Return Portal', matrix: 'Matrix' } as const;

/** Keys of the application configuration (system settings > application_configuration) read here. */
const APP_CONFIG_KEYS = { chatSupport: 'chatSupport', features: 'features', applicationUrls: 'applicationUrls' } as const;

/** The Unit columns these reads need beyond a UnitRecord's. */
const unitExtraSelect = {
  configuration: true,
  telemetry: true,
  alertsConfigMode: true,
  databridgeGatewayId: true,
  createdAt: true,
  updatedAt: true,
} as const;
interface UnitExtra {
  configuration: unknown;
  telemetry: unknown;
  alertsConfigMode: string;
  databridgeGatewayId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Where a unit's configuration comes from: the builder of the unit-config area, so that GET
 * configurationV2, enhanced unit info and every unit update answer the same UnitConfiguration.
 */
export interface ConfigurationSource {
  getConfiguration(unitId: string): Promise<UnitConfiguration>;
}

interface AlertConfigRow {
  alerts: unknown;
  settings: unknown;
  soundSettings: unknown;
  recipients: { alertType: string; email: string; verified: boolean }[];
}

export class UnitReadService {
  private readonly caseInsensitive: boolean;

  constructor(private readonly deps: ServiceDeps) {
    // PostgreSQL compares case-sensitively unless asked; SQLite's LIKE already ignores ASCII case.
    this.caseInsensitive = providerOf(deps.config.DATABASE_URL) === 'postgresql';
  }

  // ── devices/* ────────────────────────────────────────────────────────────────────────────

  async fetchById(user: AuthUser, id: string): Promise<UnitSummary> {
    return this.deps.units.toSummary(await this.deps.units.findVisible(user, id));
  }

  async locationOf(user: AuthUser, id: string): Promise<UnitLocationInfo> {
    const row = await this.deps.units.findVisible(user, id);
    const live = this.deps.telemetry.get(id)?.location ?? null;
    if (live) return { uniqueId: id, location: live, live: true };
    const stored = row.latitude !== null && row.longitude !== null ? { lat: row.latitude, lng: row.longitude, address: row.address } : null;
    return { uniqueId: id, location: stored, live: false };
  }

  async modemsOf(user: AuthUser, id: string): Promise<UnitModems> {
    await this.deps.units.assertVisible(user, id);
    const modems = (this.deps.telemetry.get(id)?.modems ?? []).map((m) => ({
      ...m,
      uiState: modemUiState({ present: true, enabled: m.enabled, connected: m.connected }),
    }));
    const live = modems.filter((m) => m.connected && m.enabled);
    return {
      uniqueId: id,
      modems,
      connectedCount: live.length,
      totalUplinkKbps: live.reduce((s, m) => s + m.uplinkKbps, 0),
    };
  }

  async coords(user: AuthUser, groupId: string | undefined): Promise<UnitCoords[]> {
    const units = await this.deps.units.list(user, groupId);
    return units.flatMap((u) =>
      u.location ? [{ uniqueId: u.uniqueId, name: u.name, status: u.status, typeGroup: u.typeGroup, location: u.location }] : [],
    );
  }

  // ── v2/units/{id}/* ──────────────────────────────────────────────────────────────────────

  async enhanced(user: AuthUser, id: string, source: ConfigurationSource): Promise<EnhancedUnitInfo> {
    const row = await this.deps.units.findVisible(user, id);
    return {
      ...this.deps.units.toDetail(row),
      configuration: await source.getConfiguration(id),
      refreshIntervalMs: TIMINGS.enhancedUnitRefreshMs,
    };
  }

  async configurationV2(user: AuthUser, id: string, source: ConfigurationSource): Promise<UnitConfiguration> {
    await this.deps.units.assertVisible(user, id);
    return source.getConfiguration(id);
  }

  async capabilities(user: AuthUser, id: string): Promise<UnitCapabilities> {
    const row = await this.deps.units.findVisible(user, id);
    return { capabilities: booleans(row.capabilities) };
  }

  async services(user: AuthUser, id: string): Promise<UnitServiceInfo[]> {
    await this.deps.units.assertVisible(user, id);
    const rows = await this.deps.db.service.findMany({ where: { unitId: id }, orderBy: { serviceName: 'asc' } });
    return rows.map((s) => ({
      id: s.id,
      serviceName: s.serviceName,
      serviceStatus: s.serviceStatus,
      enabled: s.serviceStatus.toUpperCase() === 'ENABLED',
      tier: s.tier,
      lifecycle: s.lifecycle,
      trialState: s.trialState,
      trialEndsAt: iso(s.trialEndsAt),
      expiresAt: iso(s.expiresAt),
      usageKind: s.usageKind,
    }));
  }

  async storages(user: AuthUser, id: string): Promise<UnitStorages> {
    const row = await this.deps.units.findVisible(user, id);
    return { uniqueId: id, storages: await this.storagesOf(row) };
  }

  /** Files of the unit; with a path, those under that directory (or at that path): none is an empty list. */
  async storageFiles(user: AuthUser, id: string, path: string | undefined): Promise<UnitStorageFiles> {
    await this.deps.units.assertVisible(user, id);
    const where: Prisma.FileWhereInput = { unitId: id };
    if (path !== undefined) {
      const dir = path.endsWith('/') ? path : `${path}/`;
      where.OR = [{ rootDirectory: path }, { path }, { path: { startsWith: dir } }];
    }
    const files = await this.deps.db.file.findMany({ where, orderBy: [{ lastModified: { sort: 'desc', nulls: 'last' } }, { fileName: 'asc' }, { id: 'asc' }] });
    return {
      uniqueId: id,
      path: path ?? null,
      files: files.map((f) => ({
        fileId: f.id,
        fileName: f.fileName,
        path: f.path,
        rootDirectory: f.rootDirectory,
        kind: f.kind === 'uploaded' ? 'uploaded' : 'recorded',
        sizeBytes: Number(f.sizeBytes),
        lastModified: iso(f.lastModified),
        status: parseOr(UploadedFileStatus, f.status, null),
        isTransferring: f.isTransferring,
        progress: Math.min(100, Math.max(0, f.progress)),
        chunkIndex: f.chunkIndex,
        chunkCount: Array.isArray(f.chunks) ? f.chunks.length : 0,
        storyId: f.storyId,
        metadata: jsonRecord(f.metadata),
      })),
    };
  }

  async sipAccount(user: AuthUser, id: string): Promise<UnitSipAccount> {
    const row = await this.deps.units.findVisible(user, id);
    const stored = record(record(await this.configOf(id)).sipAccount);
    if (typeof stored.username === 'string' && typeof stored.server === 'string') {
      return {
        uniqueId: id,
        sipAccount: {
          username: stored.username,
          server: stored.server,
          displayName: typeof stored.displayName === 'string' ? stored.displayName : row.name,
          enabled: typeof stored.enabled === 'boolean' ? stored.enabled : true,
        },
      };
    }
    // No account stored: a unit with intercom has the account <uniqueId> on its inventory's SIP server.
    if (booleans(row.capabilities).intercom !== true) return { uniqueId: id, sipAccount: null };
    const link = await this.deps.db.unitInventory.findFirst({
      where: { unitId: id, inventory: { sipServer: { not: null } } },
      orderBy: [{ createdAt: 'asc' }, { inventoryId: 'asc' }],
      select: { inventory: { select: { sipServer: true } } },
    });
    const server = link?.inventory.sipServer;
    if (!server) return { uniqueId: id, sipAccount: null };
    return { uniqueId: id, sipAccount: { username: id.toLowerCase(), server, displayName: row.name, enabled: true } };
  }

  async alertsConfiguration(user: AuthUser, id: string): Promise<UnitAlertsConfiguration> {
    const row = await this.deps.units.findVisible(user, id);
    const extra = await this.extraOf(id);
    return this.resolveAlerts(row, parseOr(AlertConfigMode, extra.alertsConfigMode, 'automatic'), undefined);
  }

  async possibleAlertsConfiguration(
    user: AuthUser,
    id: string,
    mode: AlertConfigMode,
    groupId: string | undefined,
  ): Promise<UnitAlertsConfiguration> {
    const row = await this.deps.units.findVisible(user, id);
    if (mode === 'group') {
      if (groupId === undefined) throw validationError([{ path: 'query.groupId', message: VALIDATION.required }]);
      if (!row.groups.some((g) => g.groupId === groupId)) throw validationError([{ path: 'query.groupId', message: VALIDATION.invalidField }]);
    }
    return this.resolveAlerts(row, mode, mode === 'group' ? groupId : undefined);
  }

  async bandwidthLimitation(user: AuthUser, id: string, kind: 'total' | 'cellular'): Promise<BandwidthLimitation> {
    await this.deps.units.assertVisible(user, id);
    const bandwidth = record(record(await this.configOf(id)).bandwidth);
    const value = kbpsOf(kind === 'total' ? (bandwidth.total ?? bandwidth.totalKbps) : (bandwidth.cellular ?? bandwidth.cellularKbps));
    const limitKbps = value !== null && value > 0 ? value : null;
    const priorityLimits =
      kind === 'total' && Array.isArray(bandwidth.priorityLimits)
        ? bandwidth.priorityLimits.flatMap((p: unknown) => {
            const r = record(p);
            return typeof r.priority === 'number' && typeof r.kbps === 'number' && r.kbps >= 0 ? [{ priority: r.priority, kbps: r.kbps }] : [];
          })
        : [];
    return {
      uniqueId: id,
      kind,
      limitKbps,
      option: capOption(limitKbps),
      priorityLimits,
      configurable: !isBusy(this.deps.units.applicationsOf(id)),
    };
  }

  async selectedDbGateway(user: AuthUser, id: string): Promise<SelectedDbGateway> {
    await this.deps.units.assertVisible(user, id);
    const extra = await this.extraOf(id);
    return { uniqueId: id, gateway: await this.gatewayById(extra.databridgeGatewayId) };
  }

  async pairingCode(user: AuthUser, id: string): Promise<PairingCodeInfo> {
    await this.deps.units.assertVisible(user, id);
    const c = record(await this.configOf(id));
    return {
      uniqueId: id,
      enabled: c.pairingCodeMode === true,
      code: typeof c.pairingCode === 'string' && c.pairingCode !== '' ? c.pairingCode : null,
      expiresAt: typeof c.pairingCodeExpiresAt === 'string' ? c.pairingCodeExpiresAt : null,
    };
  }

  /**
   * Modem n is the port of one of the unit's cellular links as its device reports them; any other
   * n (no such port, a Wi-Fi or LAN link, or a unit that has not reported yet) answers 404.
   * Stored settings are those PUT interfaces/config saved (configuration.network.interfaces["<n>"]);
   * what is not stored answers its default; the SIM in use and enabled are the device's.
   */
  async modemConfig(user: AuthUser, id: string, n: number): Promise<ModemConfig> {
    await this.deps.units.assertVisible(user, id);
    const modem = this.deps.telemetry.get(id)?.modems.find((m) => m.port === n && m.uiType === 'cell');
    if (!modem) throw new AppError('NOT_FOUND');
    const stored = record(record(record(record(await this.configOf(id)).network).interfaces)[String(n)]);
    const storedApns = Array.isArray(stored.apns) ? stored.apns.map(record) : [];
    const bySlot = storedApns.some((x) => typeof x.slot === 'number');
    return {
      uniqueId: id,
      port: modem.port,
      modemId: modem.id,
      name: modem.name,
      enabled: modem.enabled,
      activeSim: parseOr(SimSlot, stored.activeSim, modem.activeSim),
      networkMode: parseOr(NetworkMode, stored.networkMode, NETWORK_MODES[0]),
      roamingAllowed: typeof stored.roamingAllowed === 'boolean' ? stored.roamingAllowed : false,
      apns: Array.from({ length: LIMITS.apnSlots }, (_, i) => {
        // Entries name their slot; without slot numbers they are taken in order.
        const a = (bySlot ? storedApns.find((x) => x.slot === i + 1) : storedApns[i]) ?? {};
        return {
          slot: i + 1,
          apn: typeof a.apn === 'string' ? a.apn : '',
          username: typeof a.username === 'string' ? a.username : '',
          authProtocol: parseOr(AuthProtocol, a.authProtocol, 'none'),
        };
      }),
    };
  }

  async unitGroups(user: AuthUser, id: string): Promise<UnitGroupRef[]> {
    await this.deps.units.assertVisible(user, id);
    const links = await this.deps.db.unitGroup.findMany({
      where: { unitId: id, ...(user.global ? {} : { group: this.visibleGroupWhere(user) }) },
      include: { group: { select: { id: true, name: true, inventoryId: true, inventory: { select: { name: true } } } } },
    });
    return links.map((l) => groupRef(l.group)).sort(byName);
  }

  // ── admin ────────────────────────────────────────────────────────────────────────────────

  async searchAdminUnits(user: AuthUser, q: AdminUnitSearchQuery, inventoryId?: string, excludeProducts: string[] = []): Promise<AdminUnitPage> {
    const and: Prisma.UnitWhereInput[] = [];
    if (!user.global) and.push({ inventories: { some: { inventoryId: { in: user.inventoryIds } } } });
    if (inventoryId !== undefined) and.push({ inventories: { some: { inventoryId } } });
    if (excludeProducts.length > 0) and.push({ productType: { notIn: excludeProducts } });
    if (q.searchValue !== undefined && q.searchValue !== '') and.push(this.contains(UNIT_COLUMN[q.searchKey ?? 'name'], q.searchValue));
    const where: Prisma.UnitWhereInput = { AND: and };
    const [total, rows] = await Promise.all([
      this.deps.db.unit.count({ where }),
      this.deps.db.unit.findMany({
        where,
        include: { inventories: { select: { inventoryId: true } }, groups: { select: { groupId: true } } },
        orderBy: [{ [UNIT_COLUMN[q.sortBy]]: q.sortDir }, { id: 'asc' }],
        skip: q.offset,
        take: q.limit,
      }),
    ]);
    return { items: rows.map((r) => this.adminRow(r)), total, offset: q.offset, limit: q.limit };
  }

  async adminInventoryUnits(user: AuthUser, inventoryId: string, q: AdminUnitSearchQuery & { excludeProducts?: string | undefined }): Promise<AdminUnitPage> {
    if (!user.global && !user.inventoryIds.includes(inventoryId)) throw new AppError('NOT_FOUND');
    const inventory = await this.deps.db.inventory.findUnique({ where: { id: inventoryId }, select: { id: true } });
    if (!inventory) throw new AppError('NOT_FOUND');
    const exclude = (q.excludeProducts ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
    return this.searchAdminUnits(user, q, inventoryId, exclude);
  }

  async adminUnit(user: AuthUser, id: string): Promise<AdminUnitDetail> {
    const row = await this.findAdminVisible(user, id);
    const extra = await this.extraOf(id);
    const [inventories, groups] = await Promise.all([this.adminInventoriesOf(user, id), this.adminGroupsOf(user, id)]);
    return {
      ...this.deps.units.toDetail(row),
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
    return this.adminInventoriesOf(user, id);
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
    const extra = await this.extraOf(id);
    const available = await this.deps.db.databridgeGateway.findMany({
      where: { OR: [{ inventoryId: null }, { inventoryId: { in: row.inventories.map((i) => i.inventoryId) } }] },
      orderBy: { name: 'asc' },
    });
    return { uniqueId: id, selected: await this.gatewayById(extra.databridgeGatewayId), available: available.map(gatewayInfo) };
  }

  async adminSmartUnit(user: AuthUser, id: string): Promise<SmartUnitDetail> {
    const row = await this.findAdminVisible(user, id);
    // Only LU-Smart units have smart-unit settings; any other unit is not a smart unit.
    if (parseOr(UnitTypeGroup, row.typeGroup, 'fieldUnits') !== 'smartUnits') throw new AppError('NOT_FOUND');
    const c = record(await this.configOf(id));
    const smart = record(c.smart);
    const [inventories, groups, invitation] = await Promise.all([
      this.adminInventoriesOf(user, id),
      this.adminGroupsOf(user, id),
      this.deps.db.invitation.findFirst({ where: { unitId: id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
    ]);
    const detail = this.deps.units.toDetail(row);
    const limit = typeof smart.bandwidthLimitKbps === 'number' && Number.isInteger(smart.bandwidthLimitKbps) && smart.bandwidthLimitKbps >= 0
      ? smart.bandwidthLimitKbps
      : LIMITS.smartUnitBandwidthDefaultKbps;
    return {
      uniqueId: id,
      name: row.name,
      productType: row.productType,
      status: detail.status,
      swVersion: row.swVersion,
      serialNumber: row.serialNumber,
      country: typeof smart.country === 'string' && smart.country !== '' ? smart.country : DEFAULTS.luSmartCountry,
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
    const applications = this.deps.units.applicationsOf(id);
    return { uniqueId: id, status: this.deps.units.statusOf(id), applications, busy: isBusy(applications), streaming: isStreaming(applications) };
  }

  // ── caller-level reads ───────────────────────────────────────────────────────────────────

  /** Active alerts (Alert table) of the units the caller can see, newest first (at most pageSizeMax). */
  async activeAlerts(user: AuthUser, groupId: string | undefined): Promise<ActiveAlert[]> {
    const unitWhere: Prisma.UnitWhereInput = user.global ? {} : {
      OR: [
        { inventories: { some: { inventoryId: { in: user.inventoryIds } } } },
        { groups: { some: { groupId: { in: user.groupIds } } } },
      ],
    };
    const scoped: Prisma.UnitWhereInput = groupId === undefined ? unitWhere : { AND: [unitWhere, { groups: { some: { groupId } } }] };
    const rows = await this.deps.db.alert.findMany({
      where: { active: true, unitId: { not: null }, unit: { is: scoped } },
      include: { unit: { select: { name: true } } },
      orderBy: [{ raisedAt: 'desc' }, { id: 'asc' }],
      take: LIMITS.pageSizeMax,
    });
    return rows.flatMap((a) => {
      const type = AlertType.safeParse(a.type);
      const level = AlertLevel.safeParse(a.level);
      if (!type.success || !level.success || a.unitId === null) return [];
      return [{
        id: a.id,
        unitId: a.unitId,
        unitName: a.unit?.name ?? '',
        type: type.data,
        level: level.data,
        message: a.message,
        value: a.value,
        acknowledged: a.acknowledged,
        raisedAt: a.raisedAt.toISOString(),
      }];
    });
  }

  async defaultAlertConfiguration(): Promise<DefaultAlertConfiguration> {
    const row = await this.deps.db.alertConfiguration.findFirst({ where: { scope: 'default' }, orderBy: { createdAt: 'asc' } });
    return {
      modes: [...ALERT_CONFIG_MODES],
      defaultMode: 'automatic',
      alerts: alertTypeSettings(row?.alerts, {}),
      settings: alertSettings(row?.settings),
      soundSettings: soundSettings(row?.soundSettings),
    };
  }

  /**
   * Client configuration: application configuration rows chatSupport { enabled, scriptUrl } and
   * features { flag: boolean }, the latter overlaid with the feature flags of the caller's current
   * group (when the caller can see it). The websocket library is the WS_LIBRARY setting, the one
   * value the user's props and the /ws hello also answer (a stored wsLibrary row is not read: a
   * second source is how the surfaces came to disagree).
   */
  async clientConfiguration(user: AuthUser): Promise<ClientConfiguration> {
    const [rows, me] = await Promise.all([
      this.deps.db.applicationConfiguration.findMany({ where: { key: { in: [APP_CONFIG_KEYS.chatSupport, APP_CONFIG_KEYS.features] } } }),
      this.deps.db.user.findUnique({ where: { id: user.id }, select: { groupId: true } }),
    ]);
    const value = (key: string) => record(rows.find((r) => r.key === key)?.value);
    const chat = value(APP_CONFIG_KEYS.chatSupport);
    let features = booleans(value(APP_CONFIG_KEYS.features));
    if (me?.groupId) {
      const group = await this.deps.db.group.findFirst({ where: { AND: [{ id: me.groupId }, this.visibleGroupWhere(user)] }, select: { features: true } });
      if (group) features = { ...features, ...booleans(group.features) };
    }
    return {
      chatSupport: { enabled: chat.enabled === true, scriptUrl: typeof chat.scriptUrl === 'string' ? chat.scriptUrl : null },
      wsLibrary: this.deps.config.WS_LIBRARY,
      features,
      pollIntervalMs: TIMINGS.pollIntervalMs,
      pollInitialDelayMs: { min: TIMINGS.pollInitialDelayMinMs, max: TIMINGS.pollInitialDelayMaxMs },
      enhancedUnitRefreshMs: TIMINGS.enhancedUnitRefreshMs,
      wsSubscriptionBatchSize: TIMINGS.wsSubscriptionBatchSize,
    };
  }

  async lightGroups(user: AuthUser): Promise<LightGroup[]> {
    return this.deps.db.group.findMany({
      where: this.visibleGroupWhere(user),
      select: { id: true, name: true, inventoryId: true },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
    });
  }

  async groupFeatures(user: AuthUser, groupId: string): Promise<GroupFeatures> {
    const group = await this.deps.db.group.findFirst({ where: { AND: [{ id: groupId }, this.visibleGroupWhere(user)] }, select: { features: true } });
    if (!group) throw new AppError('NOT_FOUND');
    return { groupId, features: booleans(group.features) };
  }

  async userContact(user: AuthUser): Promise<UserContact> {
    const u = await this.deps.db.user.findUnique({ where: { id: user.id }, select: { firstName: true, lastName: true, email: true, contact: true } });
    if (!u) throw new AppError('NOT_FOUND');
    const contact = record(u.contact);
    return {
      userId: user.id,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      phone: typeof contact.phone === 'string' && contact.phone !== '' ? contact.phone : null,
      company: typeof contact.company === 'string' && contact.company !== '' ? contact.company : null,
      canOpenSupportCase: u.email !== null,
    };
  }

  /**
   * Application switcher: urls from the application configuration row applicationUrls
   * { console?, videoReturnPortal?, matrix? }; the console defaults to "/" (the core serves it at
   * its root); a product without a url is not available.
   */
  async applicationUrls(): Promise<ApplicationUrls> {
    const row = await this.deps.db.applicationConfiguration.findUnique({ where: { key: APP_CONFIG_KEYS.applicationUrls } });
    const urls = record(row?.value);
    const urlOf = (k: keyof typeof APPLICATION_NAMES): string | null => (typeof urls[k] === 'string' && urls[k] !== '' ? (urls[k] as string) : null);
    return {
      applications: (Object.keys(APPLICATION_NAMES) as (keyof typeof APPLICATION_NAMES)[]).map((id) => {
        const url = urlOf(id) ?? (id === 'console' ? '/' : null);
        return { id, name: APPLICATION_NAMES[id], url, available: url !== null };
      }),
    };
  }

  /** Settings configuration of one unit, stored in configuration.settings { outputChannel, multiChannel }. */
  async settingsConfiguration(user: AuthUser, machineUid: string): Promise<SettingsConfiguration> {
    await this.deps.units.assertVisible(user, machineUid);
    const settings = record(record(await this.configOf(machineUid)).settings);
    return {
      machineUid,
      outputChannel: typeof settings.outputChannel === 'string' && settings.outputChannel !== '' ? settings.outputChannel : null,
      multiChannel: settings.multiChannel === true,
    };
  }

  // ── helpers ──────────────────────────────────────────────────────────────────────────────

  private async extraOf(id: string): Promise<UnitExtra> {
    const extra = await this.deps.db.unit.findUnique({ where: { id }, select: unitExtraSelect });
    if (!extra) throw new AppError('NOT_FOUND');
    return extra;
  }

  private async configOf(id: string): Promise<unknown> {
    return (await this.extraOf(id)).configuration;
  }

  /** findVisible, then the admin rule: a non-global admin sees units of their own inventories only. */
  private async findAdminVisible(user: AuthUser, id: string): Promise<UnitRecord> {
    const row = await this.deps.units.findVisible(user, id);
    if (!user.global && !row.inventories.some((i) => user.inventoryIds.includes(i.inventoryId))) throw new AppError('NOT_FOUND');
    return row;
  }

  /** Groups the caller can see: all for global users, else their groups and their inventories' groups. */
  private visibleGroupWhere(user: AuthUser): Prisma.GroupWhereInput {
    if (user.global) return {};
    return { OR: [{ id: { in: user.groupIds } }, { inventoryId: { in: user.inventoryIds } }] };
  }

  private contains(column: string, value: string): Prisma.UnitWhereInput {
    // `mode` exists only in the PostgreSQL client's types; the shared client type is SQLite's.
    const filter: Record<string, unknown> = { contains: value, ...(this.caseInsensitive ? { mode: 'insensitive' } : {}) };
    return { [column]: filter } as Prisma.UnitWhereInput;
  }

  private adminRow(r: {
    id: string; name: string; comment: string; productType: string; typeGroup: string; swVersion: string; targetSwVersion: string | null;
    serialNumber: string; ownership: string; createdAt: Date; updatedAt: Date; version: number;
    inventories: { inventoryId: string }[]; groups: { groupId: string }[];
  }): AdminUnitRow {
    return {
      uniqueId: r.id,
      name: r.name,
      comment: r.comment,
      productType: r.productType,
      typeGroup: parseOr(UnitTypeGroup, r.typeGroup, 'fieldUnits'),
      status: this.deps.units.statusOf(r.id),
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

  private async adminInventoriesOf(user: AuthUser, unitId: string): Promise<AdminInventoryRef[]> {
    const links = await this.deps.db.unitInventory.findMany({
      where: { unitId, ...(user.global ? {} : { inventoryId: { in: user.inventoryIds } }) },
      include: { inventory: { select: { id: true, name: true, region: true, parentId: true } } },
      orderBy: [{ createdAt: 'asc' }, { inventoryId: 'asc' }],
    });
    return links.map((l) => ({ id: l.inventory.id, name: l.inventory.name, region: l.inventory.region, parentId: l.inventory.parentId }));
  }

  private async adminGroupsOf(user: AuthUser, unitId: string): Promise<UnitGroupRef[]> {
    const links = await this.deps.db.unitGroup.findMany({
      where: { unitId, ...(user.global ? {} : { group: { inventoryId: { in: user.inventoryIds } } }) },
      include: { group: { select: { id: true, name: true, inventoryId: true, inventory: { select: { name: true } } } } },
    });
    return links.map((l) => groupRef(l.group)).sort(byName);
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
      this.deps.db.group.count({ where }),
      this.deps.db.group.findMany({
        where,
        include: { inventory: { select: { name: true } }, units: { where: { unitId }, select: { expiresAt: true } } },
        orderBy: [{ [q.sortBy]: q.sortDir }, { id: 'asc' }],
        skip: q.offset,
        take: q.limit,
      }),
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
    const g = await this.deps.db.databridgeGateway.findUnique({ where: { id } });
    return g ? gatewayInfo(g) : null;
  }

  /**
   * Storages of a unit, by storage id: its SD card (capability sdCard), the storages its device
   * last reported (Unit.telemetry.storages: { id | rootDirectory, name?, present?, totalBytes?,
   * usedBytes?, freeBytes? }; an absent SD card is no storage), and every storage its files sit
   * on. A file's rootDirectory is a directory ("/media/sd") or a storage id ("sd"); both name the
   * storage whose id is its last segment. Use is what the device reported, else the files' sizes.
   */
  private async storagesOf(row: UnitRecord): Promise<UnitStorage[]> {
    const [files, extra] = await Promise.all([
      this.deps.db.file.findMany({ where: { unitId: row.id }, select: { rootDirectory: true, sizeBytes: true } }),
      this.extraOf(row.id),
    ]);
    interface Acc { root: string | null; name: string | null; total: number | null; used: number | null; free: number | null; fileBytes: number; count: number }
    const byId = new Map<string, Acc>();
    const ensure = (id: string, root: string | null): Acc => {
      const acc = byId.get(id) ?? { root: null, name: null, total: null, used: null, free: null, fileBytes: 0, count: 0 };
      if (acc.root === null && root !== null && root.startsWith('/')) acc.root = root;
      byId.set(id, acc);
      return acc;
    };
    if (booleans(row.capabilities).sdCard === true) ensure(UNIT_SD_STORAGE.id, UNIT_SD_STORAGE.rootDirectory);
    const reported = record(extra.telemetry).storages;
    for (const r of Array.isArray(reported) ? reported.map(record) : []) {
      const root = typeof r.rootDirectory === 'string' ? r.rootDirectory : null;
      const id = typeof r.id === 'string' && r.id !== '' ? r.id : root !== null ? storageIdOf(root) : null;
      if (id === null) continue;
      if (r.present === false) {
        byId.delete(id);
        continue;
      }
      const acc = ensure(id, root);
      if (typeof r.name === 'string' && r.name !== '') acc.name = r.name;
      acc.total = nonNegative(r.totalBytes);
      acc.used = nonNegative(r.usedBytes);
      acc.free = nonNegative(r.freeBytes);
    }
    for (const f of files) {
      if (f.rootDirectory === '') continue;
      const acc = ensure(storageIdOf(f.rootDirectory), f.rootDirectory);
      acc.fileBytes += Number(f.sizeBytes);
      acc.count += 1;
    }
    return [...byId.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([id, a]) => {
        const usedBytes = a.used ?? a.fileBytes;
        return {
          id,
          name: a.name ?? (id === UNIT_SD_STORAGE.id ? UNIT_SD_STORAGE.name : id),
          rootDirectory: a.root ?? (id === UNIT_SD_STORAGE.id ? UNIT_SD_STORAGE.rootDirectory : `/${id}`),
          totalBytes: a.total,
          freeBytes: a.free ?? (a.total !== null ? Math.max(0, a.total - usedBytes) : null),
          usedBytes,
          fileCount: a.count,
        };
      });
  }

  /**
   * The alerts configuration applying to a unit in `mode` (spec 000 §3): manual = the unit's own
   * (until one is saved: what automatic mode gives); group = the chosen group's (explicit, else the
   * one stored with the unit, else its last group); automatic = the last group the unit joined.
   * A group without its own configuration inherits its inventory's, then the platform default.
   */
  private async resolveAlerts(row: UnitRecord, mode: AlertConfigMode, explicitGroupId: string | undefined): Promise<UnitAlertsConfiguration> {
    const db = this.deps.db;
    const own = await db.alertConfiguration.findUnique({ where: { unitId: row.id }, include: { recipients: true } });
    if (mode === 'manual' && own) return this.alertsAnswer(row.id, mode, null, 'unit', own, {});
    let groupId: string | null = null;
    if (mode === 'group') groupId = explicitGroupId ?? (own?.sourceGroupId && row.groups.some((g) => g.groupId === own.sourceGroupId) ? own.sourceGroupId : null);
    if (groupId === null) {
      const last = await db.unitGroup.findFirst({ where: { unitId: row.id }, orderBy: [{ createdAt: 'desc' }, { groupId: 'desc' }], select: { groupId: true } });
      groupId = last?.groupId ?? null;
    }
    const answerGroupId = mode === 'manual' ? null : groupId;
    if (groupId !== null) {
      const group = await db.group.findUnique({
        where: { id: groupId },
        select: { inventoryId: true, alertThresholds: true, alertConfiguration: { include: { recipients: true } } },
      });
      if (group) {
        const thresholds = record(group.alertThresholds);
        if (group.alertConfiguration) return this.alertsAnswer(row.id, mode, answerGroupId, 'group', group.alertConfiguration, thresholds);
        const inv = await db.alertConfiguration.findFirst({ where: { scope: 'inventory', inventoryId: group.inventoryId }, include: { recipients: true } });
        if (inv) return this.alertsAnswer(row.id, mode, answerGroupId, 'inventory', inv, thresholds);
      }
    } else {
      const inventoryId = row.inventories[0]?.inventoryId;
      if (inventoryId !== undefined) {
        const inv = await db.alertConfiguration.findFirst({ where: { scope: 'inventory', inventoryId }, include: { recipients: true } });
        if (inv) return this.alertsAnswer(row.id, mode, null, 'inventory', inv, {});
      }
    }
    const def = await db.alertConfiguration.findFirst({ where: { scope: 'default' }, include: { recipients: true }, orderBy: { createdAt: 'asc' } });
    return this.alertsAnswer(row.id, mode, answerGroupId, 'default', def ?? { alerts: {}, settings: {}, soundSettings: {}, recipients: [] }, {});
  }

  private alertsAnswer(
    uniqueId: string,
    mode: AlertConfigMode,
    groupId: string | null,
    source: UnitAlertsConfiguration['source'],
    row: AlertConfigRow,
    groupThresholds: Record<string, unknown>,
  ): UnitAlertsConfiguration {
    return {
      uniqueId,
      mode,
      groupId,
      source,
      alerts: alertTypeSettings(row.alerts, groupThresholds),
      settings: alertSettings(row.settings),
      soundSettings: soundSettings(row.soundSettings),
      recipients: row.recipients
        .map((r) => ({ alertType: r.alertType === 'all' ? ('all' as const) : parseOr(AlertType, r.alertType, 'all' as const), email: r.email, verified: r.verified }))
        .sort((a, b) => (a.email + a.alertType < b.email + b.alertType ? -1 : 1)),
    };
  }
}

// ── pure helpers ───────────────────────────────────────────────────────────────────────────

function record(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** A stored Json column value as a JSON object (Prisma Json values are JSON by construction). */
function jsonRecord(v: unknown): JsonRecord {
  return record(v) as JsonRecord;
}

function booleans(v: unknown): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const [k, x] of Object.entries(record(v))) if (typeof x === 'boolean') out[k] = x;
  return out;
}

function parseOr<T, F>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, v: unknown, fallback: F): T | F {
  const r = schema.safeParse(v);
  return r.success ? r.data : fallback;
}

function iso(d: Date | null | undefined): string | null {
  return d ? d.toISOString() : null;
}

function nonNegative(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null;
}

/** A stored cap: a number of kbps, or an object carrying one ({ kbps } / { limitKbps }). */
function kbpsOf(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  const r = record(v);
  const x = r.kbps ?? r.limitKbps;
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}

/** The cap as the console's option list shows it (spec 000 §9 bandwidth cap options, Mbps). */
function capOption(limitKbps: number | null): BandwidthLimitation['option'] {
  if (limitKbps === null) return 'disabled';
  const preset = BANDWIDTH_CAP_OPTIONS.find((o) => o !== 'disabled' && o !== 'custom' && Number(o) * 1000 === limitKbps);
  return preset ?? 'custom';
}

/** The storage a root names: its last path segment ("/media/sd" and "sd" are both storage "sd"). */
function storageIdOf(root: string): string {
  return root.split('/').filter(Boolean).at(-1) ?? root;
}

function groupRef(g: { id: string; name: string; inventoryId: string; inventory: { name: string } }): UnitGroupRef {
  return { id: g.id, name: g.name, inventoryId: g.inventoryId, inventoryName: g.inventory.name };
}

function byName(a: { name: string; id: string }, b: { name: string; id: string }): number {
  return a.name === b.name ? (a.id < b.id ? -1 : 1) : a.name < b.name ? -1 : 1;
}

function gatewayInfo(g: { id: string; name: string; host: string; port: number | null; status: string; inventoryId: string | null }): DbGatewayInfo {
  return { id: g.id, name: g.name, host: g.host, port: g.port, status: g.status, inventoryId: g.inventoryId };
}

function alertTypeSettings(stored: unknown, groupThresholds: Record<string, unknown>): AlertTypeSettings {
  const alerts = record(stored);
  const out = {} as AlertTypeSettings;
  for (const t of ALERT_TYPES) {
    const base = DEFAULT_ALERT_TYPE_SETTINGS[t];
    const s = record(alerts[t]);
    const th = record(s.thresholds ?? groupThresholds[t]);
    const hasThresholds = Object.keys(th).length > 0;
    out[t] = {
      enabled: typeof s.enabled === 'boolean' ? s.enabled : base.enabled,
      level: parseOr(AlertLevel, s.level, base.level),
      thresholds: hasThresholds
        ? { warning: typeof th.warning === 'number' ? th.warning : null, critical: typeof th.critical === 'number' ? th.critical : null }
        : base.thresholds,
    };
  }
  return out;
}

function alertSettings(stored: unknown): AlertSettings {
  const s = record(stored);
  const out = { ...DEFAULT_ALERT_SETTINGS } as AlertSettings;
  for (const k of Object.keys(DEFAULT_ALERT_SETTINGS) as (keyof AlertSettings)[]) if (typeof s[k] === 'boolean') out[k] = s[k];
  return out;
}

function soundSettings(stored: unknown): { critical: boolean; warning: boolean } {
  const s = record(stored);
  return {
    critical: typeof s.critical === 'boolean' ? s.critical : DEFAULT_ALERT_SOUND_SETTINGS.critical,
    warning: typeof s.warning === 'boolean' ? s.warning : DEFAULT_ALERT_SOUND_SETTINGS.warning,
  };
}
