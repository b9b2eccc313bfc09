/**
 * Helpers of the unit-config area (spec 000 §7 commands and unit updates): the unit columns the
 * area reads, lenient readers of stored JSON, the checks every command and update shares
 * (reachable unit, licences, channels of the unit's inventories).
 */
import {
  License as LicenseSchema, VALIDATION, type Applications, type FieldProblem, type License, type UnitSetting,
} from '@fleet/contracts';
import { isOfflineLike, unitFeatureLicences, type UnitLicences } from '@fleet/domain';
import type { Prisma } from '@fleet/db';
import { AppError, validationError } from '../../errors.js';
import type { ServiceDeps } from '../deps.js';

/** The unit columns the area reads (and the row shape they give). */
export const configUnitSelect = {
  id: true,
  typeGroup: true,
  swVersion: true,
  license: true,
  capabilities: true,
  configuration: true,
  transmissionMode: true,
  workingMode: true,
  storeAndForwardVideoQuality: true,
  filenamePrefix: true,
  multiCameraLabels: true,
  selectedChannelId: true,
  alertsConfigMode: true,
  version: true,
  inventories: { select: { inventoryId: true } },
} as const;

export interface ConfigUnit {
  id: string;
  typeGroup: string;
  swVersion: string;
  license: unknown;
  capabilities: unknown;
  configuration: unknown;
  transmissionMode: string;
  workingMode: string;
  storeAndForwardVideoQuality: string;
  filenamePrefix: string | null;
  multiCameraLabels: unknown;
  selectedChannelId: string | null;
  alertsConfigMode: string;
  version: number;
  inventories: { inventoryId: string }[];
}

/** The Unit columns a setting may change besides `configuration`. */
export interface UnitColumns {
  transmissionMode?: string;
  workingMode?: string;
  storeAndForwardVideoQuality?: string;
  filenamePrefix?: string | null;
  multiCameraLabels?: string[];
  selectedChannelId?: string | null;
  alertsConfigMode?: string;
}

/** What one setting changes: the configuration (whole, merged by the caller) and columns. */
export interface SettingChange {
  configuration?: Record<string, unknown>;
  columns?: UnitColumns;
}

export type ConfigRecord = Record<string, unknown>;

export function record(v: unknown): ConfigRecord {
  // A non-array object parsed from JSON: its keys are strings, its values unknown.
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as ConfigRecord) : {};
}

export function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

export function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

export function int(v: unknown): number | null {
  return typeof v === 'number' && Number.isInteger(v) ? v : null;
}

export function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

export function bool(v: unknown, fallback: boolean): boolean {
  return typeof v === 'boolean' ? v : fallback;
}

/** A stored value of an enum, or the fallback. */
export function oneOf<T extends string | number>(values: readonly T[], v: unknown, fallback: T): T {
  // `includes` needs the element type; a value found in `values` is one of them.
  return values.includes(v as T) ? (v as T) : fallback;
}

/** The configuration as stored JSON: built from parsed bodies, so plain JSON values only. */
export function toJson(v: ConfigRecord): Prisma.InputJsonObject {
  return v as Prisma.InputJsonObject;
}

/** Body field problems; paths are relative to the body, as the route's own validation reports them. */
export function bodyProblems(problems: readonly FieldProblem[]): AppError {
  return validationError(problems.map((p) => ({ path: p.path ? `body.${p.path}` : 'body', message: p.message })));
}

export function bodyProblem(path: string, message: string): AppError {
  return bodyProblems([{ path, message }]);
}

export function capabilitiesOf(unit: Pick<ConfigUnit, 'capabilities'>): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const [k, v] of Object.entries(record(unit.capabilities))) if (typeof v === 'boolean') out[k] = v;
  return out;
}

export function licenceOf(unit: Pick<ConfigUnit, 'license'>): License | null {
  const r = LicenseSchema.safeParse(unit.license);
  return r.success ? r.data : null;
}

export function inventoriesOf(unit: Pick<ConfigUnit, 'inventories'>): string[] {
  return unit.inventories.map((i) => i.inventoryId);
}

/** Checks shared by the commands and the updates. */
export class UnitChecks {
  constructor(private readonly deps: ServiceDeps) {}

  async load(id: string): Promise<ConfigUnit> {
    const unit: ConfigUnit | null = await this.deps.db.unit.findUnique({ where: { id }, select: configUnitSelect });
    if (!unit) throw new AppError('NOT_FOUND');
    return unit;
  }

  /** An update naming a version answers 409 when the unit moved on (checked before anything is sent). */
  checkVersion(unit: Pick<ConfigUnit, 'version'>, version: number | undefined): void {
    if (version !== undefined && version !== unit.version) throw new AppError('CONFLICT');
  }

  /** The unit must be reachable; its current applications. */
  requireOnline(id: string): Applications {
    if (isOfflineLike(this.deps.index.statusOf(id))) throw new AppError('UNIT_OFFLINE');
    return this.deps.index.applicationsOf(id);
  }

  /** Licensed features (capability + ENABLED service, packages/domain unitFeatureLicences). */
  async licences(unit: Pick<ConfigUnit, 'id' | 'capabilities'>): Promise<UnitLicences> {
    const services = await this.deps.db.service.findMany({ where: { unitId: unit.id }, select: { serviceName: true, serviceStatus: true } });
    return unitFeatureLicences(capabilitiesOf(unit), services);
  }

  requireCapability(unit: Pick<ConfigUnit, 'capabilities'>, key: string): void {
    if (capabilitiesOf(unit)[key] !== true) throw new AppError('FEATURE_DISABLED');
  }

  /** A channel of one of the unit's inventories, else "Invalid field" on `path`. */
  async requireChannel(unit: Pick<ConfigUnit, 'inventories'>, channelId: string, path: string): Promise<{ id: string; name: string; serverId: string; swVersion: string }> {
    const channel = await this.deps.db.channel.findFirst({
      where: { id: channelId, inventories: { some: { inventoryId: { in: inventoriesOf(unit) } } } },
      select: { id: true, name: true, serverId: true, swVersion: true },
    });
    if (!channel) throw bodyProblem(path, VALIDATION.invalidField);
    return channel;
  }

  async requireChannels(unit: Pick<ConfigUnit, 'inventories'>, channelIds: readonly string[], path: string): Promise<void> {
    if (channelIds.length === 0) return;
    const found = await this.deps.db.channel.findMany({
      where: { id: { in: [...channelIds] }, inventories: { some: { inventoryId: { in: inventoriesOf(unit) } } } },
      select: { id: true },
    });
    const problems = channelIds.flatMap((c, i) => (found.some((f) => f.id === c) ? [] : [{ path: `${path}.${i}`, message: VALIDATION.invalidField }]));
    if (problems.length > 0) throw bodyProblems(problems);
  }

  /** The server ("multimedia hub") of the unit's selected channel, or null. */
  async hubOf(unit: Pick<ConfigUnit, 'selectedChannelId'>): Promise<string | null> {
    if (!unit.selectedChannelId) return null;
    const channel = await this.deps.db.channel.findUnique({ where: { id: unit.selectedChannelId }, select: { serverId: true } });
    return channel?.serverId ?? null;
  }

  /** Send a setting to the device (a refusal becomes the catalogue error the device named). */
  async push(id: string, setting: UnitSetting, payload: unknown): Promise<void> {
    await this.deps.devices.command(id, { type: 'configure', setting, payload });
  }
}
