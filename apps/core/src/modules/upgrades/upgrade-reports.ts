/**
 * What devices report of their upgrades (the `upgrade` device event): one job row per run, the
 * core's pending job (or one the device started) carried to its end; a success stores the device's
 * new version first; a device's refusal ends the pending start it answers, once.
 */
import { OPEN_UPGRADE_STATES } from '@fleet/contracts';
import type { DeviceEventOf } from '../../platform/device-events.js';
import type { ServiceDeps } from '../deps.js';
import type { ServerService } from '../servers/servers.js';
import type { UpgradeJobRow } from './jobs.js';

/** A device's `rejected` report this soon after the core marked the same start rejected is that start's, not a new one. */
const REJECTED_ECHO_MS = 10_000;

export class UpgradeReports {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly servers: ServerService,
    /** `upgrade.changed` for a row (progressOnly: paced, see UpgradeService). */
    private readonly announce: (row: UpgradeJobRow, at: number, progressOnly: boolean) => void,
  ) {}

  /** One UpgradeJob row per run: the core's pending job (or one the device started), updated to its end. */
  async apply(e: DeviceEventOf<'upgrade'>, at: number): Promise<void> {
    const db = this.deps.db;
    const open = await db.upgradeJob.findFirst({
      where: { deviceType: e.deviceType, deviceId: e.deviceId, state: { in: [...OPEN_UPGRADE_STATES] } },
      orderBy: { createdAt: 'desc' },
    });
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
      row = await db.upgradeJob.update({ where: { id: target.id }, data: { ...data, version: { increment: 1 } } });
    } else {
      row = await db.upgradeJob.create({
        data: { deviceType: e.deviceType, deviceId: e.deviceId, fromVersion: e.fromVersion, targetVersion: e.targetVersion, startedAt: new Date(at), ...data },
      });
    }
    this.announce(row, at, target !== null && target.state === row.state);
  }

  private async runsVersion(deviceType: 'unit' | 'server', deviceId: string, version: string, at: number): Promise<void> {
    const db = this.deps.db;
    if (deviceType === 'unit') {
      await db.unit.updateMany({ where: { id: deviceId }, data: { swVersion: version, lastReboot: new Date(at), version: { increment: 1 } } });
      await this.deps.units.refreshUnit(deviceId);
    } else {
      await db.server.updateMany({ where: { id: deviceId }, data: { swVersion: version, version: { increment: 1 } } });
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
    return this.deps.db.upgradeJob.findFirst({
      where: {
        deviceType: e.deviceType,
        deviceId: e.deviceId,
        targetVersion: e.targetVersion,
        failureCode: e.failureCode,
        state: 'rejected',
        requestedById: { not: null },
        updatedAt: { gte: new Date(this.deps.clock.now() - REJECTED_ECHO_MS) },
      },
      orderBy: { updatedAt: 'desc' },
    });
  }
}
