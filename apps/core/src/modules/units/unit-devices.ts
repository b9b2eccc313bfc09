/**
 * A unit's device as the unit services use it: the checks every command, setting and action
 * shares (the unit exists and is reachable, its licences, channels of its inventories) and the
 * three ways to talk to the device — a command, a setting, an action — through the device gateway.
 * A refusal from the device becomes the catalogue error it named.
 */
import {
  LIMITS,
  type Applications,
  type IpPipeState,
  type DeviceAck,
  type UnitActionOutcome,
  type UnitDeviceAction,
  type UnitDeviceActionPayload,
  type UnitSetting,
  RULES,
} from '@fleet/contracts';
import { isOfflineLike, unitFeatureLicences, type UnitLicences } from '@fleet/domain';
import type { Db } from '@fleet/db';
import { AppError, bodyProblem, bodyProblems } from '../../errors.js';
import { unitCapabilities, unitLicense } from '../../platform/storage/unit-columns.js';
import type { ChannelRecord, ReadModel, ServerRow, VrChannelRecord } from '../../platform/storage/read-model.js';
import type { DeviceReports } from '../../platform/device-reports.js';
import type { DeviceGateway } from '../../platform/gateway.js';
import type { TelemetryStore } from '../../platform/telemetry.js';
import type { UnitIndex } from '../../platform/unit-index.js';
import { deviceRefusal } from '../../platform/device-refusal.js';
import * as repo from './repository.js';
import type { DeviceUnit } from './repository.js';

export type { DeviceUnit } from './repository.js';

export function inventoriesOf(unit: Pick<DeviceUnit, 'inventories'>): string[] {
  return unit.inventories.map((i) => i.inventoryId);
}

/** Spec 000 §4 IP pipe states from the l2ControlPipe activity the device reports. */
export function ipPipeStateOf(apps: Applications): IpPipeState {
  const state = apps.l2ControlPipe?.state;
  if (state === undefined) return 'not_connected';
  if (state === 'running') return 'connected';
  if (state === 'connecting') return 'connecting';
  if (state === 'failed') return 'failed';
  return 'disconnecting';
}

/** A row that belongs to one of these inventories (channels and video return channels: any of theirs). */
function inInventories(row: { inventories: readonly { inventoryId: string }[] }, inventoryIds: readonly string[]): boolean {
  return row.inventories.some((i) => inventoryIds.includes(i.inventoryId));
}

/** A unit's state as the core answers it after a command. */
export interface AckedState {
  status: UnitActionOutcome['status'];
  applications: Applications;
}

export class UnitDevices {
  constructor(
    private readonly db: Db,
    private readonly readModel: ReadModel,
    private readonly index: UnitIndex,
    private readonly reports: DeviceReports,
    private readonly telemetry: TelemetryStore,
    private readonly gateway: DeviceGateway,
  ) {}

  async load(id: string): Promise<DeviceUnit> {
    const unit: DeviceUnit | undefined = this.readModel.units.get(id);
    if (!unit) throw new AppError('NOT_FOUND');
    return unit;
  }

  /** An update naming a version answers 409 when the unit moved on (checked before anything is sent). */
  checkVersion(unit: Pick<DeviceUnit, 'version'>, version: number | undefined): void {
    if (version !== undefined && version !== unit.version) throw new AppError('CONFLICT');
  }

  /** The unit must be reachable; its current applications. */
  requireOnline(id: string): Applications {
    if (isOfflineLike(this.index.statusOf(id))) throw new AppError('UNIT_OFFLINE');
    return this.index.applicationsOf(id);
  }

  /** Licensed features (capability + ENABLED service, packages/domain unitFeatureLicences). */
  async licences(unit: Pick<DeviceUnit, 'id' | 'capabilities'>): Promise<UnitLicences> {
    const services = await repo.findUnitServiceStatuses(this.db, unit.id);
    return unitFeatureLicences(unitCapabilities.read(unit.capabilities), services);
  }

  hasCapability(unit: Pick<DeviceUnit, 'capabilities'>, key: string): boolean {
    return unitCapabilities.read(unit.capabilities)[key] === true;
  }

  requireCapability(unit: Pick<DeviceUnit, 'capabilities'>, key: string): void {
    if (!this.hasCapability(unit, key)) throw new AppError('FEATURE_DISABLED');
  }

  /** Spec 000 §6: "A service counts as enabled when its status is ENABLED". */
  async hasEnabledService(unitId: string, serviceName: string): Promise<boolean> {
    const s = await repo.findServiceStatus(this.db, unitId, serviceName);
    return s !== null && s.serviceStatus.toLowerCase() === 'enabled';
  }

  /** A valid video licence; a 4K (2160-line) stream needs PRO and 4K (spec 000 §3 licence, §8). */
  requireVideoLicense(unit: Pick<DeviceUnit, 'license'>, resolution: number | undefined | null): void {
    const license = unitLicense.read(unit.license);
    if (!license.valid) throw new AppError('UNIT_VIDEO_LICENSE_INVALID');
    if (resolution !== undefined && resolution !== null && resolution >= LIMITS.resolution && !(license.pro && license.fourK)) {
      throw new AppError('PRO_4K_LICENSE_MISSING');
    }
  }

  /** The camera as the device last reported it (a device that has not reported yet is not refused here). */
  requireCamera(id: string): void {
    if (this.telemetry.get(id)?.cameraConnected === false) throw new AppError('CAMERA_NOT_CONNECTED');
  }

  /** A channel of one of the unit's inventories (undefined for another or an unknown one). */
  channelOf(unit: Pick<DeviceUnit, 'inventories'>, channelId: string): ChannelRecord | undefined {
    const channel = this.readModel.channels.get(channelId);
    return channel && inInventories(channel, inventoriesOf(unit)) ? channel : undefined;
  }

  /** A video return channel of one of the unit's inventories (undefined for another or an unknown one). */
  vrChannelOf(unit: Pick<DeviceUnit, 'inventories'>, vrChannelId: string): VrChannelRecord | undefined {
    const vr = this.readModel.vrChannels.get(vrChannelId);
    return vr && inInventories(vr, inventoriesOf(unit)) ? vr : undefined;
  }

  /** A server of one of the unit's inventories (undefined for another, one without inventory, or an unknown one). */
  serverOf(unit: Pick<DeviceUnit, 'inventories'>, serverId: string): ServerRow | undefined {
    const server = this.readModel.servers.get(serverId);
    return server && server.inventoryId !== null && inventoriesOf(unit).includes(server.inventoryId) ? server : undefined;
  }

  /** A channel of one of the unit's inventories, else a refusal at `field` (of the body). */
  async requireChannel(unit: Pick<DeviceUnit, 'inventories'>, channelId: string, field: string): Promise<ChannelRecord> {
    const channel = this.channelOf(unit, channelId);
    if (!channel) throw bodyProblem(field, RULES.notOfUnit);
    return channel;
  }

  /** Channels named in a list of the body (`field`) must be channels of the unit's inventories; each one that is not is refused at its item. */
  async requireChannels(unit: Pick<DeviceUnit, 'inventories'>, field: string, channelIds: readonly string[]): Promise<void> {
    const wrong = channelIds.flatMap((id, i) => (this.channelOf(unit, id) ? [] : [i]));
    if (wrong.length > 0) throw bodyProblems(wrong.map((i) => ({ path: `${field}.${i}`, message: RULES.notOfUnit })));
  }

  /** The server ("multimedia hub") of a channel, or null. */
  async serverOfChannel(channelId: string | null): Promise<string | null> {
    if (!channelId) return null;
    return this.readModel.channels.get(channelId)?.serverId ?? null;
  }

  /** Send a command to the unit's device; answers what the device answered at once (e.g. a wifi query's networks). */
  async command(id: string, command: Parameters<DeviceGateway['send']>[1]): Promise<DeviceAck['result']> {
    const ack = await this.gateway.send(id, command);
    if (!ack.ok) throw deviceRefusal(ack);
    return ack.result;
  }

  /**
   * Send a setting to the device; resolves once what the device reported before its
   * acknowledgement is applied, so an answer built next shows the state the setting started (an IP
   * pipe enabled is `connecting`, never the `not_connected` of a report still queued).
   */
  async push(id: string, setting: UnitSetting, payload: unknown): Promise<void> {
    await this.commandAcked(id, { type: 'configure', setting, payload });
  }

  /**
   * Ask the device to start or stop an activity; answers the unit's state as of the device's
   * acknowledgement (what it reported before it, nothing it reported after: a stream that is
   * `connecting` when the device accepts is answered `connecting`, however soon it runs).
   */
  async act<A extends UnitDeviceAction>(id: string, action: A, payload: UnitDeviceActionPayload<A>): Promise<AckedState> {
    return this.commandAcked(id, { type: 'action', action, payload });
  }

  /** Send a command; answers the unit's state as of the device's acknowledgement (see {@link act}). */
  async commandAcked(id: string, command: Parameters<DeviceGateway['send']>[1]): Promise<AckedState> {
    let acked: Promise<AckedState> | undefined;
    const ack = await this.gateway.send(id, command, () => {
      acked = this.reports.checkpoint(id, () => ({ status: this.index.statusOf(id), applications: this.index.applicationsOf(id) }));
    });
    if (!ack.ok) throw deviceRefusal(ack);
    return acked ?? this.settled(id);
  }

  /** Stop actions: the unit must be reachable; stopping what is not running is accepted. */
  async stop(id: string, action: UnitDeviceAction): Promise<UnitActionOutcome> {
    await this.load(id);
    this.requireOnline(id);
    return this.outcome(id, action, await this.commandAcked(id, { type: 'action', action, payload: {} }));
  }

  /** The answer: the state as of the acknowledgement when a command was sent, else once the unit's reports so far are applied. */
  async outcome(id: string, action: UnitDeviceAction, acked?: AckedState): Promise<UnitActionOutcome> {
    const { status, applications } = acked ?? (await this.settled(id));
    return { uniqueId: id, action, accepted: true, status, applications };
  }

  private async settled(id: string): Promise<AckedState> {
    await this.reports.settleUnit(id);
    return { status: this.index.statusOf(id), applications: this.index.applicationsOf(id) };
  }
}
