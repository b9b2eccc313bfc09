/**
 * How a unit update goes (updates.ts, link-updates.ts): the unit's version is checked first (stale
 * → 409), then every rule before anything is sent or written; a setting a real core pushes to the
 * device goes to it; then the one setting is merged into the stored configuration under the version
 * check, answered and announced.
 */
import type { z } from 'zod';
import { type UnitConfiguration, type UnitSetting } from '@fleet/contracts';
import { featureLicenceProblem, type ConfigProblem, type LicensedFeature } from '@fleet/domain';
import { AppError } from '../../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { ConfigStore } from '../units/configuration-store.js';
import { bodyProblem } from '../../errors.js';
import type { DeviceUnit, UnitDevices } from '../units/unit-devices.js';
import { type StoredUnitConfiguration } from '../../platform/storage/unit-columns.js';
import type { SettingChange } from '../units/setting-change.js';

export type Body<S extends z.ZodType> = z.infer<S>;

/** The settings stored as an object of their own (merged key by key). */
export type ObjectSetting =
  | 'databridge'
  | 'videoReturn'
  | 'vrChannels'
  | 'multiCamera'
  | 'singleCamera'
  | 'switcher'
  | 'ntpTimecode'
  | 'ipPipe'
  | 'fetchlogs'
  | 'bandwidth'
  | 'settings';

/** How one update goes: checks, what the device gets (none: core-only), the stored change. */
export interface UpdatePlan {
  /** Rules that need state; throw to refuse (nothing is sent or written then). */
  check?: (unit: DeviceUnit) => Promise<void> | void;
  /** The payload the device gets (`configure`); absent for settings only the core keeps. */
  device?: unknown;
  change: (configuration: StoredUnitConfiguration, unit: DeviceUnit) => SettingChange;
}

/** The body without the concurrency field (what the device and storage get). */
export function withoutVersion<B extends { version?: number }>(body: B): Omit<B, 'version'> {
  const { version: _v, ...rest } = body;
  return rest;
}

/** The steps every unit update shares. */
export abstract class SettingUpdates {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly devices: UnitDevices,
    protected readonly store: Pick<ConfigStore, 'save'>,
  ) {}

  protected async apply(id: string, setting: UnitSetting, version: number | undefined, plan: UpdatePlan): Promise<UnitConfiguration> {
    const unit = await this.devices.load(id);
    this.devices.checkVersion(unit, version);
    if (plan.device !== undefined) this.devices.requireOnline(id);
    await plan.check?.(unit);
    if (plan.device !== undefined) await this.devices.push(id, setting, plan.device);
    return this.store.save(id, setting, version, plan.change);
  }

  protected async requireLicence(unit: DeviceUnit, feature: LicensedFeature): Promise<void> {
    const code = featureLicenceProblem(feature, await this.devices.licences(unit));
    if (code) throw new AppError(code);
  }

  protected throwProblem(problem: ConfigProblem | null, path: string): void {
    if (!problem) return;
    if (problem.kind === 'error') throw new AppError(problem.code);
    throw bodyProblem(path, problem.message);
  }

  /** Merge `patch` into one setting object of the stored configuration. */
  protected static mergeKey<K extends ObjectSetting>(key: K, patch: NonNullable<StoredUnitConfiguration[K]>) {
    return (c: StoredUnitConfiguration): SettingChange => ({ configuration: { ...c, [key]: { ...c[key], ...patch } } });
  }
}
