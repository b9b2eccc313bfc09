/**
 * Deterministic demo fleet, one fixture module per entity. The STRUCTURE (ids, inventories, groups,
 * users, which unit sits where) is fixed and exported as SEED_IDS (structure.ts); the fleet size
 * (fleet.ts: small, medium, large) adds units and hubs around it. The VALUES (names, serials,
 * versions, locations, licences, channel states...) come from faker, one stream per entity seeded
 * from `hash(seed, entity)` (random.ts), so the same seed, size and `now` give identical rows, and
 * a draw added to one entity moves no value of another.
 *
 * Units start offline with no applications: the simulator brings them online.
 */
import { createHash } from 'node:crypto';
import { ROLES, systemClock, type Role } from '@fleet/contracts';
import type { Prisma } from '../../generated/sqlite/client.js';
import { executeStatement, transaction, type DbHandle, type DbTx } from '../client.js';
import { nonEmptyTables, resetDatabase } from '../maintenance.js';
import { hashPassword } from '../password.js';
import { rowsUpsert, UPSERT_ROWS_MAX } from '../row-writes.js';
import { usageRecordsFor } from '../seed-usage.js';
import { seedMedia, seedNotifications, seedSoftwareVersions, seedStoriesAndFiles } from './content.js';
import { DEFAULT_FLEET, FLEET_SIZES, planFleet, type FleetSize } from './fleet.js';
import { seedGroups, seedInventories, usageProfileRows } from './inventories.js';
import { inChunks, streamFor } from './random.js';
import { seedServers } from './servers.js';
import { seedSystemSettings } from './settings.js';
import { seedShares } from './shares.js';
import { SEED_IDS } from './structure.js';
import { seedP2pLinks, seedUnits, unitRows } from './units.js';
import { seedAlertConfigurations, seedUsers } from './users.js';

export { SEED_IDS } from './structure.js';
export { DEFAULT_FLEET, FLEET_SIZES, type FleetSize } from './fleet.js';
export { restoreSeededPreferences, seededPreferences } from './users.js';

export const DEFAULT_DEMO_PASSWORD = 'Demo-pass-1';
export const DEFAULT_SEED = 20240601;

/**
 * The columns of a seeded unit that a person (a rename, a note, the unit's settings) or a scenario
 * may change, which a demo reset puts back as the seed wrote them.
 */
export const RESTORED_UNIT_COLUMNS = [
  'name',
  'comment',
  'configuration',
  'transmissionMode',
  'workingMode',
  'storeAndForwardVideoQuality',
  'filenamePrefix',
  'multiCameraLabels',
  'selectedChannelId',
  'alertsConfigMode',
] as const;

export type RestoredUnitColumn = (typeof RESTORED_UNIT_COLUMNS)[number];

/** A seeded unit as the seed wrote it: its serial number (what tells the seed's unit apart) and the columns a reset restores. */
export type SeededUnit = { id: string; serialNumber: string } & { [K in RestoredUnitColumn]: Prisma.UnitCreateManyInput[K] };

/**
 * The seeded units of `seed` and `fleet` as the seed writes them, computed again (nothing is read
 * or written): the same seed and size give the same values whatever the reference time.
 */
export function seededUnits(options: { seed?: number; fleet?: FleetSize; now?: Date } = {}): SeededUnit[] {
  const seedValue = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? new Date(systemClock.now());
  const plan = planFleet(options.fleet ?? DEFAULT_FLEET, streamFor(seedValue, 'fleet', now), streamFor(seedValue, 'streets', now));
  return unitRows(seedValue, now, plan, usageProfileRows(seedValue, now)).units.map((u) => ({
    id: u.id,
    serialNumber: u.serialNumber,
    ...(Object.fromEntries(RESTORED_UNIT_COLUMNS.map((k) => [k, u[k]])) as { [K in RestoredUnitColumn]: Prisma.UnitCreateManyInput[K] }),
  }));
}

export interface SeedOptions {
  /** faker seed (default DEFAULT_SEED). */
  seed?: number;
  /**
   * The fleet's size (default DEFAULT_FLEET, medium: about 60 units; small: the 24 structural units
   * the tests run on; large: 1,000). Every size holds SEED_IDS.
   */
  fleet?: FleetSize;
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
  /**
   * The seed of the demo users' password salts (default: `seed`). Many databases seeded from many
   * seeds in one process (the stack's sandboxes) share one, so the slow hashes are made once.
   */
  hashSeed?: number;
}

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
  fleet: FleetSize;
  counts: Record<string, number>;
  ids: typeof SEED_IDS;
}

function deterministicSalt(seed: number, username: string): Buffer {
  return createHash('sha256').update(`fleet-seed:${seed}:${username}`).digest().subarray(0, 16);
}
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

/** The seeded usage records as written (their stamps are their period's end; the rest are the columns' defaults). */
const USAGE_ROWS = {
  model: 'UsageRecord',
  insert: {
    unitId: 'string',
    periodStart: 'datetime',
    periodEnd: 'datetime',
    dataBytes: 'bigint',
    seconds: 'int',
    createdAt: 'datetime',
    updatedAt: 'datetime',
  },
  set: {},
  createdAt: false,
  updatedAt: false,
} as const;

export async function seed(db: DbHandle, options: SeedOptions): Promise<SeedResult> {
  const seedValue = options.seed ?? DEFAULT_SEED;
  const fleet = options.fleet ?? DEFAULT_FLEET;
  const now = options.now ?? new Date(systemClock.now());
  if (!options.password) throw new Error('seed: a password is required');
  if (!FLEET_SIZES.includes(fleet)) throw new Error(`seed: unknown fleet size ${String(fleet)} (${FLEET_SIZES.join(', ')})`);

  const nonEmpty = await nonEmptyTables(db);
  if (nonEmpty.length > 0) {
    if (!options.reset) {
      throw new Error(
        `seed: the database is not empty (${nonEmpty.slice(0, 5).join(', ')}${nonEmpty.length > 5 ? ', ...' : ''}); pass { reset: true } (CLI: --reset) to empty it first`,
      );
    }
    await resetDatabase(db);
  }

  // Password hashes first (slow part), outside the transaction, side by side on the thread pool.
  const hashes = new Map<Role, string>(
    await Promise.all(
      ROLES.map(
        async (role) => [role, await seedHash(options.password, deterministicSalt(options.hashSeed ?? seedValue, role), options.passwordCost)] as const,
      ),
    ),
  );
  const plan = planFleet(fleet, streamFor(seedValue, 'fleet', now), streamFor(seedValue, 'streets', now));

  const counts: Record<string, number> = {};
  const count = (model: string, n: number): void => {
    counts[model] = (counts[model] ?? 0) + n;
  };

  await transaction(
    db,
    async (tx: DbTx) => {
      await seedInventories(tx, seedValue, now, count);
      await seedGroups(tx, seedValue, now, count);
      const usageUnits = await seedUnits(tx, seedValue, now, plan, usageProfileRows(seedValue, now), count);
      await seedP2pLinks(tx, seedValue, now, count);
      await seedServers(tx, seedValue, now, plan, count);
      await seedUsers(tx, seedValue, now, hashes, count);
      await seedAlertConfigurations(tx, now, count);
      await seedNotifications(tx, now, count);
      await seedSoftwareVersions(tx, now, count);
      await seedStoriesAndFiles(tx, seedValue, now, count);
      await seedMedia(tx, seedValue, now);
      await seedShares(tx, seedValue, now, count);
      await seedSystemSettings(tx, seedValue, now);
      // Usage of the last months (/reports), from a faker of its own (seed-usage.ts), in multi-row
      // INSERTs: Prisma's createMany spent about 0.2 ms of CPU per row, the most of a small fleet's seeding.
      const usage = usageRecordsFor(usageUnits, seedValue, now).map((r) => ({
        id: `usg-${r.unitId}-${r.periodStart.toISOString().slice(0, 10)}`,
        insert: { ...r, createdAt: r.periodEnd, updatedAt: r.periodEnd },
        set: {},
      }));
      await inChunks(usage, (rows) => executeStatement(db, rowsUpsert(db, USAGE_ROWS, rows)), UPSERT_ROWS_MAX);
      count('usageRecord', usage.length);
    },
    { timeout: 120_000, maxWait: 30_000 },
  );

  return { seed: seedValue, fleet, counts, ids: SEED_IDS };
}
