/**
 * Usage in storage: every query of the usage module (usage profiles and the units on them, the
 * daily usage records and their sums). Each function takes the client to run on: the service's
 * `db`, or a transaction's `tx` inside `transaction(...)`.
 */
import { randomUUID } from 'node:crypto';
import { executeStatement, rowsUpsert, type Db, type DbTx, type Prisma } from '@fleet/db';

export type UsageProfileRecord = Prisma.UsageProfileGetPayload<object>;

const recordColumns = { unitId: true, periodStart: true, dataBytes: true, seconds: true } as const satisfies Prisma.UsageRecordSelect;
export type UsageRecordAmounts = Prisma.UsageRecordGetPayload<{ select: typeof recordColumns }>;

// ── usage profiles ─────────────────────────────────────────────────────────────────────────

/** The inventory's profiles and the global ones. */
export function findProfilesForInventory(db: Db | DbTx, inventoryId: string): Promise<UsageProfileRecord[]> {
  return db.usageProfile.findMany({ where: { OR: [{ inventoryId }, { inventoryId: null }] } });
}

export function findProfilesByIds(db: Db | DbTx, ids: string[]): Promise<UsageProfileRecord[]> {
  return db.usageProfile.findMany({ where: { id: { in: ids } } });
}

export function findProfile(db: Db | DbTx, id: string): Promise<UsageProfileRecord | null> {
  return db.usageProfile.findUnique({ where: { id } });
}

/** Whether another profile (than `exceptId`, when given) has the name. */
export async function profileNameTaken(db: Db | DbTx, name: string, exceptId: string | null): Promise<boolean> {
  return (await db.usageProfile.findFirst({ where: { name, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { id: true } })) !== null;
}

export function createProfile(db: Db | DbTx, data: Prisma.UsageProfileUncheckedCreateInput): Promise<UsageProfileRecord> {
  return db.usageProfile.create({ data });
}

/** Set columns of the profile while it is at `version` (its version moves on); answers the rows changed. */
export async function updateProfileAtVersion(db: Db | DbTx, id: string, version: number, data: Prisma.UsageProfileUpdateManyMutationInput): Promise<number> {
  return (await db.usageProfile.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

/** Delete the profile while it is at `version`, not a default one and no unit is on it; answers the rows deleted. */
export async function deleteUnusedProfileAtVersion(db: Db | DbTx, id: string, version: number): Promise<number> {
  return (await db.usageProfile.deleteMany({ where: { id, version, isDefault: false, units: { none: {} } } })).count;
}

/** How many units are on the profile. */
export function countUnitsOnProfile(db: Db | DbTx, usageProfileId: string): Promise<number> {
  return db.unit.count({ where: { usageProfileId } });
}

/** Put the units on the profile (null: none); their versions move on. */
export async function setUnitsProfile(db: Db | DbTx, unitIds: string[], usageProfileId: string | null): Promise<void> {
  await db.unit.updateMany({ where: { id: { in: unitIds } }, data: { usageProfileId, version: { increment: 1 } } });
}

// ── usage records ──────────────────────────────────────────────────────────────────────────

/** The usage records as the accounting writes them: one row per unit and UTC day, its amounts added to. */
const USAGE = {
  model: 'UsageRecord',
  insert: { unitId: 'string', periodStart: 'datetime', periodEnd: 'datetime' },
  set: { dataBytes: 'bigint', seconds: 'int' },
  createdAt: true,
  updatedAt: true,
  conflict: ['unitId', 'periodStart'],
  accumulate: ['dataBytes', 'seconds'],
} as const;

/** What a unit used in the day starting at `periodStart`, to add to its record. */
export interface UsageAmount {
  readonly unitId: string;
  readonly periodStart: Date;
  readonly periodEnd: Date;
  readonly bytes: number;
  readonly seconds: number;
}

/**
 * Add to each unit's record of its day (made where there is none), in one statement: at most
 * `UPSERT_ROWS_MAX` amounts, one per unit and day. A Prisma upsert per unit cost a fleet's flush
 * seconds of CPU at 10,000 units (its query pipeline, not SQL).
 */
export async function addUsage(db: Db, amounts: readonly UsageAmount[]): Promise<void> {
  await executeStatement(
    db,
    rowsUpsert(
      db,
      USAGE,
      amounts.map((a) => ({
        id: randomUUID(),
        insert: { unitId: a.unitId, periodStart: a.periodStart, periodEnd: a.periodEnd },
        set: { dataBytes: BigInt(a.bytes), seconds: a.seconds },
      })),
    ),
  );
}

/** The data and time of the inventory's units in the records whose period starts in [from, to). */
export async function sumInventoryUsage(
  db: Db | DbTx,
  inventoryId: string,
  from: Date,
  to: Date,
): Promise<{ dataBytes: bigint | null; seconds: number | null }> {
  const sum = await db.usageRecord.aggregate({
    where: { periodStart: { gte: from, lt: to }, unit: { inventories: { some: { inventoryId } } } },
    _sum: { dataBytes: true, seconds: true },
  });
  return sum._sum;
}

/** The records whose period starts in [from, to) of the inventory's units (or of the group's, when given). */
export function findUsageRecords(db: Db | DbTx, inventoryId: string, groupId: string | null, from: Date, to: Date): Promise<UsageRecordAmounts[]> {
  return db.usageRecord.findMany({
    where: {
      periodStart: { gte: from, lt: to },
      unit: groupId === null ? { inventories: { some: { inventoryId } } } : { groups: { some: { groupId } } },
    },
    select: recordColumns,
  });
}
