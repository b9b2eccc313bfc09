/**
 * Graphics compositions in storage: every query of the graphics module. Each function takes the
 * client to run on: the service's `db`, or a transaction's `tx` inside `transaction(...)`.
 */
import type { Db, DbTx, Prisma } from '@fleet/db';

export type CompositionRecord = Prisma.GraphicsCompositionGetPayload<object>;

export function findCompositionsOfInventory(db: Db | DbTx, inventoryId: string): Promise<CompositionRecord[]> {
  return db.graphicsComposition.findMany({ where: { inventoryId } });
}

/** The stored data (jobs) of the inventory's compositions. */
export function findCompositionDataOfInventory(
  db: Db | DbTx,
  inventoryId: string,
): Promise<Prisma.GraphicsCompositionGetPayload<{ select: { data: true } }>[]> {
  return db.graphicsComposition.findMany({ where: { inventoryId }, select: { data: true } });
}

export function findComposition(db: Db | DbTx, id: string): Promise<CompositionRecord | null> {
  return db.graphicsComposition.findUnique({ where: { id } });
}

/** The composition, if it is one of the inventory's. */
export function findCompositionOfInventory(db: Db | DbTx, inventoryId: string, id: string): Promise<CompositionRecord | null> {
  return db.graphicsComposition.findFirst({ where: { id, inventoryId } });
}

/** The inventory's composition of this app. */
export function findCompositionOfApp(db: Db | DbTx, inventoryId: string, appId: string): Promise<CompositionRecord | null> {
  return db.graphicsComposition.findFirst({ where: { inventoryId, appId } });
}

export function createComposition(db: Db | DbTx, data: Prisma.GraphicsCompositionUncheckedCreateInput): Promise<CompositionRecord> {
  return db.graphicsComposition.create({ data });
}

/** Set columns of the composition while it is at `version` (its version moves on); answers the rows changed. */
export async function updateCompositionAtVersion(
  db: Db | DbTx,
  id: string,
  version: number,
  data: Prisma.GraphicsCompositionUncheckedUpdateManyInput,
): Promise<number> {
  return (await db.graphicsComposition.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

/** Delete the composition while it is at `version`; answers the rows deleted. */
export async function deleteCompositionAtVersion(db: Db | DbTx, id: string, version: number): Promise<number> {
  return (await db.graphicsComposition.deleteMany({ where: { id, version } })).count;
}
