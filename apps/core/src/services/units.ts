/**
 * Unit reads, stream control and renaming, and the processing of device reports: status derived
 * by packages/domain, durable status changes, live events on the hub.
 */
import {
  ERROR_CATALOGUE, type ErrorCode, groupTopic, inventoryTopic, TransmissionMode,
  UnitTypeGroup, VALIDATION, WorkingMode,
  type Applications, type DeviceAck, type DeviceSpec, type DeviceState, type DeviceTelemetry, type UnitAlert, type UnitDetail,
  type UnitStatus, type UnitSummary,
} from '@fleet/contracts';
import { batteryColour, deriveUnitStatusFromReport, isOfflineLike, statusChangeEvent } from '@fleet/domain';
import type { Db } from '@fleet/db';
import { AppError } from '../errors.js';
import { canSeeUnit, unitScopeWhere, type AuthUser } from './access.js';
import type { DeviceGateway } from './gateway.js';
import type { RealtimeHub } from './hub.js';
import type { TelemetryStore, UnitTelemetry } from './telemetry.js';
import { isUniqueViolation, UnitRepository, type UnitRecord } from '../repositories/units.js';
import { unitApplications, unitCapabilities, unitLicense, unitMultiCameraLabels, unitServices } from '../repositories/unit-columns.js';

interface Membership {
  inventoryIds: string[];
  groupIds: string[];
  /** The unit's topics, built once per membership change (the telemetry path reads them 10,000 times a second). */
  topics: readonly string[];
}

/** (issue 3, unit-actions area) One applied device report, as state listeners see it. */
export interface DeviceStateChange {
  unitId: string;
  online: boolean;
  applications: Applications;
  previous: Applications;
}
export type DeviceStateListener = (change: DeviceStateChange) => Promise<void>;

export class UnitService {
  /** Last known status and applications per unit, to skip unchanged device reports cheaply. */
  private readonly live = new Map<string, { status: UnitStatus; applications: Applications; appsKey: string }>();
  private readonly membership = new Map<string, Membership>();
  /** Reports of one unit are applied in order. */
  private readonly queue = new Map<string, Promise<void>>();
  /** (issue 3, unit-actions area) Told of every applied device report, in report order per unit. */
  private readonly stateListeners: DeviceStateListener[] = [];

  private readonly repo: UnitRepository;

  constructor(
    private readonly db: Db,
    private readonly hub: RealtimeHub,
    private readonly telemetry: TelemetryStore,
    private readonly gateway: DeviceGateway,
    private readonly log: { error(obj: unknown, msg?: string): void },
  ) {
    this.repo = new UnitRepository(db);
  }

  /** Load the fleet, hand it to the gateway, and start listening to devices. */
  async start(): Promise<void> {
    const rows = await this.repo.findAll();
    const specs: DeviceSpec[] = [];
    for (const r of rows) {
      this.remember(r);
      this.live.set(r.id, { status: 'offline', applications: {}, appsKey: '{}' });
      specs.push(toDeviceSpec(r));
    }
    // Nothing is known about any device until it reports: everything starts offline.
    await this.db.unit.updateMany({ where: { status: { not: 'offline' } }, data: { status: 'offline', applications: {} } });
    this.gateway.setHandlers({
      onState: (m) => this.enqueue(m.unitId, () => this.applyState(m)),
      onTelemetry: (m) => this.applyTelemetry(m),
    });
    this.gateway.setFleet(specs);
  }

  private remember(r: UnitRecord): Membership {
    const inventoryIds = r.inventories.map((i) => i.inventoryId);
    const groupIds = r.groups.map((g) => g.groupId);
    const m = { inventoryIds, groupIds, topics: [...groupIds.map(groupTopic), ...inventoryIds.map(inventoryTopic)] };
    this.membership.set(r.id, m);
    return m;
  }

  /**
   * (issue 3, unit-actions area) Follow device reports after they are applied (uploads an outage
   * ended, finished log sending, ...). Listeners run inside the unit's report queue, so in order.
   */
  onDeviceState(listener: DeviceStateListener): void {
    this.stateListeners.push(listener);
  }

  /** Current derived status of a unit (offline until its device reports). */
  statusOf(unitId: string): UnitStatus {
    return this.live.get(unitId)?.status ?? 'offline';
  }

  /** Current applications of a unit as its device last reported them. */
  applicationsOf(unitId: string): Applications {
    return this.live.get(unitId)?.applications ?? {};
  }

  /**
   * A unit was created, or its inventories/groups changed: update the membership index, the
   * gateway's fleet, and tell subscribers (device.added for a new unit).
   */
  async refreshUnit(unitId: string): Promise<void> {
    const row = await this.repo.findById(unitId);
    if (!row) return this.forgetUnit(unitId);
    const isNew = !this.live.has(unitId);
    this.remember(row);
    if (isNew) {
      this.live.set(unitId, { status: 'offline', applications: {}, appsKey: '{}' });
      this.hub.publish(this.topicsOf(unitId), { type: 'device.added', unitId, at: Date.now() });
    }
    this.gateway.addDevice(toDeviceSpec(row));
  }

  /** A unit was deleted: subscribers hear device.removed; the device is released. */
  forgetUnit(unitId: string): void {
    const topics = this.topicsOf(unitId);
    this.membership.delete(unitId);
    this.live.delete(unitId);
    this.telemetry.delete(unitId);
    this.gateway.removeDevice(unitId);
    this.hub.publish(topics, { type: 'device.removed', unitId, at: Date.now() });
  }

  /** Topics an event about this unit goes to: each of its groups and inventories. */
  topicsOf(unitId: string): string[] {
    const m = this.membership.get(unitId);
    return m ? [...m.topics] : [];
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

  /**
   * (issue 3, unit-actions area) Wait until the reports of one unit received so far are applied:
   * after a command's acknowledgement, the state the device reported before it is then visible.
   */
  async settleUnit(unitId: string): Promise<void> {
    await this.queue.get(unitId);
  }

  /** Wait until every queued device report is applied (tests, shutdown). */
  async settle(): Promise<void> {
    while (this.queue.size > 0) await Promise.all([...this.queue.values()]);
  }

  private async applyState(m: DeviceState): Promise<void> {
    const prev = this.live.get(m.unitId);
    if (!prev) return; // not a unit of ours
    const applications = m.online ? m.applications : {};
    const status = deriveUnitStatusFromReport({ online: m.online, applications });
    const appsKey = JSON.stringify(applications);
    if (prev.status === status && prev.appsKey === appsKey) return;
    this.live.set(m.unitId, { status, applications, appsKey });
    if (!m.online) this.telemetry.markOffline(m.unitId);
    const change = prev.status === status ? null : statusChangeEvent(prev.status, status);
    await this.db.unit.update({ where: { id: m.unitId }, data: { status, applications } });
    if (prev.status !== status) {
      await this.db.unitStatusChange.create({
        data: { unitId: m.unitId, from: prev.status, to: status, event: change ?? 'unknown', at: new Date(m.at) },
      });
    }
    this.hub.publish(this.topicsOf(m.unitId), {
      type: 'unit.status',
      unitId: m.unitId,
      status,
      previous: prev.status,
      change,
      applications,
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
    if (!this.live.has(m.unitId)) return;
    this.telemetry.update(m.unitId, m);
    this.hub.publish(this.membership.get(m.unitId)?.topics ?? [], {
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

  async list(user: AuthUser, groupId: string | undefined): Promise<UnitSummary[]> {
    const where = groupId
      ? { AND: [unitScopeWhere(user), { groups: { some: { groupId } } }] }
      : unitScopeWhere(user);
    const rows = await this.repo.findMany(where);
    return rows.map((r) => this.toSummary(r));
  }

  /** The unit row if the caller may see it, else 404 (unknown and invisible answer alike). */
  async findVisible(user: AuthUser, id: string): Promise<UnitRecord> {
    const known = this.membership.get(id);
    if (known) {
      // Scope from the in-memory membership index; one plain read by primary key.
      if (!canSeeUnit(user, known)) throw new AppError('NOT_FOUND');
      const row = await this.repo.findRow(id);
      if (!row) throw new AppError('NOT_FOUND');
      return { ...row, inventories: known.inventoryIds.map((inventoryId) => ({ inventoryId })), groups: known.groupIds.map((groupId) => ({ groupId })) };
    }
    const row = await this.repo.findFirst({ AND: [{ id }, unitScopeWhere(user)] });
    // An invisible unit answers exactly like a missing one.
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /**
   * Object-level access check for catalogue routes with scope `unit`: answered from the in-memory
   * membership index, falling back to storage for units this process has not seen yet.
   */
  async assertVisible(user: AuthUser, id: string): Promise<void> {
    const m = this.membership.get(id);
    if (m) {
      if (!canSeeUnit(user, m)) throw new AppError('NOT_FOUND');
      return;
    }
    await this.findVisible(user, id);
  }

  async get(user: AuthUser, id: string): Promise<UnitDetail> {
    return this.toDetail(await this.findVisible(user, id));
  }

  async startStream(user: AuthUser, id: string, channelId: string | null): Promise<{ status: UnitStatus }> {
    const row = await this.findVisible(user, id);
    const status = this.live.get(id)?.status ?? 'offline';
    if (isOfflineLike(status)) throw new AppError('UNIT_OFFLINE');
    if (!unitLicense.read(row.license).valid) throw new AppError('UNIT_VIDEO_LICENSE_INVALID');
    if (this.telemetry.get(id)?.cameraConnected === false) throw new AppError('CAMERA_NOT_CONNECTED');
    await this.command(id, { type: 'startStream', channelId: channelId ?? row.selectedChannelId });
    return { status: this.live.get(id)?.status ?? status };
  }

  async stopStream(user: AuthUser, id: string): Promise<{ status: UnitStatus }> {
    await this.findVisible(user, id);
    const status = this.live.get(id)?.status ?? 'offline';
    if (isOfflineLike(status)) throw new AppError('UNIT_OFFLINE');
    await this.command(id, { type: 'stopStream' });
    return { status: this.live.get(id)?.status ?? status };
  }

  /**
   * Send a command to the unit's device; a refusal becomes the catalogue error the device named.
   * Answers what the device answered at once (issue 3, unit-config area: e.g. a wifi query's networks).
   */
  async command(id: string, command: Parameters<DeviceGateway['send']>[1]): Promise<DeviceAck['result']> {
    const ack = await this.gateway.send(id, command);
    if (!ack.ok) {
      const code: ErrorCode = ack.error !== undefined && ack.error in ERROR_CATALOGUE ? (ack.error as ErrorCode) : 'GENERIC';
      throw new AppError(code, undefined, undefined, ack.deviceCode);
    }
    return ack.result;
  }

  async rename(user: AuthUser, body: { id: string; name: string; comment?: string; version?: number }): Promise<UnitSummary> {
    const row = await this.findVisible(user, body.id);
    if (await this.repo.nameTaken(body.name, body.id)) throw nameInUse();
    const data = { name: body.name, ...(body.comment === undefined ? {} : { comment: body.comment }), version: { increment: 1 } };
    let count: number;
    try {
      ({ count } = await this.db.unit.updateMany({ where: { id: body.id, version: body.version ?? row.version }, data }));
    } catch (e) {
      if (isUniqueViolation(e)) throw nameInUse();
      throw e;
    }
    if (count === 0) throw new AppError('CONFLICT');
    const updated = await this.findVisible(user, body.id);
    const summary = this.toSummary(updated);
    this.hub.publish(this.topicsOf(body.id), { type: 'unit.updated', unit: summary, at: Date.now() });
    // The device learns its new name when it is reachable; the core is the source of truth.
    this.gateway.send(body.id, { type: 'rename', name: body.name }).catch(() => undefined);
    return summary;
  }

  toSummary(r: UnitRecord): UnitSummary {
    const m = this.remember(r);
    const live = this.live.get(r.id);
    const t = this.telemetry.get(r.id);
    const status = live?.status ?? 'offline';
    return {
      uniqueId: r.id,
      name: r.name,
      comment: r.comment,
      type: r.productType,
      typeGroup: parseOr(UnitTypeGroup, r.typeGroup, 'fieldUnits'),
      status,
      applications: live?.applications ?? unitApplications.read(r.applications),
      swVersion: r.swVersion,
      battery: t?.battery ?? null,
      location: t?.location ?? (r.latitude !== null && r.longitude !== null ? { lat: r.latitude, lng: r.longitude, address: r.address } : null),
      totalBitrate: t?.totalBitrate ?? 0,
      alerts: alertsOf(status, t),
      transmissionMode: parseOr(TransmissionMode, r.transmissionMode, 'live'),
      workingMode: parseOr(WorkingMode, r.workingMode, 'video'),
      selectedChannel: {
        channelId: r.selectedChannelId,
        previewChannelId: null,
        highQualityChannelId: null,
        proxyChannelId: null,
        external: false,
      },
      inventoryIds: m.inventoryIds,
      groupIds: m.groupIds,
      hasExtender: r.hasExtender,
      cameraConnected: t?.cameraConnected ?? false,
      licenseValid: unitLicense.read(r.license).valid,
      version: r.version,
    };
  }

  toDetail(r: UnitRecord): UnitDetail {
    const t = this.telemetry.get(r.id);
    return {
      ...this.toSummary(r),
      serialNumber: r.serialNumber,
      swVersionShort: r.swVersion.split('.').slice(0, 2).join('.'),
      swVersionDisplay: `v${r.swVersion}`,
      modems: t?.modems ?? [],
      license: unitLicense.read(r.license),
      capabilities: unitCapabilities.read(r.capabilities),
      services: unitServices.read(r.services),
      tally: r.tally,
      sharing: r.sharing,
      filenamePrefix: r.filenamePrefix,
      storeAndForwardVideoQuality: r.storeAndForwardVideoQuality,
      multiCameraLabels: unitMultiCameraLabels.read(r.multiCameraLabels),
      targetSwVersion: r.targetSwVersion,
      lastReboot: r.lastReboot ? r.lastReboot.toISOString() : null,
      usageProfileId: r.usageProfileId,
      ownership: r.ownership,
      bitrateSamples: t ? this.telemetry.samplesOf(r.id) : [],
    };
  }
}

function nameInUse(): AppError {
  return new AppError('NAME_IN_USE', [{ path: 'name', message: VALIDATION.unitNameInUse }], VALIDATION.unitNameInUse);
}


function parseOr<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, v: unknown, fallback: T): T {
  const r = schema.safeParse(v);
  return r.success ? r.data : fallback;
}




/**
 * Live alerts from the unit's current state (spec 000 §3 alert types). Durable alert history and
 * per-group thresholds come with the alerts API; these two conditions are read off telemetry.
 */
function alertsOf(status: UnitStatus, t: UnitTelemetry | undefined): UnitAlert[] {
  if (!t || isOfflineLike(status)) return [];
  const raisedAt = new Date(t.lastSampleAt ?? 0).toISOString();
  const out: UnitAlert[] = [];
  const pct = t.battery?.connected ? t.battery.percentage : null;
  if (pct !== null && pct !== undefined && !t.battery?.charging && batteryColour(pct) === 'red') {
    out.push({ type: 'battery', level: pct < 10 ? 'critical' : 'warning', message: `Battery ${Math.round(pct)}%`, raisedAt });
  }
  if (!t.cameraConnected) {
    out.push({ type: 'cameraDisconnected', level: 'warning', message: 'Camera not connected', raisedAt });
  }
  return out;
}

function toDeviceSpec(r: UnitRecord): DeviceSpec {
  return {
    unitId: r.id,
    name: r.name,
    productType: r.productType,
    typeGroup: parseOr(UnitTypeGroup, r.typeGroup, 'fieldUnits'),
    swVersion: r.swVersion,
    capabilities: unitCapabilities.read(r.capabilities),
  };
}
