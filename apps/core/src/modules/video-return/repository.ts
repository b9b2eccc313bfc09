/**
 * Video return channels in storage: every query of the video-return module (the channels and
 * their inventory and group memberships). Each function takes the client to run on: the service's
 * `db`, or a transaction's `tx` inside `transaction(...)`. Reads come from the read model.
 */
import type { Db, DbTx, Prisma } from '@fleet/db';

export async function createVrChannel(db: Db | DbTx, data: Prisma.VideoReturnChannelUncheckedCreateInput): Promise<void> {
  await db.videoReturnChannel.create({ data });
}

/** Set columns of the channel while it is at `version` (its version moves on); answers the rows changed. */
export async function updateVrChannelAtVersion(
  db: Db | DbTx,
  id: string,
  version: number,
  data: Prisma.VideoReturnChannelUncheckedUpdateManyInput,
): Promise<number> {
  return (await db.videoReturnChannel.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

/** Delete the channel while it is at `version`; answers the rows deleted. */
export async function deleteVrChannelAtVersion(db: Db | DbTx, id: string, version: number): Promise<number> {
  return (await db.videoReturnChannel.deleteMany({ where: { id, version } })).count;
}

export async function addVrChannelInventories(db: Db | DbTx, vrChannelId: string, inventoryIds: string[]): Promise<void> {
  await db.vrChannelInventory.createMany({ data: inventoryIds.map((inventoryId) => ({ vrChannelId, inventoryId })) });
}

export async function removeVrChannelInventories(db: Db | DbTx, vrChannelId: string, inventoryIds: string[]): Promise<void> {
  await db.vrChannelInventory.deleteMany({ where: { vrChannelId, inventoryId: { in: inventoryIds } } });
}

export async function addVrChannelGroups(db: Db | DbTx, vrChannelId: string, groupIds: string[]): Promise<void> {
  await db.groupVrChannel.createMany({ data: groupIds.map((groupId) => ({ groupId, vrChannelId })) });
}

export async function removeVrChannelGroups(db: Db | DbTx, vrChannelId: string, groupIds: string[]): Promise<void> {
  await db.groupVrChannel.deleteMany({ where: { vrChannelId, groupId: { in: groupIds } } });
}
