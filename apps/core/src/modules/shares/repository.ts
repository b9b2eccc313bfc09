/**
 * Shares in storage: every query of the shares module (publishers and their links, subscriber
 * folders, subscribers). Each function takes the client to run on: the service's `db`, or a
 * transaction's `tx` inside `transaction(...)`.
 */
import type { Db, DbTx, Prisma } from '@fleet/db';

const withLinks = { shareLinks: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } } as const satisfies Prisma.PublisherInclude;

/** A publisher with its share links, oldest first. */
export type PublisherWithLinks = Prisma.PublisherGetPayload<{ include: typeof withLinks }>;
export type FolderRecord = Prisma.SubscriberFolderGetPayload<object>;
export type SubscriberRecord = Prisma.SubscriberGetPayload<object>;

// ── publishers ─────────────────────────────────────────────────────────────────────────────

/** The publishers of the given groups (`null`: every publisher). */
export function findPublishersOfGroups(db: Db | DbTx, groupIds: string[] | null): Promise<PublisherWithLinks[]> {
  return db.publisher.findMany({ where: groupIds === null ? {} : { groupId: { in: groupIds } }, include: withLinks });
}

export function findPublisher(db: Db | DbTx, id: string): Promise<PublisherWithLinks | null> {
  return db.publisher.findUnique({ where: { id }, include: withLinks });
}

/** Whether a publisher holds the share key. */
export async function publisherKeyExists(db: Db | DbTx, shareKey: string): Promise<boolean> {
  return (await db.publisher.findUnique({ where: { shareKey }, select: { id: true } })) !== null;
}

export function createPublisher(db: Db | DbTx, data: Prisma.PublisherUncheckedCreateInput): Promise<PublisherWithLinks> {
  return db.publisher.create({ data, include: withLinks });
}

/** Set columns of the publisher while it is at `version` (its version moves on); answers the rows changed. */
export async function updatePublisherAtVersion(db: Db | DbTx, id: string, version: number, data: Prisma.PublisherUncheckedUpdateManyInput): Promise<number> {
  return (await db.publisher.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

/** Move the publisher's version on (only while it is at `version`, when given); answers the rows changed. */
export async function bumpPublisherVersion(db: Db | DbTx, id: string, version?: number): Promise<number> {
  return (await db.publisher.updateMany({ where: version === undefined ? { id } : { id, version }, data: { version: { increment: 1 } } })).count;
}

/** Delete the publisher while it is at `version` (its links go with it); answers the rows deleted. */
export async function deletePublisherAtVersion(db: Db | DbTx, id: string, version: number): Promise<number> {
  return (await db.publisher.deleteMany({ where: { id, version } })).count;
}

export async function createShareLink(db: Db | DbTx, data: Prisma.ShareLinkUncheckedCreateInput): Promise<void> {
  await db.shareLink.create({ data });
}

export async function deleteShareLink(db: Db | DbTx, publisherId: string, linkId: string): Promise<void> {
  await db.shareLink.deleteMany({ where: { id: linkId, publisherId } });
}

// ── folders ────────────────────────────────────────────────────────────────────────────────

export function findFoldersOfInventory(db: Db | DbTx, inventoryId: string): Promise<FolderRecord[]> {
  return db.subscriberFolder.findMany({ where: { inventoryId } });
}

/** The folders of the inventory as ids and parents (its tree). */
export function findFolderTree(db: Db | DbTx, inventoryId: string): Promise<Prisma.SubscriberFolderGetPayload<{ select: { id: true; parentId: true } }>[]> {
  return db.subscriberFolder.findMany({ where: { inventoryId }, select: { id: true, parentId: true } });
}

export function findRootFolders(db: Db | DbTx, inventoryId: string): Promise<FolderRecord[]> {
  return db.subscriberFolder.findMany({ where: { inventoryId, isRoot: true } });
}

export function findFolder(db: Db | DbTx, id: string): Promise<FolderRecord | null> {
  return db.subscriberFolder.findUnique({ where: { id } });
}

export function createFolder(db: Db | DbTx, data: Prisma.SubscriberFolderUncheckedCreateInput): Promise<FolderRecord> {
  return db.subscriberFolder.create({ data });
}

/** Set columns of the folder while it is at `version` (its version moves on); answers the rows changed. */
export async function updateFolderAtVersion(
  db: Db | DbTx,
  id: string,
  version: number,
  data: Prisma.SubscriberFolderUncheckedUpdateManyInput,
): Promise<number> {
  return (await db.subscriberFolder.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

export async function deleteFolders(db: Db | DbTx, ids: string[]): Promise<void> {
  await db.subscriberFolder.deleteMany({ where: { id: { in: ids } } });
}

export async function deleteFolder(db: Db | DbTx, id: string): Promise<void> {
  await db.subscriberFolder.deleteMany({ where: { id } });
}

// ── subscribers ────────────────────────────────────────────────────────────────────────────

/** How many subscribers each folder of the inventory holds. */
export async function countSubscribersByFolder(db: Db | DbTx, inventoryId: string): Promise<{ folderId: string | null; count: number }[]> {
  const counts = await db.subscriber.groupBy({ by: ['folderId'], where: { inventoryId }, _count: { _all: true } });
  return counts.map((c) => ({ folderId: c.folderId, count: c._count._all }));
}

export function countSubscribersInFolder(db: Db | DbTx, folderId: string): Promise<number> {
  return db.subscriber.count({ where: { folderId } });
}

/** The inventory's subscribers (of one folder, when given). */
export function findSubscribersOfInventory(db: Db | DbTx, inventoryId: string, folderId: string | undefined): Promise<SubscriberRecord[]> {
  return db.subscriber.findMany({ where: { inventoryId, ...(folderId !== undefined ? { folderId } : {}) } });
}

export function findSubscriber(db: Db | DbTx, id: string): Promise<SubscriberRecord | null> {
  return db.subscriber.findUnique({ where: { id } });
}

export function createSubscriber(db: Db | DbTx, data: Prisma.SubscriberUncheckedCreateInput): Promise<SubscriberRecord> {
  return db.subscriber.create({ data });
}

/** Set columns of the subscriber while it is at `version` (its version moves on); answers the rows changed. */
export async function updateSubscriberAtVersion(db: Db | DbTx, id: string, version: number, data: Prisma.SubscriberUncheckedUpdateManyInput): Promise<number> {
  return (await db.subscriber.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

/** Move the subscribers of the folders to `folderId`; answers how many moved. */
export async function moveSubscribersToFolder(db: Db | DbTx, fromFolderIds: string[], folderId: string): Promise<number> {
  return (await db.subscriber.updateMany({ where: { folderId: { in: fromFolderIds } }, data: { folderId, version: { increment: 1 } } })).count;
}

export async function deleteSubscriberAtVersion(db: Db | DbTx, id: string, version: number): Promise<number> {
  return (await db.subscriber.deleteMany({ where: { id, version } })).count;
}
