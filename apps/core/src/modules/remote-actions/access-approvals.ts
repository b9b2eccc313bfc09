/**
 * Access approvals (spec 001 §2 /access_approvals; §4 active, expired, used; support access on a
 * device lasts 8 hours, then blocks automatically).
 *
 * - Approvals are opened by the support access remote action (modules/remote-actions/remote-actions.ts). Their
 *   expiry is enforced on every read and change: an active approval past `expiresAt` reads expired,
 *   is stored so before a list is read, and can be neither used nor revoked
 *   (ACCESS_APPROVAL_NOT_ACTIVE). Only an active one changes.
 * - Revoking ends the access now: stored expired with `expiresAt` = `revokedAt` = now and
 *   `revokedById`. Marking used stores used, `usedAt` and `usedById`.
 * - Every change is announced as `accessApproval.changed` (its id only) on every inventory's topics.
 */
import {
  AccessApprovalStatus,
  ACCESS_APPROVAL_DEVICE_TYPES,
  type AccessApproval,
  type AccessApprovalPage,
  type AccessApprovalSearchQuery,
} from '@fleet/contracts';
import type { Prisma } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError } from '../../errors.js';
import type { AuthUser } from '../../platform/access.js';
import type { ServiceDeps } from '../deps.js';
import { compareText } from '../../platform/order.js';
import { everyoneAudience } from '../../platform/topics.js';
import { pageOf } from '../../platform/paging.js';
import * as repo from './repository.js';
import { findUsernames } from '../users/repository.js';
import { atVersion, requireFound } from '../../platform/versioned-write.js';

type ApprovalRow = repo.AccessApprovalRecord;
type DeviceType = (typeof ACCESS_APPROVAL_DEVICE_TYPES)[number];

export class AccessApprovalService {
  constructor(private readonly deps: ServiceDeps) {}

  /** GET v2/admin/accessApprovals. */
  async list(q: AccessApprovalSearchQuery): Promise<AccessApprovalPage> {
    const now = this.deps.businessClock.date();
    await this.expireStale(now);
    const rows = await repo.findAccessApprovals(this.deps.db, q.deviceId);
    const all = await this.present(rows, now.getTime());
    const needle = (q.searchValue ?? '').trim().toLowerCase();
    const matches = (a: AccessApproval) =>
      needle === '' || [a.deviceId, a.deviceName, a.reason, a.requestedBy ?? ''].some((v) => v.toLowerCase().includes(needle));
    const dir = q.sortDir === 'asc' ? 1 : -1;
    const key = (a: AccessApproval): string => a[q.sortBy];
    const matching = all
      .filter((a) => (q.status === undefined || a.status === q.status) && matches(a))
      .sort((a, b) => dir * compareText(key(a), key(b)) || compareText(a.id, b.id));
    return pageOf(matching, q);
  }

  /** GET v2/admin/accessApprovals/{id}. */
  async get(id: string): Promise<AccessApproval> {
    return this.presentOne(await this.require(id), this.deps.businessClock.now());
  }

  /** PUT v2/admin/accessApprovals/{id}/revoke: the access ends now. */
  async revoke(user: AuthUser, id: string, version: number | undefined): Promise<AccessApproval> {
    return this.end(user, id, version, 'revoked');
  }

  /** PUT v2/admin/accessApprovals/{id}/used. */
  async use(user: AuthUser, id: string, version: number | undefined): Promise<AccessApproval> {
    return this.end(user, id, version, 'used');
  }

  /** Announces a change made elsewhere (a support access opened by a remote action). */
  announce(id: string): void {
    this.deps.hub.publish(everyoneAudience(this.deps.readModel), { type: 'accessApproval.changed', accessApprovalId: id, at: this.deps.clock.now() });
  }

  // ── helpers ────────────────────────────────────────────────────────────────────────────────

  private async end(user: AuthUser, id: string, version: number | undefined, how: 'revoked' | 'used'): Promise<AccessApproval> {
    const row = await this.require(id);
    if (version !== undefined && version !== row.version) throw new AppError('CONFLICT');
    const now = this.deps.businessClock.date();
    if (row.status !== 'active' || row.expiresAt <= now) {
      // Past its 8 hours it blocks by itself: stored so, and refused.
      if (row.status === 'active') {
        await repo.updateApprovalAtVersion(this.deps.db, id, row.version, false, { status: 'expired' });
        this.announce(id);
      }
      throw new AppError('ACCESS_APPROVAL_NOT_ACTIVE');
    }
    const data: Prisma.AccessApprovalUpdateManyMutationInput =
      how === 'revoked' ? { status: 'expired', expiresAt: now, revokedAt: now, revokedById: user.id } : { status: 'used', usedAt: now, usedById: user.id };
    await atVersion(repo.updateApprovalAtVersion(this.deps.db, id, row.version, true, data));
    this.announce(id);
    return this.presentOne(await this.require(id), now.getTime());
  }

  /** Active approvals past their time are stored expired (what "blocks automatically" leaves behind). */
  private async expireStale(now: Date): Promise<void> {
    const stale = await repo.findStaleApprovalIds(this.deps.db, now);
    if (stale.length === 0) return;
    await repo.expireApprovals(this.deps.db, stale);
  }

  private require(id: string): Promise<ApprovalRow> {
    return requireFound(repo.findAccessApproval(this.deps.db, id));
  }

  private async presentOne(row: ApprovalRow, now: number): Promise<AccessApproval> {
    const [one] = await this.present([row], now);
    if (!one) throw new AppError('NOT_FOUND');
    return one;
  }

  /** Rows as answers: the device's name, who asked, approved, used or revoked, the status as of now. */
  private async present(rows: ApprovalRow[], now: number): Promise<AccessApproval[]> {
    if (rows.length === 0) return [];
    const userIds = new Set<string>();
    for (const r of rows) for (const u of [r.requestedById, r.approvedById, r.usedById, r.revokedById]) if (u) userIds.add(u);
    const usernameById = await findUsernames(this.deps.db, [...userIds]);
    const nameOf = (uid: string | null) => (uid ? (usernameById.get(uid) ?? null) : null);
    return rows.map((r) => {
      const stored = AccessApprovalStatus.catch('expired').parse(r.status);
      const deviceType = (ACCESS_APPROVAL_DEVICE_TYPES as readonly string[]).includes(r.deviceType) ? (r.deviceType as DeviceType) : 'unit';
      return {
        id: r.id,
        deviceType,
        deviceId: r.deviceId,
        deviceName: this.deviceName(deviceType, r.deviceId),
        status: stored === 'active' && r.expiresAt.getTime() <= now ? 'expired' : stored,
        reason: r.reason,
        requestedBy: nameOf(r.requestedById),
        approvedBy: nameOf(r.approvedById),
        expiresAt: r.expiresAt.toISOString(),
        usedAt: r.usedAt ? r.usedAt.toISOString() : null,
        usedBy: nameOf(r.usedById),
        revokedAt: r.revokedAt ? r.revokedAt.toISOString() : null,
        revokedBy: nameOf(r.revokedById),
        version: r.version,
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      };
    });
  }

  private deviceName(type: DeviceType, id: string): string {
    const rm = this.deps.readModel;
    const found =
      type === 'unit' ? rm.units.get(id) : type === 'server' ? rm.servers.get(id) : type === 'channel' ? rm.channels.get(id) : rm.vrChannels.get(id);
    return found?.name ?? '';
  }
}

export const accessApprovalCalls = callsOf<AccessApprovalService>()({
  listAccessApprovals: (svc, { query }) => svc.list(query),
  getAccessApproval: (svc, { params }) => svc.get(params.id),
  revokeAccessApproval: (svc, { params, body }, user) => svc.revoke(user, params.id, body.version),
  useAccessApproval: (svc, { params, body }, user) => svc.use(user, params.id, body.version),
});
