/**
 * Point-to-point link calls of spec 001 §7: a link joins a master unit with other machines (ptp:
 * one, ptmp: several; §3 "Ptmp payload: uniqueID and machines with uid"). Links are created on
 * the master unit, edited, shared with groups, and stream: the master unit is told through the
 * device gateway (`startP2pStream` / `stopP2pStream` actions) and the link's status (streaming /
 * idle) is stored once the unit accepted. Every change is announced as `p2p.changed` to the
 * master unit's topics and the link's groups.
 *
 * A link is visible to whoever sees its master unit; unknown and foreign links both 404. Links are
 * few and read only by these calls, so they are read from storage (they have no read-model table).
 */
import {
  P2pKind,
  P2pStatus,
  VALIDATION,
  groupTopic,
  type CreateP2pLinkBody,
  type FieldProblem,
  type P2pLink,
  type P2pLinkDeleted,
  type P2pLinkGroup,
  type P2pLinkGroups,
  type P2pMachine,
  type P2pSelectedGroups,
  type SetP2pLinkGroupsBody,
  type UpdateP2pLinkBody,
  RULES,
} from '@fleet/contracts';
import { isBusy } from '@fleet/domain';
import { transaction } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { parseOr } from '../../platform/storage/json-column.js';
import { canSeeUnit, visibleGroup, type AuthUser } from '../../platform/access.js';
import type { ServiceDeps } from '../deps.js';
import type { UnitDevices } from '../units/unit-devices.js';
import { byNameThenId, compareText } from '../../platform/order.js';
import * as repo from './repository.js';
import { atVersion } from '../../platform/versioned-write.js';

type LinkRow = repo.P2pLinkRecord;

export class P2pService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly devices: Pick<UnitDevices, 'command'>,
  ) {}

  async get(user: AuthUser, id: string): Promise<P2pLink> {
    return toLink(await this.visible(user, id));
  }

  /** POST v2/p2p/{id}: {id} is the master unit (unit scope checked by the route). */
  async create(user: AuthUser, masterUnitId: string, body: CreateP2pLinkBody): Promise<P2pLink> {
    const problems = this.machineProblems(user, masterUnitId, body.kind, body.machines);
    const groupIds = [...new Set(body.groupIds ?? [])];
    (body.groupIds ?? []).forEach((g, i) => {
      if (!visibleGroup(this.deps.readModel, user, g)) problems.push({ path: `body.groupIds.${i}`, message: RULES.unknownGroup });
    });
    if (problems.length > 0) throw validationError(problems);
    const created = await transaction(this.deps.db, async (tx) => {
      const linkId = await repo.createP2pLink(tx, {
        name: body.name,
        kind: body.kind,
        masterUnitId,
        machines: body.machines.map((m) => ({ uid: m.uid })),
        status: 'idle',
        streaming: false,
      });
      if (groupIds.length > 0) await repo.addP2pLinkGroups(tx, linkId, groupIds);
      return linkId;
    });
    return this.announce(await this.row(created));
  }

  async update(user: AuthUser, id: string, body: UpdateP2pLinkBody): Promise<P2pLink> {
    const row = await this.visible(user, id);
    if (body.version !== undefined && body.version !== row.version) throw new AppError('CONFLICT');
    if (row.streaming) throw new AppError('P2P_LINK_STREAMING');
    const kind = body.kind ?? parseOr(P2pKind, row.kind, 'ptp');
    const machines = body.machines ?? machinesOf(row).filter((m) => m.uid !== row.masterUnitId);
    // The master may have gone (null): only a global user sees such a link, and the rules of the
    // machines are checked against no master.
    const problems = this.machineProblems(user, row.masterUnitId, kind, machines, body.machines === undefined ? 'body.kind' : 'body.machines');
    if (problems.length > 0) throw validationError(problems);
    await atVersion(
      repo.updateP2pLinkAtVersion(this.deps.db, id, row.version, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        kind,
        machines: machines.map((m) => ({ uid: m.uid })),
      }),
    );
    return this.announce(await this.row(id));
  }

  async remove(user: AuthUser, id: string): Promise<P2pLinkDeleted> {
    const row = await this.visible(user, id);
    if (row.streaming) throw new AppError('P2P_LINK_STREAMING');
    await atVersion(repo.deleteP2pLinkAtVersion(this.deps.db, id, row.version));
    this.announce(row, true);
    return { id, deleted: true };
  }

  /**
   * POST v2/p2p/{id}/stream: the master unit starts streaming to the machines. It must be online
   * and idle ("Selected channel busy or offline" / "Unit is busy"); the device decides last.
   */
  async startStream(user: AuthUser, id: string): Promise<P2pLink> {
    const row = await this.visible(user, id);
    if (row.streaming) return toLink(row);
    const master = row.masterUnitId;
    if (master === null || !this.deps.readModel.units.get(master)) throw new AppError('UNIT_OFFLINE');
    if (this.deps.index.statusOf(master) === 'offline') throw new AppError('UNIT_OFFLINE');
    if (isBusy(this.deps.index.applicationsOf(master))) throw new AppError('UNIT_BUSY');
    await this.devices.command(master, { type: 'action', action: 'startP2pStream', payload: { linkId: id, machines: machinesOf(row).map((m) => m.uid) } });
    return this.setStreaming(row, true);
  }

  /** DELETE v2/p2p/{id}/stream: the link stops; an idle link answers as it is. */
  async stopStream(user: AuthUser, id: string): Promise<P2pLink> {
    const row = await this.visible(user, id);
    if (!row.streaming) return toLink(row);
    if (row.masterUnitId !== null && this.deps.readModel.units.get(row.masterUnitId)) {
      try {
        await this.devices.command(row.masterUnitId, { type: 'action', action: 'stopP2pStream', payload: { linkId: id } });
      } catch (e) {
        // An offline master streams nothing any more: the link is idle all the same.
        if (!(e instanceof AppError && e.code === 'UNIT_OFFLINE')) throw e;
      }
    }
    return this.setStreaming(row, false);
  }

  async groups(user: AuthUser, id: string): Promise<P2pLinkGroups> {
    const row = await this.visible(user, id);
    return { id, groups: this.groupsOf(user, row) };
  }

  async selectedGroups(user: AuthUser, id: string): Promise<P2pSelectedGroups> {
    const row = await this.visible(user, id);
    return { id, groups: this.groupsOf(user, row).filter((g) => g.selected) };
  }

  /**
   * PUT v2/p2p/{id}/groups: the caller's visible groups are replaced by `groupIds` (groups they do
   * not see stay), `selectedGroupIds` (a subset of them) are the selected ones.
   */
  async setGroups(user: AuthUser, id: string, body: SetP2pLinkGroupsBody): Promise<P2pLinkGroups> {
    const row = await this.visible(user, id);
    const problems: FieldProblem[] = [];
    body.groupIds.forEach((g, i) => {
      if (!visibleGroup(this.deps.readModel, user, g)) problems.push({ path: `body.groupIds.${i}`, message: RULES.unknownGroup });
    });
    body.selectedGroupIds.forEach((g, i) => {
      if (!body.groupIds.includes(g)) problems.push({ path: `body.selectedGroupIds.${i}`, message: RULES.notOfLinkGroups });
    });
    if (problems.length > 0) throw validationError(problems);
    const wanted = [...new Set(body.groupIds)];
    const selected = new Set(body.selectedGroupIds);
    const mine = row.groups.filter((g) => visibleGroup(this.deps.readModel, user, g.groupId)).map((g) => g.groupId);
    await transaction(this.deps.db, async (tx) => {
      await atVersion(repo.updateP2pLinkAtVersion(tx, id, row.version, {}));
      await repo.removeP2pLinkGroups(tx, id, mine);
      if (wanted.length > 0) await repo.addP2pLinkGroups(tx, id, wanted, selected);
    });
    const fresh = await this.row(id);
    this.announce(fresh);
    return { id, groups: this.groupsOf(user, fresh) };
  }

  // ── helpers ──────────────────────────────────────────────────────────────────────────────────

  private async row(id: string): Promise<LinkRow> {
    const row = await repo.findP2pLink(this.deps.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** The link if the caller sees its master unit (global users: every link); else 404. */
  private async visible(user: AuthUser, id: string): Promise<LinkRow> {
    const row = await repo.findP2pLink(this.deps.db, id);
    if (!row || !this.seesUnit(user, row.masterUnitId)) throw new AppError('NOT_FOUND');
    return row;
  }

  private seesUnit(user: AuthUser, unitId: string | null): boolean {
    if (unitId === null) return user.global;
    const unit = this.deps.readModel.units.get(unitId);
    if (!unit) return user.global;
    return canSeeUnit(user, { inventoryIds: unit.inventories.map((i) => i.inventoryId), groupIds: unit.groups.map((g) => g.groupId) });
  }

  /**
   * ptp: exactly one machine; ptmp: one or more; each a unit the caller sees (an unknown or
   * invisible one is 404, as every unit the caller names), not the master, once.
   */
  private machineProblems(user: AuthUser, master: string | null, kind: P2pKind, machines: readonly P2pMachine[], kindPath = 'body.machines'): FieldProblem[] {
    if (machines.some((m) => this.deps.readModel.units.get(m.uid) === undefined || !this.seesUnit(user, m.uid))) throw new AppError('NOT_FOUND');
    const problems: FieldProblem[] = [];
    if (kind === 'ptp' && machines.length !== 1) problems.push({ path: kindPath, message: RULES.pointToPointOneMachine });
    const seen = new Set<string>();
    machines.forEach((m, i) => {
      if (m.uid === master) problems.push({ path: `body.machines.${i}.uid`, message: RULES.linkOwnUnit });
      else if (seen.has(m.uid)) problems.push({ path: `body.machines.${i}.uid`, message: VALIDATION.fieldUnique });
      seen.add(m.uid);
    });
    return problems;
  }

  private async setStreaming(row: LinkRow, streaming: boolean): Promise<P2pLink> {
    await atVersion(repo.updateP2pLinkAtVersion(this.deps.db, row.id, row.version, { streaming, status: streaming ? 'streaming' : 'idle' }));
    return this.announce(await this.row(row.id));
  }

  private groupsOf(user: AuthUser, row: LinkRow): P2pLinkGroup[] {
    const out: P2pLinkGroup[] = [];
    for (const g of row.groups) {
      const group = visibleGroup(this.deps.readModel, user, g.groupId);
      if (group) out.push({ id: group.id, name: group.name, inventoryId: group.inventoryId, selected: g.selected });
    }
    return out.sort(byNameThenId);
  }

  /** `p2p.changed` to the master unit's topics and the link's groups; answers the link. */
  private announce(row: LinkRow, removed = false): P2pLink {
    const link = toLink(row);
    const topics = new Set<string>(row.masterUnitId !== null ? this.deps.index.topicsOf(row.masterUnitId) : []);
    for (const g of row.groups) topics.add(groupTopic(g.groupId));
    if (topics.size > 0) this.deps.hub.publish([...topics], { type: 'p2p.changed', link, removed, at: this.deps.clock.now() });
    return link;
  }
}

/** The machines a link row lists: entries without a uid (or a link whose column is not a list) are left out. */
export function machinesOf(row: Pick<LinkRow, 'machines'>): P2pMachine[] {
  if (!Array.isArray(row.machines)) return [];
  const out: P2pMachine[] = [];
  for (const m of row.machines) {
    if (m !== null && typeof m === 'object' && !Array.isArray(m) && typeof m.uid === 'string' && m.uid !== '') out.push({ uid: m.uid });
  }
  return out;
}

function toLink(row: LinkRow): P2pLink {
  const groupIds = row.groups.map((g) => g.groupId).sort(compareText);
  return {
    id: row.id,
    name: row.name,
    kind: parseOr(P2pKind, row.kind, 'ptp'),
    uniqueID: row.masterUnitId,
    // Seeded links list the master among the machines; the answer lists the others.
    machines: machinesOf(row).filter((m) => m.uid !== row.masterUnitId),
    status: parseOr(P2pStatus, row.status, row.streaming ? 'streaming' : 'idle'),
    streaming: row.streaming,
    groupIds,
    selectedGroupIds: row.groups
      .filter((g) => g.selected)
      .map((g) => g.groupId)
      .sort(compareText),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const p2pCalls = callsOf<P2pService>()({
  getP2pLink: (s, { params }, user) => s.get(user, params.id),
  createP2pLink: (s, { params, body }, user) => s.create(user, params.id, body),
  updateP2pLink: (s, { params, body }, user) => s.update(user, params.id, body),
  deleteP2pLink: (s, { params }, user) => s.remove(user, params.id),
  startP2pStream: (s, { params }, user) => s.startStream(user, params.id),
  stopP2pStream: (s, { params }, user) => s.stopStream(user, params.id),
  getP2pLinkGroups: (s, { params }, user) => s.groups(user, params.id),
  setP2pLinkGroups: (s, { params, body }, user) => s.setGroups(user, params.id, body),
  getP2pLinkSelectedGroups: (s, { params }, user) => s.selectedGroups(user, params.id),
});
