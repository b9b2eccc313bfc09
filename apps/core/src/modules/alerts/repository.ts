/**
 * Alerts in storage: every query of the alerts module (the alerts devices raise and clear, the
 * default alert configuration). Each function takes the client to run on: the service's `db`, or
 * a transaction's `tx` inside `transaction(...)`.
 */
import type { Db, DbTx, Prisma } from '@fleet/db';

export type AlertRecord = Prisma.AlertGetPayload<object>;
export type AlertConfigurationRecord = Prisma.AlertConfigurationGetPayload<object>;

const withUnitName = { unit: { select: { name: true } } } as const satisfies Prisma.AlertInclude;
export type AlertWithUnitName = Prisma.AlertGetPayload<{ include: typeof withUnitName }>;

/** Active alerts of the units matching `units`, newest first, at most `limit`. */
export function findActiveUnitAlerts(db: Db | DbTx, units: Prisma.UnitWhereInput, limit: number): Promise<AlertWithUnitName[]> {
  return db.alert.findMany({
    where: { active: true, unitId: { not: null }, unit: { is: units } },
    include: withUnitName,
    orderBy: [{ raisedAt: 'desc' }, { id: 'asc' }],
    take: limit,
  });
}

/** The device's active alerts of this type. */
export function findActiveAlertsOfDevice(db: Db | DbTx, owner: { unitId: string | null; serverId: string | null }, type: string): Promise<AlertRecord[]> {
  return db.alert.findMany({ where: { ...owner, type, active: true } });
}

/** Every active alert of a unit or a server. */
export function findActiveDeviceAlerts(db: Db | DbTx): Promise<AlertRecord[]> {
  return db.alert.findMany({ where: { active: true, OR: [{ unitId: { not: null } }, { serverId: { not: null } }] } });
}

export function createAlert(db: Db | DbTx, data: Prisma.AlertUncheckedCreateInput): Promise<AlertRecord> {
  return db.alert.create({ data });
}

/** Close these alerts, cleared at `at`. */
export async function clearAlerts(db: Db | DbTx, rows: readonly { id: string }[], at: number): Promise<void> {
  await db.alert.updateMany({ where: { id: { in: rows.map((r) => r.id) } }, data: { active: false, clearedAt: new Date(at), version: { increment: 1 } } });
}

/** Whether the unit exists in storage. */
export async function unitExists(db: Db | DbTx, id: string): Promise<boolean> {
  return (await db.unit.findUnique({ where: { id }, select: { id: true } })) !== null;
}

/** The default alert configuration (the oldest, should there be two). */
export function findDefaultAlertConfiguration(db: Db | DbTx): Promise<AlertConfigurationRecord | null> {
  return db.alertConfiguration.findFirst({ where: { scope: 'default' }, orderBy: { createdAt: 'asc' } });
}
