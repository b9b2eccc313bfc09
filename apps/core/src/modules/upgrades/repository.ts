/**
 * Upgrades in storage: every query of the upgrades module (software versions and their
 * inventories, upgrade jobs, batches and their lines). Each function takes the client to run on:
 * the service's `db`, or a transaction's `tx` inside `transaction(...)`. A guarded write answers
 * the rows it changed; the service decides.
 */
import { OPEN_UPGRADE_STATES } from '@fleet/contracts';
import type { Db, DbTx, Prisma } from '@fleet/db';

export type UpgradeJobRecord = Prisma.UpgradeJobGetPayload<object>;
export type UpgradeBatchRecord = Prisma.UpgradeBatchGetPayload<object>;
export type UpgradeBatchLineRecord = Prisma.UpgradeBatchLineGetPayload<object>;

const withInventories = { inventories: { select: { inventoryId: true } } } as const satisfies Prisma.SoftwareVersionInclude;
/** A software version with the inventories it is assigned to. */
export type SoftwareVersionRecord = Prisma.SoftwareVersionGetPayload<{ include: typeof withInventories }>;

/** The columns of a version the upgrade checks read. */
export const versionSelect = {
  number: true,
  deprecated: true,
  supportedDevices: true,
  inventories: { select: { inventoryId: true } },
} as const satisfies Prisma.SoftwareVersionSelect;
export type SoftwareVersionCheckRecord = Prisma.SoftwareVersionGetPayload<{ select: typeof versionSelect }>;

const targetColumns = { ...versionSelect, description: true, releaseNotesUrl: true } as const satisfies Prisma.SoftwareVersionSelect;
export type SoftwareVersionTargetRecord = Prisma.SoftwareVersionGetPayload<{ select: typeof targetColumns }>;

// ── software versions ──────────────────────────────────────────────────────────────────────

export function findSoftwareVersions(db: Db | DbTx): Promise<SoftwareVersionRecord[]> {
  return db.softwareVersion.findMany({ include: withInventories });
}

export function findSoftwareVersion(db: Db | DbTx, id: string): Promise<SoftwareVersionRecord | null> {
  return db.softwareVersion.findUnique({ where: { id }, include: withInventories });
}

/** Every version's id and number. */
export function findSoftwareVersionNumbers(db: Db | DbTx): Promise<Prisma.SoftwareVersionGetPayload<{ select: { id: true; number: true } }>[]> {
  return db.softwareVersion.findMany({ select: { id: true, number: true } });
}

/** The version stored under the number (as the checks read it). */
export function findSoftwareVersionToCheck(db: Db | DbTx, number: string): Promise<SoftwareVersionCheckRecord | null> {
  return db.softwareVersion.findUnique({ where: { number }, select: versionSelect });
}

/** The versions not deprecated, as the checks read them, with description and release notes. */
export function findUpgradeTargetVersions(db: Db | DbTx): Promise<SoftwareVersionTargetRecord[]> {
  return db.softwareVersion.findMany({ where: { deprecated: false }, select: targetColumns });
}

/** A new version, assigned to the inventories. */
export function createSoftwareVersion(
  db: Db | DbTx,
  data: Prisma.SoftwareVersionCreateWithoutInventoriesInput,
  inventoryIds: string[],
): Promise<SoftwareVersionRecord> {
  return db.softwareVersion.create({
    data: { ...data, inventories: { create: inventoryIds.map((inventoryId) => ({ inventoryId })) } },
    include: withInventories,
  });
}

/** Set columns of the version while it matches `guard` (its version moves on); answers the rows changed. */
export async function updateSoftwareVersionGuarded(
  db: Db | DbTx,
  id: string,
  guard: Prisma.SoftwareVersionWhereInput,
  data: Prisma.SoftwareVersionUpdateManyMutationInput,
): Promise<number> {
  return (await db.softwareVersion.updateMany({ where: { id, ...guard }, data: { ...data, version: { increment: 1 } } })).count;
}

/** Delete the version while it matches `guard`; answers the rows deleted. */
export async function deleteSoftwareVersionGuarded(db: Db | DbTx, id: string, guard: Prisma.SoftwareVersionWhereInput): Promise<number> {
  return (await db.softwareVersion.deleteMany({ where: { id, ...guard } })).count;
}

/** The version assigned to exactly these inventories. */
export async function setSoftwareVersionInventories(db: Db | DbTx, softwareVersionId: string, inventoryIds: string[]): Promise<void> {
  await db.softwareVersionInventory.deleteMany({ where: { softwareVersionId } });
  if (inventoryIds.length > 0) await db.softwareVersionInventory.createMany({ data: inventoryIds.map((inventoryId) => ({ softwareVersionId, inventoryId })) });
}

export async function addSoftwareVersionInventory(db: Db | DbTx, softwareVersionId: string, inventoryId: string): Promise<void> {
  await db.softwareVersionInventory.create({ data: { softwareVersionId, inventoryId } });
}

export async function removeSoftwareVersionInventory(db: Db | DbTx, softwareVersionId: string, inventoryId: string): Promise<void> {
  await db.softwareVersionInventory.deleteMany({ where: { softwareVersionId, inventoryId } });
}

/** The version's id and last change, by number (a job about to start towards it). */
export function findSoftwareVersionStamp(
  db: Db | DbTx,
  number: string,
): Promise<Prisma.SoftwareVersionGetPayload<{ select: { id: true; updatedAt: true } }> | null> {
  return db.softwareVersion.findUnique({ where: { number }, select: { id: true, updatedAt: true } });
}

/** Count a job started towards the version, keeping its `updatedAt`; answers the rows changed. */
export async function countJobStarted(db: Db | DbTx, id: string, updatedAt: Date): Promise<number> {
  return (
    await db.softwareVersion.updateMany({
      where: { id },
      data: { jobsStarted: { increment: 1 }, updatedAt },
    })
  ).count;
}

// ── upgrade jobs ───────────────────────────────────────────────────────────────────────────

export function findUpgradeJob(db: Db | DbTx, id: string): Promise<UpgradeJobRecord | null> {
  return db.upgradeJob.findUnique({ where: { id } });
}

export function findUpgradeJobsByIds(db: Db | DbTx, ids: string[]): Promise<UpgradeJobRecord[]> {
  return db.upgradeJob.findMany({ where: { id: { in: ids } } });
}

/** The target versions of the jobs in these states. */
export function findJobTargetVersions(db: Db | DbTx, states: string[]): Promise<Prisma.UpgradeJobGetPayload<{ select: { targetVersion: true } }>[]> {
  return db.upgradeJob.findMany({ where: { state: { in: states } }, select: { targetVersion: true } });
}

/** Every open job, oldest first. */
export function findOpenUpgradeJobs(db: Db | DbTx): Promise<UpgradeJobRecord[]> {
  return db.upgradeJob.findMany({ where: { state: { in: [...OPEN_UPGRADE_STATES] } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

/** The device's open job (the newest). */
export function findOpenUpgradeJob(db: Db | DbTx, deviceType: string, deviceId: string): Promise<UpgradeJobRecord | null> {
  return db.upgradeJob.findFirst({
    where: { deviceType, deviceId, state: { in: [...OPEN_UPGRADE_STATES] } },
    orderBy: { createdAt: 'desc' },
  });
}

/** The core's own rejection of a start to this version with this code, updated since `since` (the newest). */
export function findRecentRejection(
  db: Db | DbTx,
  deviceType: string,
  deviceId: string,
  targetVersion: string,
  failureCode: number | null,
  since: Date,
): Promise<UpgradeJobRecord | null> {
  return db.upgradeJob.findFirst({
    where: {
      deviceType,
      deviceId,
      targetVersion,
      failureCode,
      state: 'rejected',
      requestedById: { not: null },
      updatedAt: { gte: since },
    },
    orderBy: { updatedAt: 'desc' },
  });
}

/** The jobs of these devices of one type, newest first. */
export function findJobsOfDevices(db: Db | DbTx, deviceType: string, deviceIds: string[]): Promise<UpgradeJobRecord[]> {
  return db.upgradeJob.findMany({
    where: { deviceType, deviceId: { in: deviceIds } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
}

export function countDeviceJobs(db: Db | DbTx, deviceType: string, deviceId: string): Promise<number> {
  return db.upgradeJob.count({ where: { deviceType, deviceId } });
}

/** One page of the device's jobs, newest first. */
export function findDeviceJobPage(db: Db | DbTx, deviceType: string, deviceId: string, offset: number, limit: number): Promise<UpgradeJobRecord[]> {
  return db.upgradeJob.findMany({ where: { deviceType, deviceId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: offset, take: limit });
}

export function createUpgradeJob(db: Db | DbTx, data: Prisma.UpgradeJobUncheckedCreateInput): Promise<UpgradeJobRecord> {
  return db.upgradeJob.create({ data });
}

/** Set columns of the job (its version moves on). */
export function updateUpgradeJob(db: Db | DbTx, id: string, data: Prisma.UpgradeJobUncheckedUpdateInput): Promise<UpgradeJobRecord> {
  return db.upgradeJob.update({ where: { id }, data: { ...data, version: { increment: 1 } } });
}

/** End the job (`state`, with the code, at `at`) while it matches `guard`; its version moves on; answers the rows changed. */
export async function endUpgradeJob(
  db: Db | DbTx,
  id: string,
  guard: Prisma.UpgradeJobWhereInput,
  state: string,
  failureCode: number | null,
  at: Date,
): Promise<number> {
  return (
    await db.upgradeJob.updateMany({
      where: { id, ...guard },
      data: { state, failureCode, finishedAt: at, updatedAt: at, version: { increment: 1 } },
    })
  ).count;
}

/** Every open job ends failed with the code at `at`. */
export async function failOpenUpgradeJobs(db: Db | DbTx, failureCode: number, at: Date): Promise<void> {
  await db.upgradeJob.updateMany({
    where: { state: { in: [...OPEN_UPGRADE_STATES] } },
    data: { state: 'failed', failureCode, finishedAt: at },
  });
}

// ── devices' software versions ─────────────────────────────────────────────────────────────

/** The unit runs the version since `at` (its version moves on; a unit gone: nothing). */
export async function recordUnitSoftwareVersion(db: Db | DbTx, unitId: string, swVersion: string, at: Date): Promise<void> {
  await db.unit.updateMany({ where: { id: unitId }, data: { swVersion, lastReboot: at, version: { increment: 1 } } });
}

/** The server runs the version (its version moves on; a server gone: nothing). */
export async function recordServerSoftwareVersion(db: Db | DbTx, serverId: string, swVersion: string): Promise<void> {
  await db.server.updateMany({ where: { id: serverId }, data: { swVersion, version: { increment: 1 } } });
}

// ── batches ────────────────────────────────────────────────────────────────────────────────

export function createUpgradeBatch(db: Db | DbTx, data: Prisma.UpgradeBatchUncheckedCreateInput): Promise<UpgradeBatchRecord> {
  return db.upgradeBatch.create({ data });
}

export async function createUpgradeBatchLines(db: Db | DbTx, data: Prisma.UpgradeBatchLineCreateManyInput[]): Promise<void> {
  await db.upgradeBatchLine.createMany({ data });
}

export function findUpgradeBatch(db: Db | DbTx, id: string): Promise<UpgradeBatchRecord | null> {
  return db.upgradeBatch.findUnique({ where: { id } });
}

/** One page of the batches by creation. */
export function findUpgradeBatchPage(db: Db | DbTx, sortDir: Prisma.SortOrder, offset: number, limit: number): Promise<UpgradeBatchRecord[]> {
  return db.upgradeBatch.findMany({ orderBy: [{ createdAt: sortDir }, { id: sortDir }], skip: offset, take: limit });
}

export function countUpgradeBatches(db: Db | DbTx): Promise<number> {
  return db.upgradeBatch.count();
}

/** The batch's jobs, oldest first. */
export function findBatchJobs(db: Db | DbTx, batchId: string): Promise<UpgradeJobRecord[]> {
  return db.upgradeJob.findMany({ where: { batchId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

/** The devices of the batch's jobs and the jobs' states. */
export function findBatchJobStates(
  db: Db | DbTx,
  batchId: string,
): Promise<Prisma.UpgradeJobGetPayload<{ select: { deviceType: true; deviceId: true; state: true } }>[]> {
  return db.upgradeJob.findMany({ where: { batchId }, select: { deviceType: true, deviceId: true, state: true } });
}

/** The batch's lines in order. */
export function findBatchLines(db: Db | DbTx, batchId: string): Promise<UpgradeBatchLineRecord[]> {
  return db.upgradeBatchLine.findMany({ where: { batchId }, orderBy: { line: 'asc' } });
}

/** How many jobs of each of these batches are in each state. */
export function countBatchJobsByState(db: Db | DbTx, batchIds: string[]) {
  return db.upgradeJob.groupBy({ by: ['batchId', 'state'], where: { batchId: { in: batchIds } }, _count: { _all: true } });
}
