/**
 * Entities of the unit read calls (spec 000 §3 entities, §7 "Unit reads (GET)"). The spec shows no
 * response shapes; each schema below is our stable choice of what the real console needs, written
 * down once. Shapes built from free-form stored JSON (unit configuration, alert configuration)
 * name every field the spec lists and default the ones nothing has stored yet.
 */
import { z } from 'zod';
import {
  AlertConfigMode,
  AlertLevel,
  AlertType,
  AUTH_PROTOCOLS,
  ModemUiState,
  NETWORK_MODES,
  SimSlot,
  UnitStatus,
  UnitTypeGroup,
  UploadedFileStatus,
} from '../enums.js';
import { BANDWIDTH_CAP_OPTIONS, LIMITS } from '../constants.js';
import { APPLICATION_IDS } from '../enum-values.js';
import { Id, IdParams, pageOf, SortDir } from './common.js';
import { Applications, License, Location, Modem, UnitDetail } from './unit.js';
import { InventoryRef } from './user.js';
import { UnitConfiguration } from './unit-config.js';
import { AlertSettings, AlertSoundSettings, AlertTypeSettings } from './unit-alerts.js';

/** Any JSON object, for configuration parts whose inner shape belongs to the call that stores it. */
export const JsonRecord = z.record(z.string(), z.json());
export type JsonRecord = z.infer<typeof JsonRecord>;

// ── devices/* ──────────────────────────────────────────────────────────────────────────────────

/** GET devices/{id}/location: the live position when the device reports one, else the stored one. */
export const UnitLocationInfo = z.object({
  uniqueId: Id,
  location: Location.nullable(),
  /** True when the position comes from the device's live telemetry, false for the stored address. */
  live: z.boolean(),
});
export type UnitLocationInfo = z.infer<typeof UnitLocationInfo>;

/** A modem/link with its spec 000 §3 "Modem UI state". */
export const UnitModem = Modem.extend({ uiState: ModemUiState });
export type UnitModem = z.infer<typeof UnitModem>;

/** GET devices/{id}/modems: the unit's links as last reported (empty until the device reports). */
export const UnitModems = z.object({
  uniqueId: Id,
  modems: z.array(UnitModem),
  /** Links that are connected and enabled. */
  connectedCount: z.number().int().nonnegative(),
  /** Sum of the uplink of connected, enabled links, kbps. */
  totalUplinkKbps: z.number().nonnegative(),
});
export type UnitModems = z.infer<typeof UnitModems>;

/** GET devices/fetch_coords: one map marker per visible unit that has a position. */
export const UnitCoords = z.object({
  uniqueId: Id,
  name: z.string(),
  status: UnitStatus,
  typeGroup: UnitTypeGroup,
  location: Location,
});
export type UnitCoords = z.infer<typeof UnitCoords>;
export const FetchCoordsQuery = z.object({ group: z.string().min(1).max(128).optional() }).strict();

// ── v2/units/{id}/* ────────────────────────────────────────────────────────────────────────────

/**
 * GET v2/units/enhanced/{id}: "enhanced unit info" — the unit detail plus its configuration (the
 * same UnitConfiguration that GET configurationV2 and every unit update answer) and capabilities
 * (part of the detail) in one answer; the console refreshes it every `refreshIntervalMs` (spec 000
 * §9: 60 s).
 */
export const EnhancedUnitInfo = UnitDetail.extend({
  configuration: UnitConfiguration,
  refreshIntervalMs: z.number().int().positive(),
});
export type EnhancedUnitInfo = z.infer<typeof EnhancedUnitInfo>;

/** GET v2/units/{id}/capabilities. A failed fetch makes the console use `{}` and retry (000 §8). */
export const UnitCapabilities = z.object({ capabilities: z.record(z.string(), z.boolean()) });
export type UnitCapabilities = z.infer<typeof UnitCapabilities>;

/** One service of a unit (spec 001 §3 Service). "Enabled" when its status is ENABLED (000 §6). */
export const UnitServiceInfo = z.object({
  id: Id,
  serviceName: z.string(),
  serviceStatus: z.string(),
  enabled: z.boolean(),
  tier: z.string().nullable(),
  lifecycle: z.string().nullable(),
  trialState: z.string().nullable(),
  trialEndsAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  usageKind: z.string(),
});
export type UnitServiceInfo = z.infer<typeof UnitServiceInfo>;

/** The storage every unit with an SD card has (files recorded for store and forward). */
export const UNIT_SD_STORAGE = { id: 'sd', name: 'SD card', rootDirectory: '/media/sd' } as const;

/** A storage of a unit: capacity when the device reported it (else null), use from its files. */
export const UnitStorage = z.object({
  id: z.string(),
  name: z.string(),
  rootDirectory: z.string(),
  totalBytes: z.number().nonnegative().nullable(),
  freeBytes: z.number().nonnegative().nullable(),
  usedBytes: z.number().nonnegative(),
  fileCount: z.number().int().nonnegative(),
});
export type UnitStorage = z.infer<typeof UnitStorage>;
export const UnitStorages = z.object({ uniqueId: Id, storages: z.array(UnitStorage) });
export type UnitStorages = z.infer<typeof UnitStorages>;

/** Spec 000 §3 File, as the unit's storage lists it. */
export const UnitStoredFile = z.object({
  fileId: Id,
  fileName: z.string(),
  path: z.string(),
  rootDirectory: z.string(),
  /** "recorded" (on the unit's storage) or "uploaded" (in the upload list). */
  kind: z.enum(['recorded', 'uploaded']),
  sizeBytes: z.number().nonnegative(),
  lastModified: z.string().nullable(),
  /** Upload status (pending, uploading, uploaded, ...); null while the file was never queued for upload. */
  status: UploadedFileStatus.nullable(),
  isTransferring: z.boolean(),
  progress: z.number().min(0).max(100),
  chunkIndex: z.number().int().nullable(),
  chunkCount: z.number().int().nonnegative(),
  storyId: z.string().nullable(),
  metadata: JsonRecord,
});
export type UnitStoredFile = z.infer<typeof UnitStoredFile>;

/**
 * A path on a unit's storage: absolute, no "." or ".." segment, no NUL. One pattern, so that the
 * document states it whole: each segment is empty, or starts with a character other than a dot, or is a
 * dot and then something other than a dot, or two dots and then something.
 */
export const StoragePath = z
  .string()
  .max(1024)
  // eslint-disable-next-line no-control-regex -- NUL left out: no string the core takes holds it
  .regex(/^(?:\/(?:[^/\x00.][^/\x00]*|\.[^/\x00.][^/\x00]*|\.\.[^/\x00]+)?)+$/);
export const StorageFilesQuery = z.object({ path: StoragePath.optional() }).strict();
export const UnitStorageFiles = z.object({
  uniqueId: Id,
  /** The directory listed (null: every storage of the unit). */
  path: z.string().nullable(),
  files: z.array(UnitStoredFile),
});
export type UnitStorageFiles = z.infer<typeof UnitStorageFiles>;

/** GET v2/units/{id}/sipAccount: the unit's SIP account for intercom, null when it has none. */
export const UnitSipAccount = z.object({
  uniqueId: Id,
  sipAccount: z
    .object({
      username: z.string(),
      /** SIP server of the unit's inventory. */
      server: z.string(),
      displayName: z.string(),
      enabled: z.boolean(),
    })
    .nullable(),
});
export type UnitSipAccount = z.infer<typeof UnitSipAccount>;

/** GET v2/units/{id}/bwLimitation/total and /cellular (spec 000 §5, §9 bandwidth cap options). */
export const BandwidthCapOption = z.enum(BANDWIDTH_CAP_OPTIONS);
export const BandwidthLimitation = z.object({
  uniqueId: Id,
  kind: z.enum(['total', 'cellular']),
  /** The cap in kbps; null when capping is disabled. */
  limitKbps: z.number().nonnegative().nullable(),
  /** The cap as the console's option list shows it ("disabled", a preset in Mbps, or "custom"). */
  option: BandwidthCapOption,
  /** Per-priority limits (total only; empty for cellular). */
  priorityLimits: z.array(z.object({ priority: z.number().int(), kbps: z.number().nonnegative() })),
  /** False while the unit is busy: limits cannot be configured then (spec 000 §5). */
  configurable: z.boolean(),
});
export type BandwidthLimitation = z.infer<typeof BandwidthLimitation>;

/** A databridge gateway (system entities > dbGateways). */
export const DbGatewayInfo = z.object({
  id: Id,
  name: z.string(),
  host: z.string(),
  port: z.number().int().nullable(),
  status: z.string(),
  inventoryId: z.string().nullable(),
});
export type DbGatewayInfo = z.infer<typeof DbGatewayInfo>;
export const SelectedDbGateway = z.object({ uniqueId: Id, gateway: DbGatewayInfo.nullable() });
export type SelectedDbGateway = z.infer<typeof SelectedDbGateway>;

/** GET v2/units/{id}/settings/pairingCode. */
export const PairingCodeInfo = z.object({
  uniqueId: Id,
  /** Pairing code mode (unit configuration field). */
  enabled: z.boolean(),
  code: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type PairingCodeInfo = z.infer<typeof PairingCodeInfo>;

export const NetworkMode = z.enum(NETWORK_MODES);
export const AuthProtocol = z.enum(AUTH_PROTOCOLS);
/** One of the four APN slots of a cellular modem (spec 000 §9). */
export const ApnSlot = z.object({
  slot: z.number().int().min(1).max(LIMITS.apnSlots),
  apn: z.string(),
  username: z.string(),
  authProtocol: AuthProtocol,
});
/** GET v2/units/{id}/interfaces/modem/{n}/config: modem n is a cellular link's port. */
export const ModemConfigParams = IdParams.extend({ n: z.coerce.number().int().min(1).max(64) });
export const ModemConfig = z.object({
  uniqueId: Id,
  port: z.number().int(),
  modemId: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  activeSim: SimSlot.nullable(),
  networkMode: NetworkMode,
  roamingAllowed: z.boolean(),
  apns: z.array(ApnSlot).length(LIMITS.apnSlots),
});
export type ModemConfig = z.infer<typeof ModemConfig>;

/** A group a unit belongs to. */
export const UnitGroupRef = z.object({ id: Id, name: z.string(), inventoryId: Id, inventoryName: z.string() });
export type UnitGroupRef = z.infer<typeof UnitGroupRef>;

// ── Admin unit calls (v2/admin/...) ────────────────────────────────────────────────────────────

/** Largest paging offset accepted (a guard, not in the spec: what every database's OFFSET takes). */
export const PAGE_OFFSET_MAX = 2_147_483_647;
const Offset = z.coerce.number().int().min(0).max(PAGE_OFFSET_MAX).default(0);
const Limit = z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.unitSearchDefaultPageSize);

/** Columns the admin unit search may filter on (searchKey) and sort by (sortBy). */
export const ADMIN_UNIT_SEARCH_KEYS = ['name', 'uniqueId', 'serialNumber', 'productType', 'typeGroup', 'status', 'swVersion', 'ownership', 'comment'] as const;
export const ADMIN_UNIT_SORT_KEYS = [
  'name',
  'uniqueId',
  'serialNumber',
  'productType',
  'typeGroup',
  'status',
  'swVersion',
  'ownership',
  'createdAt',
  'updatedAt',
] as const;

/**
 * Paging query of v2/admin/units (spec 000 §7): offset (default 0), limit (default 50, spec 000
 * §9 "Unit search default page size"), searchKey (default name when a searchValue is given) and
 * searchValue (contains, case-insensitive), sortBy (default name), sortDir (default asc).
 */
export const AdminUnitSearchQuery = z
  .object({
    offset: Offset,
    limit: Limit,
    searchKey: z.enum(ADMIN_UNIT_SEARCH_KEYS).optional(),
    searchValue: z.string().max(LIMITS.genericNameMax).optional(),
    sortBy: z.enum(ADMIN_UNIT_SORT_KEYS).default('name'),
    sortDir: SortDir.default('asc'),
  })
  .strict();
export type AdminUnitSearchQuery = z.infer<typeof AdminUnitSearchQuery>;
/** The admin inventory units list adds excludeProducts: comma-separated product types (001 §7). */
export const AdminInventoryUnitsQuery = AdminUnitSearchQuery.extend({ excludeProducts: z.string().max(1024).optional() }).strict();

export const AdminUnitRow = z.object({
  uniqueId: Id,
  name: z.string(),
  comment: z.string(),
  productType: z.string(),
  typeGroup: UnitTypeGroup,
  status: UnitStatus,
  swVersion: z.string(),
  targetSwVersion: z.string().nullable(),
  serialNumber: z.string(),
  ownership: z.string(),
  inventoryIds: z.array(z.string()),
  groupIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type AdminUnitRow = z.infer<typeof AdminUnitRow>;

export const AdminUnitPage = pageOf(AdminUnitRow);
export type AdminUnitPage = z.infer<typeof AdminUnitPage>;

export const AdminInventoryRef = InventoryRef.extend({ region: z.string(), parentId: z.string().nullable() });
export type AdminInventoryRef = z.infer<typeof AdminInventoryRef>;

/** GET v2/admin/units/{id}: the detail plus the admin's view of associations. */
export const AdminUnitDetail = UnitDetail.extend({
  inventories: z.array(AdminInventoryRef),
  groups: z.array(UnitGroupRef),
  alertsConfigMode: AlertConfigMode,
  databridgeGatewayId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminUnitDetail = z.infer<typeof AdminUnitDetail>;

/** Paging of a unit's groups (v2/admin/units/{id}/groups, groups/ofInventories). */
export const AdminUnitGroupsQuery = z
  .object({
    offset: Offset,
    limit: Limit,
    searchKey: z.enum(['name']).optional(),
    searchValue: z.string().max(LIMITS.genericNameMax).optional(),
    sortBy: z.enum(['name', 'createdAt']).default('name'),
    sortDir: SortDir.default('asc'),
  })
  .strict();
export type AdminUnitGroupsQuery = z.infer<typeof AdminUnitGroupsQuery>;
export const AdminUnitGroup = UnitGroupRef.extend({
  /** Ad-hoc association expiry; null = permanent (or not associated). */
  expiresAt: z.string().nullable(),
  /** The unit is in this group (always true in v2/admin/units/{id}/groups). */
  associated: z.boolean(),
});
export const AdminUnitGroupPage = pageOf(AdminUnitGroup);
export type AdminUnitGroupPage = z.infer<typeof AdminUnitGroupPage>;

/** GET v2/admin/units/{id}/dbgateway: the selected gateway and the ones the unit may use. */
export const AdminUnitDbGateway = z.object({
  uniqueId: Id,
  selected: DbGatewayInfo.nullable(),
  available: z.array(DbGatewayInfo),
});
export type AdminUnitDbGateway = z.infer<typeof AdminUnitDbGateway>;

/** GET v2/admin/smartunit/{id}: an LU-Smart unit's settings (spec 000 §9 smart unit bandwidth). */
export const SmartUnitDetail = z.object({
  uniqueId: Id,
  name: z.string(),
  productType: z.string(),
  status: UnitStatus,
  swVersion: z.string(),
  serialNumber: z.string(),
  /** Country of the smart unit (default "usa", spec 000 §3 luSmartCountry). */
  country: z.string(),
  /** 0 = no limit; otherwise 1000..20000 kbps. */
  bandwidthLimitKbps: z.number().int().nonnegative(),
  bandwidthLimitBounds: z.object({ defaultKbps: z.number().int(), minKbps: z.number().int(), maxKbps: z.number().int() }),
  pairingCodeMode: z.boolean(),
  license: License,
  inventories: z.array(InventoryRef),
  groups: z.array(UnitGroupRef),
  /** The invitation the unit joined with (ad-hoc or permanent), when there is one. */
  invitation: z.object({ planType: z.string(), groupId: Id, expiresAt: z.string().nullable() }).nullable(),
  version: z.number().int(),
});
export type SmartUnitDetail = z.infer<typeof SmartUnitDetail>;

/** GET v2/admin/units/{id}/applications: the running activities and what they mean (000 §4). */
export const UnitApplicationsInfo = z.object({
  uniqueId: Id,
  status: UnitStatus,
  applications: Applications,
  busy: z.boolean(),
  streaming: z.boolean(),
});
export type UnitApplicationsInfo = z.infer<typeof UnitApplicationsInfo>;

// ── Caller-level reads ─────────────────────────────────────────────────────────────────────────

/** An active alert of one of the caller's units (Alert table, active). */
export const ActiveAlert = z.object({
  id: Id,
  unitId: Id,
  unitName: z.string(),
  type: AlertType,
  level: AlertLevel,
  message: z.string(),
  value: z.number().nullable(),
  acknowledged: z.boolean(),
  raisedAt: z.string(),
});
export type ActiveAlert = z.infer<typeof ActiveAlert>;
export const ActiveAlertsQuery = z.object({ group: z.string().min(1).max(128).optional() }).strict();

/** The default alert configuration (spec 000 §9 default alert settings and sound settings). */
export const DefaultAlertConfiguration = z.object({
  modes: z.array(AlertConfigMode),
  defaultMode: AlertConfigMode,
  alerts: AlertTypeSettings,
  settings: AlertSettings,
  soundSettings: AlertSoundSettings,
});
export type DefaultAlertConfiguration = z.infer<typeof DefaultAlertConfiguration>;

/**
 * The console's client configuration (polled every 5 minutes, spec 000 §7). Limited-role users
 * (no console access) get 403 instead (spec 000 §8).
 */
export const ClientConfiguration = z.object({
  chatSupport: z.object({ enabled: z.boolean(), scriptUrl: z.string().nullable() }),
  /** Server websocket library; a change makes the console reload (spec 000 §8). */
  wsLibrary: z.string(),
  /** Feature flags: platform-wide ones overlaid with those of the caller's current group. */
  features: z.record(z.string(), z.boolean()),
  pollIntervalMs: z.number().int().positive(),
  pollInitialDelayMs: z.object({ min: z.number().int(), max: z.number().int() }),
  enhancedUnitRefreshMs: z.number().int().positive(),
  wsSubscriptionBatchSize: z.number().int().positive(),
});
export type ClientConfiguration = z.infer<typeof ClientConfiguration>;

/** groups/light_fetch: the groups the caller can see, light. */
export const LightGroup = z.object({ id: Id, name: z.string(), inventoryId: Id });
export type LightGroup = z.infer<typeof LightGroup>;

/** fetch_features: feature flags of one group (spec 000 §6 "Feature flags are fetched per group"). */
export const FetchFeaturesQuery = z.object({ groupId: Id }).strict();
export const GroupFeatures = z.object({ groupId: Id, features: z.record(z.string(), z.boolean()) });
export type GroupFeatures = z.infer<typeof GroupFeatures>;

/** user/contact: how support reaches the caller (a support case needs an e-mail, spec 000 §5). */
export const UserContact = z.object({
  userId: Id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  canOpenSupportCase: z.boolean(),
});
export type UserContact = z.infer<typeof UserContact>;

/** application_urls: the application switcher (spec 000 §2: console, video-return portal, matrix). */
export const ApplicationUrls = z.object({
  applications: z.array(
    z.object({
      id: z.enum(APPLICATION_IDS),
      name: z.string(),
      /** Null when the deployment has not configured the product. */
      url: z.string().nullable(),
      available: z.boolean(),
    }),
  ),
});
export type ApplicationUrls = z.infer<typeof ApplicationUrls>;

/** settingsConfiguration/fetch: spec 000 §3 "Settings configuration" of one unit (machineUid). */
export const SettingsConfigurationQuery = z.object({ machineUid: Id }).strict();
export const SettingsConfiguration = z.object({
  machineUid: Id,
  /** Output channel id, null when none is set. */
  outputChannel: z.string().nullable(),
  multiChannel: z.boolean(),
});
export type SettingsConfiguration = z.infer<typeof SettingsConfiguration>;
