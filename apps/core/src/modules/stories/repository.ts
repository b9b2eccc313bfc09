/**
 * Stories in storage: every query of the stories module (stories, their assigned units, the
 * inventory's NRCS integration settings). Each function takes the client to run on: the service's
 * `db`, or a transaction's `tx` inside `transaction(...)`.
 */
import type { Db, DbTx, Prisma } from '@fleet/db';

/** What a story row is read with: its units (and their inventories) for the assigned-unit list. */
const storyInclude = {
  units: {
    select: {
      unit: { select: { id: true, name: true, productType: true, typeGroup: true, inventories: { select: { inventoryId: true } } } },
    },
  },
} as const satisfies Prisma.StoryInclude;
export type StoryRecord = Prisma.StoryGetPayload<{ include: typeof storyInclude }>;
export type StoryIntegrationRecord = Prisma.StoryIntegrationGetPayload<object>;

// ── stories ────────────────────────────────────────────────────────────────────────────────

export function countStories(db: Db | DbTx, where: Prisma.StoryWhereInput): Promise<number> {
  return db.story.count({ where });
}

/** One page of the stories matching `where`, ordered by the column (then id, the same way). */
export function findStoryPage(
  db: Db | DbTx,
  where: Prisma.StoryWhereInput,
  sortColumn: keyof Prisma.StoryOrderByWithRelationInput,
  sortDir: Prisma.SortOrder,
  offset: number,
  limit: number,
): Promise<StoryRecord[]> {
  return db.story.findMany({ where, include: storyInclude, orderBy: [{ [sortColumn]: sortDir }, { id: sortDir }], skip: offset, take: limit });
}

/** The story, if it is one of the inventory's. */
export function findStoryOfInventory(db: Db | DbTx, inventoryId: string, storyId: string): Promise<StoryRecord | null> {
  return db.story.findFirst({ where: { id: storyId, inventoryId }, include: storyInclude });
}

export function createStory(db: Db | DbTx, data: Prisma.StoryUncheckedCreateInput): Promise<StoryRecord> {
  return db.story.create({ data, include: storyInclude });
}

/** Set fields of the inventory's story while it is at `version` (its version moves on); answers the rows changed. */
export async function updateStoryAtVersion(
  db: Db | DbTx,
  inventoryId: string,
  storyId: string,
  version: number,
  data: Prisma.StoryUpdateManyMutationInput,
): Promise<number> {
  return (await db.story.updateMany({ where: { id: storyId, inventoryId, version }, data: { version: { increment: 1 }, ...data } })).count;
}

/** Delete the inventory's story; answers the rows deleted. */
export async function deleteStoryOfInventory(db: Db | DbTx, inventoryId: string, storyId: string): Promise<number> {
  return (await db.story.deleteMany({ where: { id: storyId, inventoryId } })).count;
}

/** Move the story's version on (after a change of its units). */
export async function bumpStoryVersion(db: Db | DbTx, storyId: string): Promise<void> {
  await db.story.update({ where: { id: storyId }, data: { version: { increment: 1 } } });
}

// ── assigned units ─────────────────────────────────────────────────────────────────────────

export async function storyHasUnit(db: Db | DbTx, storyId: string, unitId: string): Promise<boolean> {
  return (await db.storyUnit.findUnique({ where: { storyId_unitId: { storyId, unitId } } })) !== null;
}

export async function addStoryUnit(db: Db | DbTx, storyId: string, unitId: string): Promise<void> {
  await db.storyUnit.create({ data: { storyId, unitId } });
}

/** Take the unit off the story; answers the rows deleted. */
export async function removeStoryUnit(db: Db | DbTx, storyId: string, unitId: string): Promise<number> {
  return (await db.storyUnit.deleteMany({ where: { storyId, unitId } })).count;
}

/** Whether the unit belongs to the inventory. */
export async function unitInInventory(db: Db | DbTx, unitId: string, inventoryId: string): Promise<boolean> {
  return (await db.unitInventory.findUnique({ where: { unitId_inventoryId: { unitId, inventoryId } }, select: { unitId: true } })) !== null;
}

// ── integration settings ───────────────────────────────────────────────────────────────────

export function findStoryIntegration(db: Db | DbTx, inventoryId: string): Promise<StoryIntegrationRecord | null> {
  return db.storyIntegration.findUnique({ where: { inventoryId } });
}

export async function createStoryIntegration(db: Db | DbTx, inventoryId: string, enabled: boolean, settings: Prisma.InputJsonValue): Promise<void> {
  await db.storyIntegration.create({ data: { inventoryId, enabled, settings, version: 1 } });
}

/** Replace the settings while they are at `version`; answers the rows changed. */
export async function updateStoryIntegrationAtVersion(
  db: Db | DbTx,
  inventoryId: string,
  version: number,
  enabled: boolean,
  settings: Prisma.InputJsonValue,
): Promise<number> {
  return (await db.storyIntegration.updateMany({ where: { inventoryId, version }, data: { enabled, settings, version: { increment: 1 } } })).count;
}
