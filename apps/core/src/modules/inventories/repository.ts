/**
 * Inventories in storage: every query of the inventories module (inventories, their video return
 * channels and admins, the ingest account, the support staff's unit details, what the channel and
 * managed-service settings check). Each function takes the client to run on: the service's `db`,
 * or a transaction's `tx` inside `transaction(...)`. Reads of inventories themselves come from the
 * read model.
 */
import type { Db, DbTx, Prisma } from '@fleet/db';

export type IngestAccountRecord = Prisma.IngestAccountGetPayload<object>;

// ── inventories ────────────────────────────────────────────────────────────────────────────

/** A new inventory; answers its id. */
export async function createInventory(db: Db | DbTx, data: Prisma.InventoryUncheckedCreateInput): Promise<string> {
  return (await db.inventory.create({ data, select: { id: true } })).id;
}

/** Set columns of the inventory while it is at `version` (its version moves on); answers the rows changed. */
export async function updateInventoryAtVersion(db: Db | DbTx, id: string, version: number, data: Prisma.InventoryUncheckedUpdateManyInput): Promise<number> {
  return (await db.inventory.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

/** Delete the inventory while it is at `version`; answers the rows deleted. */
export async function deleteInventoryAtVersion(db: Db | DbTx, id: string, version: number): Promise<number> {
  return (await db.inventory.deleteMany({ where: { id, version } })).count;
}

export async function addUserToInventory(db: Db | DbTx, userId: string, inventoryId: string): Promise<void> {
  await db.userInventory.create({ data: { userId, inventoryId } });
}

/** Whether one of the inventory's audio rooms is active. */
export async function hasActiveAudioRoom(db: Db | DbTx, inventoryId: string): Promise<boolean> {
  return (await db.audioRoom.findFirst({ where: { inventoryId, active: true }, select: { id: true } })) !== null;
}

/** The statuses of the tally service of the inventory's units (one per unit that has it). */
export async function findTallyServiceStatuses(db: Db | DbTx, inventoryId: string): Promise<Prisma.ServiceGetPayload<{ select: { serviceStatus: true } }>[]> {
  return db.service.findMany({
    where: { serviceName: 'tally', unit: { inventories: { some: { inventoryId } } } },
    select: { serviceStatus: true },
  });
}

// ── video return channels ──────────────────────────────────────────────────────────────────

export async function addVrChannelToInventory(db: Db | DbTx, vrChannelId: string, inventoryId: string): Promise<void> {
  await db.vrChannelInventory.create({ data: { vrChannelId, inventoryId } });
}

export async function removeVrChannelFromInventory(db: Db | DbTx, vrChannelId: string, inventoryId: string): Promise<void> {
  await db.vrChannelInventory.deleteMany({ where: { vrChannelId, inventoryId } });
}

export async function removeVrChannelFromGroups(db: Db | DbTx, vrChannelId: string, groupIds: string[]): Promise<void> {
  await db.groupVrChannel.deleteMany({ where: { vrChannelId, groupId: { in: groupIds } } });
}

// ── support staff: a unit's details in an inventory ────────────────────────────────────────

export function findUnitVersionAndProfile(
  db: Db | DbTx,
  unitId: string,
): Promise<Prisma.UnitGetPayload<{ select: { id: true; version: true; usageProfileId: true } }> | null> {
  return db.unit.findUnique({ where: { id: unitId }, select: { id: true, version: true, usageProfileId: true } });
}

/** Whether the unit belongs to the inventory. */
export async function unitInInventory(db: Db | DbTx, unitId: string, inventoryId: string): Promise<boolean> {
  return (await db.unitInventory.findUnique({ where: { unitId_inventoryId: { unitId, inventoryId } } })) !== null;
}

/** Whether the usage profile exists and is global or the inventory's. */
export async function usageProfileUsable(db: Db | DbTx, usageProfileId: string, inventoryId: string): Promise<boolean> {
  return (
    (await db.usageProfile.findFirst({
      where: { id: usageProfileId, OR: [{ inventoryId: null }, { inventoryId }] },
      select: { id: true },
    })) !== null
  );
}

/** Set the unit's ownership and usage profile while it is at `version` (its version moves on); answers the rows changed. */
export async function updateUnitDetailsAtVersion(
  db: Db | DbTx,
  unitId: string,
  version: number,
  ownership: string,
  usageProfileId: string | null,
): Promise<number> {
  return (await db.unit.updateMany({ where: { id: unitId, version }, data: { ownership, usageProfileId, version: { increment: 1 } } })).count;
}

// ── ingest account ─────────────────────────────────────────────────────────────────────────

export function findIngestAccount(db: Db | DbTx, inventoryId: string): Promise<IngestAccountRecord | null> {
  return db.ingestAccount.findUnique({ where: { inventoryId } });
}

/** Whether another inventory's ingest account has the username. */
export async function ingestUsernameTaken(db: Db | DbTx, username: string, exceptInventoryId: string): Promise<boolean> {
  return (
    (await db.ingestAccount.findFirst({
      where: { username, inventoryId: { not: exceptInventoryId } },
      select: { inventoryId: true },
    })) !== null
  );
}

export async function createIngestAccount(db: Db | DbTx, data: Prisma.IngestAccountUncheckedCreateInput): Promise<void> {
  await db.ingestAccount.create({ data });
}

/** Set columns of the account while it is at `version` (its version moves on); answers the rows changed. */
export async function updateIngestAccountAtVersion(
  db: Db | DbTx,
  inventoryId: string,
  version: number,
  data: Prisma.IngestAccountUncheckedUpdateManyInput,
): Promise<number> {
  return (await db.ingestAccount.updateMany({ where: { inventoryId, version }, data: { ...data, version: { increment: 1 } } })).count;
}

/** Delete the inventory's ingest account; answers the rows deleted. */
export async function deleteIngestAccount(db: Db | DbTx, inventoryId: string): Promise<number> {
  return (await db.ingestAccount.deleteMany({ where: { inventoryId } })).count;
}
