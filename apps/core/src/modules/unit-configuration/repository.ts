/**
 * Unit configuration in storage: the queries of the unit-configuration module beside the unit row
 * writes of `UnitRepository` (platform/storage/unit-rows.ts): the unit's last reboot and last-known
 * snapshot, its uploaded files, its own alert configuration and recipients, and the reads the
 * checks need. Each function takes the client to run on: the service's `db`, or a transaction's
 * `tx` inside `transaction(...)`.
 */
import type { Db, DbTx, Prisma } from '@fleet/db';

const withRecipients = { recipients: true } as const satisfies Prisma.AlertConfigurationInclude;
export type UnitAlertConfigurationRecord = Prisma.AlertConfigurationGetPayload<{ include: typeof withRecipients }>;
export type AlertConfigurationRecord = Prisma.AlertConfigurationGetPayload<object>;

// ── the unit's row ─────────────────────────────────────────────────────────────────────────

export async function setLastReboot(db: Db | DbTx, unitId: string, at: Date): Promise<void> {
  await db.unit.update({ where: { id: unitId }, data: { lastReboot: at } });
}

/** The unit's stored last-known snapshot (null: no such unit). */
export function findUnitTelemetry(db: Db | DbTx, unitId: string): Promise<Prisma.UnitGetPayload<{ select: { telemetry: true } }> | null> {
  return db.unit.findUnique({ where: { id: unitId }, select: { telemetry: true } });
}

export async function writeUnitTelemetry(db: Db | DbTx, unitId: string, telemetry: Prisma.InputJsonValue): Promise<void> {
  await db.unit.update({ where: { id: unitId }, data: { telemetry } });
}

const prefixColumns = { selectedChannelId: true, filenamePrefix: true } as const satisfies Prisma.UnitSelect;
export type UnitPrefix = Prisma.UnitGetPayload<{ select: typeof prefixColumns }>;

/** The other units with this filename prefix that have a selected channel. */
export function findOtherUnitsWithPrefix(db: Db | DbTx, unitId: string, prefix: string): Promise<UnitPrefix[]> {
  return db.unit.findMany({
    where: { id: { not: unitId }, filenamePrefix: prefix, selectedChannelId: { not: null } },
    select: prefixColumns,
  });
}

/** Whether the unit is a member of the group. */
export async function unitInGroup(db: Db | DbTx, unitId: string, groupId: string | undefined): Promise<boolean> {
  return (await db.unitGroup.findFirst({ where: { unitId, groupId }, select: { groupId: true } })) !== null;
}

// ── uploaded files ─────────────────────────────────────────────────────────────────────────

const uploadColumns = { id: true, fileName: true, status: true } as const satisfies Prisma.FileSelect;
export type OpenUpload = Prisma.FileGetPayload<{ select: typeof uploadColumns }>;

/** The unit's uploaded files of these names still pending or uploading. */
export function findOpenUploads(db: Db | DbTx, unitId: string, fileNames: string[]): Promise<OpenUpload[]> {
  return db.file.findMany({
    where: { unitId, kind: 'uploaded', fileName: { in: fileNames }, status: { in: ['pending', 'uploading'] } },
    select: uploadColumns,
  });
}

/** These uploads, while still pending or uploading, end as failed. */
export async function failOpenUploads(db: Db | DbTx, ids: string[]): Promise<void> {
  await db.file.updateMany({
    where: { id: { in: ids }, status: { in: ['pending', 'uploading'] } },
    data: { status: 'failed', isTransferring: false, version: { increment: 1 } },
  });
}

// ── reads the checks need ──────────────────────────────────────────────────────────────────

/** The server of the audio room, if the room is one of these inventories'. */
export function findAudioRoomServer(
  db: Db | DbTx,
  audioRoomId: string,
  inventoryIds: string[],
): Promise<Prisma.AudioRoomGetPayload<{ select: { serverId: true } }> | null> {
  return db.audioRoom.findFirst({ where: { id: audioRoomId, inventoryId: { in: inventoryIds } }, select: { serverId: true } });
}

// ── the unit's own alert configuration ─────────────────────────────────────────────────────

export function findUnitAlertConfiguration(db: Db | DbTx, unitId: string): Promise<UnitAlertConfigurationRecord | null> {
  return db.alertConfiguration.findUnique({ where: { unitId }, include: withRecipients });
}

/** Set columns of the configuration (its version moves on). */
export function updateAlertConfiguration(db: Db | DbTx, id: string, data: Prisma.AlertConfigurationUncheckedUpdateInput): Promise<AlertConfigurationRecord> {
  return db.alertConfiguration.update({ where: { id }, data: { ...data, version: { increment: 1 } } });
}

export function createAlertConfiguration(db: Db | DbTx, data: Prisma.AlertConfigurationUncheckedCreateInput): Promise<AlertConfigurationRecord> {
  return db.alertConfiguration.create({ data });
}

/** Delete every recipient of the configuration. */
export async function deleteAlertRecipients(db: Db | DbTx, alertConfigurationId: string): Promise<void> {
  await db.alertEmailRecipient.deleteMany({ where: { alertConfigurationId } });
}

export async function createAlertRecipients(db: Db | DbTx, data: Prisma.AlertEmailRecipientCreateManyInput[]): Promise<void> {
  await db.alertEmailRecipient.createMany({ data });
}
