/**
 * A software upgrade of a unit or a server (spec 001 §4: pending, upgrading, succeeded, failed,
 * rejected; §8 codes). The run passes through phases (backup, download, OS upgrade, install,
 * drivers, reboot); a failure code belongs to the phase that fails: 107 backup of server
 * configuration, 105 network problem and 106 no connection to repository while downloading, 103 OS
 * upgrade, 101 install and 104 install after the OS upgrade, 102 Blackmagic driver, -1 generic at
 * the end. 6199 (server offline) is decided by whoever runs the upgrade, at any step.
 */
import { ERROR_CATALOGUE, type DeviceEvent, type UpgradeState } from '@fleet/contracts';

/** Progress (%) at which a failure with this code happens. */
export function failurePoint(code: number): number {
  switch (code) {
    case 107:
      return 10;
    case 105:
    case 106:
      return 30;
    case 103:
      return 50;
    case 101:
    case 104:
      return 70;
    case 102:
      return 85;
    default:
      return 90;
  }
}

export class UpgradeRun {
  /** Reported progress (whole %), and the exact one steps add to. */
  progress = 0;
  private exact = 0;
  state: UpgradeState = 'pending';

  constructor(
    readonly deviceType: 'unit' | 'server',
    readonly deviceId: string,
    readonly fromVersion: string,
    readonly targetVersion: string,
    /** null: the run succeeds; else it fails with this code at its phase. */
    public outcome: number | null,
    private readonly report: (e: DeviceEvent) => void,
  ) {}

  start(): void {
    this.state = 'upgrading';
    this.emit(null);
  }

  /** One progress step of `pct` %; returns the code it failed with, 'done' on success, or null while running. */
  advance(pct: number): number | 'done' | null {
    const next = Math.min(100, this.exact + pct);
    if (this.outcome !== null && next >= failurePoint(this.outcome) - 1e-9) {
      this.progress = failurePoint(this.outcome);
      this.fail(this.outcome);
      return this.outcome;
    }
    this.exact = next;
    this.progress = Math.round(next);
    if (next >= 100 - 1e-9) {
      this.progress = 100;
      this.state = 'succeeded';
      this.emit(null);
      return 'done';
    }
    this.emit(null);
    return null;
  }

  fail(code: number): void {
    this.state = 'failed';
    this.emit(code);
  }

  private emit(failureCode: number | null): void {
    this.report({
      type: 'upgrade',
      deviceType: this.deviceType,
      deviceId: this.deviceId,
      fromVersion: this.fromVersion,
      targetVersion: this.targetVersion,
      state: this.state,
      progress: this.progress,
      failureCode,
    });
  }
}

/** Report an upgrade refused before it started (eligibility: 6802, 6803, 6810, 6199, 6808). */
export function reportRejected(
  report: (e: DeviceEvent) => void,
  deviceType: 'unit' | 'server',
  deviceId: string,
  fromVersion: string,
  targetVersion: string,
  code: number | null,
): void {
  report({ type: 'upgrade', deviceType, deviceId, fromVersion, targetVersion, state: 'rejected', progress: 0, failureCode: code });
}

/** The spec's numeric code of a catalogue upgrade error (6802, 6803, 6199, 6808, 6810). */
export function catalogueCode(errorCode: keyof typeof ERROR_CATALOGUE): number | null {
  const entry = ERROR_CATALOGUE[errorCode];
  return 'code' in entry ? entry.code : null;
}
