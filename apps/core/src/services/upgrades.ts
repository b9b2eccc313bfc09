/**
 * Software upgrades as devices report them (spec 001 §4 software upgrade: pending, upgrading,
 * succeeded, failed, rejected; §8 codes): one UpgradeJob row per run, created when it starts (or
 * is rejected) and updated to its end; a succeeded run gives the device its new version.
 */
import type {
  UpgradeCandidatePage, UpgradeCandidateQuery, UpgradeDeviceType, UpgradeEligibility, UpgradeHistoryQuery, UpgradeJob, UpgradeJobPage, UpgradeTargets,
} from '@fleet/contracts';
import { callsOf } from '../calls.js';
import { AppError } from '../errors.js';
import type { AuthUser } from './access.js';
import type { ServiceDeps } from './deps.js';
import type { DeviceEventOf } from './device-events.js';
import type { ServerService } from './servers.js';

export class UpgradeService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly servers: ServerService,
  ) {
    deps.events.on('upgrade', (e, at) => this.applyUpgrade(e, at));
  }

  /** One UpgradeJob row per run: created when it starts (or is rejected), updated to its end. */
  private async applyUpgrade(e: DeviceEventOf<'upgrade'>, at: number): Promise<void> {
    const db = this.deps.db;
    const open = await db.upgradeJob.findFirst({
      where: { deviceType: e.deviceType, deviceId: e.deviceId, state: { in: ['pending', 'upgrading'] } },
      orderBy: { createdAt: 'desc' },
    });
    const finished = e.state === 'succeeded' || e.state === 'failed' || e.state === 'rejected';
    const data = {
      state: e.state,
      progress: Math.round(e.progress),
      failureCode: e.failureCode,
      ...(finished ? { finishedAt: new Date(at) } : {}),
    };
    if (open && e.state !== 'rejected') {
      await db.upgradeJob.update({ where: { id: open.id }, data: { ...data, version: { increment: 1 } } });
    } else {
      await db.upgradeJob.create({
        data: { deviceType: e.deviceType, deviceId: e.deviceId, fromVersion: e.fromVersion, targetVersion: e.targetVersion, startedAt: new Date(at), ...data },
      });
    }
    if (e.state !== 'succeeded') return;
    // The new version is the device's from now on (also after a fleet reset).
    if (e.deviceType === 'unit') {
      await db.unit.updateMany({ where: { id: e.deviceId }, data: { swVersion: e.targetVersion, lastReboot: new Date(at), version: { increment: 1 } } });
      await this.deps.units.refreshUnit(e.deviceId);
    } else {
      await db.server.updateMany({ where: { id: e.deviceId }, data: { swVersion: e.targetVersion, version: { increment: 1 } } });
      this.servers.runsVersion(e.deviceId, e.targetVersion);
    }
  }


  // Contract first: the calls below are filled in next.
  async listCandidates(_user: AuthUser, _query: UpgradeCandidateQuery): Promise<UpgradeCandidatePage> {
    throw new AppError('NOT_FOUND');
  }
  async getJob(_user: AuthUser, _id: string): Promise<UpgradeJob> {
    throw new AppError('NOT_FOUND');
  }
  async targets(_user: AuthUser, _type: UpgradeDeviceType, _id: string): Promise<UpgradeTargets> {
    throw new AppError('NOT_FOUND');
  }
  async eligibility(_user: AuthUser, _type: UpgradeDeviceType, _id: string, _target: string): Promise<UpgradeEligibility> {
    throw new AppError('NOT_FOUND');
  }
  async start(_user: AuthUser, _type: UpgradeDeviceType, _id: string, _target: string): Promise<UpgradeJob> {
    throw new AppError('NOT_FOUND');
  }
  async history(_user: AuthUser, _type: UpgradeDeviceType, _id: string, _query: UpgradeHistoryQuery): Promise<UpgradeJobPage> {
    throw new AppError('NOT_FOUND');
  }

  /** The fleet restarted from its seed: upgrades still open end failed (-1, reboot server). */
  async failOpen(at: number): Promise<void> {
    await this.deps.db.upgradeJob.updateMany({ where: { state: { in: ['pending', 'upgrading'] } }, data: { state: 'failed', failureCode: -1, finishedAt: new Date(at) } });
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
