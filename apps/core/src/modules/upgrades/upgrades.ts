/**
 * Software upgrades of units and servers (spec 001 §4 software upgrade: pending, upgrading,
 * succeeded, failed, rejected; §5 upgrade rules; §8 codes): the /devices "software upgrade" calls
 * (the devices of the caller's scope with their jobs, the versions a device may go to, a start,
 * the history) and the device reports that carry a run to its end.
 *
 * A start checks the rules (upgrade-rules.ts, the one implementation) and answers the first
 * blocker's code with every reason; an accepted start stores a `pending` job, then sends the
 * upgrade command through the device gateway. The device reports `upgrading` with its progress,
 * then `succeeded` (the device's new version is stored) or `failed` with its code. Every change is
 * announced as `upgrade.changed` on the device's topics (progress at most every ~500 ms a device).
 */
import {
  canonicalSoftwareVersionNumber,
  type DeviceAck,
  type UpgradeCandidate,
  type UpgradeCandidatePage,
  type UpgradeCandidateQuery,
  type UpgradeDeviceType,
  type UpgradeEligibility,
  type UpgradeHistoryQuery,
  type UpgradeJob,
  type UpgradeJobPage,
  type UpgradeTarget,
  type UpgradeTargets,
} from '@fleet/contracts';
import { isBusy } from '@fleet/domain';
import { transaction, type DbTx } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError } from '../../errors.js';
import { canSeeServer, canSeeUnit, type AuthUser } from '../../platform/access.js';
import type { ServiceDeps } from '../deps.js';
import type { ServerService } from '../servers/servers.js';
import { inventoryAudience } from '../../platform/topics.js';
import {
  availableTo,
  byVersionDesc,
  checkServerUpgrade,
  checkUnitUpgrade,
  reason,
  unknownVersionReason,
  type UpgradeCheck,
  type UpgradeReason,
  type VersionRow,
} from './upgrade-rules.js';
import { pageRows } from '../../platform/paging.js';
import { LeftOpenUpgrades } from './upgrade-resume.js';
import { UpgradeReports } from './upgrade-reports.js';
import type { UnitService } from '../units/units.js';
import { CHUNK, GENERIC_UPGRADE_FAILURE, inWaves, isOpen, type UpgradeDevice, type UpgradeJobRow } from './jobs.js';
import { presentJob } from './presenter.js';
import { deviceRefusal } from '../../platform/device-refusal.js';
import * as repo from './repository.js';

/** Progress of one device is announced at most this often (state changes always). */
const PROGRESS_PUBLISH_MS = 500;

export class UpgradeService {
  /** When each device's progress was last announced. */
  private readonly progressAt = new Map<string, number>();
  private readonly jobListeners: Array<(job: UpgradeJobRow) => void> = [];
  private readonly leftOpen: LeftOpenUpgrades;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly servers: ServerService,
    /** The units module, told of a unit whose software version an upgrade changed. */
    units: Pick<UnitService, 'refreshUnit'>,
  ) {
    const reports = new UpgradeReports(deps, units, servers, (row, at, progressOnly) => this.announce(row, at, progressOnly));
    deps.events.on('upgrade', (e, at) => reports.apply(e, at));
    this.leftOpen = new LeftOpenUpgrades(deps, servers, {
      device: (type, id) => this.device(type, id),
      report: (e, at) => reports.apply(e, at),
      announce: (row, at) => this.announce(row, at, false),
      send: (d, job) => this.sendCommand(d, job),
      reject: (job, code) => this.reject(job, code),
      inWaves: (items, send) => inWaves(this.deps, items, send),
    });
  }

  /** Follow every job change (batches derive their state from their jobs). */
  onJobChanged(listener: (job: UpgradeJobRow) => void): void {
    this.jobListeners.push(listener);
  }

  /** `upgrade.changed` on the device's topics: every state change, progress at most every ~500 ms. */
  private announce(row: UpgradeJobRow, at: number, progressOnly: boolean): void {
    const key = `${row.deviceType}:${row.deviceId}`;
    // Paced by the core's clock (a device's `at` may run accelerated).
    const now = this.deps.clock.now();
    const last = this.progressAt.get(key) ?? 0;
    if (progressOnly && now - last < PROGRESS_PUBLISH_MS && row.progress < 100) return;
    this.progressAt.set(key, now);
    if (!isOpen(row.state)) this.progressAt.delete(key);
    const deviceType: UpgradeDeviceType = row.deviceType === 'server' ? 'server' : 'unit';
    this.deps.hub.publish(this.topicsOf(deviceType, row.deviceId), { type: 'upgrade.changed', deviceType, deviceId: row.deviceId, job: this.toJob(row), at });
    for (const l of this.jobListeners) l(row);
  }

  /** Where news of a device goes: a unit's groups and inventories, a server's inventory and its groups. */
  topicsOf(type: UpgradeDeviceType, id: string): string[] {
    if (type === 'unit') return [...this.deps.index.topicsOf(id)];
    const server = this.deps.readModel.servers.get(id);
    return server?.inventoryId ? inventoryAudience(this.deps.readModel, [server.inventoryId]) : [];
  }

  /** The fleet restarted from its seed: upgrades still open end failed (-1, reboot server). */
  async failOpen(at: number): Promise<void> {
    await repo.failOpenUpgradeJobs(this.deps.db, GENERIC_UPGRADE_FAILURE, new Date(at));
  }

  // ── jobs a previous process left open (upgrade-resume.ts) ────────────────────────────────

  /** Take over the jobs a previous core process left open (called once at start, before any request); how many. */
  resumeLeftOpen(): Promise<number> {
    return this.leftOpen.start();
  }

  /** Resolves once the sweep over the jobs left open under way, and the commands sweeps are sending, are done. */
  settle(): Promise<void> {
    return this.leftOpen.settle();
  }

  /** Stop following the jobs left open (the app is closing). */
  close(): void {
    this.leftOpen.close();
  }

  // ── shapes ──────────────────────────────────────────────────────────────────────────────────

  toJob(row: UpgradeJobRow): UpgradeJob {
    const device = row.deviceType === 'server' ? this.deps.readModel.servers.get(row.deviceId) : this.deps.readModel.units.get(row.deviceId);
    return presentJob(row, device?.name ?? row.deviceId);
  }

  // ── devices ─────────────────────────────────────────────────────────────────────────────────

  /** A device as the read model has it, or undefined. */
  device(type: UpgradeDeviceType, id: string): UpgradeDevice | undefined {
    if (type === 'unit') {
      const row = this.deps.readModel.units.get(id);
      return row ? { type, row } : undefined;
    }
    const row = this.deps.readModel.servers.get(id);
    return row ? { type, row } : undefined;
  }

  /** A unit by id, else a server by id (batch lines name either). */
  findDevice(id: string): UpgradeDevice | undefined {
    return this.device('unit', id) ?? this.device('server', id);
  }

  private inventoryIdsOf(d: UpgradeDevice): string[] {
    return d.type === 'unit' ? d.row.inventories.map((i) => i.inventoryId) : d.row.inventoryId ? [d.row.inventoryId] : [];
  }

  /** Whether the user sees the device (the /devices reads). */
  private sees(user: AuthUser, d: UpgradeDevice): boolean {
    if (d.type === 'unit') return canSeeUnit(user, { inventoryIds: d.row.inventories.map((i) => i.inventoryId), groupIds: d.row.groups.map((g) => g.groupId) });
    return canSeeServer(this.deps.readModel, user, d.row);
  }

  /** Whether the user may start an upgrade of the device: admins on devices of their own inventories, global roles on all. */
  owns(user: AuthUser, d: UpgradeDevice): boolean {
    return user.global || this.inventoryIdsOf(d).some((i) => user.inventoryIds.includes(i));
  }

  private visibleDevice(user: AuthUser, type: UpgradeDeviceType, id: string): UpgradeDevice {
    const d = this.device(type, id);
    if (!d || !this.sees(user, d)) throw new AppError('NOT_FOUND');
    return d;
  }

  // ── rules ───────────────────────────────────────────────────────────────────────────────────

  /**
   * Every reason the device may not go to `target` now: a run already open, a unit offline or
   * busy (it could not take the command), then the upgrade rules. `version` as in upgrade-rules.ts.
   */
  async check(d: UpgradeDevice, target: string, version?: VersionRow | null): Promise<UpgradeCheck> {
    const rules =
      d.type === 'unit'
        ? await checkUnitUpgrade(this.deps, d.row, target, version)
        : await checkServerUpgrade({ ...this.deps, channelsOf: (id) => this.servers.channelsOf(id) }, d.row, target, version);
    const device: UpgradeReason[] = [];
    const open = await this.openJob(d.type, d.row.id);
    if (open)
      device.push(
        reason('upgradeRunning', d.type === 'unit' ? 'UNIT_BUSY' : 'UPGRADE_6808', `An upgrade to ${open.targetVersion} is already running on this device`),
      );
    if (d.type === 'unit' && !open) {
      if (this.deps.index.statusOf(d.row.id) === 'offline') device.push(reason('unitOffline', 'UNIT_OFFLINE', 'The unit is offline'));
      else if (isBusy(this.deps.index.applicationsOf(d.row.id))) device.push(reason('unitBusy', 'UNIT_BUSY', 'The unit is busy; stop what it runs first'));
    }
    return { reasons: [...device, ...rules.reasons], warnings: rules.warnings };
  }

  private openJob(type: UpgradeDeviceType, id: string): Promise<UpgradeJobRow | null> {
    return repo.findOpenUpgradeJob(this.deps.db, type, id);
  }

  /** The running job of each device, or else its last one. */
  private async currentJobs(devices: ReadonlyArray<{ type: UpgradeDeviceType; id: string }>): Promise<Map<string, UpgradeJobRow>> {
    const out = new Map<string, UpgradeJobRow>();
    for (const type of ['unit', 'server'] as const) {
      const ids = devices.filter((d) => d.type === type).map((d) => d.id);
      for (let i = 0; i < ids.length; i += CHUNK) {
        const rows = await repo.findJobsOfDevices(this.deps.db, type, ids.slice(i, i + CHUNK));
        for (const r of rows) {
          const key = `${type}:${r.deviceId}`;
          const held = out.get(key);
          if (!held || (isOpen(r.state) && !isOpen(held.state))) out.set(key, r);
        }
      }
    }
    return out;
  }

  // ── calls ───────────────────────────────────────────────────────────────────────────────────

  /** GET v2/upgrades/candidates. */
  async listCandidates(user: AuthUser, q: UpgradeCandidateQuery): Promise<UpgradeCandidatePage> {
    const rm = this.deps.readModel;
    const inventories = (ids: readonly string[]) => ids.map((id) => ({ id, name: rm.inventories.get(id)?.name ?? id }));
    const rows: Array<Omit<UpgradeCandidate, 'job'>> = [];
    if (q.deviceType !== 'server') {
      for (const u of rm.units.all()) {
        const d: UpgradeDevice = { type: 'unit', row: u };
        if (!this.sees(user, d)) continue;
        rows.push({
          deviceType: 'unit',
          id: u.id,
          name: u.name,
          productType: u.productType,
          kind: u.typeGroup,
          inventories: inventories(this.inventoryIdsOf(d)),
          currentVersion: u.swVersion,
          targetSwVersion: u.targetSwVersion,
          status: this.deps.index.statusOf(u.id),
        });
      }
    }
    if (q.deviceType !== 'unit') {
      for (const s of rm.servers.all()) {
        const d: UpgradeDevice = { type: 'server', row: s };
        if (!this.sees(user, d)) continue;
        rows.push({
          deviceType: 'server',
          id: s.id,
          name: s.name,
          productType: s.productType,
          kind: s.serverType,
          inventories: inventories(this.inventoryIdsOf(d)),
          currentVersion: s.swVersion,
          targetSwVersion: s.targetSwVersion,
          status: s.status,
        });
      }
    }
    const needle = q.searchValue?.trim().toLowerCase() ?? '';
    let matching = rows.filter(
      (r) =>
        (q.inventoryId === undefined || r.inventories.some((i) => i.id === q.inventoryId)) && (needle === '' || r[q.searchKey].toLowerCase().includes(needle)),
    );
    let jobs: Map<string, UpgradeJobRow> | null = null;
    if (q.jobState !== undefined) {
      jobs = await this.currentJobs(matching.map((r) => ({ type: r.deviceType, id: r.id })));
      const held = jobs;
      matching = matching.filter((r) => (held.get(`${r.deviceType}:${r.id}`)?.state ?? 'none') === q.jobState);
    }
    const dir = q.sortDir === 'asc' ? 1 : -1;
    const key = q.sortBy;
    matching.sort((a, b) => {
      const c = key === 'currentVersion' ? byVersionDesc(b.currentVersion, a.currentVersion) : a[key].localeCompare(b[key]);
      return (c !== 0 ? c : a.name.localeCompare(b.name) || a.id.localeCompare(b.id)) * dir;
    });
    const page = pageRows(matching, q);
    const current = jobs ?? (await this.currentJobs(page.map((r) => ({ type: r.deviceType, id: r.id }))));
    return {
      items: page.map((r) => {
        const job = current.get(`${r.deviceType}:${r.id}`);
        return { ...r, job: job ? this.toJob(job) : null };
      }),
      total: matching.length,
      offset: q.offset,
      limit: q.limit,
    };
  }

  /** GET v2/upgrades/{id}: a job of a device the caller sees (global roles: also of a device that is gone). */
  async getJob(user: AuthUser, id: string): Promise<UpgradeJob> {
    const row = await repo.findUpgradeJob(this.deps.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    const d = this.device(row.deviceType === 'server' ? 'server' : 'unit', row.deviceId);
    if (d ? !this.sees(user, d) : !user.global) throw new AppError('NOT_FOUND');
    return this.toJob(row);
  }

  /** GET v2/{units|servers}/{id}/upgrade/targets. */
  async targets(user: AuthUser, type: UpgradeDeviceType, id: string): Promise<UpgradeTargets> {
    const d = this.visibleDevice(user, type, id);
    const inventoryIds = this.inventoryIdsOf(d);
    const versions = (await repo.findUpgradeTargetVersions(this.deps.db))
      .filter((v) => availableTo(v, inventoryIds))
      .sort((a, b) => byVersionDesc(a.number, b.number));
    const targets: UpgradeTarget[] = [];
    for (const v of versions) {
      const check = await this.check(d, v.number, v);
      targets.push({
        number: v.number,
        description: v.description,
        releaseNotesUrl: v.releaseNotesUrl,
        eligible: check.reasons.length === 0,
        reasons: check.reasons,
        warnings: check.warnings,
      });
    }
    const job = (await this.currentJobs([{ type, id }])).get(`${type}:${id}`);
    return { deviceType: type, deviceId: id, currentVersion: d.row.swVersion, job: job ? this.toJob(job) : null, targets };
  }

  /** GET v2/{units|servers}/{id}/upgrade/eligibility?targetVersion=. */
  async eligibility(user: AuthUser, type: UpgradeDeviceType, id: string, raw: string): Promise<UpgradeEligibility> {
    const d = this.visibleDevice(user, type, id);
    const target = canonicalSoftwareVersionNumber(raw);
    const check = await this.check(d, target);
    return {
      deviceType: type,
      deviceId: id,
      currentVersion: d.row.swVersion,
      targetVersion: target,
      eligible: check.reasons.length === 0,
      reasons: check.reasons,
      warnings: check.warnings,
    };
  }

  /** POST v2/admin/{units|servers}/{id}/upgrade: refused with the first blocker's code and every reason; else a pending job, the command sent. */
  async start(user: AuthUser, type: UpgradeDeviceType, id: string, raw: string): Promise<UpgradeJob> {
    const d = this.device(type, id);
    if (!d || !this.owns(user, d)) throw new AppError('NOT_FOUND');
    // One spelling per version ("10.1.0" is the stored "10.1"): the job names the version the device reports.
    const target = canonicalSoftwareVersionNumber(raw);
    const check = await this.check(d, target);
    const first = check.reasons[0];
    if (first)
      throw new AppError(
        first.errorCode,
        check.reasons.map((r) => ({ path: 'body.targetVersion', message: r.message })),
      );
    const row = await this.createPending(d, target, user.id, null);
    if (!row) {
      // Deleted since the check: refused as any unknown version, nothing stored.
      const gone = unknownVersionReason(target);
      throw new AppError(gone.errorCode, [{ path: 'body.targetVersion', message: gone.message }]);
    }
    const refusal = await this.dispatch(d, row);
    if (refusal) throw refusal;
    const fresh = await repo.findUpgradeJob(this.deps.db, row.id);
    return this.toJob(fresh ?? row);
  }

  /** GET v2/{units|servers}/{id}/upgrades: newest first. */
  async history(user: AuthUser, type: UpgradeDeviceType, id: string, q: UpgradeHistoryQuery): Promise<UpgradeJobPage> {
    this.visibleDevice(user, type, id);
    const [rows, total] = await Promise.all([repo.findDeviceJobPage(this.deps.db, type, id, q.offset, q.limit), repo.countDeviceJobs(this.deps.db, type, id)]);
    return { items: rows.map((r) => this.toJob(r)), total, offset: q.offset, limit: q.limit };
  }

  // ── starting (also for batches) ─────────────────────────────────────────────────────────────

  /** The `pending` job of an accepted start, announced; null when its version is gone (deleted since the start's check). */
  async createPending(d: UpgradeDevice, target: string, requestedById: string | null, batchId: string | null): Promise<UpgradeJobRow | null> {
    const row = await transaction(this.deps.db, (tx) => this.insertPending(tx, d, target, requestedById, batchId));
    if (row) this.announceJob(row);
    return row;
  }

  /**
   * Store the `pending` job of an accepted start in the caller's transaction ({@link announceJob}
   * once it is committed), counted on its version's row (`jobsStarted`) in the same transaction;
   * null when the version is gone. A version's deletion is conditional on that count being the one
   * its check saw (software-versions.ts): a job and a deletion racing each other never both win, on
   * SQLite (one writer) as on PostgreSQL (the second waits for the first's row lock, then finds the
   * row changed or gone). `counted`: the versions this transaction counted already (a batch counts
   * each version once).
   */
  async insertPending(
    tx: DbTx,
    d: UpgradeDevice,
    target: string,
    requestedById: string | null,
    batchId: string | null,
    counted: Set<string> = new Set(),
  ): Promise<UpgradeJobRow | null> {
    if (!counted.has(target)) {
      const version = await repo.findSoftwareVersionStamp(tx, canonicalSoftwareVersionNumber(target));
      if (!version) return null;
      // A job started is no change of the version itself: its updatedAt stays.
      const count = await repo.countJobStarted(tx, version.id, version.updatedAt);
      if (count === 0) return null;
      counted.add(target);
    }
    // Awaited here: a Prisma query runs when awaited, and must run inside the transaction's context.
    return await repo.createUpgradeJob(tx, {
      deviceType: d.type,
      deviceId: d.row.id,
      fromVersion: d.row.swVersion,
      targetVersion: target,
      state: 'pending',
      requestedById,
      batchId,
    });
  }

  /** `upgrade.changed` for a job just stored. */
  announceJob(row: UpgradeJobRow): void {
    this.announce(row, this.deps.clock.now(), false);
  }

  /**
   * Send the commands of pending jobs a wave at a time (jobs.ts WAVE_SIZE) (the next wave once the devices
   * of this one answered), so a batch of 500 devices does not hit the gateway at once.
   */
  dispatchInWaves(items: ReadonlyArray<{ device: UpgradeDevice; job: UpgradeJobRow }>): Promise<void> {
    return inWaves(this.deps, items, ({ device, job }) => this.dispatch(device, job));
  }

  /**
   * Send the upgrade command of a pending job. A refusal (the device saw a blocker the core did
   * not, or it is unreachable) ends the job `rejected` with the device's code and is returned.
   */
  async dispatch(d: UpgradeDevice, job: UpgradeJobRow): Promise<AppError | null> {
    const error = await this.sendCommand(d, job);
    if (error) await this.reject(job, error.deviceCode ?? null);
    return error;
  }

  /** The upgrade command of a job through the device gateway: null once the device took it, else its refusal. */
  private async sendCommand(d: UpgradeDevice, job: UpgradeJobRow): Promise<AppError | null> {
    let ack: DeviceAck;
    try {
      if (d.type === 'unit') {
        ack = await this.deps.gateway.send(d.row.id, { type: 'upgrade', targetVersion: job.targetVersion });
      } else {
        ack = await this.deps.gateway.sendToServer(d.row.id, { type: 'upgrade', targetVersion: job.targetVersion });
      }
    } catch (err) {
      return err instanceof AppError ? err : new AppError('DEVICE_UNREACHABLE');
    }
    return ack.ok ? null : deviceRefusal(ack);
  }

  /** End a pending job rejected (unless the device's own report did already). */
  private async reject(job: UpgradeJobRow, code: number | null): Promise<void> {
    const at = this.deps.clock.now();
    const count = await repo.endUpgradeJob(this.deps.db, job.id, { state: 'pending' }, 'rejected', code, new Date(at));
    if (count === 0) return;
    const row = await repo.findUpgradeJob(this.deps.db, job.id);
    if (row) this.announce(row, at, false);
  }
}

export const upgradeCalls = callsOf<UpgradeService>()({
  listUpgradeCandidates: (s, { query }, user) => s.listCandidates(user, query),
  getUpgradeJob: (s, { params }, user) => s.getJob(user, params.id),
  getUnitUpgradeTargets: (s, { params }, user) => s.targets(user, 'unit', params.id),
  getUnitUpgradeEligibility: (s, { params, query }, user) => s.eligibility(user, 'unit', params.id, query.targetVersion),
  startUnitUpgrade: (s, { params, body }, user) => s.start(user, 'unit', params.id, body.targetVersion),
  listUnitUpgrades: (s, { params, query }, user) => s.history(user, 'unit', params.id, query),
  getServerUpgradeTargets: (s, { params }, user) => s.targets(user, 'server', params.id),
  getServerUpgradeEligibility: (s, { params, query }, user) => s.eligibility(user, 'server', params.id, query.targetVersion),
  startServerUpgrade: (s, { params, body }, user) => s.start(user, 'server', params.id, body.targetVersion),
  listServerUpgrades: (s, { params, query }, user) => s.history(user, 'server', params.id, query),
});
