/**
 * What unit devices report, applied: state reports (status derived by packages/domain, stored
 * with a durable status change, announced as `unit.status`) and telemetry (kept in memory by the
 * telemetry store and published, never written row by row). Reports of one unit are applied in
 * order; services that follow a unit's state (uploads an outage fails, log sending that ended,
 * live streams that stopped) listen here.
 */
import type { Applications, DeviceState, DeviceTelemetry } from '@fleet/contracts';
import { deriveUnitStatusFromReport, statusChangeEvent } from '@fleet/domain';
import type { Db } from '@fleet/db';
import type { DeviceGateway } from './gateway.js';
import type { RealtimeHub } from './hub.js';
import type { TelemetryStore } from './telemetry.js';
import type { UnitIndex } from './unit-index.js';
import type { UnitRepository } from './storage/unit-rows.js';

/** One applied device report, as state listeners see it. */
export interface DeviceStateChange {
  unitId: string;
  online: boolean;
  applications: Applications;
  previous: Applications;
}
export type DeviceStateListener = (change: DeviceStateChange) => Promise<void>;

export class DeviceReports {
  /** Reports of one unit are applied in order. */
  private readonly queue = new Map<string, Promise<void>>();
  /** Told of every applied device report, in report order per unit. */
  private readonly stateListeners: DeviceStateListener[] = [];
  /** Told of every accepted telemetry report (the hot path: listeners only add to memory). */
  private readonly telemetryListeners: ((m: DeviceTelemetry) => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly unitRepository: UnitRepository,
    private readonly index: UnitIndex,
    private readonly hub: RealtimeHub,
    private readonly telemetry: TelemetryStore,
    private readonly log: { error(obj: unknown, msg?: string): void },
  ) {}

  /** Start applying what the gateway's devices report. */
  listen(gateway: DeviceGateway): void {
    gateway.setHandlers({
      onState: (m) => this.enqueue(m.unitId, () => this.applyState(m)),
      onTelemetry: (m) => this.applyTelemetry(m),
    });
  }

  /** Follow device reports after they are applied. Listeners run inside the unit's report queue, so in order. */
  onDeviceState(listener: DeviceStateListener): void {
    this.stateListeners.push(listener);
  }

  /** Follow telemetry reports of our units as they arrive (usage accounting); a listener must be cheap and never throw. */
  onTelemetry(listener: (m: DeviceTelemetry) => void): void {
    this.telemetryListeners.push(listener);
  }

  /**
   * Wait until the reports of one unit received so far are applied: after a command's
   * acknowledgement, the state the device reported before it is then visible.
   */
  async settleUnit(unitId: string): Promise<void> {
    await this.queue.get(unitId);
  }

  /**
   * What `read` answers once the unit's reports received so far are applied and before any report
   * received later is: a mark in the unit's report queue (reports are applied one after another).
   */
  checkpoint<T>(unitId: string, read: () => T): Promise<T> {
    return new Promise<T>((resolve) => this.enqueue(unitId, async () => resolve(read())));
  }

  /** Wait until every queued device report is applied (tests, shutdown). */
  async settle(): Promise<void> {
    while (this.queue.size > 0) await Promise.all([...this.queue.values()]);
  }

  private enqueue(unitId: string, work: () => Promise<void>): void {
    const prev = this.queue.get(unitId) ?? Promise.resolve();
    const next = prev
      .then(work)
      .catch((e: unknown) => this.log.error({ err: e, unitId }, 'applying a device report failed'))
      .finally(() => {
        if (this.queue.get(unitId) === next) this.queue.delete(unitId);
      });
    this.queue.set(unitId, next);
  }

  private async applyState(m: DeviceState): Promise<void> {
    const prev = this.index.liveOf(m.unitId);
    if (!prev) return; // not a unit of ours
    const applications = m.online ? m.applications : {};
    const status = deriveUnitStatusFromReport({ online: m.online, applications });
    const appsKey = JSON.stringify(applications);
    if (prev.status === status && prev.appsKey === appsKey) return;
    this.index.setLive(m.unitId, { status, applications, appsKey });
    if (!m.online) this.telemetry.markOffline(m.unitId);
    const change = prev.status === status ? null : statusChangeEvent(prev.status, status);
    await this.unitRepository.update({ id: m.unitId }, { status, applications });
    if (prev.status !== status) {
      await this.db.unitStatusChange.create({
        data: { unitId: m.unitId, from: prev.status, to: status, event: change ?? 'unknown', at: new Date(m.at) },
      });
    }
    this.hub.publish([...this.index.topicsOf(m.unitId)], {
      type: 'unit.status',
      unitId: m.unitId,
      status,
      previous: prev.status,
      change,
      applications,
      // An offline unit reports no telemetry: its bitrate (0 in the answers from now on) is cleared here.
      ...(m.online ? {} : { totalBitrate: 0 }),
      at: m.at,
    });
    for (const listener of this.stateListeners) await listener({ unitId: m.unitId, online: m.online, applications, previous: prev.applications });
  }

  /**
   * The hot path (every unit once a second): the report's values are copied into the telemetry
   * store, and the event refers to the report's own objects (validated by the gateway, in the
   * schema's shape), so nothing of it outlives this call.
   */
  private applyTelemetry(m: DeviceTelemetry): void {
    if (!this.index.has(m.unitId)) return;
    this.telemetry.update(m.unitId, m);
    for (const listener of this.telemetryListeners) listener(m);
    this.hub.publish(this.index.topicsOf(m.unitId), {
      type: 'unit.telemetry',
      unitId: m.unitId,
      battery: m.battery,
      location: m.location,
      modems: m.modems,
      totalBitrate: m.sample.kbps,
      cameraConnected: m.cameraConnected,
      sample: m.sample,
      at: m.at,
    });
  }
}
