/**
 * Remote actions (spec 001 §2 /remote_actions for partners and super users): support actions on
 * the units of the caller's inventories (super user and staff: every unit).
 *
 * Each action is carried out by the service that already owns the behaviour, never again here:
 * - send logs: SupportCaseService.startFetchLogs (the spec 000 §5 rules: an e-mail address, the
 *   unit online and not transmitting, a channel able to take the logs). The support case it
 *   records is the remote action (stored action `fetchlogs`), running until the unit's logs
 *   activity ends (done) or the unit goes offline (failed);
 * - reboot: the unit command (UnitCommands.rebootUnit); the action runs from the unit's
 *   acknowledgement until it is seen online again after going offline (done), or fails when it
 *   is not back within REBOOT_ANSWER_MS;
 * - support access (spec 001 §4 "lasts 8 hours, then blocks automatically", §9): an access
 *   approval active for TIMINGS.supportAccessMs, recorded with the same id as its remote action
 *   (done at once). Expiry is computed on read: an approval past its `expiresAt` reads `expired`
 *   whatever is stored, and the stored state of a device's stale approvals is set to `expired`
 *   when support access is asked again. A request while one is active answers the active one.
 *
 * Every change is announced as `remoteAction.changed` on the unit's topics (its groups and inventories).
 */
import { randomUUID } from 'node:crypto';
import {
  AccessApprovalState,
  RemoteActionStatus,
  TIMINGS,
  type AdminDbGatewayPage,
  type AdminDbGatewaySearchQuery,
  type CreateRemoteActionBody,
  type RemoteAction,
  type RemoteActionKind,
  type RemoteActionListQuery,
  type RemoteActionPage,
} from '@fleet/contracts';
import type { Prisma } from '@fleet/db';
import { transaction } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError } from '../../errors.js';
import { anyObject } from '../../platform/storage/json-column.js';
import { remoteActionParams } from './remote-action-columns.js';
import type { UnitRecord } from '../../platform/storage/unit-rows.js';
import type { AuthUser } from '../../platform/access.js';
import type { ServiceDeps } from '../deps.js';
import type { ClockTimer } from '../../platform/clock.js';
import { compareText } from '../../platform/order.js';
import type { SupportCaseService } from './support-cases.js';
import type { UnitCommands } from '../unit-configuration/commands.js';
import { everyoneAudience } from '../../platform/topics.js';
import { pageRows } from '../../platform/paging.js';
import { dbGatewayListed } from '../servers/databridge-gateways.js';
import * as repo from './repository.js';
import { findUsernames } from '../users/repository.js';

/** How long a rebooting unit may stay away before its reboot counts as failed (no spec value; units come back within seconds). */
export const REBOOT_ANSWER_MS = 5 * 60_000;

/** The stored action names (a support case opened by sending logs is stored as `fetchlogs`). */
const STORED_ACTION: Record<RemoteActionKind, string> = { sendLogs: 'fetchlogs', reboot: 'reboot', supportAccess: 'supportAccess' };
const KIND_OF_STORED = new Map<string, RemoteActionKind>(Object.entries(STORED_ACTION).map(([kind, stored]) => [stored, kind as RemoteActionKind]));

type RemoteActionRow = repo.RemoteActionRecord;
type ApprovalRow = repo.AccessApprovalRecord;

/** What the services carrying the actions out offer. */
export interface RemoteActionPerformers {
  supportCases: Pick<SupportCaseService, 'startFetchLogs'>;
  commands: Pick<UnitCommands, 'rebootUnit'>;
}

export class RemoteActionService {
  /** Reboots in progress per unit: the action and whether the unit has been seen offline since. */
  private readonly reboots = new Map<string, { actionId: string; sawOffline: boolean; timer: ClockTimer }>();
  /** Support access requests per unit, one at a time (a second one must find the first's approval). */
  private readonly accessLocks = new Map<string, Promise<unknown>>();

  constructor(
    private readonly deps: ServiceDeps,
    private readonly performers: RemoteActionPerformers,
  ) {
    // Built after SupportCaseService, so its listener has already ended a finished log sending.
    deps.reports.onDeviceState(async (c) => {
      if (c.previous.fetchlogs && (!c.online || !c.applications.fetchlogs)) await this.announceLatest(c.unitId, STORED_ACTION.sendLogs);
      const reboot = this.reboots.get(c.unitId);
      if (!reboot) return;
      if (!c.online) reboot.sawOffline = true;
      else if (reboot.sawOffline) await this.finishReboot(c.unitId, 'done', {});
    });
  }

  // ── reads ─────────────────────────────────────────────────────────────────────────────────────

  async list(user: AuthUser, q: RemoteActionListQuery): Promise<RemoteActionPage> {
    const and: Prisma.RemoteActionWhereInput[] = [{ deviceType: 'unit' }, { action: { in: Object.values(STORED_ACTION) } }];
    if (!user.global)
      and.push({
        deviceId: {
          in: this.deps.readModel.units
            .all()
            .filter((u) => this.sees(user, u))
            .map((u) => u.id),
        },
      });
    if (q.deviceId !== undefined) {
      // A device filter names one device: an unknown or foreign one answers 404 like the device's own calls.
      const unit = this.deps.readModel.units.get(q.deviceId);
      if (!unit || !this.sees(user, unit)) throw new AppError('NOT_FOUND');
      and.push({ deviceId: q.deviceId });
    }
    if (q.inventoryId !== undefined) {
      // As the device filter: an unknown inventory or one of someone else's answers 404.
      const inventoryId = q.inventoryId;
      if (!this.deps.readModel.inventories.get(inventoryId) || !(user.global || user.inventoryIds.includes(inventoryId))) throw new AppError('NOT_FOUND');
      and.push({
        deviceId: {
          in: this.deps.readModel.units
            .all()
            .filter((u) => u.inventories.some((i) => i.inventoryId === inventoryId))
            .map((u) => u.id),
        },
      });
    }
    const where: Prisma.RemoteActionWhereInput = { AND: and };
    const [total, rows] = await Promise.all([repo.countRemoteActions(this.deps.db, where), repo.findRemoteActionPage(this.deps.db, where, q.offset, q.limit)]);
    return { items: await this.present(rows), total, offset: q.offset, limit: q.limit };
  }

  async get(user: AuthUser, id: string): Promise<RemoteAction> {
    const row = await repo.findRemoteAction(this.deps.db, id);
    if (!row || row.deviceType !== 'unit' || !KIND_OF_STORED.has(row.action)) throw new AppError('NOT_FOUND');
    const unit = this.deps.readModel.units.get(row.deviceId);
    if (!user.global && (!unit || !this.sees(user, unit))) throw new AppError('NOT_FOUND');
    return this.presentOne(row);
  }

  // ── actions ───────────────────────────────────────────────────────────────────────────────────

  async create(user: AuthUser, body: CreateRemoteActionBody): Promise<RemoteAction> {
    const unit = this.deps.readModel.units.get(body.deviceId);
    if (!unit || !this.sees(user, unit)) throw new AppError('NOT_FOUND');
    switch (body.action) {
      case 'sendLogs':
        return this.sendLogs(user, unit.id, body);
      case 'reboot':
        return this.reboot(user, unit.id, body.reason ?? '');
      case 'supportAccess':
        return this.serialised(unit.id, () => this.supportAccess(user, unit.id, body.reason ?? ''));
    }
  }

  private async sendLogs(user: AuthUser, unitId: string, body: CreateRemoteActionBody): Promise<RemoteAction> {
    // The body's check made the reason present for sendLogs.
    const started = await this.performers.supportCases.startFetchLogs(user, unitId, { description: body.reason ?? '', channelId: body.channelId });
    return this.announce(await repo.getRemoteAction(this.deps.db, started.supportCaseId));
  }

  private async reboot(user: AuthUser, unitId: string, reason: string): Promise<RemoteAction> {
    if (this.reboots.has(unitId)) {
      // A reboot is under way: the unit is (or soon goes) offline, as a second command would find it.
      throw new AppError('UNIT_OFFLINE');
    }
    const row = await repo.createRemoteAction(this.deps.db, {
      id: randomUUID(),
      deviceType: 'unit',
      deviceId: unitId,
      action: STORED_ACTION.reboot,
      params: remoteActionParams.write({ reason }),
      requestedById: user.id,
    });
    // Followed before the command goes out: the unit may report going offline before the acknowledgement arrives.
    const timer = this.deps.clock.setTimeout(() => void this.finishReboot(unitId, 'failed', { reason: 'noAnswer' }), REBOOT_ANSWER_MS).unref();
    this.reboots.set(unitId, { actionId: row.id, sawOffline: false, timer });
    try {
      await this.performers.commands.rebootUnit(unitId);
    } catch (e) {
      // Refused (offline, ...): nothing of the request stays.
      this.deps.clock.clearTimeout(timer);
      this.reboots.delete(unitId);
      await repo.deleteRemoteAction(this.deps.db, row.id);
      throw e;
    }
    await repo.markRemoteActionRunning(this.deps.db, row.id);
    return this.announce(await repo.getRemoteAction(this.deps.db, row.id));
  }

  private async finishReboot(unitId: string, status: 'done' | 'failed', result: Record<string, unknown>): Promise<void> {
    const reboot = this.reboots.get(unitId);
    if (!reboot) return;
    this.reboots.delete(unitId);
    this.deps.clock.clearTimeout(reboot.timer);
    await repo.finishRemoteAction(this.deps.db, reboot.actionId, status, anyObject.write(result));
    const row = await repo.findRemoteAction(this.deps.db, reboot.actionId);
    if (row) await this.announce(row);
  }

  private async supportAccess(user: AuthUser, unitId: string, reason: string): Promise<RemoteAction> {
    const now = this.deps.businessClock.date();
    await repo.expireUnitApprovals(this.deps.db, unitId, now);
    const active = await repo.findActiveUnitApproval(this.deps.db, unitId, now);
    if (active) {
      const opener = await repo.findRemoteAction(this.deps.db, active.id);
      if (opener) return this.presentOne(opener);
    }
    const id = randomUUID();
    const expiresAt = new Date(now.getTime() + TIMINGS.supportAccessMs);
    const row = await transaction(this.deps.db, async (tx) => {
      // An approval opened elsewhere (no remote action of that id) is answered by a new action pointing at it.
      const approvalId = active?.id ?? id;
      if (!active) {
        await repo.createAccessApproval(tx, {
          id,
          deviceType: 'unit',
          deviceId: unitId,
          requestedById: user.id,
          approvedById: user.id,
          status: 'active',
          reason,
          expiresAt,
          createdAt: now,
        });
      }
      return repo.createRemoteAction(tx, {
        id,
        deviceType: 'unit',
        deviceId: unitId,
        action: STORED_ACTION.supportAccess,
        params: remoteActionParams.write({ reason, accessApprovalId: approvalId }),
        status: 'done',
        result: anyObject.write({ accessApprovalId: approvalId }),
        requestedById: user.id,
      });
    });
    // The /access_approvals page follows new approvals (the id only: admin consoles read it again).
    if (!active)
      this.deps.hub.publish(everyoneAudience(this.deps.readModel), { type: 'accessApproval.changed', accessApprovalId: id, at: this.deps.clock.now() });
    return this.announce(row);
  }

  /** Runs `fn` after the previous support access request of the unit has finished. */
  private async serialised<T>(unitId: string, fn: () => Promise<T>): Promise<T> {
    const before = this.accessLocks.get(unitId) ?? Promise.resolve();
    const run = before.catch(() => undefined).then(fn);
    this.accessLocks.set(unitId, run);
    try {
      return await run;
    } finally {
      if (this.accessLocks.get(unitId) === run) this.accessLocks.delete(unitId);
    }
  }

  // ── answers and announcements ─────────────────────────────────────────────────────────────────

  private sees(user: AuthUser, unit: UnitRecord): boolean {
    return user.global || unit.inventories.some((i) => user.inventoryIds.includes(i.inventoryId));
  }

  /** The unit's latest action of this stored kind, announced (a log sending it ended). */
  private async announceLatest(unitId: string, storedAction: string): Promise<void> {
    const row = await repo.findLatestUnitAction(this.deps.db, unitId, storedAction);
    if (row) await this.announce(row);
  }

  private async announce(row: RemoteActionRow): Promise<RemoteAction> {
    const action = await this.presentOne(row);
    // The unit's topics (its groups and inventories): a console follows its user's groups, or its inventories without groups.
    const topics = this.deps.index.topicsOf(action.deviceId);
    if (topics.length > 0) this.deps.hub.publish(topics, { type: 'remoteAction.changed', remoteAction: action, at: this.deps.clock.now() });
    return action;
  }

  private async presentOne(row: RemoteActionRow): Promise<RemoteAction> {
    const [action] = await this.present([row]);
    if (!action) throw new AppError('NOT_FOUND');
    return action;
  }

  /** Rows as answers: the unit's name and inventories, who asked, the support access opened. */
  private async present(rows: RemoteActionRow[]): Promise<RemoteAction[]> {
    const params = new Map(rows.map((r) => [r.id, remoteActionParams.read(r.params)]));
    const approvalIds = [...params.values()].flatMap((p) => (p.accessApprovalId ? [p.accessApprovalId] : []));
    const userIds = [...new Set(rows.flatMap((r) => (r.requestedById ? [r.requestedById] : [])))];
    const [approvals, usernameById] = await Promise.all([
      approvalIds.length > 0 ? repo.findAccessApprovalsByIds(this.deps.db, approvalIds) : Promise.resolve([]),
      userIds.length > 0 ? findUsernames(this.deps.db, userIds) : Promise.resolve(new Map<string, string>()),
    ]);
    const approvalById = new Map(approvals.map((a) => [a.id, a]));
    const now = this.deps.businessClock.now();
    return rows.flatMap((r): RemoteAction[] => {
      const kind = KIND_OF_STORED.get(r.action);
      if (!kind) return [];
      const p = params.get(r.id) ?? {};
      const unit = this.deps.readModel.units.get(r.deviceId);
      const approval = p.accessApprovalId ? approvalById.get(p.accessApprovalId) : undefined;
      return [
        {
          id: r.id,
          deviceType: 'unit',
          deviceId: r.deviceId,
          deviceName: unit?.name ?? '',
          inventoryIds: unit ? unit.inventories.map((i) => i.inventoryId).sort(compareText) : [],
          action: kind,
          reason: p.reason ?? p.description ?? '',
          status: RemoteActionStatus.catch('failed').parse(r.status),
          result: anyObject.read(r.result),
          requestedBy: r.requestedById ? (usernameById.get(r.requestedById) ?? null) : null,
          supportAccess: kind === 'supportAccess' && approval ? supportAccessOf(approval, now) : null,
          createdAt: r.createdAt.toISOString(),
          updatedAt: r.updatedAt.toISOString(),
          version: r.version,
        },
      ];
    });
  }

  // ── contractor entities: databridge gateways ──────────────────────────────────────────────────

  /** GET v2/admin/dbGateways: the gateways of the caller's inventories (global roles: all), searched, sorted and paged. */
  async searchDbGateways(user: AuthUser, q: AdminDbGatewaySearchQuery): Promise<AdminDbGatewayPage> {
    const rows = await repo.findDbGatewaysOfInventories(this.deps.db, user.global ? null : user.inventoryIds);
    const needle = (q.searchValue ?? '').toLowerCase();
    const text = (g: (typeof rows)[number], key: AdminDbGatewaySearchQuery['sortBy']): string =>
      key === 'createdAt' || key === 'updatedAt' ? g[key].toISOString() : g[key];
    const dir = q.sortDir === 'desc' ? -1 : 1;
    const matching = rows
      .filter((g) => needle === '' || text(g, q.searchKey).toLowerCase().includes(needle))
      .sort((a, b) => dir * compareText(text(a, q.sortBy), text(b, q.sortBy)) || compareText(a.id, b.id));
    const items = pageRows(matching, q).map((g) => dbGatewayListed(g, this.deps.readModel.inventories));
    return { items, total: matching.length, offset: q.offset, limit: q.limit };
  }
}

/** The support access of an approval as read now: past its expiry it is expired, whatever is stored. */
function supportAccessOf(a: ApprovalRow, now: number): RemoteAction['supportAccess'] {
  const stored = AccessApprovalState.catch('expired').parse(a.status);
  return { id: a.id, status: stored === 'active' && a.expiresAt.getTime() <= now ? 'expired' : stored, expiresAt: a.expiresAt.toISOString() };
}

export const remoteActionCalls = callsOf<RemoteActionService>()({
  listRemoteActions: (s, { query }, user) => s.list(user, query),
  createRemoteAction: (s, { body }, user) => s.create(user, body),
  getRemoteAction: (s, { params }, user) => s.get(user, params.id),
  searchAdminDbGateways: (s, { query }, user) => s.searchDbGateways(user, query),
});
