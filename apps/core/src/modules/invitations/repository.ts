/**
 * Invitations in storage: every query of the invitations module (guest invitations, the groups'
 * invitation settings, the units' group memberships and their expiry, the units that join with a
 * code). Each function takes the client to run on: the service's `db`, or a transaction's `tx`
 * inside `transaction(...)`.
 */
import type { Db, DbTx, InvitationModel, Prisma } from '@fleet/db';

// ── invitations ────────────────────────────────────────────────────────────────────────────

export function findInvitationByCode(db: Db | DbTx, code: string): Promise<InvitationModel | null> {
  return db.invitation.findUnique({ where: { code } });
}

/** Whether an invitation holds the code. */
export async function invitationCodeTaken(db: Db | DbTx, code: string): Promise<boolean> {
  return (await db.invitation.count({ where: { code } })) > 0;
}

/**
 * Whether an open invitation (not used, not expired at `now`) reserves the device name; the one
 * of `exceptId`, when given, does not count.
 */
export async function deviceNameReserved(db: Db | DbTx, deviceName: string, now: Date, exceptId?: string): Promise<boolean> {
  return (
    (await db.invitation.findFirst({
      where: {
        deviceName,
        usedAt: null,
        OR: [{ expiresAt: null }, { expiresAt: { gt: now } }],
        ...(exceptId !== undefined ? { NOT: { id: exceptId } } : {}),
      },
      select: { id: true },
    })) !== null
  );
}

/** The group's open guest invitation of this id (not used, not expired at `now`). */
export function findOpenGuestInvitation(
  db: Db | DbTx,
  groupId: string,
  id: string,
  guestPlan: string,
  now: Date,
): Promise<Prisma.InvitationGetPayload<{ select: { id: true; version: true; code: true } }> | null> {
  return db.invitation.findFirst({
    where: { id, groupId, planType: guestPlan, usedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    select: { id: true, version: true, code: true },
  });
}

export function createInvitation(db: Db | DbTx, data: Prisma.InvitationUncheckedCreateInput): Promise<InvitationModel> {
  return db.invitation.create({ data });
}

/** Set columns of the invitation while it is at `version` (its version moves on); answers the rows changed. */
export async function updateInvitationAtVersion(db: Db | DbTx, id: string, version: number, data: Prisma.InvitationUncheckedUpdateManyInput): Promise<number> {
  return (await db.invitation.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

/** Mark the invitation used at `now`, while it is at `version` and unused; answers the rows changed. */
export async function markInvitationUsed(db: Db | DbTx, id: string, version: number, now: Date): Promise<number> {
  return (await db.invitation.updateMany({ where: { id, version, usedAt: null }, data: { usedAt: now, version: { increment: 1 } } })).count;
}

// ── groups ─────────────────────────────────────────────────────────────────────────────────

/** Write the group's invitation settings while it is at `version` (its version moves on); answers the rows changed. */
export async function updateGroupInvitationAtVersion(db: Db | DbTx, groupId: string, version: number, invitation: Prisma.InputJsonValue): Promise<number> {
  return (await db.group.updateMany({ where: { id: groupId, version }, data: { invitation, version: { increment: 1 } } })).count;
}

// ── units and their group memberships ──────────────────────────────────────────────────────

/** Whether the unit is a member of the group. */
export async function unitInGroup(db: Db | DbTx, groupId: string, unitId: string): Promise<boolean> {
  return (await db.unitGroup.count({ where: { groupId, unitId } })) > 0;
}

/** Memberships expired by `now`, oldest first, at most `limit`. */
export function findExpiredMemberships(
  db: Db | DbTx,
  now: Date,
  limit: number,
): Promise<Prisma.UnitGroupGetPayload<{ select: { unitId: true; groupId: true } }>[]> {
  return db.unitGroup.findMany({
    where: { expiresAt: { lte: now } },
    orderBy: [{ expiresAt: 'asc' }, { unitId: 'asc' }, { groupId: 'asc' }],
    take: limit,
    select: { unitId: true, groupId: true },
  });
}

/** The unit's membership of the group, with its expiry. */
export function findMembership(db: Db | DbTx, groupId: string, unitId: string): Promise<Prisma.UnitGroupGetPayload<{ select: { expiresAt: true } }> | null> {
  return db.unitGroup.findUnique({ where: { unitId_groupId: { unitId, groupId } }, select: { expiresAt: true } });
}

/** Set when the unit's membership of the group expires (null: never); answers the rows changed. */
export async function setMembershipExpiry(db: Db | DbTx, groupId: string, unitId: string, expiresAt: Date | null): Promise<number> {
  return (await db.unitGroup.updateMany({ where: { unitId, groupId }, data: { expiresAt } })).count;
}

/** Whether a unit has the name. */
export async function unitNameTaken(db: Db | DbTx, name: string): Promise<boolean> {
  return (await db.unit.findFirst({ where: { name }, select: { id: true } })) !== null;
}

/** Whether a unit has the id or the serial number. */
export async function unitIdentityTaken(db: Db | DbTx, id: string, serialNumber: string): Promise<boolean> {
  return (await db.unit.count({ where: { OR: [{ id }, { serialNumber }] } })) > 0;
}

/** The row of a unit joining with a code. */
export async function createJoinedUnit(db: Db | DbTx, data: Prisma.UnitUncheckedCreateInput): Promise<void> {
  await db.unit.create({ data });
}

export async function addUnitToGroup(db: Db | DbTx, unitId: string, groupId: string, expiresAt: Date | null): Promise<void> {
  await db.unitGroup.create({ data: { unitId, groupId, expiresAt } });
}
