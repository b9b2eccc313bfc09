/**
 * Contract-valid objects with overridable fields, for the tests of every package that reads or
 * answers them (the console's components, the core's fleet capture). Test support only: nothing
 * outside tests imports it (`@fleet/contracts/testing`).
 */
import { ALERT_TYPES, UnitConfiguration, UnitSummary, UserAccountDetail } from '../index.js';

/** A unit as the unit list answers it: an idle LU800 in one inventory and one group. */
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
    channelsInUse: [],
    inventoryIds: ['inv1'],
    groupIds: ['g1'],
    hasExtender: false,
    cameraConnected: true,
    licenseValid: true,
    version: 1,
    ...overrides,
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
