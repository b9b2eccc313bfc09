/**
 * A unit's software version and its upgrade (spec 001 §5 rules through packages/domain, §8 codes):
 * the `upgrade` application runs with progress from the unit's server and ends in success (the
 * unit reboots into the new version) or a failure code; a version an admin put on record at the
 * core is adopted unless an upgrade is changing it. An upgrade fails when the unit goes off.
 */
import { ERROR_CATALOGUE, type DeviceEvent } from '@fleet/contracts';
import { checkUnitUpgradeEligibility, isBusy, type UpgradeBlockCode } from '@fleet/domain';
import { GENERIC_UPGRADE_FAILURE, UNIT_UPGRADE_FAILURE_CODES } from '../models/constants.js';
import { UpgradeRun, catalogueCode, reportRejected } from '../models/upgrade.js';
import { accepted, refused, type Reaction } from '../reaction.js';
import type { UnitHost } from './host.js';

/** What the upgrade needs of the rest of its unit. */
export interface UpgradeUnit {
  /** The selected channel (External or not): its server is the one the unit upgrades from. */
  selectedChannel(): string | null;
  /** A successful upgrade ends with a reboot. */
  reboot(): void;
}

export class UnitUpgrade {
  private current: string;
  /** The version the core last had on record for the unit. */
  private recorded: string;
  private run: UpgradeRun | null = null;

  constructor(
    private readonly host: UnitHost,
    private readonly unit: UpgradeUnit,
  ) {
    this.current = host.spec.swVersion;
    this.recorded = host.spec.swVersion;
  }

  /** The running software version (changes after a successful upgrade). */
  get version(): string {
    return this.current;
  }

  /** The upgrade running now (its target and progress), or null. */
  get running(): { target: string; progress: number } | null {
    return this.run ? { target: this.run.targetVersion, progress: this.run.progress } : null;
  }

  /**
   * Upgrade the unit to `target` from its server: refused at once with 6802/6803/6810, 6199 when
   * the server is offline, 6808 when it is busy; otherwise the `upgrade` application runs with
   * progress and ends in success or a failure code — 6199 when the server goes offline meanwhile.
   */
  startUpgrade(target: string, supportedProducts?: readonly string[]): Reaction {
    const { host } = this;
    if (!host.isOnline()) return refused('UNIT_OFFLINE');
    if (host.apps.has('upgrade') || isBusy(host.apps.all)) return refused('UNIT_BUSY');
    const selected = this.unit.selectedChannel();
    const server = host.world.homeServer(selected);
    const channelVersion = selected ? (host.world.channel(selected)?.channel.spec.swVersion ?? null) : null;
    const check = checkUnitUpgradeEligibility({
      currentVersion: this.current,
      targetVersion: target,
      hasSla: host.spec.capabilities.sla !== false,
      serverVersion: server?.swVersion ?? null,
      channelVersion,
      productType: host.spec.productType,
      videoCodec: host.spec.capabilities.hevc ? 'hevc' : 'h264',
      ...(supportedProducts ? { supportedProducts } : {}),
    });
    const report = (e: DeviceEvent) => host.emitEvent(e);
    const refuse = (error: UpgradeBlockCode): Reaction => {
      const code = catalogueCode(error);
      reportRejected(report, 'unit', host.unitId, this.current, target, code);
      return refused(error, code ?? undefined);
    };
    if (server && !server.online) return refuse('UPGRADE_6199');
    if (server && server.status() !== 'online') return refuse('UPGRADE_6808');
    const blocker = check.reasons[0];
    if (blocker) return refuse(blocker.errorCode);
    const forced = host.faults.upgradeOutcome;
    const outcome = forced !== undefined ? forced : host.rng.chance(host.timings.upgrade.failureRate) ? host.rng.pick(UNIT_UPGRADE_FAILURE_CODES) : null;
    const run = new UpgradeRun('unit', host.unitId, this.current, target, outcome, report);
    this.run = run;
    run.start();
    const end = () => {
      this.run = null;
      host.faults.upgradeOutcome = undefined;
    };
    const step = () => {
      if (this.run !== run) return;
      if (!host.isOnline()) return end();
      if (server && !server.online) {
        run.fail(ERROR_CATALOGUE.UPGRADE_6199.code);
        end();
        host.apps.set('upgrade', undefined);
        return;
      }
      if (host.faults.upgradeOutcome !== undefined) run.outcome = host.faults.upgradeOutcome;
      const r = run.advance(100 / host.timings.upgrade.steps);
      if (r === null) return host.schedule(host.timings.upgrade.stepMs, step);
      end();
      host.apps.set('upgrade', undefined);
      if (r === 'done') {
        this.current = target;
        this.unit.reboot();
      }
    };
    host.apps.start('upgrade', { onRunning: () => host.schedule(host.timings.upgrade.stepMs, step) });
    return accepted;
  }

  /** A new version on record at the core (an admin changed it) is the unit's, unless an upgrade is changing it. */
  adoptVersion(version: string): void {
    if (!this.run && version !== this.recorded) this.current = version;
    this.recorded = version;
  }

  /** The unit went off: a running upgrade fails. */
  release(): void {
    if (!this.run) return;
    this.run.fail(GENERIC_UPGRADE_FAILURE);
    this.run = null;
  }
}
