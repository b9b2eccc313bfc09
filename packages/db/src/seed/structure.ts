/**
 * The demo fleet's fixed structure: the ids and memberships every fleet size contains and the
 * tests rely on (SEED_IDS). Values (names, serials, locations...) are drawn by the entity modules.
 */
import { ROLES, SERVER_TYPES, UNIT_DEVICE_GROUPS, type Role, type ServerType } from '@fleet/contracts';

export type UnitDeviceGroup = (typeof UNIT_DEVICE_GROUPS)[number];

export const INVENTORIES = [
  { id: 'inv-global', name: 'Global-News', region: 'eu-west', parentId: null },
  { id: 'inv-global-sports', name: 'Global-News-Sports', region: 'eu-west', parentId: 'inv-global' },
  { id: 'inv-metro', name: 'Metro-TV', region: 'us-east', parentId: null },
] as const;

export const GROUPS = [
  { id: 'grp-newsroom', name: 'Newsroom', inventoryId: 'inv-global' },
  { id: 'grp-field-crews', name: 'Field-Crews', inventoryId: 'inv-global' },
  { id: 'grp-studio', name: 'Studio', inventoryId: 'inv-global' },
  { id: 'grp-football', name: 'Football', inventoryId: 'inv-global-sports' },
  { id: 'grp-motorsport', name: 'Motorsport', inventoryId: 'inv-global-sports' },
  { id: 'grp-metro-live', name: 'Metro-Live', inventoryId: 'inv-metro' },
  { id: 'grp-metro-archive', name: 'Metro-Archive', inventoryId: 'inv-metro' },
] as const;

export type GroupId = (typeof GROUPS)[number]['id'];
export type InventoryId = (typeof INVENTORIES)[number]['id'];

/**
 * The managed services the console gates features on (apps/console serviceGates.ts), fixed per
 * inventory; the others are drawn (inventories.ts). Global-News has the return audio (audio_ifb:
 * unit-config-commands.spec applies an IFB delay to LU800-0001) and web audio connect
 * (audio-rooms.spec); the sports inventory has no web audio connect. Graphics: GRAPHICS_SEED.
 */
export const GATED_MANAGED_SERVICES: Record<InventoryId, { audio_ifb: { status: string }; web_aud_connect: { status: string } }> = {
  'inv-global': { audio_ifb: { status: 'enabled' }, web_aud_connect: { status: 'enabled' } },
  'inv-global-sports': { audio_ifb: { status: 'enabled' }, web_aud_connect: { status: 'disabled' } },
  'inv-metro': { audio_ifb: { status: 'enabled' }, web_aud_connect: { status: 'enabled' } },
};

export interface UnitSpec {
  id: string;
  productType: string;
  typeGroup: UnitDeviceGroup;
  groups: GroupId[];
  /**
   * Fixed capability / licence / version traits so every case exists whatever the seed (the
   * structural units have them all: the scenarios and tests rely on them, e.g. a version an upgrade
   * refuses, the first unit with a usage profile); the units a fleet size adds draw them.
   */
  sdCard?: boolean;
  license?: 'valid' | 'invalid' | 'pro4k' | 'pro';
  alertsMode?: 'manual' | 'group';
  swVersion?: string;
  /** The usage profile's id, null for none. */
  usageProfile?: string | null;
  /**
   * The SLA unit service's state: without SLA no version is eligible for the unit (spec 001 §5).
   * Set for every structural unit (UNITS: it follows the licence); the units a fleet size adds draw it.
   */
  sla?: 'enabled' | 'disabled';
  /** The configured delay in ms (below 1,000 ms the unit is in sub-second mode); drawn when absent. */
  delayMs?: number;
}

/**
 * 24 units: every unit-like type group, realistic product types. Every one has its SLA service as
 * its licence says (enabled with a valid licence, disabled with an invalid one): upgrades.spec needs
 * LU800-0004 (9.2.1) with SLA, so that a target is eligible and warns of the configuration reset,
 * and LU800-0005 without, so that every target is refused; batch-upgrade.spec upgrades DRONE-0001.
 */
const STRUCTURAL_UNITS: readonly UnitSpec[] = [
  {
    id: 'LU800-0001',
    productType: 'LU800',
    typeGroup: 'fieldUnits',
    groups: ['grp-newsroom'],
    sdCard: true,
    license: 'pro4k',
    swVersion: '6.2.1',
    usageProfile: 'usp-data-default',
    // Normal-delay mode: unit-config.spec applies 2,000-2,800 ms, which sub-second mode refuses
    // (at most 1,000 ms; on 6.2.1 at least 800 ms).
    delayMs: 3000,
  },
  {
    id: 'LU800-0002',
    productType: 'LU800',
    typeGroup: 'fieldUnits',
    groups: ['grp-newsroom'],
    sdCard: false,
    license: 'pro',
    swVersion: '10.0',
    usageProfile: 'usp-data-default',
  },
  {
    id: 'LU800-0003',
    productType: 'LU800',
    typeGroup: 'fieldUnits',
    groups: ['grp-field-crews'],
    alertsMode: 'manual',
    sdCard: false,
    license: 'valid',
    swVersion: '8.5',
    usageProfile: 'usp-data-default',
  },
  {
    id: 'LU600H264-0001',
    productType: 'LU600 H.264',
    typeGroup: 'fieldUnits',
    groups: ['grp-field-crews'],
    license: 'invalid',
    sdCard: true,
    swVersion: '9.2.1',
    usageProfile: null,
  },
  {
    id: 'LU300-0001',
    productType: 'LU300',
    typeGroup: 'fieldUnits',
    groups: ['grp-newsroom', 'grp-studio'],
    sdCard: false,
    license: 'valid',
    swVersion: '6.4',
    usageProfile: 'usp-data-default',
  },
  {
    id: 'SOLO-0001',
    productType: 'Solo',
    typeGroup: 'fieldUnits',
    groups: ['grp-studio'],
    sdCard: false,
    license: 'valid',
    swVersion: '6.2.1',
    usageProfile: 'usp-data-default',
  },
  {
    id: 'DRONE-0001',
    productType: 'Drone',
    typeGroup: 'fieldUnits',
    groups: ['grp-field-crews'],
    alertsMode: 'group',
    sdCard: false,
    license: 'pro',
    swVersion: '8.5',
    usageProfile: 'usp-hours-default',
  },
  { id: 'LULITE-0001', productType: 'LU-Lite', typeGroup: 'liteUnits', groups: ['grp-newsroom'], license: 'valid', swVersion: '6.2.1', usageProfile: null },
  {
    id: 'LUSMART-0001',
    productType: 'LU-Smart',
    typeGroup: 'smartUnits',
    groups: ['grp-newsroom'],
    license: 'invalid',
    swVersion: '5.1',
    usageProfile: null,
  },
  {
    id: 'LUSMART-0002',
    productType: 'LU-Smart',
    typeGroup: 'smartUnits',
    groups: ['grp-field-crews'],
    license: 'invalid',
    swVersion: '6.4',
    usageProfile: null,
  },
  {
    id: 'PTP-0001',
    productType: 'LU-Link PTP',
    typeGroup: 'ptpUnits',
    groups: ['grp-studio'],
    license: 'valid',
    swVersion: '8.5',
    usageProfile: 'usp-hours-default',
  },
  { id: 'PTMP-0001', productType: 'LU-Link PTMP', typeGroup: 'ptmpUnits', groups: ['grp-studio'], license: 'valid', swVersion: '6.2.1', usageProfile: null },
  {
    id: 'XTND-0001',
    productType: 'Xtender',
    typeGroup: 'extenderDevices',
    groups: ['grp-field-crews'],
    license: 'pro',
    swVersion: '6.2.1',
    usageProfile: null,
  },
  {
    id: 'LU800-0004',
    productType: 'LU800',
    typeGroup: 'fieldUnits',
    groups: ['grp-football'],
    sdCard: true,
    license: 'valid',
    swVersion: '9.2.1',
    usageProfile: null,
  },
  {
    id: 'LU600H264-0002',
    productType: 'LU600 H.264',
    typeGroup: 'fieldUnits',
    groups: ['grp-football'],
    sdCard: false,
    license: 'valid',
    swVersion: '10.0',
    usageProfile: 'usp-hours-default',
  },
  {
    id: 'LULITE-0002',
    productType: 'LU-Lite',
    typeGroup: 'liteUnits',
    groups: ['grp-motorsport'],
    license: 'invalid',
    swVersion: '8.5',
    usageProfile: 'usp-hours-default',
  },
  {
    id: 'PTMP-0002',
    productType: 'LU-Link PTMP',
    typeGroup: 'ptmpUnits',
    groups: ['grp-motorsport'],
    license: 'valid',
    swVersion: '10.1',
    usageProfile: null,
  },
  { id: 'XTND-0002', productType: 'Xtender', typeGroup: 'extenderDevices', groups: ['grp-motorsport'], license: 'pro', swVersion: '8.0', usageProfile: null },
  {
    id: 'LU800-0005',
    productType: 'LU800',
    typeGroup: 'fieldUnits',
    groups: ['grp-metro-live'],
    license: 'invalid',
    sdCard: true,
    swVersion: '6.0',
    usageProfile: 'usp-data-default',
  },
  {
    id: 'LU300-0002',
    productType: 'LU300',
    typeGroup: 'fieldUnits',
    groups: ['grp-metro-live'],
    sdCard: true,
    license: 'valid',
    swVersion: '6.2.1',
    usageProfile: null,
  },
  {
    id: 'SOLO-0002',
    productType: 'Solo',
    typeGroup: 'fieldUnits',
    groups: ['grp-metro-live'],
    sdCard: false,
    license: 'pro',
    swVersion: '6.4',
    usageProfile: 'usp-data-default',
  },
  {
    id: 'LULITE-0003',
    productType: 'LU-Lite',
    typeGroup: 'liteUnits',
    groups: ['grp-metro-archive'],
    license: 'valid',
    swVersion: '6.4',
    usageProfile: 'usp-hours-default',
  },
  {
    id: 'LUSMART-0003',
    productType: 'LU-Smart',
    typeGroup: 'smartUnits',
    groups: ['grp-metro-archive'],
    license: 'valid',
    swVersion: '5.1',
    usageProfile: 'usp-hours-default',
  },
  { id: 'PTP-0002', productType: 'LU-Link PTP', typeGroup: 'ptpUnits', groups: ['grp-metro-live'], license: 'valid', swVersion: '8.0', usageProfile: null },
];
export const UNITS: readonly UnitSpec[] = STRUCTURAL_UNITS.map((u) => ({ ...u, sla: u.license === 'invalid' ? 'disabled' : 'enabled' }));

export interface ServerSpec {
  id: string;
  serverType: ServerType;
  inventoryId: InventoryId;
  groups: GroupId[];
  channels: number;
  /** A hub a larger fleet adds (fleet.ts): online, every channel one a unit can stream to. */
  added?: boolean;
  /** The structural servers' fixed values (the scenarios rely on them). */
  fixed?: { status: string; swVersion: string; ifbMode: string | null; maxChannels: number; publishingMode: string };
}

export const SERVERS: readonly ServerSpec[] = [
  {
    id: 'MMH-0001',
    serverType: 'mmh_server',
    inventoryId: 'inv-global',
    groups: ['grp-newsroom', 'grp-field-crews'],
    channels: 4,
    fixed: { status: 'online', swVersion: '10.1', ifbMode: 'V1', maxChannels: 8, publishingMode: 'automatic' },
  },
  {
    id: 'VRS-0001',
    serverType: 'vr_server',
    inventoryId: 'inv-global',
    groups: ['grp-newsroom'],
    channels: 2,
    fixed: { status: 'offline', swVersion: '10.1', ifbMode: null, maxChannels: 2, publishingMode: 'manual' },
  },
  {
    id: 'ING-0001',
    serverType: 'ingest_server',
    inventoryId: 'inv-global',
    groups: ['grp-studio'],
    channels: 3,
    fixed: { status: 'offline', swVersion: '10.1', ifbMode: null, maxChannels: 7, publishingMode: 'automatic' },
  },
  {
    id: 'TRX-0001',
    serverType: 'transceiver_server',
    inventoryId: 'inv-global-sports',
    groups: ['grp-football'],
    channels: 2,
    fixed: { status: 'online', swVersion: '8.5', ifbMode: null, maxChannels: 2, publishingMode: 'manual' },
  },
  {
    id: 'MMH-0002',
    serverType: 'mmh_server',
    inventoryId: 'inv-metro',
    groups: ['grp-metro-live'],
    channels: 3,
    fixed: { status: 'offline', swVersion: '10.0', ifbMode: 'V1', maxChannels: 5, publishingMode: 'manual' },
  },
];

/** The structural channels' fixed values (the scenarios rely on them); the added hubs' channels draw theirs. */
export const CHANNEL_PINS: Record<string, { status: string; forwardRtmp: boolean; recording: boolean; swVersion: string; inputKind?: string }> = {
  'MMH-0001-CH1': { status: 'offline', forwardRtmp: false, recording: false, swVersion: '7.5.1' },
  'MMH-0001-CH2': { status: 'idle', forwardRtmp: false, recording: false, swVersion: '10.1' },
  'MMH-0001-CH3': { status: 'idle', forwardRtmp: false, recording: false, swVersion: '7.5.1' },
  'MMH-0001-CH4': { status: 'idle', forwardRtmp: false, recording: true, swVersion: '7.5.1', inputKind: 'rtmp' },
  'VRS-0001-CH1': { status: 'idle', forwardRtmp: false, recording: true, swVersion: '10.1' },
  'VRS-0001-CH2': { status: 'collecting', forwardRtmp: true, recording: false, swVersion: '10.1' },
  'ING-0001-CH1': { status: 'idle', forwardRtmp: false, recording: true, swVersion: '8.5', inputKind: 'webrtc' },
  'ING-0001-CH2': { status: 'idle', forwardRtmp: false, recording: true, swVersion: '7.5.1', inputKind: 'srt' },
  'ING-0001-CH3': { status: 'offline', forwardRtmp: false, recording: false, swVersion: '8.5', inputKind: 'webrtc' },
  'TRX-0001-CH1': { status: 'offline', forwardRtmp: false, recording: false, swVersion: '10.1' },
  'TRX-0001-CH2': { status: 'idle', forwardRtmp: true, recording: false, swVersion: '8.5' },
  'MMH-0002-CH1': { status: 'collecting', forwardRtmp: false, recording: false, swVersion: '8.5' },
  'MMH-0002-CH2': { status: 'collecting', forwardRtmp: false, recording: false, swVersion: '10.1' },
  'MMH-0002-CH3': { status: 'offline', forwardRtmp: false, recording: false, swVersion: '10.1' },
};

export const VR_CHANNELS = [
  { id: 'VRC-0001', serverId: 'VRS-0001', inventoryId: 'inv-global', groups: ['grp-newsroom'] as GroupId[], status: 'idle', inputType: 'sdi' },
  { id: 'VRC-0002', serverId: 'VRS-0001', inventoryId: 'inv-global', groups: ['grp-field-crews'] as GroupId[], status: 'collecting', inputType: 'srt' },
  { id: 'VRC-0003', serverId: 'VRS-0001', inventoryId: 'inv-global', groups: ['grp-studio'] as GroupId[], status: 'offline', inputType: 'disabled' },
  { id: 'VRC-0004', serverId: 'VRS-0001', inventoryId: 'inv-metro', groups: ['grp-metro-live'] as GroupId[], status: 'inputConnected', inputType: 'sdi' },
] as const;

/** Users who see every inventory and group. */
export const SEE_ALL: readonly Role[] = ['super_user', 'staff'];
/** The one user (besides none) without an e-mail address. */
export const USER_WITHOUT_EMAIL: Role = 'luc_partner';
/** A user whose password expires within the 14-day warning window. */
export const USER_PASSWORD_EXPIRING: Role = 'luc_media_group_admin';

/** One seeded file of a unit's SD card: its container, size and, for the uploaded entry, its upload status. */
export interface SeededFile {
  ext: 'mp4' | 'mkv' | 'mov';
  sizeBytes: number;
  status?: 'uploaded' | 'pending' | 'failed';
}

/**
 * The files on three units' SD cards, fixed (content.ts names and dates them): per unit an uploaded
 * entry, a recorded file and a recorded part (`_part1`), the newest first. LU800-0001's three are
 * also the files of channel MMH-0001-CH1 (chf-1 to chf-3: files.spec reads them, the part file is
 * the one `_part` finds); file-upload.spec and dialogs.spec upload its two recorded files. Its
 * uploaded entry is pending and no device works on it: dialogs.spec cancels it while the unit
 * uploads the other two (the second of those would start as soon as the first ends).
 */
export const SEEDED_FILES: Record<'LU800-0001' | 'LU800-0003' | 'LU300-0001', readonly [SeededFile, SeededFile, SeededFile]> = {
  'LU800-0001': [
    { ext: 'mp4', sizeBytes: 33_000_000, status: 'pending' },
    { ext: 'mkv', sizeBytes: 3_700_000_000 },
    { ext: 'mkv', sizeBytes: 305_000_000 },
  ],
  'LU800-0003': [
    { ext: 'mov', sizeBytes: 2_080_000_000, status: 'uploaded' },
    { ext: 'mov', sizeBytes: 3_750_000_000 },
    { ext: 'mp4', sizeBytes: 810_000_000 },
  ],
  'LU300-0001': [
    { ext: 'mkv', sizeBytes: 3_370_000_000, status: 'pending' },
    { ext: 'mkv', sizeBytes: 653_000_000 },
    { ext: 'mp4', sizeBytes: 3_050_000_000 },
  ],
};

export const SOFTWARE_VERSION_NUMBERS = ['3.5', '5.1', '6.0', '6.1.2', '6.2.1', '6.4', '6.5', '7.5.1', '8.0', '8.5', '9.2.1', '10.0', '10.1'] as const;

/** Ids of the seeded rows; identical for every seed. */
export const SEED_IDS = {
  inventories: {
    global: 'inv-global',
    globalSports: 'inv-global-sports',
    metro: 'inv-metro',
  },
  /** The first inventory: every user belongs to it. */
  firstInventoryId: 'inv-global',
  groups: Object.fromEntries(GROUPS.map((g) => [g.name, g.id])) as Record<(typeof GROUPS)[number]['name'], GroupId>,
  groupsByInventory: {
    'inv-global': ['grp-newsroom', 'grp-field-crews', 'grp-studio'],
    'inv-global-sports': ['grp-football', 'grp-motorsport'],
    'inv-metro': ['grp-metro-live', 'grp-metro-archive'],
  } as Record<InventoryId, GroupId[]>,
  /** User id by role; the username is the role name. */
  users: Object.fromEntries(ROLES.map((r) => [r, `usr-${r}`])) as Record<Role, string>,
  userWithoutEmail: USER_WITHOUT_EMAIL,
  userWithExpiringPassword: USER_PASSWORD_EXPIRING,
  seeAllRoles: SEE_ALL,
  units: UNITS.map((u) => u.id),
  unitsByGroup: Object.fromEntries(GROUPS.map((g) => [g.id, UNITS.filter((u) => u.groups.includes(g.id)).map((u) => u.id)])) as Record<GroupId, string[]>,
  /** First unit of luc_regular's groups (group Newsroom): SD card, PRO 4K licence. */
  firstUnitOfLucRegular: 'LU800-0001',
  /** Same group, no SD card (store and forward disabled). */
  unitWithoutSdCard: 'LU800-0002',
  unitWithInvalidLicense: 'LU600H264-0001',
  /** A 600-series H.264 unit (upgrade code 6803). */
  lu600H264Unit: 'LU600H264-0001',
  /** A unit outside luc_regular's inventory. */
  unitOutsideLucRegular: 'LU800-0005',
  servers: Object.fromEntries(SERVER_TYPES.map((t) => [t, SERVERS.filter((s) => s.serverType === t).map((s) => s.id)])) as Record<ServerType, string[]>,
  vrChannels: VR_CHANNELS.map((v) => v.id),
  notifications: {
    expiringWithin2h: 'ntf-expiring-2h',
    expiringWithin24h: 'ntf-expiring-24h',
    inventory: 'ntf-inventory',
    expired: 'ntf-expired',
  },
  defaultAlertConfiguration: 'alc-default',
} as const;
