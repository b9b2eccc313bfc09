/**
 * Units in storage: every query of the units module (units and their memberships, the admin
 * reads, services and licences, support cases, sessions, streams, a unit's files). Each function
 * takes the client to run on: the service's `db`, or a transaction's `tx` inside
 * `transaction(...)`. A guarded write answers the rows it changed; the service decides.
 */
import type { Db, DbTx, Prisma } from '@fleet/db';
import { unitMemberships, type UnitRecord } from '../../platform/storage/unit-rows.js';

export type ServiceRecord = Prisma.ServiceGetPayload<object>;
export type InvitationRecord = Prisma.InvitationGetPayload<object>;
export type DbGatewayRecord = Prisma.DatabridgeGatewayGetPayload<object>;

const adminRowInclude = { inventories: { select: { inventoryId: true } }, groups: { select: { groupId: true } } } as const satisfies Prisma.UnitInclude;
/** A unit of the admin list, with its inventory and group ids. */
export type AdminUnitRowRecord = Prisma.UnitGetPayload<{ include: typeof adminRowInclude }>;

const inventoryLinkInclude = { inventory: { select: { id: true, name: true, region: true, parentId: true } } } as const satisfies Prisma.UnitInventoryInclude;
export type UnitInventoryLinkRecord = Prisma.UnitInventoryGetPayload<{ include: typeof inventoryLinkInclude }>;

const groupLinkInclude = {
  group: { select: { id: true, name: true, inventoryId: true, inventory: { select: { name: true } } } },
} as const satisfies Prisma.UnitGroupInclude;
export type UnitGroupLinkRecord = Prisma.UnitGroupGetPayload<{ include: typeof groupLinkInclude }>;

const identityColumns = { id: true, name: true, serialNumber: true } as const satisfies Prisma.UnitSelect;
export type UnitIdentityRecord = Prisma.UnitGetPayload<{ select: typeof identityColumns }>;

const roomColumns = { id: true, name: true, serverId: true, participants: true } as const satisfies Prisma.AudioRoomSelect;
export type IntercomRoomRecord = Prisma.AudioRoomGetPayload<{ select: typeof roomColumns }>;

const permissionTarget = { id: true, permissions: true, inventories: { select: { inventoryId: true } } } as const satisfies Prisma.UserSelect;
export type PermissionTargetRecord = Prisma.UserGetPayload<{ select: typeof permissionTarget }>;

// ── units ──────────────────────────────────────────────────────────────────────────────────

/** The unit columns commands, settings and actions read. */
export const deviceUnitSelect = {
  id: true,
  name: true,
  typeGroup: true,
  swVersion: true,
  license: true,
  capabilities: true,
  configuration: true,
  transmissionMode: true,
  workingMode: true,
  storeAndForwardVideoQuality: true,
  filenamePrefix: true,
  multiCameraLabels: true,
  selectedChannelId: true,
  databridgeGatewayId: true,
  alertsConfigMode: true,
  version: true,
  inventories: { select: { inventoryId: true } },
} as const satisfies Prisma.UnitSelect;

export type DeviceUnit = Prisma.UnitGetPayload<{ select: typeof deviceUnitSelect }>;

/** The unit's columns the device rules and the configuration save read, as stored now. */
export function findDeviceUnit(db: Db | DbTx, unitId: string): Promise<DeviceUnit | null> {
  return db.unit.findUnique({ where: { id: unitId }, select: deviceUnitSelect });
}

/** The unit with its memberships, as stored now. */
export function findUnitWithMemberships(db: Db | DbTx, id: string): Promise<UnitRecord | null> {
  return db.unit.findUnique({ where: { id }, include: unitMemberships });
}

export async function addUnitToInventory(db: Db | DbTx, unitId: string, inventoryId: string): Promise<void> {
  await db.unitInventory.create({ data: { unitId, inventoryId } });
}

export function findDbGateway(db: Db | DbTx, id: string): Promise<DbGatewayRecord | null> {
  return db.databridgeGateway.findUnique({ where: { id } });
}

/** Every unit the devices reported about is offline (the core starts knowing nothing). */
export async function markAllUnitsOffline(db: Db | DbTx): Promise<void> {
  await db.unit.updateMany({ where: { status: { not: 'offline' } }, data: { status: 'offline', applications: {} } });
}

export async function createUnit(db: Db | DbTx, data: Prisma.UnitUncheckedCreateInput): Promise<void> {
  await db.unit.create({ data });
}

/** Set columns of the unit while it matches `where` (an id, and a version when given); answers the rows changed. */
export async function updateUnitWhere(db: Db | DbTx, where: Prisma.UnitWhereInput, data: Prisma.UnitUncheckedUpdateManyInput): Promise<number> {
  return (await db.unit.updateMany({ where, data })).count;
}

/** Set columns of the unit while it is at `version` (its version moves on); answers the rows changed. */
export async function updateUnitAtVersion(db: Db | DbTx, id: string, version: number, data: Prisma.UnitUncheckedUpdateManyInput): Promise<number> {
  return (await db.unit.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

/** The unit's tally as the device reports it (a unit gone: nothing). */
export async function setUnitTally(db: Db | DbTx, id: string, tally: string | null): Promise<void> {
  await db.unit.updateMany({ where: { id }, data: { tally } });
}

/** The unit's service summary (what its detail shows). */
export async function setUnitServiceSummary(db: Db | DbTx, id: string, services: Prisma.InputJsonValue): Promise<void> {
  await db.unit.update({ where: { id }, data: { services } });
}

export async function deleteUnitAtVersion(db: Db | DbTx, id: string, version: number): Promise<number> {
  return (await db.unit.deleteMany({ where: { id, version } })).count;
}

/** The units, other than `exceptId`, matching one of `or` (an id, a name, a serial number). */
export function findUnitIdentityClashes(db: Db | DbTx, or: Prisma.UnitWhereInput[], exceptId: string | undefined): Promise<UnitIdentityRecord[]> {
  return db.unit.findMany({
    where: { OR: or, ...(exceptId !== undefined ? { NOT: { id: exceptId } } : {}) },
    select: identityColumns,
  });
}

/** The inventory of a usage profile. */
export function findUsageProfileInventory(db: Db | DbTx, id: string): Promise<Prisma.UsageProfileGetPayload<{ select: { inventoryId: true } }> | null> {
  return db.usageProfile.findUnique({ where: { id }, select: { inventoryId: true } });
}

// ── memberships ────────────────────────────────────────────────────────────────────────────

export async function addUnitToGroup(db: Db | DbTx, unitId: string, groupId: string): Promise<void> {
  await db.unitGroup.create({ data: { unitId, groupId } });
}

export async function addUnitToGroups(db: Db | DbTx, unitId: string, groupIds: string[]): Promise<void> {
  await db.unitGroup.createMany({ data: groupIds.map((groupId) => ({ unitId, groupId })) });
}

/** The unit leaves these groups. */
export async function removeUnitFromGroups(db: Db | DbTx, unitId: string, groupIds: string[]): Promise<void> {
  await db.unitGroup.deleteMany({ where: { unitId, groupId: { in: groupIds } } });
}

/** The unit leaves the group (only a membership expired by `expiredBy`, when given); answers the rows deleted. */
export async function removeUnitFromGroup(db: Db | DbTx, unitId: string, groupId: string, expiredBy: Date | undefined): Promise<number> {
  return (await db.unitGroup.deleteMany({ where: { unitId, groupId, ...(expiredBy ? { expiresAt: { lte: expiredBy } } : {}) } })).count;
}

export async function removeUnitFromInventory(db: Db | DbTx, unitId: string, inventoryId: string): Promise<void> {
  await db.unitInventory.delete({ where: { unitId_inventoryId: { unitId, inventoryId } } });
}

/** The unit leaves every group and inventory and loses its services. */
export async function removeUnitMembershipsAndServices(db: Db | DbTx, unitId: string): Promise<void> {
  await db.unitGroup.deleteMany({ where: { unitId } });
  await db.unitInventory.deleteMany({ where: { unitId } });
  await db.service.deleteMany({ where: { unitId } });
}

/**
 * The unit's inventory and group memberships matching the filters (with the inventories', groups'
 * and their inventories' names; inventories oldest link first), read with the unit in one query:
 * null when the unit is gone, never a row's links without the row.
 */
export async function findUnitLinks(
  db: Db | DbTx,
  unitId: string,
  where: { inventories: Prisma.UnitInventoryWhereInput; groups: Prisma.UnitGroupWhereInput },
): Promise<{ inventories: UnitInventoryLinkRecord[]; groups: UnitGroupLinkRecord[] } | null> {
  return db.unit.findUnique({
    where: { id: unitId },
    select: {
      inventories: { where: where.inventories, include: inventoryLinkInclude, orderBy: [{ createdAt: 'asc' }, { inventoryId: 'asc' }] },
      groups: { where: where.groups, include: groupLinkInclude },
    },
  });
}

/** The unit's group memberships matching `where`, read with the unit in one query: null when the unit is gone. */
export async function findUnitGroupLinks(db: Db | DbTx, unitId: string, where: Prisma.UnitGroupWhereInput): Promise<UnitGroupLinkRecord[] | null> {
  const unit = await db.unit.findUnique({ where: { id: unitId }, select: { groups: { where, include: groupLinkInclude } } });
  return unit?.groups ?? null;
}

/** The SIP server of the unit's first inventory that has one. */
export function findUnitSipServer(
  db: Db | DbTx,
  unitId: string,
): Promise<Prisma.UnitInventoryGetPayload<{ select: { inventory: { select: { sipServer: true } } } }> | null> {
  return db.unitInventory.findFirst({
    where: { unitId, inventory: { sipServer: { not: null } } },
    orderBy: [{ createdAt: 'asc' }, { inventoryId: 'asc' }],
    select: { inventory: { select: { sipServer: true } } },
  });
}

// ── admin reads ────────────────────────────────────────────────────────────────────────────

export function countUnits(db: Db | DbTx, where: Prisma.UnitWhereInput): Promise<number> {
  return db.unit.count({ where });
}

/** One page of the units matching `where` by the column (then id), with their inventory and group ids. */
export function findAdminUnitPage(
  db: Db | DbTx,
  where: Prisma.UnitWhereInput,
  sortColumn: string,
  sortDir: Prisma.SortOrder,
  offset: number,
  limit: number,
): Promise<AdminUnitRowRecord[]> {
  return db.unit.findMany({
    where,
    include: adminRowInclude,
    orderBy: [{ [sortColumn]: sortDir }, { id: 'asc' }],
    skip: offset,
    take: limit,
  });
}

export function countGroups(db: Db | DbTx, where: Prisma.GroupWhereInput): Promise<number> {
  return db.group.count({ where });
}

/** One page of the groups matching `where` by the column (then id), with the inventory's name and the unit's membership. */
export function findUnitGroupPage(
  db: Db | DbTx,
  unitId: string,
  where: Prisma.GroupWhereInput,
  sortColumn: string,
  sortDir: Prisma.SortOrder,
  offset: number,
  limit: number,
) {
  return db.group.findMany({
    where,
    include: { inventory: { select: { name: true } }, units: { where: { unitId }, select: { expiresAt: true } } },
    orderBy: [{ [sortColumn]: sortDir }, { id: 'asc' }],
    skip: offset,
    take: limit,
  });
}

/** The gateways without inventory or of these inventories, by name. */
export function findDbGatewaysFor(db: Db | DbTx, inventoryIds: string[]): Promise<DbGatewayRecord[]> {
  return db.databridgeGateway.findMany({
    where: { OR: [{ inventoryId: null }, { inventoryId: { in: inventoryIds } }] },
    orderBy: { name: 'asc' },
  });
}

/** The gateway's inventory. */
export function findDbGatewayInventory(db: Db | DbTx, id: string): Promise<Prisma.DatabridgeGatewayGetPayload<{ select: { inventoryId: true } }> | null> {
  return db.databridgeGateway.findUnique({ where: { id }, select: { inventoryId: true } });
}

/** The unit's newest invitation. */
export function findLatestUnitInvitation(db: Db | DbTx, unitId: string): Promise<InvitationRecord | null> {
  return db.invitation.findFirst({ where: { unitId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
}

// ── services and licences ──────────────────────────────────────────────────────────────────

/** The unit's services, by name. */
export function findUnitServices(db: Db | DbTx, unitId: string): Promise<ServiceRecord[]> {
  return db.service.findMany({ where: { unitId }, orderBy: { serviceName: 'asc' } });
}

/** The unit's service names and statuses, by name. */
export function findUnitServiceSummary(
  db: Db | DbTx,
  unitId: string,
): Promise<Prisma.ServiceGetPayload<{ select: { serviceName: true; serviceStatus: true } }>[]> {
  return db.service.findMany({ where: { unitId }, orderBy: { serviceName: 'asc' }, select: { serviceName: true, serviceStatus: true } });
}

/** The unit's service names and statuses. */
export function findUnitServiceStatuses(
  db: Db | DbTx,
  unitId: string,
): Promise<Prisma.ServiceGetPayload<{ select: { serviceName: true; serviceStatus: true } }>[]> {
  return db.service.findMany({ where: { unitId }, select: { serviceName: true, serviceStatus: true } });
}

/** The status of the unit's service of that name. */
export function findServiceStatus(
  db: Db | DbTx,
  unitId: string,
  serviceName: string,
): Promise<Prisma.ServiceGetPayload<{ select: { serviceStatus: true } }> | null> {
  return db.service.findFirst({ where: { unitId, serviceName }, select: { serviceStatus: true } });
}

export function findUnitService(db: Db | DbTx, unitId: string, serviceName: string): Promise<ServiceRecord | null> {
  return db.service.findFirst({ where: { unitId, serviceName } });
}

/** The unit's service with this id, or else of this name. */
export function findUnitServiceByIdOrName(db: Db | DbTx, unitId: string, idOrName: string): Promise<ServiceRecord | null> {
  return db.service.findFirst({ where: { unitId, OR: [{ id: idOrName }, { serviceName: idOrName }] } });
}

export function createService(db: Db | DbTx, data: Prisma.ServiceUncheckedCreateInput): Promise<ServiceRecord> {
  return db.service.create({ data });
}

/** Set columns of the service (its version moves on). */
export function updateService(db: Db | DbTx, id: string, data: Prisma.ServiceUncheckedUpdateInput): Promise<ServiceRecord> {
  return db.service.update({ where: { id }, data: { ...data, version: { increment: 1 } } });
}

export async function deleteService(db: Db | DbTx, id: string): Promise<void> {
  await db.service.delete({ where: { id } });
}

/** The user's permissions and inventory ids. */
export function findPermissionTarget(db: Db | DbTx, userId: string): Promise<PermissionTargetRecord | null> {
  return db.user.findUnique({ where: { id: userId }, select: permissionTarget });
}

export async function setUserPermissions(db: Db | DbTx, userId: string, permissions: Prisma.InputJsonValue): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { permissions } });
}

// ── sessions and streams ───────────────────────────────────────────────────────────────────

/** The audio rooms of these inventories, by name. */
export function findIntercomRooms(db: Db | DbTx, inventoryIds: string[]): Promise<IntercomRoomRecord[]> {
  return db.audioRoom.findMany({
    where: { inventoryId: { in: inventoryIds } },
    orderBy: { name: 'asc' },
    select: roomColumns,
  });
}

/** The streaming destinations of these inventories, by name. */
export function findStreamingDestinations(
  db: Db | DbTx,
  inventoryIds: string[],
): Promise<Prisma.StreamingDestinationGetPayload<{ select: { id: true; provider: true } }>[]> {
  return db.streamingDestination.findMany({
    where: { inventoryId: { in: inventoryIds } },
    orderBy: { name: 'asc' },
    select: { id: true, provider: true },
  });
}

// ── a unit's files (recorded on its storages, and the uploaded-files list) ─────────────────

export type FileRecord = Prisma.FileGetPayload<object>;

const deletionColumns = { id: true, path: true, kind: true, status: true } as const satisfies Prisma.FileSelect;
export type FileToDeleteRecord = Prisma.FileGetPayload<{ select: typeof deletionColumns }>;

/** The unit's recorded files at these paths. */
export function findRecordedFiles(db: Db | DbTx, unitId: string, paths: string[]): Promise<FileRecord[]> {
  return db.file.findMany({ where: { unitId, kind: 'recorded', path: { in: paths } } });
}

/** How many of the unit's uploads at these paths are in one of these statuses. */
export function countUploadsAtPaths(db: Db | DbTx, unitId: string, paths: string[], statuses: string[]): Promise<number> {
  return db.file.count({ where: { unitId, kind: 'uploaded', path: { in: paths }, status: { in: statuses } } });
}

export function createFile(db: Db | DbTx, data: Prisma.FileUncheckedCreateInput): Promise<FileRecord> {
  return db.file.create({ data });
}

export async function deleteFiles(db: Db | DbTx, ids: string[]): Promise<void> {
  await db.file.deleteMany({ where: { id: { in: ids } } });
}

/** These files, oldest first. */
export function findFilesByIds(db: Db | DbTx, ids: string[]): Promise<FileRecord[]> {
  return db.file.findMany({ where: { id: { in: ids } }, orderBy: { createdAt: 'asc' } });
}

/** The unit's files at these paths (what a deletion needs of them). */
export function findFilesToDelete(db: Db | DbTx, unitId: string, paths: string[]): Promise<FileToDeleteRecord[]> {
  return db.file.findMany({ where: { unitId, path: { in: paths } }, select: deletionColumns });
}

/** The unit's uploads in one of these statuses (only the one with `where.id`, when given). */
export function findOpenUploads(db: Db | DbTx, unitId: string, statuses: string[], where: { id?: string }): Promise<FileRecord[]> {
  return db.file.findMany({ where: { unitId, kind: 'uploaded', status: { in: statuses }, ...where } });
}

/** These uploads failed (their versions move on). */
export async function failUploads(db: Db | DbTx, ids: string[]): Promise<void> {
  await db.file.updateMany({
    where: { id: { in: ids } },
    data: { status: 'failed', isTransferring: false, version: { increment: 1 } },
  });
}

/** The files matching `where`, newest change first (undated last), then by name and id. */
export function findFilesNewestFirst(db: Db | DbTx, where: Prisma.FileWhereInput): Promise<FileRecord[]> {
  return db.file.findMany({ where, orderBy: [{ lastModified: { sort: 'desc', nulls: 'last' } }, { fileName: 'asc' }, { id: 'asc' }] });
}

/** Where each of the unit's files sits and its size. */
export function findFileSizes(db: Db | DbTx, unitId: string): Promise<Prisma.FileGetPayload<{ select: { rootDirectory: true; sizeBytes: true } }>[]> {
  return db.file.findMany({ where: { unitId }, select: { rootDirectory: true, sizeBytes: true } });
}

/** Every recorded file is forgotten. */
export async function deleteRecordedFiles(db: Db | DbTx): Promise<void> {
  await db.file.deleteMany({ where: { kind: 'recorded' } });
}
