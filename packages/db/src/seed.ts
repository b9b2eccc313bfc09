/**
 * Deterministic demo fleet. The STRUCTURE (ids, inventories, groups, users, which unit sits
 * where) is fixed and exported as SEED_IDS; the VALUES (names, serials, versions, locations,
 * licences, channel states...) come from faker with a fixed seed, so the same seed and the same
 * `now` give identical rows.
 *
 * Units start offline with no applications: the simulator brings them online.
 */
import { createHash } from 'node:crypto';
import { Faker, en } from '@faker-js/faker';
import {
  ALERT_LEVELS,
  ALERT_TYPES,
  DEFAULT_ALERT_SETTINGS,
  DEFAULT_ALERT_SOUND_SETTINGS,
  DEFAULT_USER_PREFERENCES,
  MANAGED_SERVICES,
  OWNERSHIP_VALUES,
  ROLES,
  SERVER_TYPES,
  SERVICES,
  STORE_AND_FORWARD_PROFILES,
  UNIT_DEVICE_GROUPS,
  type Role,
  type ServerType,
} from '@fleet/contracts';
import type { Prisma } from '../generated/sqlite/client.js';
import { transaction, type DbHandle, type DbTx } from './client.js';
import { nonEmptyTables, resetDatabase } from './maintenance.js';
import { hashPassword } from './password.js';
import { usageRecordsFor, type UsageSeedUnit } from './seed-usage.js';

export const DEFAULT_DEMO_PASSWORD = 'Demo-pass-1';
export const DEFAULT_SEED = 20240601;

export interface SeedOptions {
  /** faker seed (default DEFAULT_SEED). */
  seed?: number;
  /** Password of every demo user. */
  password: string;
  /** Empty the database first; without it a non-empty database is refused. */
  reset?: boolean;
  /** Reference time for timestamps and notification expiries (default: now). */
  now?: Date;
  /**
   * A lower scrypt cost for the demo users (N with r=8, p=1; benchmarks lower it). Default: the
   * current parameters (packages/db password.ts); a weaker hash is stored again at the first log-in.
   */
  passwordCost?: number;
}

type UnitDeviceGroup = (typeof UNIT_DEVICE_GROUPS)[number];

// ── fixed structure ────────────────────────────────────────────────────────────────────────────

const INVENTORIES = [
  { id: 'inv-global', name: 'Global-News', region: 'eu-west', parentId: null },
  { id: 'inv-global-sports', name: 'Global-News-Sports', region: 'eu-west', parentId: 'inv-global' },
  { id: 'inv-metro', name: 'Metro-TV', region: 'us-east', parentId: null },
] as const;

/** The graphics managed service of each demo inventory. */
const GRAPHICS_SEED: Record<(typeof INVENTORIES)[number]['id'], { status: string; trialState?: string }> = {
  'inv-global': { status: 'enabled' },
  'inv-global-sports': { status: 'disabled', trialState: 'enabledTrial' },
  'inv-metro': { status: 'disabled' },
};

/**
 * Managed services in the states the /inventory_services screen shows (spec 001 §4), over the
 * random statuses: a trial offered, one running, a quota counted in data, an expired service; and
 * each inventory's licence pool per unit service (/unit_license_activation).
 */
const MANAGED_SEED = (now: number, day: number): Record<(typeof INVENTORIES)[number]['id'], Record<string, Record<string, unknown>>> => ({
  'inv-global': {
    smart_plan: { status: 'disabled', trialState: 'enabledTrial', planType: 'ADHOC_SMART' },
    go_plan: { status: 'enabled', usageKind: 'data', quota: 2000, planType: 'PERMANENT' },
  },
  'inv-global-sports': {
    smart_plan: {
      status: 'disabled',
      trialState: 'activeTrial',
      planType: 'PERMANENT_LITE',
      trialStartedAt: new Date(now - 25 * day).toISOString(),
      trialEndsAt: new Date(now + 5 * day).toISOString(),
    },
  },
  'inv-metro': {
    smart_plan: { status: 'disabled', trialState: 'expiredTrial' },
    ai_integration: { status: 'expired' },
  },
});
const LICENCE_POOL_SEED: Record<(typeof INVENTORIES)[number]['id'], Record<string, { total: number }>> = {
  'inv-global': { sla: { total: 20 }, 'video-return': { total: 4 }, '4K': { total: 2 }, hevc: { total: 6 } },
  'inv-global-sports': { sla: { total: 2 }, hevc: { total: 1 } },
  'inv-metro': { sla: { total: 1 } },
};

const GROUPS = [
  { id: 'grp-newsroom', name: 'Newsroom', inventoryId: 'inv-global' },
  { id: 'grp-field-crews', name: 'Field-Crews', inventoryId: 'inv-global' },
  { id: 'grp-studio', name: 'Studio', inventoryId: 'inv-global' },
  { id: 'grp-football', name: 'Football', inventoryId: 'inv-global-sports' },
  { id: 'grp-motorsport', name: 'Motorsport', inventoryId: 'inv-global-sports' },
  { id: 'grp-metro-live', name: 'Metro-Live', inventoryId: 'inv-metro' },
  { id: 'grp-metro-archive', name: 'Metro-Archive', inventoryId: 'inv-metro' },
] as const;

type GroupId = (typeof GROUPS)[number]['id'];
type InventoryId = (typeof INVENTORIES)[number]['id'];

interface UnitSpec {
  id: string;
  productType: string;
  typeGroup: UnitDeviceGroup;
  groups: GroupId[];
  /** Fixed capability / licence traits so every case exists whatever the seed. */
  sdCard?: boolean;
  license?: 'invalid' | 'pro4k' | 'pro';
  alertsMode?: 'manual' | 'group';
}

/** 24 units: every unit-like type group, realistic product types. */
const UNITS: readonly UnitSpec[] = [
  { id: 'LU800-0001', productType: 'LU800', typeGroup: 'fieldUnits', groups: ['grp-newsroom'], sdCard: true, license: 'pro4k' },
  { id: 'LU800-0002', productType: 'LU800', typeGroup: 'fieldUnits', groups: ['grp-newsroom'], sdCard: false, license: 'pro' },
  { id: 'LU800-0003', productType: 'LU800', typeGroup: 'fieldUnits', groups: ['grp-field-crews'], alertsMode: 'manual' },
  { id: 'LU600H264-0001', productType: 'LU600 H.264', typeGroup: 'fieldUnits', groups: ['grp-field-crews'], license: 'invalid' },
  { id: 'LU300-0001', productType: 'LU300', typeGroup: 'fieldUnits', groups: ['grp-newsroom', 'grp-studio'], sdCard: false },
  { id: 'SOLO-0001', productType: 'Solo', typeGroup: 'fieldUnits', groups: ['grp-studio'] },
  { id: 'DRONE-0001', productType: 'Drone', typeGroup: 'fieldUnits', groups: ['grp-field-crews'], alertsMode: 'group' },
  { id: 'LULITE-0001', productType: 'LU-Lite', typeGroup: 'liteUnits', groups: ['grp-newsroom'] },
  { id: 'LUSMART-0001', productType: 'LU-Smart', typeGroup: 'smartUnits', groups: ['grp-newsroom'] },
  { id: 'LUSMART-0002', productType: 'LU-Smart', typeGroup: 'smartUnits', groups: ['grp-field-crews'] },
  { id: 'PTP-0001', productType: 'LU-Link PTP', typeGroup: 'ptpUnits', groups: ['grp-studio'] },
  { id: 'PTMP-0001', productType: 'LU-Link PTMP', typeGroup: 'ptmpUnits', groups: ['grp-studio'] },
  { id: 'XTND-0001', productType: 'Xtender', typeGroup: 'extenderDevices', groups: ['grp-field-crews'] },
  { id: 'LU800-0004', productType: 'LU800', typeGroup: 'fieldUnits', groups: ['grp-football'], sdCard: true },
  { id: 'LU600H264-0002', productType: 'LU600 H.264', typeGroup: 'fieldUnits', groups: ['grp-football'] },
  { id: 'LULITE-0002', productType: 'LU-Lite', typeGroup: 'liteUnits', groups: ['grp-motorsport'] },
  { id: 'PTMP-0002', productType: 'LU-Link PTMP', typeGroup: 'ptmpUnits', groups: ['grp-motorsport'] },
  { id: 'XTND-0002', productType: 'Xtender', typeGroup: 'extenderDevices', groups: ['grp-motorsport'] },
  { id: 'LU800-0005', productType: 'LU800', typeGroup: 'fieldUnits', groups: ['grp-metro-live'], license: 'invalid' },
  { id: 'LU300-0002', productType: 'LU300', typeGroup: 'fieldUnits', groups: ['grp-metro-live'] },
  { id: 'SOLO-0002', productType: 'Solo', typeGroup: 'fieldUnits', groups: ['grp-metro-live'] },
  { id: 'LULITE-0003', productType: 'LU-Lite', typeGroup: 'liteUnits', groups: ['grp-metro-archive'] },
  { id: 'LUSMART-0003', productType: 'LU-Smart', typeGroup: 'smartUnits', groups: ['grp-metro-archive'] },
  { id: 'PTP-0002', productType: 'LU-Link PTP', typeGroup: 'ptpUnits', groups: ['grp-metro-live'] },
];

interface ServerSpec {
  id: string;
  serverType: ServerType;
  inventoryId: InventoryId;
  groups: GroupId[];
  channels: number;
}

const SERVERS: readonly ServerSpec[] = [
  { id: 'MMH-0001', serverType: 'mmh_server', inventoryId: 'inv-global', groups: ['grp-newsroom', 'grp-field-crews'], channels: 4 },
  { id: 'VRS-0001', serverType: 'vr_server', inventoryId: 'inv-global', groups: ['grp-newsroom'], channels: 2 },
  { id: 'ING-0001', serverType: 'ingest_server', inventoryId: 'inv-global', groups: ['grp-studio'], channels: 3 },
  { id: 'TRX-0001', serverType: 'transceiver_server', inventoryId: 'inv-global-sports', groups: ['grp-football'], channels: 2 },
  { id: 'MMH-0002', serverType: 'mmh_server', inventoryId: 'inv-metro', groups: ['grp-metro-live'], channels: 3 },
];

const VR_CHANNELS = [
  { id: 'VRC-0001', serverId: 'VRS-0001', inventoryId: 'inv-global', groups: ['grp-newsroom'] as GroupId[], status: 'idle', inputType: 'sdi' },
  { id: 'VRC-0002', serverId: 'VRS-0001', inventoryId: 'inv-global', groups: ['grp-field-crews'] as GroupId[], status: 'collecting', inputType: 'srt' },
  { id: 'VRC-0003', serverId: 'VRS-0001', inventoryId: 'inv-global', groups: ['grp-studio'] as GroupId[], status: 'offline', inputType: 'disabled' },
  { id: 'VRC-0004', serverId: 'VRS-0001', inventoryId: 'inv-metro', groups: ['grp-metro-live'] as GroupId[], status: 'inputConnected', inputType: 'sdi' },
] as const;

/** Users who see every inventory and group. */
const SEE_ALL: readonly Role[] = ['super_user', 'staff'];
/** The one user (besides none) without an e-mail address. */
const USER_WITHOUT_EMAIL: Role = 'luc_partner';
/** A user whose password expires within the 14-day warning window. */
const USER_PASSWORD_EXPIRING: Role = 'luc_media_group_admin';

const SOFTWARE_VERSION_NUMBERS = ['3.5', '5.1', '6.0', '6.1.2', '6.2.1', '6.4', '6.5', '7.5.1', '8.0', '8.5', '9.2.1', '10.0', '10.1'] as const;

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

/**
 * The first unit id in `username`'s groups (in group order, then unit order), read from the
 * database; null when the user has no unit.
 */
export async function firstUnitIdOfUser(db: DbHandle, username: string): Promise<string | null> {
  const user = await db.prisma.user.findUnique({
    where: { username },
    select: { groups: { select: { groupId: true } } },
  });
  if (!user) return null;
  const groupIds = user.groups.map((g) => g.groupId);
  const link = await db.prisma.unitGroup.findFirst({
    where: { groupId: { in: groupIds } },
    orderBy: [{ unitId: 'asc' }],
    select: { unitId: true },
  });
  return link?.unitId ?? null;
}

export interface SeedResult {
  seed: number;
  counts: Record<string, number>;
  ids: typeof SEED_IDS;
}

// ── value helpers ──────────────────────────────────────────────────────────────────────────────

/** Letters, digits, _ and - only (spec 000 §5 names). */
function safeName(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

function deterministicSalt(seed: number, username: string): Buffer {
  return createHash('sha256').update(`fleet-seed:${seed}:${username}`).digest().subarray(0, 16);
}

/**
 * Seed hashes are deterministic (fixed salt per seed and role), so one process makes each once: a
 * test run seeds a fresh database per suite, and a hash at the current parameters takes a quarter of
 * a second on a small machine. Bounded: only so many password/seed/role combinations are kept.
 */
const seedHashes = new Map<string, Promise<string>>();
const SEED_HASHES_KEPT = 1024;

function seedHash(password: string, salt: Buffer, cost: number | undefined): Promise<string> {
  const key = `${cost ?? 'current'}\u0000${salt.toString('hex')}\u0000${password}`;
  let hash = seedHashes.get(key);
  if (!hash) {
    if (seedHashes.size >= SEED_HASHES_KEPT) seedHashes.clear();
    hash = hashPassword(password, { salt, ...(cost ? { n: cost } : {}) });
    // A failure is not remembered.
    hash.catch(() => seedHashes.delete(key));
    seedHashes.set(key, hash);
  }
  return hash;
}

function channelType(c: {
  sdiNo: number | null;
  output: boolean;
  forwardRtmp: boolean;
  ndi: boolean;
  forceOutput: boolean;
  flavor: string | null;
  distributor: boolean;
}): string {
  // Spec 001 §4 channel type derivation (mirrors packages/domain; db depends on contracts only).
  if (c.distributor) return 'distributor';
  if (c.sdiNo !== null && !c.output) return 'input';
  if (c.forwardRtmp || c.ndi || c.sdiNo !== null || c.forceOutput || c.flavor === 'SMPTE2110') return 'output';
  return 'preview';
}

// ── the seed ───────────────────────────────────────────────────────────────────────────────────

export async function seed(db: DbHandle, options: SeedOptions): Promise<SeedResult> {
  const seedValue = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? new Date();
  if (!options.password) throw new Error('seed: a password is required');

  const nonEmpty = await nonEmptyTables(db);
  if (nonEmpty.length > 0) {
    if (!options.reset) {
      throw new Error(
        `seed: the database is not empty (${nonEmpty.slice(0, 5).join(', ')}${nonEmpty.length > 5 ? ', ...' : ''}); pass { reset: true } (CLI: --reset) to empty it first`,
      );
    }
    await resetDatabase(db);
  }

  const faker = new Faker({ locale: [en] });
  faker.seed(seedValue);
  faker.setDefaultRefDate(now);
  const ago = (ms: number): Date => new Date(now.getTime() - ms);
  const ahead = (ms: number): Date => new Date(now.getTime() + ms);
  const HOUR = 3600_000;
  const DAY = 24 * HOUR;
  const created = (): Date => ago(faker.number.int({ min: 30, max: 400 }) * DAY);
  const stamps = (): { createdAt: Date; updatedAt: Date } => {
    const c = created();
    return { createdAt: c, updatedAt: new Date(Math.min(now.getTime(), c.getTime() + faker.number.int({ min: 0, max: 20 }) * DAY)) };
  };

  // Password hashes first (slow part), outside the transaction, side by side on the thread pool.
  const hashes = new Map<Role, string>(
    await Promise.all(ROLES.map(async (role) => [role, await seedHash(options.password, deterministicSalt(seedValue, role), options.passwordCost)] as const)),
  );

  const counts: Record<string, number> = {};
  const count = (model: string, n: number): void => {
    counts[model] = (counts[model] ?? 0) + n;
  };

  await transaction(
    db,
    async (tx: DbTx) => {
      // Organisation
      await tx.organisation.create({
        data: { id: 'org-demo', name: 'Demo-Broadcasting', externalUid: 'ext-demo-1', defaultRole: 'luc_regular', maxUsers: 50, ...stamps() },
      });
      count('organisation', 1);

      // Usage profiles
      const usageProfiles: Prisma.UsageProfileCreateManyInput[] = [
        { id: 'usp-data-default', name: 'Default-Data', type: 'data', quotaPerMonth: 500, resetDay: 1, isDefault: true, ...stamps() },
        { id: 'usp-hours-default', name: 'Default-Hours', type: 'hours', quotaPerMonth: 100, resetDay: 1, isDefault: true, ...stamps() },
        { id: 'usp-news-data', name: 'News-Data-2TB', type: 'data', quotaPerMonth: 2000, resetDay: 15, inventoryId: 'inv-global', ...stamps() },
      ];

      // Inventories (parent first)
      for (const inv of INVENTORIES) {
        await tx.inventory.create({
          data: {
            id: inv.id,
            name: inv.name,
            region: inv.region,
            parentId: inv.parentId,
            sipServer: `sip.${safeName(inv.name).toLowerCase()}.example.net`,
            properties: { mapView: true, reboot: true, vsim: inv.id !== 'inv-metro', socialMedia: true, mjpegPreview: inv.id === 'inv-global' },
            managedServices: {
              ...Object.fromEntries(MANAGED_SERVICES.map((s) => [s, { status: faker.helpers.arrayElement(['enabled', 'disabled', 'active']) }])),
              ...MANAGED_SEED(now.getTime(), DAY)[inv.id],
              // Graphics in each state the /my_graphics screen shows: enabled, a trial not yet
              // started (10 hours within 30 days of the first session), not enabled.
              graphics: GRAPHICS_SEED[inv.id],
            },
            settings: {
              ifb: { available: faker.number.int({ min: 2, max: 10 }), used: faker.number.int({ min: 0, max: 2 }), frozen: 0 },
              licences: LICENCE_POOL_SEED[inv.id],
            },
            ...stamps(),
          },
        });
      }
      count('inventory', INVENTORIES.length);
      await tx.organisationInventory.createMany({ data: INVENTORIES.map((i) => ({ organisationId: 'org-demo', inventoryId: i.id })) });
      await tx.usageProfile.createMany({ data: usageProfiles });
      count('usageProfile', usageProfiles.length);

      // Managed services live in Inventory.managedServices alone (no Service rows: those are the
      // units' services). The draws of the removed rows' statuses and trial states are still made
      // (their timestamps' draws are not: the values seeded after this point moved once when the
      // rows went, and the scenarios and tests follow the values they have now), so that the
      // values after this point stay as they are.
      for (let i = 0; i < INVENTORIES.length * MANAGED_SERVICES.length; i++) {
        faker.helpers.arrayElement([0, 1, 2, 3]);
        faker.helpers.maybe(() => faker.helpers.arrayElement([0, 1, 2, 3]), { probability: 0.3 });
      }

      // Groups
      await tx.group.createMany({
        data: GROUPS.map((g) => ({
          id: g.id,
          name: g.name,
          inventoryId: g.inventoryId,
          autoAssociation: { units: faker.datatype.boolean(), channels: faker.datatype.boolean(), vrChannels: false, users: false },
          alertThresholds: {
            battery: { warning: 30, critical: 10 },
            serverCpu: { warning: 80, critical: 95 },
            serverStorage: { warning: 80, critical: 95 },
            bitrateDrop: { warning: 50, critical: 80 },
          },
          defaultConfiguration: { delay: 3000, transmissionMode: 'live' },
          invitation: { adhoc: { mode: 'ADHOC', period: '1d' }, permanent: { regeneration: 'never' } },
          features: { ExternalPreview: g.inventoryId === 'inv-global' },
          ...stamps(),
        })),
      });
      count('group', GROUPS.length);

      // Databridge gateway
      await tx.databridgeGateway.create({
        data: { id: 'dbg-0001', name: 'DBG-Frankfurt', host: 'dbg1.example.net', port: 7000, status: 'online', inventoryId: 'inv-global', ...stamps() },
      });
      count('databridgeGateway', 1);

      // Units
      const unitInventories: Prisma.UnitInventoryCreateManyInput[] = [];
      const unitGroups: Prisma.UnitGroupCreateManyInput[] = [];
      const unitServices: Prisma.ServiceCreateManyInput[] = [];
      const usedNames = new Set<string>();
      // What the usage records are drawn from (seed-usage.ts), read back from the rows made.
      const usageUnits: UsageSeedUnit[] = [];
      const profileOf = (id: string | null) => {
        const p = usageProfiles.find((x) => x.id === id);
        return p ? { type: p.type === 'hours' ? ('hours' as const) : ('data' as const), quotaPerMonth: p.quotaPerMonth } : null;
      };
      for (const [index, spec] of UNITS.entries()) {
        const group = GROUPS.find((g) => g.id === spec.groups[0]);
        if (!group) throw new Error(`seed: unknown group ${spec.groups[0]}`);
        const city = safeName(faker.location.city()) || 'Unit';
        let name = `${city}-${spec.productType.replace(/[^A-Za-z0-9]+/g, '')}-${String(index + 1).padStart(2, '0')}`;
        while (usedNames.has(name)) name += 'x';
        usedNames.add(name);
        const sdCard = spec.sdCard ?? (spec.typeGroup === 'fieldUnits' ? faker.datatype.boolean() : false);
        const licenseKind = spec.license ?? faker.helpers.arrayElement(['valid', 'valid', 'pro', 'invalid'] as const);
        const valid = licenseKind !== 'invalid';
        const pro = licenseKind === 'pro' || licenseKind === 'pro4k';
        const fourK = licenseKind === 'pro4k';
        const services = faker.helpers
          .arrayElements(SERVICES, { min: 2, max: 6 })
          .map((s) => ({ serviceName: s, serviceStatus: faker.helpers.arrayElement(['enabled', 'enabled', 'disabled', 'expired']) }));
        if (!services.some((s) => s.serviceName === 'sla')) services.unshift({ serviceName: 'sla', serviceStatus: valid ? 'enabled' : 'disabled' });
        const lat = faker.location.latitude({ min: -50, max: 60, precision: 4 });
        const lng = faker.location.longitude({ precision: 4 });
        const unitRow = await tx.unit.create({
          data: {
            id: spec.id,
            name,
            comment: faker.helpers.maybe(() => faker.lorem.sentence({ min: 3, max: 8 }).slice(0, 100), { probability: 0.4 }) ?? '',
            productType: spec.productType,
            typeGroup: spec.typeGroup,
            status: 'offline',
            applications: {},
            swVersion: faker.helpers.arrayElement(SOFTWARE_VERSION_NUMBERS),
            serialNumber: `${spec.id.split('-')[0]}${faker.string.numeric(8)}`,
            sharing: faker.datatype.boolean({ probability: 0.3 }),
            tally: null,
            latitude: lat,
            longitude: lng,
            address: `${faker.location.streetAddress()}, ${city}`,
            license: {
              valid,
              kind: faker.helpers.arrayElement(['hours', 'days']),
              pro,
              fourK,
              raHours: faker.number.int({ min: 0, max: 500 }),
              rlHours: faker.number.int({ min: 0, max: 500 }),
            },
            usageProfileId: faker.helpers.arrayElement(['usp-data-default', 'usp-hours-default', null]),
            capabilities: {
              sdCard,
              multiCamera: spec.typeGroup === 'fieldUnits' && spec.productType === 'LU800',
              videoReturn: spec.typeGroup === 'fieldUnits',
              databridge: spec.typeGroup === 'fieldUnits' || spec.typeGroup === 'ptpUnits',
              intercom: spec.typeGroup !== 'extenderDevices',
              ipPipe: spec.typeGroup === 'fieldUnits',
              speedTest: spec.typeGroup === 'fieldUnits',
              hevc: spec.productType === 'LU800' || spec.productType === 'LU300',
            },
            services,
            targetSwVersion: null,
            workingMode: 'video',
            transmissionMode: 'live',
            storeAndForwardVideoQuality: faker.helpers.arrayElement(STORE_AND_FORWARD_PROFILES),
            filenamePrefix: faker.helpers.maybe(() => safeName(faker.word.noun()).slice(0, 32), { probability: 0.3 }) ?? null,
            multiCameraLabels: spec.productType === 'LU800' ? ['CAM-1', 'CAM-2', 'CAM-3', 'CAM-4'] : [],
            hasExtender: spec.typeGroup === 'fieldUnits' && index % 5 === 0,
            selectedChannelId: null,
            ownership: faker.helpers.arrayElement(OWNERSHIP_VALUES),
            configuration: {
              unitUniqueId: spec.id,
              delay: faker.helpers.arrayElement([800, 1500, 3000, 5000]),
              virtualChannelName: '',
              bandwidth: { cellular: null, total: null },
              audio: { bitrateKbps: 128, channels: 2 },
              intercoms: [
                { mode: 'audioRoom', destinationAccount: null },
                { mode: 'targetChannel', destinationAccount: null },
              ],
              pairingCodeMode: false,
            },
            alertsConfigMode: spec.alertsMode ?? 'automatic',
            lastReboot: ago(faker.number.int({ min: 1, max: 60 }) * DAY),
            telemetry: {},
            databridgeGatewayId: spec.id === 'LU800-0001' ? 'dbg-0001' : null,
            ...stamps(),
          },
        });
        unitInventories.push({ unitId: spec.id, inventoryId: group.inventoryId, createdAt: now });
        usageUnits.push({
          id: spec.id,
          inventoryId: group.inventoryId,
          typeGroup: spec.typeGroup,
          productType: spec.productType,
          licenseValid: valid,
          profile: profileOf(unitRow.usageProfileId),
        });
        for (const g of spec.groups) unitGroups.push({ unitId: spec.id, groupId: g, expiresAt: null, createdAt: now });
        for (const s of services) {
          unitServices.push({
            id: `svc-${spec.id}-${s.serviceName}`,
            unitId: spec.id,
            serviceName: s.serviceName,
            serviceStatus: s.serviceStatus,
            usageKind: 'na',
            ...stamps(),
          });
        }
      }
      await tx.unitInventory.createMany({ data: unitInventories });
      await tx.unitGroup.createMany({ data: unitGroups });
      await tx.service.createMany({ data: unitServices });
      count('unit', UNITS.length);
      count('service', unitServices.length);

      // P2P links
      await tx.p2pLink.createMany({
        data: [
          { id: 'p2p-0001', name: 'Studio-Link', kind: 'ptp', masterUnitId: 'PTP-0001', machines: [{ uid: 'PTP-0001' }], status: 'idle', ...stamps() },
          {
            id: 'p2p-0002',
            name: 'Studio-Multipoint',
            kind: 'ptmp',
            masterUnitId: 'PTMP-0001',
            machines: [{ uid: 'PTMP-0001' }, { uid: 'LU800-0001' }, { uid: 'LU300-0001' }],
            status: 'idle',
            ...stamps(),
          },
        ],
      });
      await tx.p2pLinkGroup.createMany({
        data: [
          { p2pLinkId: 'p2p-0001', groupId: 'grp-studio', selected: true },
          { p2pLinkId: 'p2p-0002', groupId: 'grp-studio', selected: true },
          { p2pLinkId: 'p2p-0002', groupId: 'grp-newsroom', selected: false },
        ],
      });
      count('p2pLink', 2);

      // Servers and channels
      const serverInventoryIds = new Map<string, InventoryId>();
      let channelCount = 0;
      for (const [i, spec] of SERVERS.entries()) {
        serverInventoryIds.set(spec.id, spec.inventoryId);
        const prefix = spec.id.split('-')[0] ?? 'SRV';
        await tx.server.create({
          data: {
            id: spec.id,
            name: `${prefix}-${safeName(faker.location.city())}-${i + 1}`,
            serverType: spec.serverType,
            productType: { mmh_server: 'Multimedia Hub', vr_server: 'Video Return Server', ingest_server: 'Ingest Server', transceiver_server: 'Transceiver' }[
              spec.serverType
            ],
            serial: `${prefix}${faker.string.numeric(8)}`,
            alias: faker.company.name().slice(0, 40),
            status: faker.helpers.arrayElement(['online', 'online', 'offline']),
            swVersion: faker.helpers.arrayElement(['8.0', '8.5', '9.2.1', '10.0', '10.1']),
            inventoryId: spec.inventoryId,
            ifbMode: spec.serverType === 'mmh_server' ? faker.helpers.arrayElement(['V1', 'V2']) : null,
            maxChannels: spec.channels + faker.number.int({ min: 0, max: 4 }),
            webrtcPort: spec.serverType === 'mmh_server' ? faker.number.int({ min: 8000, max: 9000 }) : null,
            publishingMode: faker.helpers.arrayElement(['automatic', 'manual']),
            cloudRegion: faker.helpers.maybe(() => faker.helpers.arrayElement(['eu-west-1', 'us-east-1']), { probability: 0.5 }) ?? null,
            cloudProvider: null,
            genlockOffset: spec.serverType === 'mmh_server' ? 0 : null,
            configuration: { smpte: { enabled: false }, ipPipe: { enabled: false, port: 5000 } },
            // The server's licensed services (spec 001 §3 servicesData; §8 PRO-4K): every hub has
            // video, SLA and HEVC; the Metro-TV hub also PRO-4K (Global-News's hub does not, so
            // its 4K channels answer "PRO-4K license not available").
            servicesData:
              spec.serverType === 'mmh_server'
                ? { video: 'active', sla: 'active', hevc: 'active', ...(spec.inventoryId === 'inv-metro' ? { 'pro-4k': 'active' } : {}) }
                : { video: 'active' },
            ...stamps(),
          },
        });
        const channels: Prisma.ChannelCreateManyInput[] = [];
        for (let c = 0; c < spec.channels; c++) {
          // A mix: preview, sdi output, distributor, sdi input (typed by the spec's rule).
          const kind = spec.serverType === 'ingest_server' ? 'input' : (['preview', 'output', 'distributor', 'input'] as const)[c % 4];
          const flags = {
            sdiNo: kind === 'output' || kind === 'input' ? c + 1 : null,
            output: kind === 'output' || kind === 'distributor',
            forwardRtmp: kind === 'output' && faker.datatype.boolean(),
            ndi: false,
            forceOutput: false,
            flavor: null,
            distributor: kind === 'distributor',
          };
          channels.push({
            id: `${spec.id}-CH${c + 1}`,
            name: `${prefix}-${i + 1}-CH${c + 1}`,
            serverId: spec.id,
            status: faker.helpers.arrayElement(['offline', 'idle', 'idle', 'collecting']),
            type: channelType(flags),
            inputKind: kind === 'input' ? faker.helpers.arrayElement(['encoder', 'srt', 'rtmp', 'webrtc']) : null,
            mode: kind === 'output' ? (flags.forwardRtmp ? 'cdn' : 'sdi') : kind === 'preview' ? 'preview' : null,
            port: 9000 + c,
            preview: kind === 'preview',
            ...flags,
            recording: faker.datatype.boolean({ probability: 0.3 }),
            cdnName: flags.forwardRtmp ? 'YouTube' : null,
            swVersion: faker.helpers.arrayElement(['7.5.1', '8.0', '8.5', '10.1']),
            serverProductType: spec.serverType,
            ...stamps(),
          });
        }
        await tx.channel.createMany({ data: channels });
        await tx.channelInventory.createMany({ data: channels.map((ch) => ({ channelId: ch.id as string, inventoryId: spec.inventoryId })) });
        await tx.groupChannel.createMany({ data: channels.flatMap((ch) => spec.groups.map((g) => ({ groupId: g, channelId: ch.id as string }))) });
        channelCount += channels.length;
      }
      count('server', SERVERS.length);
      count('channel', channelCount);

      // Video return channels
      for (const v of VR_CHANNELS) {
        await tx.videoReturnChannel.create({
          data: {
            id: v.id,
            name: `VR-${safeName(faker.location.city())}-${v.id.slice(-2)}`,
            description: faker.lorem.words(3),
            status: v.status,
            serialNumber: `VRC${faker.string.numeric(8)}`,
            inputStandard: faker.helpers.arrayElement(['1080i50', '1080p25', '720p50']),
            inputType: v.inputType,
            url: v.inputType === 'srt' ? 'srt://vr.example.net:9000' : null,
            destinationPort: v.inputType === 'srt' ? 9000 : null,
            latency: v.inputType === 'srt' ? 500 : null,
            serverId: v.serverId,
            ...stamps(),
          },
        });
      }
      await tx.vrChannelInventory.createMany({ data: VR_CHANNELS.map((v) => ({ vrChannelId: v.id, inventoryId: v.inventoryId })) });
      await tx.groupVrChannel.createMany({ data: VR_CHANNELS.flatMap((v) => v.groups.map((g) => ({ groupId: g, vrChannelId: v.id }))) });
      count('videoReturnChannel', VR_CHANNELS.length);

      // Users: one per role, username = role
      const globalGroups = SEED_IDS.groupsByInventory['inv-global'];
      for (const role of ROLES) {
        const firstName = faker.person.firstName();
        const lastName = faker.person.lastName();
        const seeAll = SEE_ALL.includes(role);
        const email = role === USER_WITHOUT_EMAIL ? null : `${role.replace(/_/g, '.')}@demo.example.com`;
        await tx.user.create({
          data: {
            id: SEED_IDS.users[role],
            username: role,
            passwordHash: hashes.get(role) ?? '',
            email,
            firstName,
            lastName,
            userType: role,
            roles: [role],
            userLabel: faker.helpers.maybe(() => faker.person.jobTitle().slice(0, 30), { probability: 0.5 }) ?? null,
            active: true,
            sso: false,
            passwordExpiresAt: role === USER_PASSWORD_EXPIRING ? ahead(7 * DAY) : null,
            passwordExpiryPolicy: role === USER_PASSWORD_EXPIRING ? '3' : 'never',
            receiveUpdates: faker.datatype.boolean(),
            contact: { phone: faker.phone.number({ style: 'international' }) },
            // No wsLibrary here: the websocket library is the core's WS_LIBRARY setting, one value everywhere.
            props: { subscriptionBatchSize: 50 },
            permissions: { unitLicenseActivation: role === 'super_user' || role === 'luc_admin' },
            groupId: globalGroups[0] ?? null,
            organisationId: 'org-demo',
            ...stamps(),
          },
        });
        const inventories: InventoryId[] = seeAll ? INVENTORIES.map((i) => i.id) : ['inv-global'];
        const groups: GroupId[] = seeAll ? GROUPS.map((g) => g.id) : globalGroups;
        await tx.userInventory.createMany({ data: inventories.map((inventoryId) => ({ userId: SEED_IDS.users[role], inventoryId })) });
        await tx.userGroup.createMany({ data: groups.map((groupId) => ({ userId: SEED_IDS.users[role], groupId })) });
        await tx.userPreference.create({
          data: {
            userId: SEED_IDS.users[role],
            data: {
              ...DEFAULT_USER_PREFERENCES,
              groupId: groups[0] ?? null,
              inventoryId: 'inv-global',
              inventoryName: 'Global-News',
              currentRoute: '/list',
              leftPanelWidth: 320,
            },
            createdAt: now,
            updatedAt: now,
          },
        });
      }
      count('user', ROLES.length);
      count('userPreference', ROLES.length);

      // Alert configurations (spec 000 §9 defaults)
      const alertDefaults = Object.fromEntries(
        ALERT_TYPES.map((t) => [t, { enabled: true, level: t === 'cameraDisconnected' || t === 'bitrateDrop' ? ALERT_LEVELS[0] : ALERT_LEVELS[1] }]),
      );
      const alertConfig = (over: Partial<Prisma.AlertConfigurationCreateManyInput>): Prisma.AlertConfigurationCreateManyInput => ({
        id: '',
        scope: 'default',
        alerts: alertDefaults,
        settings: { ...DEFAULT_ALERT_SETTINGS },
        soundSettings: { ...DEFAULT_ALERT_SOUND_SETTINGS },
        createdAt: now,
        updatedAt: now,
        ...over,
      });
      const alertConfigs: Prisma.AlertConfigurationCreateManyInput[] = [
        alertConfig({ id: SEED_IDS.defaultAlertConfiguration, scope: 'default' }),
        ...INVENTORIES.map((i) => alertConfig({ id: `alc-${i.id}`, scope: 'inventory', inventoryId: i.id })),
        ...GROUPS.map((g) => alertConfig({ id: `alc-${g.id}`, scope: 'group', groupId: g.id, inventoryId: g.inventoryId })),
        ...UNITS.filter((u) => u.alertsMode).map((u) =>
          alertConfig({
            id: `alc-${u.id}`,
            scope: 'unit',
            unitId: u.id,
            sourceGroupId: u.alertsMode === 'group' ? (u.groups[0] ?? null) : null,
          }),
        ),
      ];
      await tx.alertConfiguration.createMany({ data: alertConfigs });
      count('alertConfiguration', alertConfigs.length);
      await tx.alertEmailRecipient.createMany({
        data: globalGroups.map((g, i) => ({
          id: `alr-${g}`,
          alertConfigurationId: `alc-${g}`,
          alertType: 'all',
          email: 'luc.regular@demo.example.com',
          verified: i === 0,
          createdAt: now,
          updatedAt: now,
        })),
      });

      // Notifications
      await tx.notification.createMany({
        data: [
          {
            id: SEED_IDS.notifications.expiringWithin2h,
            message: 'Scheduled maintenance of the streaming platform starts soon.',
            expireDate: ahead(90 * 60_000),
            globalNotification: true,
            level: 'warning',
            createdAt: ago(DAY),
            updatedAt: ago(DAY),
          },
          {
            id: SEED_IDS.notifications.expiringWithin24h,
            message: 'New software version 10.1 is available for field units.',
            expireDate: ahead(20 * HOUR),
            globalNotification: true,
            level: 'info',
            createdAt: ago(2 * DAY),
            updatedAt: ago(2 * DAY),
          },
          {
            id: SEED_IDS.notifications.inventory,
            message: 'Global-News: IFB servers were migrated to V2.',
            expireDate: ahead(7 * DAY),
            globalNotification: false,
            inventoryId: 'inv-global',
            level: 'info',
            createdAt: ago(3 * DAY),
            updatedAt: ago(3 * DAY),
          },
          {
            id: SEED_IDS.notifications.expired,
            message: 'Past maintenance window (expired).',
            expireDate: ago(HOUR),
            globalNotification: true,
            level: 'info',
            createdAt: ago(5 * DAY),
            updatedAt: ago(5 * DAY),
          },
        ],
      });
      count('notification', 4);

      // Software versions
      await tx.softwareVersion.createMany({
        data: SOFTWARE_VERSION_NUMBERS.map((n, i) => ({
          id: `swv-${n.replace(/\./g, '-')}`,
          number: n,
          description: `Release ${n}`,
          releaseNotesUrl: `https://docs.example.com/releases/${n}`,
          supportedDevices: n === '3.5' || n === '5.1' ? ['fieldUnits'] : [...UNIT_DEVICE_GROUPS, ...SERVER_TYPES],
          deprecated: i < 3,
          createdAt: ago((SOFTWARE_VERSION_NUMBERS.length - i) * 30 * DAY),
          updatedAt: ago((SOFTWARE_VERSION_NUMBERS.length - i) * 30 * DAY),
        })),
      });
      await tx.softwareVersionInventory.createMany({
        data: SOFTWARE_VERSION_NUMBERS.slice(-4).flatMap((n) =>
          INVENTORIES.map((inv) => ({ softwareVersionId: `swv-${n.replace(/\./g, '-')}`, inventoryId: inv.id })),
        ),
      });
      count('softwareVersion', SOFTWARE_VERSION_NUMBERS.length);

      // Stories and files
      const stories: Prisma.StoryCreateManyInput[] = Array.from({ length: 4 }, (_, i) => ({
        id: `sty-${i + 1}`,
        inventoryId: 'inv-global',
        slugline: faker.lorem.words({ min: 2, max: 5 }),
        crewName: faker.person.fullName(),
        storyId: `NRCS-${faker.string.numeric(6)}`,
        usageTerms: faker.helpers.arrayElement(['Internal use only', 'Free to air', 'Embargoed until 18:00']),
        provider: faker.company.name(),
        reporter: faker.person.fullName(),
        keywords: faker.lorem.words(3).split(' ').join(','),
        comments: faker.lorem.sentence(),
        createdById: SEED_IDS.users.luc_regular,
        ...stamps(),
      }));
      await tx.story.createMany({ data: stories });
      await tx.storyUnit.createMany({
        data: [
          { storyId: 'sty-1', unitId: 'LU800-0001' },
          { storyId: 'sty-1', unitId: 'LU800-0002' },
          { storyId: 'sty-2', unitId: 'LU300-0001' },
        ],
      });
      count('story', stories.length);
      const files: Prisma.FileCreateManyInput[] = ['LU800-0001', 'LU800-0003', 'LU300-0001'].flatMap((unitId, u) =>
        Array.from({ length: 3 }, (_, i) => {
          const ext = faker.helpers.arrayElement(['mp4', 'mkv', 'mov']);
          const fileName = `${unitId}_${timeTag(ago((u * 3 + i + 1) * HOUR))}${i === 2 ? '_part1' : ''}.${ext}`;
          return {
            id: `fil-${unitId}-${i + 1}`,
            unitId,
            kind: i === 0 ? 'uploaded' : 'recorded',
            fileName,
            path: `/media/sd/${fileName}`,
            rootDirectory: '/media/sd',
            sizeBytes: BigInt(faker.number.int({ min: 5_000_000, max: 4_000_000_000 })),
            lastModified: ago((u * 3 + i + 1) * HOUR),
            status: i === 0 ? faker.helpers.arrayElement(['uploaded', 'pending', 'failed']) : null,
            metadata: { resolution: '1920x1080', codec: 'h264', bitrate: 8000 },
            storyId: i === 0 ? 'sty-1' : null,
            createdAt: ago((u * 3 + i + 1) * HOUR),
            updatedAt: ago((u * 3 + i + 1) * HOUR),
          };
        }),
      );
      await tx.file.createMany({ data: files });
      await tx.channelFile.createMany({
        data: files.slice(0, 3).map((f, i) => ({
          id: `chf-${i + 1}`,
          channelId: 'MMH-0001-CH1',
          unitId: f.unitId,
          fileName: f.fileName,
          luName: f.unitId,
          luAlias: f.unitId,
          mmhId: 'MMH-0001',
          mmhName: 'MMH-0001',
          sizeBytes: f.sizeBytes ?? BigInt(0),
          lastModified: f.lastModified ?? null,
          rootDirectory: '/storage/received',
          createdAt: now,
          updatedAt: now,
        })),
      });
      count('file', files.length);
      count('channelFile', 3);

      // Audio room, graphics, streaming destination
      await tx.audioRoom.create({
        data: {
          id: 'aud-0001',
          name: 'Newsroom-IFB',
          inventoryId: 'inv-global',
          intercom: true,
          participants: [
            { kind: 'unit', id: 'LU800-0001' },
            { kind: 'channel', id: 'MMH-0001-CH1' },
          ],
          serverId: 'MMH-0001',
          ...stamps(),
        },
      });
      await tx.audioRoom.create({
        data: {
          id: 'aud-0002',
          name: 'Sports-Desk',
          inventoryId: 'inv-global',
          intercom: false,
          participants: [{ kind: 'unit', id: 'LU800-0002' }],
          createdAt: now,
          updatedAt: now,
        },
      });
      await tx.audioRoom.create({
        data: { id: 'aud-0003', name: 'Metro-IFB', inventoryId: 'inv-metro', intercom: true, participants: [], createdAt: now, updatedAt: now },
      });
      await tx.graphicsComposition.create({
        data: { id: 'gfx-0001', inventoryId: 'inv-global', name: 'Lower-Third', template: 'lower-third-v2', ...stamps() },
      });
      await tx.graphicsComposition.createMany({
        data: [
          {
            id: 'gfx-0002',
            inventoryId: 'inv-global',
            name: 'Election-Scoreboard',
            template: 'scoreboard',
            appId: 'app-demo-0002',
            createdAt: now,
            updatedAt: now,
          },
          {
            id: 'gfx-0003',
            inventoryId: 'inv-metro',
            name: 'Metro-Ticker',
            template: 'breaking-ticker',
            appId: 'app-demo-0003',
            createdAt: now,
            updatedAt: now,
          },
        ],
      });
      await tx.streamingDestination.create({
        data: {
          id: 'std-0001',
          name: 'YouTube-Main',
          provider: 'YouTube',
          channelId: 'MMH-0001-CH2',
          inventoryId: 'inv-global',
          urlPrimary: 'rtmp://a.rtmp.youtube.com/live2',
          streamId: 'demo-stream-key',
          streamType: 'rtmp',
          bitrate: 6000,
          resolution: '1080p50',
          frameRate: '50',
          ...stamps(),
        },
      });

      // Shares
      await tx.publisher.create({
        data: {
          id: 'pub-0001',
          name: 'Newsroom-Share',
          shareKey: `PUB-${faker.string.alphanumeric({ length: 10, casing: 'upper' })}`,
          description: 'Shared feeds',
          groupId: 'grp-newsroom',
          inventoryId: 'inv-global',
          sources: { channelIds: ['MMH-0001-CH1'] },
          createdById: SEED_IDS.users.super_user,
          createdByName: 'super_user',
          ...stamps(),
        },
      });
      await tx.subscriberFolder.create({ data: { id: 'sbf-root', name: 'Root', isRoot: true, inventoryId: 'inv-global', ...stamps() } });
      await tx.subscriber.create({
        data: {
          id: 'sub-0001',
          name: 'Partner-Station',
          shareKey: `SUB-${faker.string.alphanumeric({ length: 10, casing: 'upper' })}`,
          folderId: 'sbf-root',
          groupId: 'grp-newsroom',
          inventoryId: 'inv-global',
          ...stamps(),
        },
      });
      // Shares of every demo inventory: a root folder each (the /subscribers tree starts there), a
      // sub-folder with a subscriber of the newsroom's key, publishers with share links. No faker
      // here: the rows after this block keep the values they had.
      {
        const newsroomKey = (await tx.publisher.findUniqueOrThrow({ where: { id: 'pub-0001' }, select: { shareKey: true } })).shareKey;
        await tx.publisher.createMany({
          data: [
            {
              id: 'pub-0002',
              name: 'Football-Share',
              shareKey: 'PUB-FOOTBALL01',
              description: 'Match feeds',
              groupId: 'grp-football',
              inventoryId: 'inv-global-sports',
              createdById: SEED_IDS.users.super_user,
              createdByName: 'super_user',
              createdAt: ago(20 * DAY),
              updatedAt: ago(20 * DAY),
            },
            {
              id: 'pub-0003',
              name: 'Metro-Share',
              shareKey: 'PUB-METRO00001',
              description: 'City desk',
              groupId: 'grp-metro-live',
              inventoryId: 'inv-metro',
              createdById: SEED_IDS.users.super_user,
              createdByName: 'super_user',
              createdAt: ago(12 * DAY),
              updatedAt: ago(12 * DAY),
            },
          ],
        });
        const link = (id: string, publisherId: string, description: string, startInDays: number, durationMinutes: number) => {
          const startTime = new Date(now.getTime() + startInDays * DAY);
          return {
            id,
            token: `tok-${id}`,
            publisherId,
            description,
            startTime,
            durationMinutes,
            endTime: new Date(startTime.getTime() + durationMinutes * 60_000),
            createdAt: now,
            updatedAt: now,
          };
        };
        await tx.shareLink.createMany({
          data: [
            link('shl-0001', 'pub-0001', 'Evening bulletin', 1, 90),
            link('shl-0002', 'pub-0001', 'Election night', 7, 240),
            link('shl-0003', 'pub-0003', 'Marathon', 3, 180),
          ],
        });
        await tx.subscriberFolder.createMany({
          data: [
            { id: 'sbf-root-sports', name: 'Root', isRoot: true, inventoryId: 'inv-global-sports', createdAt: now, updatedAt: now },
            { id: 'sbf-root-metro', name: 'Root', isRoot: true, inventoryId: 'inv-metro', createdAt: now, updatedAt: now },
          ],
        });
        await tx.subscriberFolder.createMany({
          data: [
            { id: 'sbf-partners', name: 'Partners', parentId: 'sbf-root', inventoryId: 'inv-global', createdAt: now, updatedAt: now },
            { id: 'sbf-agencies', name: 'Agencies', parentId: 'sbf-partners', inventoryId: 'inv-global', createdAt: now, updatedAt: now },
            { id: 'sbf-metro-desk', name: 'City-Desk', parentId: 'sbf-root-metro', inventoryId: 'inv-metro', createdAt: now, updatedAt: now },
          ],
        });
        await tx.subscriber.createMany({
          data: [
            {
              id: 'sub-0002',
              name: 'Regional-Partner',
              shareKey: newsroomKey,
              folderId: 'sbf-partners',
              inventoryId: 'inv-global',
              createdAt: now,
              updatedAt: now,
            },
            {
              id: 'sub-0003',
              name: 'Wire-Agency',
              shareKey: 'PUB-METRO00001',
              folderId: 'sbf-agencies',
              inventoryId: 'inv-global',
              createdAt: now,
              updatedAt: now,
            },
            {
              id: 'sub-0004',
              name: 'Newsroom-Relay',
              shareKey: newsroomKey,
              folderId: 'sbf-metro-desk',
              inventoryId: 'inv-metro',
              createdAt: now,
              updatedAt: now,
            },
          ],
        });
        count('publisher', 2);
        count('shareLink', 3);
        count('subscriberFolder', 5);
        count('subscriber', 3);
      }

      // System settings
      await tx.geocodingProfile.create({
        data: {
          id: 'geo-default',
          name: 'Default',
          refreshIntervals: { moving: 60, idle: 600 },
          distanceThreshold: 100,
          percentageThreshold: 10,
          geocoders: ['osm'],
          accuracies: [50],
          isDefault: true,
          ...stamps(),
        },
      });
      await tx.streamMediaProfile.create({
        data: { id: 'smp-hd', name: 'HD-Default', minResolution: 720, maxResolution: 1080, fps: 50, bitrate: 6000, attributes: { codec: 'h264' }, ...stamps() },
      });
      await tx.streamProvider.create({ data: { id: 'spr-youtube', name: 'YouTube', kind: 'rtmp', ...stamps() } });
      await tx.streamProfile.create({ data: { id: 'spf-youtube-main', name: 'Main', providerId: 'spr-youtube', isMain: true, ...stamps() } });
      await tx.modemVendor.createMany({
        data: [
          { id: 'mvd-quectel', name: 'Quectel', models: [{ name: 'RM500Q' }, { name: 'EM12' }], ...stamps() },
          { id: 'mvd-sierra', name: 'Sierra-Wireless', models: [{ name: 'EM7565' }], ...stamps() },
        ],
      });
      await tx.applicationConfiguration.createMany({
        data: [{ id: 'cfg-chat', key: 'chatSupport', value: { enabled: false, scriptUrl: null }, description: 'Optional chat-support script', ...stamps() }],
      });
      await tx.whatsNew.create({
        data: {
          id: 'wnw-10-1',
          title: 'Version 10.1',
          body: 'Faster reconnects and a new multiview layout.',
          releaseVersion: '10.1',
          publishedAt: ago(10 * DAY),
          ...stamps(),
        },
      });

      // Stream media profiles the streaming destinations offered before they became rows of
      // /system_settings (video quality high, standard, low in h264 and h265). Literal values, no
      // faker draw: the rows seeded above keep theirs.
      {
        const at = { createdAt: ago(30 * DAY), updatedAt: ago(30 * DAY) };
        await tx.streamMediaProfile.createMany({
          data: (['h264', 'h265'] as const).flatMap((codec) => [
            {
              id: `${codec}-hq`,
              name: `HQ ${codec}`,
              minResolution: 720,
              maxResolution: 1080,
              fps: 60,
              bitrate: codec === 'h264' ? 8000 : 6000,
              attributes: { codec, quality: 'high' },
              ...at,
            },
            {
              id: `${codec}-mq`,
              name: `MQ ${codec}`,
              minResolution: 576,
              maxResolution: 1080,
              fps: 50,
              bitrate: codec === 'h264' ? 5000 : 4000,
              attributes: { codec, quality: 'standard' },
              ...at,
            },
            {
              id: `${codec}-lq`,
              name: `LQ ${codec}`,
              minResolution: 480,
              maxResolution: 720,
              fps: 30,
              bitrate: codec === 'h264' ? 2500 : 2000,
              attributes: { codec, quality: 'low' },
              ...at,
            },
          ]),
        });
      }

      // Usage of the last months (/reports), from a faker of its own: the values above keep theirs.
      const usage = usageRecordsFor(usageUnits, seedValue, now);
      await tx.usageRecord.createMany({
        data: usage.map((r) => ({ id: `usg-${r.unitId}-${r.periodStart.toISOString().slice(0, 10)}`, ...r, createdAt: r.periodEnd, updatedAt: r.periodEnd })),
      });
      count('usageRecord', usage.length);
    },
    { timeout: 120_000, maxWait: 30_000 },
  );

  return { seed: seedValue, counts, ids: SEED_IDS };
}

function timeTag(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '_');
}
