/**
 * Remote actions in storage: every query of the remote-actions module (remote actions, access
 * approvals, the names of the users who asked, the databridge gateways' admin list). Each function
 * takes the client to run on: the service's `db`, or a transaction's `tx` inside `transaction(...)`.
 */
import type { Db, DbTx, Prisma } from '@fleet/db';

export type RemoteActionRecord = Prisma.RemoteActionGetPayload<object>;
export type AccessApprovalRecord = Prisma.AccessApprovalGetPayload<object>;

const withUnitCount = { _count: { select: { units: true } } } as const satisfies Prisma.DatabridgeGatewayInclude;
export type DbGatewayWithUnitCount = Prisma.DatabridgeGatewayGetPayload<{ include: typeof withUnitCount }>;

// ── remote actions ─────────────────────────────────────────────────────────────────────────

export function countRemoteActions(db: Db | DbTx, where: Prisma.RemoteActionWhereInput): Promise<number> {
  return db.remoteAction.count({ where });
}

/** One page of the remote actions matching `where`, newest first. */
export function findRemoteActionPage(db: Db | DbTx, where: Prisma.RemoteActionWhereInput, offset: number, limit: number): Promise<RemoteActionRecord[]> {
  return db.remoteAction.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: offset, take: limit });
}

export function findRemoteAction(db: Db | DbTx, id: string): Promise<RemoteActionRecord | null> {
  return db.remoteAction.findUnique({ where: { id } });
}

/** A remote action that must exist (Prisma's not-found error otherwise). */
export function getRemoteAction(db: Db | DbTx, id: string): Promise<RemoteActionRecord> {
  return db.remoteAction.findUniqueOrThrow({ where: { id } });
}

/** The unit's latest action of this stored kind (last changed first). */
export function findLatestUnitAction(db: Db | DbTx, unitId: string, storedAction: string): Promise<RemoteActionRecord | null> {
  return db.remoteAction.findFirst({
    where: { deviceType: 'unit', deviceId: unitId, action: storedAction },
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
  });
}

export function createRemoteAction(db: Db | DbTx, data: Prisma.RemoteActionUncheckedCreateInput): Promise<RemoteActionRecord> {
  return db.remoteAction.create({ data });
}

export async function deleteRemoteAction(db: Db | DbTx, id: string): Promise<void> {
  await db.remoteAction.delete({ where: { id } });
}

/** A pending action is now running. */
export async function markRemoteActionRunning(db: Db | DbTx, id: string): Promise<void> {
  await db.remoteAction.updateMany({ where: { id, status: 'pending' }, data: { status: 'running', version: { increment: 1 } } });
}

/** A pending or running action ends with this status and result. */
export async function finishRemoteAction(db: Db | DbTx, id: string, status: string, result: Prisma.InputJsonValue): Promise<void> {
  await db.remoteAction.updateMany({ where: { id, status: { in: ['pending', 'running'] } }, data: { status, result, version: { increment: 1 } } });
}

// ── access approvals ───────────────────────────────────────────────────────────────────────

/** Every access approval (of one device, when given). */
export function findAccessApprovals(db: Db | DbTx, deviceId: string | undefined): Promise<AccessApprovalRecord[]> {
  return db.accessApproval.findMany({ where: deviceId !== undefined ? { deviceId } : {} });
}

export function findAccessApprovalsByIds(db: Db | DbTx, ids: string[]): Promise<AccessApprovalRecord[]> {
  return db.accessApproval.findMany({ where: { id: { in: ids } } });
}

export function findAccessApproval(db: Db | DbTx, id: string): Promise<AccessApprovalRecord | null> {
  return db.accessApproval.findUnique({ where: { id } });
}

/** The unit's active approval lasting longest after `now`. */
export function findActiveUnitApproval(db: Db | DbTx, unitId: string, now: Date): Promise<AccessApprovalRecord | null> {
  return db.accessApproval.findFirst({
    where: { deviceType: 'unit', deviceId: unitId, status: 'active', expiresAt: { gt: now } },
    orderBy: [{ expiresAt: 'desc' }],
  });
}

/** The unit's active approvals whose time is over by `now` become expired. */
export async function expireUnitApprovals(db: Db | DbTx, unitId: string, now: Date): Promise<void> {
  await db.accessApproval.updateMany({
    where: { deviceType: 'unit', deviceId: unitId, status: 'active', expiresAt: { lte: now } },
    data: { status: 'expired', version: { increment: 1 } },
  });
}

/** The ids of active approvals whose time is over by `now`. */
export async function findStaleApprovalIds(db: Db | DbTx, now: Date): Promise<string[]> {
  return (await db.accessApproval.findMany({ where: { status: 'active', expiresAt: { lte: now } }, select: { id: true } })).map((s) => s.id);
}

/** These approvals, while still active, become expired. */
export async function expireApprovals(db: Db | DbTx, ids: string[]): Promise<void> {
  await db.accessApproval.updateMany({ where: { id: { in: ids }, status: 'active' }, data: { status: 'expired', version: { increment: 1 } } });
}

export async function createAccessApproval(db: Db | DbTx, data: Prisma.AccessApprovalUncheckedCreateInput): Promise<void> {
  await db.accessApproval.create({ data });
}

/** Set columns of the approval while it is at `version` (and active, when asked); answers the rows changed. */
export async function updateApprovalAtVersion(
  db: Db | DbTx,
  id: string,
  version: number,
  onlyActive: boolean,
  data: Prisma.AccessApprovalUpdateManyMutationInput,
): Promise<number> {
  return (
    await db.accessApproval.updateMany({
      where: onlyActive ? { id, version, status: 'active' } : { id, version },
      data: { ...data, version: { increment: 1 } },
    })
  ).count;
}

// ── users and gateways ─────────────────────────────────────────────────────────────────────

/** The databridge gateways of these inventories (`null`: all), with their unit counts. */
export function findDbGatewaysOfInventories(db: Db | DbTx, inventoryIds: string[] | null): Promise<DbGatewayWithUnitCount[]> {
  return db.databridgeGateway.findMany({ where: inventoryIds === null ? {} : { inventoryId: { in: inventoryIds } }, include: withUnitCount });
}

// ── support cases ──────────────────────────────────────────────────────────────────────────

/** A running support case ends with this status and result (its version moves on). */
export async function finishRunningSupportCase(db: Db | DbTx, id: string, status: string, result: Prisma.InputJsonValue): Promise<void> {
  await db.remoteAction.updateMany({
    where: { id, status: 'running' },
    data: { status, result, version: { increment: 1 } },
  });
}

export function findChannelFileTransfer(db: Db | DbTx, channelId: string): Promise<Prisma.ChannelGetPayload<{ select: { fileTransfer: true } }> | null> {
  return db.channel.findUnique({ where: { id: channelId }, select: { fileTransfer: true } });
}

/** The channel's file transfer (its version moves on). */
export async function setChannelFileTransfer(db: Db | DbTx, channelId: string, fileTransfer: Prisma.InputJsonValue): Promise<void> {
  await db.channel.update({ where: { id: channelId }, data: { fileTransfer, version: { increment: 1 } } });
}

/** The channel's file transfer put back as it was (its version stays). */
export async function restoreChannelFileTransfer(db: Db | DbTx, channelId: string, fileTransfer: Prisma.InputJsonValue): Promise<void> {
  await db.channel.update({ where: { id: channelId }, data: { fileTransfer } });
}
