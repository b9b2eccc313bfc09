/**
 * What devices report of their upgrades (the `upgrade` device event): one job row per run, the
 * core's pending job (or one the device started) carried to its end; a success stores the device's
 * new version first; a device's refusal ends the pending start it answers, once.
 */
import type { DeviceEventOf } from '../../platform/device-events.js';
import type { ServiceDeps } from '../deps.js';
import type { UnitService } from '../units/units.js';
import type { ServerService } from '../servers/servers.js';
import type { UpgradeJobRow } from './jobs.js';
import * as repo from './repository.js';

/** A device's `rejected` report this soon after the core marked the same start rejected is that start's, not a new one. */
const REJECTED_ECHO_MS = 10_000;

export class UpgradeReports {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly units: Pick<UnitService, 'refreshUnit'>,
    private readonly servers: ServerService,
    /** `upgrade.changed` for a row (progressOnly: paced, see UpgradeService). */
    private readonly announce: (row: UpgradeJobRow, at: number, progressOnly: boolean) => void,
  ) {}

  /** One UpgradeJob row per run: the core's pending job (or one the device started), updated to its end. */
  async apply(e: DeviceEventOf<'upgrade'>, at: number): Promise<void> {
    const db = this.deps.db;
    const open = await repo.findOpenUpgradeJob(db, e.deviceType, e.deviceId);
    const finished = e.state === 'succeeded' || e.state === 'failed' || e.state === 'rejected';
    const data = {
      state: e.state,
      progress: Math.round(e.progress),
      failureCode: e.failureCode,
      ...(finished ? { finishedAt: new Date(at) } : {}),
      ...(e.state === 'upgrading' && open && !open.startedAt ? { startedAt: new Date(at) } : {}),
    };
    // The new version is the device's from now on (also after a fleet reset), stored before the job
    // says succeeded so whoever reads the job then reads the version too.
    if (e.state === 'succeeded') await this.runsVersion(e.deviceType, e.deviceId, e.targetVersion, at);
    let row: UpgradeJobRow;
    // A refusal ends the pending start it answers; an upgrading run never goes back to rejected.
    const target = open && (e.state !== 'rejected' || open.state === 'pending') ? open : e.state === 'rejected' ? await this.rejectedEcho(e) : null;
    if (target) {
      if (target.state === 'rejected' && e.state === 'rejected') return; // already recorded by the start
      row = await repo.updateUpgradeJob(db, target.id, data);
    } else {
      row = await repo.createUpgradeJob(db, {
        deviceType: e.deviceType,
        deviceId: e.deviceId,
        fromVersion: e.fromVersion,
        targetVersion: e.targetVersion,
        startedAt: new Date(at),
        ...data,
      });
    }
    this.announce(row, at, target !== null && target.state === row.state);
  }

  private async runsVersion(deviceType: 'unit' | 'server', deviceId: string, version: string, at: number): Promise<void> {
    const db = this.deps.db;
    if (deviceType === 'unit') {
      await repo.recordUnitSoftwareVersion(db, deviceId, version, new Date(at));
      await this.units.refreshUnit(deviceId);
    } else {
      await repo.recordServerSoftwareVersion(db, deviceId, version);
      this.servers.runsVersion(deviceId, version);
      await this.deps.readModel.servers.refresh([deviceId]);
    }
  }

  /**
   * The start this refusal answers, when the core already marked it rejected (same version and
   * code, moments ago by the core's clock: `at` is the device's, which may run accelerated). The
   * core writes `updatedAt` itself when it marks a job rejected, so the window is on its clock.
   */
  private rejectedEcho(e: DeviceEventOf<'upgrade'>): Promise<UpgradeJobRow | null> {
    return repo.findRecentRejection(this.deps.db, e.deviceType, e.deviceId, e.targetVersion, e.failureCode, new Date(this.deps.clock.now() - REJECTED_ECHO_MS));
  }
}
