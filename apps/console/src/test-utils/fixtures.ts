/** Test fixtures (only imported by tests): contract-valid objects with overridable fields. */
import { CurrentUser, GroupDetail, GroupListRow, UnitDetail, UnitSummary, UserAccountDetail } from '@fleet/contracts';
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
