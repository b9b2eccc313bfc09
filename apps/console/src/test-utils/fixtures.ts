/** Test fixtures (only imported by tests): contract-valid objects with overridable fields. */
import {
  ALERT_TYPES,
  CurrentUser,
  DEFAULT_ALERT_SETTINGS,
  DEFAULT_ALERT_TYPE_SETTINGS,
  GroupDetail,
  GroupListRow,
  Modem,
  ModemConfig,
  UnitAlertsConfiguration,
  UnitConfiguration,
  UnitDetail,
  UnitSummary,
  UserAccountDetail,
} from '@fleet/contracts';
import type { Role } from '@fleet/contracts';

export function makeUnit(overrides: Partial<UnitSummary> = {}): UnitSummary {
  return UnitSummary.parse({
    uniqueId: 'LU800-0001',
    name: 'unit_one',
    comment: '',
    type: 'LU800',
    typeGroup: 'fieldUnits',
    status: 'idle',
    applications: {},
    swVersion: '8.5.0',
    battery: { connected: true, charging: false, percentage: 80 },
    location: { lat: 1, lng: 2, address: null },
    totalBitrate: 0,
    alerts: [],
    transmissionMode: 'live',
    workingMode: 'video',
    selectedChannel: { channelId: null, previewChannelId: null, highQualityChannelId: null, proxyChannelId: null, external: false },
    inventoryIds: ['inv1'],
    groupIds: ['g1'],
    hasExtender: false,
    cameraConnected: true,
    licenseValid: true,
    version: 1,
    ...overrides,
  });
}

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

/** A user of the /users screen with their groups (GET v2/users/{id}). */
export function makeUserAccount(overrides: Partial<UserAccountDetail> = {}): UserAccountDetail {
  return UserAccountDetail.parse({
    id: 'u2',
    username: 'anna.berg',
    email: 'anna@example.com',
    firstName: 'Anna',
    lastName: 'Berg',
    userType: 'luc_regular',
    roles: ['luc_regular'],
    userLabel: null,
    active: true,
    sso: false,
    enterprise: false,
    managedExternally: false,
    onDemandActivation: false,
    receiveUpdates: false,
    passwordExpiryPolicy: 'never',
    passwordExpiresAt: null,
    inventories: [{ id: 'inv1', name: 'Inventory 1' }],
    groupCount: 0,
    lastLoginAt: null,
    createdAt: '2026-01-10T09:00:00.000Z',
    updatedAt: '2026-01-10T09:00:00.000Z',
    version: 2,
    groups: [],
    ...overrides,
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

/** A unit's configuration (GET v2/units/{id}/configurationV2, and every unit update's answer). */
export function makeUnitConfiguration(overrides: Partial<UnitConfiguration> = {}): UnitConfiguration {
  return UnitConfiguration.parse({
    unitUniqueId: 'LU800-0001',
    version: 1,
    storeAndForwardVideoQualityV2: 'high_h264',
    delay: 3000,
    delayMode: 'normal',
    forcesWiredLink: false,
    virtualChannelName: '',
    paths: [],
    files: [],
    port: null,
    forceScanNow: false,
    audio: { input: 'sdi', channels: 2, bitrateKbps: 128, gainDb: 0 },
    bandwidth: { cellular: null, total: null, priorityLimits: [] },
    alerts: {
      mode: 'automatic',
      groupId: null,
      alerts: Object.fromEntries(ALERT_TYPES.map((type) => [type, { enabled: true, level: 'warning' }])),
      recipients: [],
    },
    pairingCodeMode: false,
    multiCameraLabels: ['CAM-1', 'CAM-2', 'CAM-3', 'CAM-4'],
    switcher: { mode: null, highQualityChannel: null, proxyChannel: null, inputSdi: null },
    selectedChannelId: null,
    filenamePrefix: null,
    transmissionMode: 'live',
    workingMode: 'video',
    multiCamera: {
      numberOfFeeds: 2,
      channelSelectionMode: 'automatic',
      customSelectedChannels: [],
      channel: null,
      mode: 'highQuality',
      cameras: [
        { label: 'CAM-1', priority: 1 },
        { label: 'CAM-2', priority: 2 },
      ],
      maxBandwidthMbps: null,
    },
    singleCamera: { resolution: 1080, colourDepth: 8, maxBandwidthMbps: 10 },
    databridge: { enabled: false, bridgeMode: 'layer2' },
    videoReturn: { enabled: false, output: 'sdi', selectedVrChannelId: null },
    ntpTimecode: { enabled: false, server: null },
    fixedInternetDelay: null,
    ipInput: { enabled: false, protocol: null, port: null, latencyMs: null, hasPassphrase: false },
    ipPipe: { enabled: false, serverId: null, port: null, state: 'not_connected' },
    intercoms: [
      { mode: 'audioRoom', audioRoomId: null, targetChannelId: null, destinationAccount: null },
      { mode: 'targetChannel', audioRoomId: null, targetChannelId: null, destinationAccount: null },
    ],
    audioJacks: [],
    interfaces: [],
    network: { capping: { option: 'disabled', mbps: null } },
    fetchlogs: { enhanced: false },
    settings: { outputChannel: null, multiChannel: false, machineUid: 'LU800-0001' },
    metadata: [],
    ifb: { delayMs: 0, alwaysOn: false },
    ancillaryData: { enabled: false, types: [] },
    shootingMode: 'standard',
    encoder: { codec: 'hevc', colourDepth: 8 },
    videoComplexity: 'medium',
    wifi: { ssid: null, security: null },
    cellular: {},
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
