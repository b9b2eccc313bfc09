/**
 * Request and answer shapes of the p2p calls (spec 001 §3, §7); where the spec leaves a
 * shape "not shown", the shape here is the one the console's screens use.
 *
 * A point-to-point link joins a master unit with other machines: `ptp` (one peer) or `ptmp` (point
 * to multipoint). §3 "Ptmp payload: uniqueID and machines with uid": a link is written as the
 * master's unique id (the path's {id} on creation) and its machines, each with a `uid`.
 */
import { z } from 'zod';
import { VALIDATION } from '../messages.js';
import { PtmpMachine } from './channels.js';
import { Id, IsoDate } from './common.js';

export const P2P_KINDS = ['ptp', 'ptmp'] as const;
export const P2pKind = z.enum(P2P_KINDS);
export type P2pKind = z.infer<typeof P2pKind>;
/** idle: not streaming; streaming: the master unit streams to the machines. */
export const P2P_STATUSES = ['idle', 'streaming'] as const;
export const P2pStatus = z.enum(P2P_STATUSES);
export type P2pStatus = z.infer<typeof P2pStatus>;

/** Limits of a link (not in the spec): a multipoint link reaches at most this many machines. */
export const P2P_LIMITS = { ptmpMachinesMax: 32, nameMax: 255 } as const;

/** Names follow the device-name rule of spec 001 §5 (letters, numbers, underscores, hyphens). */
const LinkName = z
  .string({ error: VALIDATION.required })
  .min(1, VALIDATION.required)
  .max(P2P_LIMITS.nameMax, VALIDATION.max255)
  .regex(/^[A-Za-z0-9_-]+$/, VALIDATION.unitNameCharacters);
/** A machine of a link: the same `{ uid }` as the ptmp payload of channels (§3). */
export const P2pMachine = PtmpMachine;
export type P2pMachine = PtmpMachine;
const Machines = z.array(P2pMachine).max(P2P_LIMITS.ptmpMachinesMax, VALIDATION.maxElements);
const Version = z.number().int().nonnegative().max(2_147_483_647);

/** A link as every p2p read answers it (and `p2p.changed` carries it). */
export const P2pLink = z.object({
  id: Id,
  name: z.string(),
  kind: P2pKind,
  /** The master unit's unique id (uniqueID of the ptmp payload); null once that unit is gone. */
  uniqueID: Id.nullable(),
  /** The other machines, master excluded. */
  machines: z.array(P2pMachine),
  status: P2pStatus,
  streaming: z.boolean(),
  groupIds: z.array(Id),
  selectedGroupIds: z.array(Id),
  version: z.number().int().nonnegative(),
  updatedAt: IsoDate,
});
export type P2pLink = z.infer<typeof P2pLink>;

/**
 * POST v2/p2p/{id} ({id}: the master unit): create a link. A `ptp` link has exactly one machine;
 * a `ptmp` link one or more. Machines are visible units other than the master, each once.
 */
export const CreateP2pLinkBody = z
  .object({
    name: LinkName,
    kind: P2pKind,
    machines: Machines.min(1, VALIDATION.required),
    groupIds: z.array(Id).max(200).optional(),
  })
  .strict();
export type CreateP2pLinkBody = z.infer<typeof CreateP2pLinkBody>;

/** PUT v2/p2p/{id} ({id}: the link): rename, change kind or machines (not while streaming). */
export const UpdateP2pLinkBody = z
  .object({
    name: LinkName.optional(),
    kind: P2pKind.optional(),
    machines: Machines.min(1, VALIDATION.required).optional(),
    version: Version.optional(),
  })
  .strict();
export type UpdateP2pLinkBody = z.infer<typeof UpdateP2pLinkBody>;

/** DELETE v2/p2p/{id}. */
export const P2pLinkDeleted = z.object({ id: Id, deleted: z.literal(true) });
export type P2pLinkDeleted = z.infer<typeof P2pLinkDeleted>;

/** A group a link is shared with; `selected`: the group the link shows in. */
export const P2pLinkGroup = z.object({ id: Id, name: z.string(), inventoryId: Id, selected: z.boolean() });
export type P2pLinkGroup = z.infer<typeof P2pLinkGroup>;
/** GET / PUT v2/p2p/{id}/groups. */
export const P2pLinkGroups = z.object({ id: Id, groups: z.array(P2pLinkGroup) });
export type P2pLinkGroups = z.infer<typeof P2pLinkGroups>;
/**
 * PUT v2/p2p/{id}/groups: the groups the link is shared with (the caller's visible groups; others
 * the link is in stay) and which of them are selected (a subset of `groupIds`).
 */
export const SetP2pLinkGroupsBody = z
  .object({
    groupIds: z.array(Id).max(200),
    selectedGroupIds: z.array(Id).max(200).default([]),
  })
  .strict();
export type SetP2pLinkGroupsBody = z.infer<typeof SetP2pLinkGroupsBody>;
/** GET v2/p2p/{id}/groups/selected. */
export const P2pSelectedGroups = z.object({ id: Id, groups: z.array(P2pLinkGroup) });
export type P2pSelectedGroups = z.infer<typeof P2pSelectedGroups>;
