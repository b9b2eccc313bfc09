/**
 * Servers in storage: every query of the servers module (servers, what their devices report of
 * them and of their channels and video return channels, databridge gateways, the server view's
 * upgrade job and alerts). Each function takes the client to run on: the service's `db`, or a
 * transaction's `tx` inside `transaction(...)`. Reads of servers and channels themselves come from
 * the read model.
 */
import type { Db, DbTx, Prisma } from '@fleet/db';

const withUnitCount = { _count: { select: { units: true } } } as const satisfies Prisma.DatabridgeGatewayInclude;
export type DbGatewayWithUnitCount = Prisma.DatabridgeGatewayGetPayload<{ include: typeof withUnitCount }>;
export type UpgradeJobRecord = Prisma.UpgradeJobGetPayload<object>;
export type AlertRecord = Prisma.AlertGetPayload<object>;

// ── servers ────────────────────────────────────────────────────────────────────────────────

/** A new server; answers its id. */
export async function createServer(db: Db | DbTx, data: Prisma.ServerUncheckedCreateInput): Promise<string> {
  return (await db.server.create({ data, select: { id: true } })).id;
}

/**
 * Set columns of the server while it is at `version` (undefined: at any version); its version
 * moves on. Answers the rows changed.
 */
export async function updateServerAtVersion(
  db: Db | DbTx,
  id: string,
  version: number | undefined,
  data: Prisma.ServerUncheckedUpdateManyInput,
): Promise<number> {
  return (await db.server.updateMany({ where: { id, ...(version !== undefined ? { version } : {}) }, data: { ...data, version: { increment: 1 } } })).count;
}

/** Delete the server while it is at `version`; answers the rows deleted. */
export async function deleteServerAtVersion(db: Db | DbTx, id: string, version: number): Promise<number> {
  return (await db.server.deleteMany({ where: { id, version } })).count;
}

/** Store what the server's device reports, keeping its version (the server may be gone: nothing then). */
export async function recordServerReport(db: Db | DbTx, id: string, data: Prisma.ServerUncheckedUpdateManyInput): Promise<void> {
  await db.server.updateMany({ where: { id }, data });
}

/** Store what the device reports over the row it was read from (at `version`), keeping the version; answers the rows changed. */
export async function recordServerReportAtVersion(db: Db | DbTx, id: string, version: number, data: Prisma.ServerUncheckedUpdateManyInput): Promise<number> {
  return (await db.server.updateMany({ where: { id, version }, data })).count;
}

// ── channels and video return channels, as devices report them ──────────────────────────────

/** Store what a device reports of a channel (of this server, when given), keeping its version. */
export async function recordChannelReport(
  db: Db | DbTx,
  channelId: string,
  serverId: string | undefined,
  data: Prisma.ChannelUncheckedUpdateManyInput,
): Promise<void> {
  await db.channel.updateMany({ where: serverId === undefined ? { id: channelId } : { id: channelId, serverId }, data });
}

/** Store what a device reports of a video return channel (of this server, when given), keeping its version. */
export async function recordVrChannelReport(
  db: Db | DbTx,
  vrChannelId: string,
  serverId: string | undefined,
  data: Prisma.VideoReturnChannelUncheckedUpdateManyInput,
): Promise<void> {
  await db.videoReturnChannel.updateMany({ where: serverId === undefined ? { id: vrChannelId } : { id: vrChannelId, serverId }, data });
}

// ── the server view ────────────────────────────────────────────────────────────────────────

export function findLatestServerUpgradeJob(db: Db | DbTx, serverId: string): Promise<UpgradeJobRecord | null> {
  return db.upgradeJob.findFirst({ where: { deviceType: 'server', deviceId: serverId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
}

/** The server's active alerts, oldest first. */
export function findActiveServerAlerts(db: Db | DbTx, serverId: string): Promise<AlertRecord[]> {
  return db.alert.findMany({ where: { serverId, active: true }, orderBy: { raisedAt: 'asc' } });
}

// ── databridge gateways ────────────────────────────────────────────────────────────────────

export function findDbGateway(db: Db | DbTx, id: string): Promise<DbGatewayWithUnitCount | null> {
  return db.databridgeGateway.findUnique({ where: { id }, include: withUnitCount });
}

/** The id of the gateway with this name, if any. */
export async function findDbGatewayIdByName(db: Db | DbTx, name: string): Promise<string | null> {
  return (await db.databridgeGateway.findUnique({ where: { name }, select: { id: true } }))?.id ?? null;
}

/** A new gateway; answers its id. */
export async function createDbGateway(db: Db | DbTx, data: Prisma.DatabridgeGatewayUncheckedCreateInput): Promise<string> {
  return (await db.databridgeGateway.create({ data, select: { id: true } })).id;
}

/** Set columns of the gateway while it is at `version` (its version moves on); answers the rows changed. */
export async function updateDbGatewayAtVersion(
  db: Db | DbTx,
  id: string,
  version: number,
  data: Prisma.DatabridgeGatewayUncheckedUpdateManyInput,
): Promise<number> {
  return (await db.databridgeGateway.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

/** Delete the gateway while it is at `version`; answers the rows deleted. */
export async function deleteDbGatewayAtVersion(db: Db | DbTx, id: string, version: number): Promise<number> {
  return (await db.databridgeGateway.deleteMany({ where: { id, version } })).count;
}
