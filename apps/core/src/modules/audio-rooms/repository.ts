/**
 * Audio rooms in storage: every query of the audio-rooms module (the rooms, and the users they
 * name). Each function takes the client to run on: the service's `db`, or a transaction's `tx`
 * inside `transaction(...)`.
 */
import type { Db, DbTx, Prisma } from '@fleet/db';

export type AudioRoomRecord = Prisma.AudioRoomGetPayload<object>;

// ── rooms ──────────────────────────────────────────────────────────────────────────────────

export function findAudioRoomsOfInventory(db: Db | DbTx, inventoryId: string): Promise<AudioRoomRecord[]> {
  return db.audioRoom.findMany({ where: { inventoryId } });
}

/** How many rooms the inventory has (only the active ones, when asked). */
export function countAudioRooms(db: Db | DbTx, inventoryId: string, activeOnly: boolean): Promise<number> {
  return db.audioRoom.count({ where: activeOnly ? { inventoryId, active: true } : { inventoryId } });
}

export function findAudioRoom(db: Db | DbTx, id: string): Promise<AudioRoomRecord | null> {
  return db.audioRoom.findUnique({ where: { id } });
}

/** Whether another room of the inventory (than `exceptId`, when given) has the name. */
export async function audioRoomNameTaken(db: Db | DbTx, inventoryId: string, name: string, exceptId: string | null): Promise<boolean> {
  return (
    (await db.audioRoom.findFirst({
      where: { inventoryId, name, ...(exceptId ? { id: { not: exceptId } } : {}) },
      select: { id: true },
    })) !== null
  );
}

export function createAudioRoom(db: Db | DbTx, data: Prisma.AudioRoomUncheckedCreateInput): Promise<AudioRoomRecord> {
  return db.audioRoom.create({ data });
}

/** Set columns of the room while it is at `version` (its version moves on); answers the rows changed. */
export async function updateAudioRoomAtVersion(db: Db | DbTx, id: string, version: number, data: Prisma.AudioRoomUncheckedUpdateManyInput): Promise<number> {
  return (await db.audioRoom.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

/** Delete the room while it is at `version` and not active; answers the rows deleted. */
export async function deleteIdleAudioRoomAtVersion(db: Db | DbTx, id: string, version: number): Promise<number> {
  return (await db.audioRoom.deleteMany({ where: { id, version, active: false } })).count;
}

// ── users ──────────────────────────────────────────────────────────────────────────────────

/** The inventory's users, ids and usernames. */
export function findInventoryUsers(db: Db | DbTx, inventoryId: string): Promise<Prisma.UserGetPayload<{ select: { id: true; username: true } }>[]> {
  return db.user.findMany({ where: { inventories: { some: { inventoryId } } }, select: { id: true, username: true } });
}
