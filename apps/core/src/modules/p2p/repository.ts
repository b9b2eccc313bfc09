/**
 * Point-to-point links in storage: every query of the p2p module (the links and their groups).
 * Each function takes the client to run on: the service's `db`, or a transaction's `tx` inside
 * `transaction(...)`.
 */
import type { Db, DbTx, Prisma } from '@fleet/db';

const withGroups = { groups: { select: { groupId: true, selected: true } } } as const satisfies Prisma.P2pLinkInclude;

/** A link with its groups (and which of them are selected). */
export type P2pLinkRecord = Prisma.P2pLinkGetPayload<{ include: typeof withGroups }>;

export function findP2pLink(db: Db | DbTx, id: string): Promise<P2pLinkRecord | null> {
  return db.p2pLink.findUnique({ where: { id }, include: withGroups });
}

/** A new link; answers its id. */
export async function createP2pLink(db: Db | DbTx, data: Prisma.P2pLinkUncheckedCreateInput): Promise<string> {
  return (await db.p2pLink.create({ data })).id;
}

/** Set columns of the link while it is at `version` (its version moves on); answers the rows changed. */
export async function updateP2pLinkAtVersion(db: Db | DbTx, id: string, version: number, data: Prisma.P2pLinkUncheckedUpdateManyInput): Promise<number> {
  return (await db.p2pLink.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

/** Delete the link while it is at `version`; answers the rows deleted. */
export async function deleteP2pLinkAtVersion(db: Db | DbTx, id: string, version: number): Promise<number> {
  return (await db.p2pLink.deleteMany({ where: { id, version } })).count;
}

/** Add the groups to the link (`selected`: which of them are selected; none when not given). */
export async function addP2pLinkGroups(db: Db | DbTx, p2pLinkId: string, groupIds: string[], selected?: ReadonlySet<string>): Promise<void> {
  await db.p2pLinkGroup.createMany({
    data: groupIds.map((groupId) => (selected === undefined ? { p2pLinkId, groupId } : { p2pLinkId, groupId, selected: selected.has(groupId) })),
  });
}

export async function removeP2pLinkGroups(db: Db | DbTx, p2pLinkId: string, groupIds: string[]): Promise<void> {
  await db.p2pLinkGroup.deleteMany({ where: { p2pLinkId, groupId: { in: groupIds } } });
}
