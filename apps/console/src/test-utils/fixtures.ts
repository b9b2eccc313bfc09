/** Test fixtures (only imported by tests): contract-valid objects with overridable fields. */
import {
  CurrentUser,
  DEFAULT_ALERT_SETTINGS,
  DEFAULT_ALERT_TYPE_SETTINGS,
  GroupDetail,
  GroupListRow,
  Modem,
  ModemConfig,
  UnitAlertsConfiguration,
  UnitDetail,
} from '@fleet/contracts';
import type { AdminUnitDetail, AdminUnitRow, RealtimeEvent, Role } from '@fleet/contracts';
import { makeUnit } from '@fleet/contracts/testing';

const FIXTURE_AT = '2026-01-10T09:00:00.000Z';

export { makeUnit, makeUnitConfiguration, makeUserAccount } from '@fleet/contracts/testing';

export function makeDetail(overrides: Partial<UnitDetail> = {}): UnitDetail {
  return UnitDetail.parse({
    ...makeUnit(),
    serialNumber: 'SN1',
    swVersionShort: '8.5',
    swVersionDisplay: '8.5.0',
    modems: [],
    license: { valid: true, kind: 'days', pro: false, fourK: false, raHours: null, rlHours: null },
    capabilities: {},
    services: [],
    tally: null,
    sharing: false,
    filenamePrefix: null,
    storeAndForwardVideoQuality: 'high_h264',
    multiCameraLabels: [],
    targetSwVersion: null,
    lastReboot: null,
    usageProfileId: null,
    ownership: 'demo',
    bitrateSamples: [],
    ...overrides,
  });
}

/** An admin unit (spec 000 §7) in one inventory, no groups: the unit detail plus the admin fields. */
export function makeAdminUnit(overrides: Partial<UnitDetail> = {}): AdminUnitDetail {
  return {
    ...makeDetail(overrides),
    inventories: [{ id: 'inv1', name: 'Inventory 1', region: 'eu', parentId: null }],
    groups: [],
    alertsConfigMode: 'automatic',
    databridgeGatewayId: null,
    createdAt: FIXTURE_AT,
    updatedAt: FIXTURE_AT,
  };
}

/** The admin unit list's row for an admin unit. */
export function adminUnitRow(unit: AdminUnitDetail): AdminUnitRow {
  return {
    uniqueId: unit.uniqueId,
    name: unit.name,
    comment: unit.comment,
    productType: unit.type,
    typeGroup: unit.typeGroup,
    status: unit.status,
    swVersion: unit.swVersion,
    targetSwVersion: unit.targetSwVersion,
    serialNumber: unit.serialNumber,
    ownership: unit.ownership,
    inventoryIds: unit.inventories.map((i) => i.id),
    groupIds: unit.groups.map((g) => g.id),
    createdAt: unit.createdAt,
    updatedAt: unit.updatedAt,
    version: unit.version,
  };
}

export function makeUser(roles: Role[], overrides: Partial<CurrentUser> = {}): CurrentUser {
  return CurrentUser.parse({
    id: 'u1',
    username: 'someone',
    email: null,
    firstName: 'Some',
    lastName: 'One',
    userType: roles[0] ?? 'luc_read',
    userLabel: null,
    roles,
    inventories: [{ id: 'inv1', name: 'Inventory 1' }],
    groups: [{ id: 'g1', name: 'Group 1', inventoryId: 'inv1' }],
    passwordExpiresAt: null,
    props: { loggedUserRoles: roles, services: [], wsLibrary: 'ws', activeFeatures: [], hasGraphics: false, ifbStatus: 'none', wsBatchSize: null },
    ...overrides,
  });
}

export function makeGroupRow(overrides: Partial<GroupListRow> = {}): GroupListRow {
  return GroupListRow.parse({
    id: 'g1',
    name: 'Group_1',
    inventoryId: 'inv1',
    inventoryName: 'Inventory 1',
    createdOn: '2026-01-10T09:00:00.000Z',
    counts: { units: 0, channels: 0, vrChannels: 0, users: 0 },
    version: 1,
    ...overrides,
  });
}

/** A group's details as the create / rename calls answer them, for the given list row. */
export function makeGroupDetail(row: GroupListRow = makeGroupRow()): GroupDetail {
  return GroupDetail.parse({
    ...row,
    autoAssociation: { units: false, channels: false, vrChannels: false, users: false },
    alertThresholds: {},
    invitation: { adhocMode: null, adhocPeriod: null, permanentRegeneration: null, hasPermanentKey: false },
    hasDefaultConfiguration: false,
    members: { unitIds: [], channelIds: [], vrChannelIds: [], userIds: [] },
    memberNames: { units: [], channels: [], vrChannels: [], users: [] },
    updatedAt: row.createdOn,
  });
}

/** One of a unit's links (GET v2/units/{id} `modems`): a connected cellular modem unless told otherwise. */
export function makeModem(overrides: Partial<Modem> = {}): Modem {
  return Modem.parse({
    id: 'modem-1',
    port: 1,
    name: 'Modem 1',
    uiType: 'cell',
    connected: true,
    enabled: true,
    uplinkKbps: 2000,
    downlinkKbps: 8000,
    signalQuality: 70,
    roaming: false,
    activeSim: 'A',
    lastUpdated: '2026-01-10T09:00:00.000Z',
    ...overrides,
  });
}

/** A cellular modem's configuration (GET v2/units/{id}/interfaces/modem/{n}/config): four empty APN slots. */
export function makeModemConfig(overrides: Partial<ModemConfig> = {}): ModemConfig {
  return ModemConfig.parse({
    uniqueId: 'LU800-0001',
    port: 1,
    modemId: 'modem-1',
    name: 'Modem 1',
    enabled: true,
    activeSim: 'A',
    networkMode: '3G/4G/5G',
    roamingAllowed: false,
    apns: [1, 2, 3, 4].map((slot) => ({ slot, apn: '', username: '', authProtocol: 'none' })),
    ...overrides,
  });
}

/** The alerts configuration that applies to a unit (GET v2/units/{id}/alerts/configuration): inherited from its last group. */
export function makeUnitAlertsConfiguration(overrides: Partial<UnitAlertsConfiguration> = {}): UnitAlertsConfiguration {
  return UnitAlertsConfiguration.parse({
    uniqueId: 'LU800-0001',
    mode: 'automatic',
    groupId: 'g1',
    source: 'group',
    alerts: DEFAULT_ALERT_TYPE_SETTINGS,
    settings: DEFAULT_ALERT_SETTINGS,
    soundSettings: { critical: true, warning: true },
    recipients: [],
    ...overrides,
  });
}

type UnitStatusEvent = Extract<RealtimeEvent, { type: 'unit.status' }>;

/** The core's `unit.status` for an idle unit that started streaming (video running, now unless `at` says). */
export function startedStreaming(unitId: string, overrides: Partial<UnitStatusEvent> = {}): UnitStatusEvent {
  return {
    type: 'unit.status',
    unitId,
    status: 'streaming',
    previous: 'idle',
    change: 'onlineToStreaming',
    applications: { video: { state: 'running' } },
    at: Date.now(),
    ...overrides,
  };
}
