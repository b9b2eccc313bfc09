/**
 * Channels in storage: the queries of the channels module that are its own (admin create and
 * delete, inventory associations, plain column writes, the stream media profiles). A merge into a
 * channel's row is `mergeIntoChannel` and streaming destinations are `StreamingDestinationRepository`
 * (`channel-rows.ts`, `streaming-destinations.ts`: the inventories module merges too). Each function takes the client to run
 * on: the service's `db`, or a transaction's `tx` inside `transaction(...)`.
 */
import type { Db, DbTx, Prisma } from '@fleet/db';

export type StreamMediaProfileRecord = Prisma.StreamMediaProfileGetPayload<object>;

/** A new channel (with its inventories and groups); answers its id. */
export async function createChannel(db: Db | DbTx, data: Prisma.ChannelUncheckedCreateInput): Promise<string> {
  return (await db.channel.create({ data, select: { id: true } })).id;
}

/** Delete the channel while it is at `version`; answers the rows deleted. */
export async function deleteChannelAtVersion(db: Db | DbTx, id: string, version: number): Promise<number> {
  return (await db.channel.deleteMany({ where: { id, version } })).count;
}

/** Set plain columns of the channel at whatever version it is now (its version moves on); answers the rows changed. */
export async function updateChannelColumns(db: Db | DbTx, id: string, data: Prisma.ChannelUpdateManyMutationInput): Promise<number> {
  return (await db.channel.updateMany({ where: { id }, data: { ...data, version: { increment: 1 } } })).count;
}

export async function addChannelToInventory(db: Db | DbTx, channelId: string, inventoryId: string): Promise<void> {
  await db.channelInventory.create({ data: { channelId, inventoryId } });
}

export async function removeChannelFromInventory(db: Db | DbTx, channelId: string, inventoryId: string): Promise<void> {
  await db.channelInventory.deleteMany({ where: { channelId, inventoryId } });
}

export async function removeChannelFromGroups(db: Db | DbTx, channelId: string, groupIds: string[]): Promise<void> {
  await db.groupChannel.deleteMany({ where: { channelId, groupId: { in: groupIds } } });
}

/** Every stream media profile, by name. */
export function findStreamMediaProfiles(db: Db | DbTx): Promise<StreamMediaProfileRecord[]> {
  return db.streamMediaProfile.findMany({ orderBy: [{ name: 'asc' }, { id: 'asc' }] });
}
