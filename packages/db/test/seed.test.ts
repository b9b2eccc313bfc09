/**
 * The deterministic seed, on both providers: content as the brief and the spec describe it, the
 * emptiness guard, and reproducibility (same seed + same reference time = identical rows).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_ALERT_SETTINGS,
  DEFAULT_ALERT_SOUND_SETTINGS,
  ROLES,
  SERVER_TYPES,
  UNIT_DEVICE_GROUPS,
  UNIT_STATUSES,
  UNIT_TYPE_GROUPS,
  CHANNEL_STATUSES,
  CHANNEL_TYPES,
  VR_CHANNEL_STATUSES,
  OWNERSHIP_VALUES,
  STORE_AND_FORWARD_PROFILES,
} from '@fleet/contracts';
import { Prisma } from '../generated/sqlite/client.js';
import type { DbHandle } from '../src/client.js';
import { nonEmptyTables } from '../src/maintenance.js';
import { verifyPassword } from '../src/password.js';
import { DEFAULT_DEMO_PASSWORD, firstUnitIdOfUser, SEED_IDS, seed } from '../src/seed/index.js';
import { describeEachProvider, openFresh, PG_URL, pgProvider, REQUIRE_PG, sqliteProvider, type ProviderUnderTest } from './helpers.js';

const NOW = new Date('2025-03-10T12:00:00.000Z');
const HOUR = 3600_000;

function versionNumber(v: string): number {
  const [major = 0, minor = 0, patch = 0] = v.split('.').map(Number);
  return major * 10000 + minor * 100 + patch;
}

/** Every row of every model, normalised for comparison (dates as ISO, bigint as string). */
async function dumpAll(db: DbHandle): Promise<Record<string, unknown[]>> {
  // Model delegates are looked up by name: the generated client has no index signature for them.
  const delegates = db.prisma as unknown as Record<string, { findMany(): Promise<unknown[]> }>;
  const out: Record<string, unknown[]> = {};
  for (const model of Object.values(Prisma.ModelName)) {
    const key = model.charAt(0).toLowerCase() + model.slice(1);
    const rows = await delegates[key]!.findMany();
    const norm = rows.map((r) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)));
    out[model] = norm.sort().map((s) => JSON.parse(s) as unknown);
  }
  return out;
}

/**
 * The scrypt cost of the comparison seeds (seed's `passwordCost`): the current parameters are proven by the
 * 'seed' suite's own database; the comparisons need rows that are alike, not 16 hashes at 0.2 s of CPU each per seed.
 */
const COMPARISON_PASSWORD_COST = 1024;

async function seeded(p: ProviderUnderTest, seedValue: number, passwordCost?: number) {
  const opened = await openFresh(p);
  await seed(opened.db, { seed: seedValue, fleet: 'small', password: DEFAULT_DEMO_PASSWORD, now: NOW, ...(passwordCost ? { passwordCost } : {}) });
  return opened;
}

describeEachProvider('seed', (p) => {
  let db: DbHandle;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await seeded(p, 1));
  });
  afterAll(async () => cleanup());

  it('2-3 inventories with a parent/child pair, several groups each', async () => {
    const inventories = await db.prisma.inventory.findMany({ include: { groups: true } });
    expect(inventories.length).toBeGreaterThanOrEqual(2);
    expect(inventories.length).toBeLessThanOrEqual(3);
    expect(inventories.some((i) => i.parentId !== null)).toBe(true);
    for (const i of inventories) expect(i.groups.length).toBeGreaterThanOrEqual(2);
  });

  it('one user per role, username = role, demo password, scoped to inventories and groups', async () => {
    const users = await db.prisma.user.findMany({ include: { inventories: true, groups: true, preference: true } });
    expect(users.map((u) => u.username).sort()).toEqual([...ROLES].sort());
    const allGroups = await db.prisma.group.count();
    const allInventories = await db.prisma.inventory.count();
    for (const u of users) {
      expect(u.userType).toBe(u.username);
      expect(u.roles).toEqual([u.username]);
      // The current parameters (packages/db password.ts): scrypt$N$r$p$salt$hash.
      expect(u.passwordHash).toMatch(/^scrypt\$16384\$8\$5\$[^$]+\$[^$]+$/);
      expect(u.inventories.map((i) => i.inventoryId)).toContain(SEED_IDS.firstInventoryId);
      expect(u.preference).not.toBeNull();
      expect(/^[A-Z]/.test(u.firstName)).toBe(true);
      if (u.username === 'super_user' || u.username === 'staff') {
        expect(u.inventories).toHaveLength(allInventories);
        expect(u.groups).toHaveLength(allGroups);
      } else {
        expect(u.inventories).toHaveLength(1);
        expect(u.groups.map((g) => g.groupId).sort()).toEqual([...SEED_IDS.groupsByInventory['inv-global']].sort());
      }
    }
    const byName = new Map(users.map((u) => [u.username, u]));
    expect(byName.get('luc_regular')?.email).toBeTruthy();
    expect(byName.get('luc_read')?.email).toBeTruthy();
    expect(users.filter((u) => !u.email).map((u) => u.username)).toEqual([SEED_IDS.userWithoutEmail]);
    expect(await verifyPassword(DEFAULT_DEMO_PASSWORD, byName.get('luc_regular')!.passwordHash)).toBe(true);
    expect(await verifyPassword('wrong', byName.get('luc_regular')!.passwordHash)).toBe(false);
    expect(byName.get('super_user')?.id).toBe(SEED_IDS.users.super_user);
  });

  it('about 24 offline units of every unit-like type group, valid names and versions', async () => {
    const units = await db.prisma.unit.findMany();
    expect(units.length).toBeGreaterThanOrEqual(20);
    expect(units.length).toBeLessThanOrEqual(30);
    expect(new Set(units.map((u) => u.typeGroup))).toEqual(new Set(UNIT_DEVICE_GROUPS));
    for (const u of units) {
      expect(UNIT_TYPE_GROUPS).toContain(u.typeGroup);
      expect(u.name).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(u.status).toBe('offline');
      expect(UNIT_STATUSES).toContain(u.status);
      expect(u.applications).toEqual({});
      expect(versionNumber(u.swVersion)).toBeGreaterThanOrEqual(versionNumber('3.5'));
      expect(versionNumber(u.swVersion)).toBeLessThanOrEqual(versionNumber('10.1'));
      expect(OWNERSHIP_VALUES).toContain(u.ownership);
      expect(STORE_AND_FORWARD_PROFILES).toContain(u.storeAndForwardVideoQuality);
      expect(u.comment.length).toBeLessThanOrEqual(100);
    }
    const products = new Set(units.map((u) => u.productType));
    for (const product of ['LU800', 'LU600 H.264', 'LU300', 'Solo', 'LU-Smart', 'LU-Lite', 'Drone']) expect(products).toContain(product);
    const caps = units.map((u) => u.capabilities as { sdCard?: boolean });
    expect(caps.some((c) => c.sdCard === true)).toBe(true);
    expect(caps.some((c) => c.sdCard === false)).toBe(true);
    const licenses = units.map((u) => u.license as { valid: boolean; pro: boolean; fourK: boolean });
    expect(licenses.some((l) => l.valid)).toBe(true);
    expect(licenses.some((l) => !l.valid)).toBe(true);
    expect(licenses.some((l) => l.pro)).toBe(true);
    expect(licenses.some((l) => l.fourK)).toBe(true);
    expect(units.every((u) => Array.isArray(u.services) && u.services.length > 0)).toBe(true);
    expect(await db.prisma.service.count({ where: { unitId: { not: null } } })).toBeGreaterThan(0);
    // every unit is in an inventory and a group
    expect(await db.prisma.unitInventory.count()).toBe(units.length);
    expect(new Set((await db.prisma.unitGroup.findMany()).map((g) => g.unitId)).size).toBe(units.length);
  });

  it('exposes the ids tests need', async () => {
    expect(await firstUnitIdOfUser(db, 'luc_regular')).not.toBeNull();
    const first = await db.prisma.unit.findUniqueOrThrow({
      where: { id: SEED_IDS.firstUnitOfLucRegular },
      include: { groups: true, inventories: true },
    });
    expect(first.inventories.map((i) => i.inventoryId)).toEqual([SEED_IDS.firstInventoryId]);
    expect((first.capabilities as { sdCard: boolean }).sdCard).toBe(true);
    const noSd = await db.prisma.unit.findUniqueOrThrow({ where: { id: SEED_IDS.unitWithoutSdCard } });
    expect((noSd.capabilities as { sdCard: boolean }).sdCard).toBe(false);
    const invalid = await db.prisma.unit.findUniqueOrThrow({ where: { id: SEED_IDS.unitWithInvalidLicense } });
    expect((invalid.license as { valid: boolean }).valid).toBe(false);
    const outside = await db.prisma.unitInventory.findMany({ where: { unitId: SEED_IDS.unitOutsideLucRegular } });
    expect(outside.map((o) => o.inventoryId)).not.toContain(SEED_IDS.firstInventoryId);
    for (const id of SEED_IDS.units) expect(await db.prisma.unit.count({ where: { id } })).toBe(1);
  });

  it('servers of all four types, each with 2-4 channels of mixed types and statuses', async () => {
    const servers = await db.prisma.server.findMany({ include: { channels: true } });
    expect(new Set(servers.map((s) => s.serverType))).toEqual(new Set(SERVER_TYPES));
    for (const s of servers) {
      expect(s.channels.length).toBeGreaterThanOrEqual(2);
      expect(s.channels.length).toBeLessThanOrEqual(4);
      for (const c of s.channels) {
        expect(CHANNEL_TYPES).toContain(c.type);
        expect(CHANNEL_STATUSES).toContain(c.status);
        expect(c.name).toMatch(/^[A-Za-z0-9_-]+$/);
      }
    }
    const channels = servers.flatMap((s) => s.channels);
    expect(new Set(channels.map((c) => c.type)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(channels.map((c) => c.status)).size).toBeGreaterThanOrEqual(2);
    expect(await db.prisma.groupChannel.count()).toBeGreaterThan(0);
  });

  it('3+ video return channels', async () => {
    const vr = await db.prisma.videoReturnChannel.findMany();
    expect(vr.length).toBeGreaterThanOrEqual(3);
    for (const v of vr) expect(VR_CHANNEL_STATUSES).toContain(v.status);
  });

  it('notifications expiring within 2 h and within 24 h', async () => {
    const n = await db.prisma.notification.findMany();
    const within = (ms: number) => n.filter((x) => x.expireDate && x.expireDate.getTime() > NOW.getTime() && x.expireDate.getTime() - NOW.getTime() <= ms);
    expect(within(2 * HOUR).length).toBeGreaterThanOrEqual(1);
    expect(within(24 * HOUR).filter((x) => x.expireDate!.getTime() - NOW.getTime() > 2 * HOUR).length).toBeGreaterThanOrEqual(1);
    expect(n.find((x) => x.id === SEED_IDS.notifications.expiringWithin2h)?.globalNotification).toBe(true);
  });

  it('default preferences and alert configurations with the spec 000 §9 defaults', async () => {
    const prefs = await db.prisma.userPreference.findMany();
    expect(prefs).toHaveLength(ROLES.length);
    for (const pr of prefs) {
      const d = pr.data as Record<string, unknown>;
      expect(d['unitAlertsSettings']).toEqual(DEFAULT_ALERT_SETTINGS);
      expect(d['unitAlertsSoundSettings']).toEqual(DEFAULT_ALERT_SOUND_SETTINGS);
      expect(d['luSmartCountry']).toBe('usa');
    }
    const def = await db.prisma.alertConfiguration.findUniqueOrThrow({ where: { id: SEED_IDS.defaultAlertConfiguration } });
    expect(def.scope).toBe('default');
    expect(def.settings).toEqual(DEFAULT_ALERT_SETTINGS);
    expect(def.soundSettings).toEqual({ critical: true, warning: false });
    expect(await db.prisma.alertConfiguration.count({ where: { scope: 'group' } })).toBe(await db.prisma.group.count());
  });

  it('usage records of the last 90 days for the units that stream, one per unit per UTC day before today', async () => {
    const records = await db.prisma.usageRecord.findMany({ include: { unit: { select: { typeGroup: true, license: true } } } });
    expect(records.length).toBeGreaterThan(200);
    const today = Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate());
    for (const r of records) {
      expect(['fieldUnits', 'liteUnits', 'smartUnits']).toContain(r.unit.typeGroup);
      expect((r.unit.license as { valid?: boolean }).valid).toBe(true);
      expect(r.periodStart.getTime()).toBeLessThan(today);
      expect(r.periodStart.getTime()).toBeGreaterThanOrEqual(today - 90 * 24 * HOUR);
      expect(r.periodEnd.getTime() - r.periodStart.getTime()).toBe(24 * HOUR);
      expect(r.dataBytes > 0n || r.seconds > 0).toBe(true);
    }
    // Every inventory's reports have something to show.
    const inventories = await db.prisma.unitInventory.findMany({
      where: { unitId: { in: [...new Set(records.map((r) => r.unitId))] } },
      select: { inventoryId: true },
    });
    expect(new Set(inventories.map((i) => i.inventoryId))).toEqual(new Set(Object.values(SEED_IDS.inventories)));
  });

  it('refuses a non-empty database unless reset', async () => {
    await expect(seed(db, { password: 'x', now: NOW })).rejects.toThrow(/not empty/);
    const r = await seed(db, { seed: 1, fleet: 'small', password: DEFAULT_DEMO_PASSWORD, now: NOW, reset: true });
    expect(r.counts['unit']).toBe(SEED_IDS.units.length);
    expect(await db.prisma.user.count()).toBe(ROLES.length);
  });
});

describe('seed determinism', () => {
  it('the same seed gives identical rows in two fresh SQLite files; another seed does not', async () => {
    const a = await seeded(sqliteProvider, 42, COMPARISON_PASSWORD_COST);
    const b = await seeded(sqliteProvider, 42, COMPARISON_PASSWORD_COST);
    const c = await seeded(sqliteProvider, 43, COMPARISON_PASSWORD_COST);
    try {
      const [da, db_, dc] = await Promise.all([dumpAll(a.db), dumpAll(b.db), dumpAll(c.db)]);
      expect(Object.values(da).reduce((n, rows) => n + rows.length, 0)).toBeGreaterThan(200);
      expect(db_).toEqual(da);
      expect(dc['Unit']).not.toEqual(da['Unit']);
      // The usage of the last months too: the same rows for the same seed, others for another.
      expect(da['UsageRecord']!.length).toBeGreaterThan(200);
      expect(dc['UsageRecord']).not.toEqual(da['UsageRecord']);
      // structure is fixed whatever the seed
      expect((dc['Unit'] as Array<{ id: string }>).map((u) => u.id).sort()).toEqual((da['Unit'] as Array<{ id: string }>).map((u) => u.id).sort());
      expect(await nonEmptyTables(a.db)).toContain('Unit');
    } finally {
      await Promise.all([a.cleanup(), b.cleanup(), c.cleanup()]);
    }
  });

  it.skipIf(!PG_URL && !REQUIRE_PG)('PostgreSQL gets the very same rows as SQLite for the same seed', async () => {
    if (!PG_URL) throw new Error('REQUIRE_PG=1 but DATABASE_URL_PG is not set');
    const s = await seeded(sqliteProvider, 5, COMPARISON_PASSWORD_COST);
    const pg = await seeded(pgProvider, 5, COMPARISON_PASSWORD_COST);
    try {
      expect(await dumpAll(pg.db)).toEqual(await dumpAll(s.db));
    } finally {
      await Promise.all([s.cleanup(), pg.cleanup()]);
    }
  });
});
