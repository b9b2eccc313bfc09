/**
 * Units as the console sees them: the unit list and a unit's summary and detail (built from the
 * row, its memberships, its live state and telemetry), object-level visibility, renaming, and the
 * fleet handed to the device gateway. Every change of a unit's row is announced here
 * (`unit.updated`, `device.added`, `device.removed`).
 */
import { parseOr } from '../../platform/storage/json-column.js';
import {
  TransmissionMode,
  UnitTypeGroup,
  VALIDATION,
  WorkingMode,
  type ChannelInUse,
  type DeviceSpec,
  type UnitAlert,
  type UnitDetail,
  type UnitStatus,
  type UnitSummary,
  UnitCapabilities,
  UnitCoords,
  UnitGroupRef,
  UnitLocationInfo,
  UnitModems,
} from '@fleet/contracts';
import { batteryColour, isOfflineLike, modemUiState } from '@fleet/domain';
import type { Db } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError } from '../../errors.js';
import { systemClock, type Clock } from '../../platform/clock.js';
import { requireRow, unlessTaken } from '../../platform/versioned-write.js';
import type { UnitRecord, UnitRepository } from '../../platform/storage/unit-rows.js';
import { unitApplications, unitCapabilities, unitLicense, unitMultiCameraLabels, unitServices } from '../../platform/storage/unit-columns.js';
import { canSeeUnit, type AuthUser, groupScopeWhere } from '../../platform/access.js';
import type { MemoryTable } from '../../platform/storage/read-model.js';
import type { DeviceGateway } from '../../platform/gateway.js';
import type { RealtimeHub } from '../../platform/hub.js';
import type { TelemetryStore, UnitTelemetry } from '../../platform/telemetry.js';
import type { LiveState, Membership, UnitIndex } from '../../platform/unit-index.js';
import { deepFreeze } from '../../platform/storage/read-model.js';
import * as repo from './repository.js';
import type { ChannelsInUse } from './channels-in-use.js';

export class UnitService {
  /** The last units' details, least recently built first, by the summary they were built with. */
  private readonly details = new Map<string, { summary: UnitSummary; detail: UnitDetail }>();
  /** The membership each row was last checked against. */
  private readonly rememberedRows = new WeakMap<UnitRecord, Membership>();
  /** Each unit's licence column as last seen (a changed one may change what its device is told, DeviceSpec.videoLicensed). */
  private readonly licenceSeen = new Map<string, { column: UnitRecord['license']; valid: boolean }>();
  private readonly summaries = new Map<
    string,
    {
      row: UnitRecord;
      membership: Membership;
      live: LiveState | undefined;
      revision: number;
      inUse: readonly ChannelInUse[];
      summary: UnitSummary;
    }
  >();

  constructor(
    private readonly db: Db,
    private readonly repo: UnitRepository,
    private readonly index: UnitIndex,
    private readonly hub: RealtimeHub,
    private readonly telemetry: TelemetryStore,
    private readonly gateway: DeviceGateway,
    private readonly inUse: ChannelsInUse,
    private readonly clock: Clock = systemClock,
  ) {
    // A server took or gave back a channel of the unit: subscribers hear where it streams now
    // (the channels only: an event made from what the server reported, whenever the report is stored).
    // Announced where the report was stored (another instance's reach us through the broker).
    inUse.onChange((unitIds, origin) => {
      if (origin !== 'local') return;
      const at = this.clock.now();
      for (const unitId of unitIds)
        if (this.index.has(unitId)) this.hub.publish(this.index.topicsOf(unitId), { type: 'unit.channels', unitId, channelsInUse: [...inUse.of(unitId)], at });
    });
  }

  /** Load the fleet into the index and hand it to the gateway. */
  async start(): Promise<void> {
    // Nothing is known about any device until it reports: everything starts offline.
    await repo.markAllUnitsOffline(this.db);
    const rows = this.repo.findAll();
    for (const r of rows) {
      this.remember(r);
      this.licenceSeen.set(r.id, { column: r.license, valid: unitLicense.read(r.license).valid });
    }
    this.gateway.setFleet(rows.map(toDeviceSpec));
  }

  /** The unit's memberships in the index, updated when the record's differ. */
  private remember(r: UnitRecord): Membership {
    const m = this.index.membershipOf(r.id);
    // The same row as last time (read-model rows are replaced, never changed): nothing to compare.
    if (m && this.rememberedRows.get(r) === m) return m;
    const current =
      m && sameIds(m.inventoryIds, r.inventories, 'inventoryId') && sameIds(m.groupIds, r.groups, 'groupId')
        ? m
        : this.index.remember(
            r.id,
            r.inventories.map((i) => i.inventoryId),
            r.groups.map((g) => g.groupId),
          );
    this.rememberedRows.set(r, current);
    return current;
  }

  /**
   * A unit's row changed in the read model (a write here or on another instance): keep the
   * memberships of a unit the index knows current. New and deleted units are announced by
   * `refreshUnit` and `forgetUnit`, which their writers call.
   */
  followReadModel(table: MemoryTable<UnitRecord>): void {
    table.onChange((id, row) => {
      if (!row || !this.index.has(id)) return;
      this.remember(row);
      // The device refuses streams without a valid video licence (its own ones too): it hears of a change.
      const seen = this.licenceSeen.get(id);
      if (seen?.column === row.license) return;
      const valid = unitLicense.read(row.license).valid;
      this.licenceSeen.set(id, { column: row.license, valid });
      if (seen !== undefined && seen.valid !== valid) this.gateway.addDevice(toDeviceSpec(row));
    });
  }

  /**
   * A unit was created, or its inventories/groups changed: update the membership index, the
   * gateway's fleet, and tell subscribers (device.added for a new unit).
   */
  async refreshUnit(unitId: string): Promise<void> {
    const row = this.repo.findById(unitId);
    if (!row) return this.forgetUnit(unitId);
    const isNew = !this.index.has(unitId);
    this.remember(row);
    if (isNew) this.hub.publish(this.index.topicsOf(unitId), { type: 'device.added', unitId, at: this.clock.now() });
    this.gateway.addDevice(toDeviceSpec(row));
  }

  /** A unit was deleted: subscribers hear device.removed; the device is released. */
  forgetUnit(unitId: string): void {
    const topics = this.index.topicsOf(unitId);
    this.summaries.delete(unitId);
    this.details.delete(unitId);
    this.index.forget(unitId);
    this.telemetry.delete(unitId);
    this.gateway.removeDevice(unitId);
    this.hub.publish(topics, { type: 'device.removed', unitId, at: this.clock.now() });
  }

  /** Tell subscribers the unit's row changed (`unit.updated` with its summary). */
  async announce(unitId: string): Promise<void> {
    const row = this.repo.findById(unitId);
    if (row) this.hub.publish(this.index.topicsOf(unitId), { type: 'unit.updated', unit: this.toSummary(row), at: this.clock.now() });
  }

  /** The units the caller may see (of one group, if given), by name. */
  list(user: AuthUser, groupId: string | undefined): UnitSummary[] {
    const out: UnitSummary[] = [];
    for (const r of this.repo.findAll()) {
      if (groupId !== undefined && !r.groups.some((g) => g.groupId === groupId)) continue;
      const m = this.remember(r);
      if (canSeeUnit(user, m)) out.push(this.summaryOf(r, m));
    }
    return out;
  }

  /** The unit row if the caller may see it, else 404 (unknown and invisible answer alike); synchronous, from the read model. */
  findVisible(user: AuthUser, id: string): UnitRecord {
    const row = this.repo.findById(id);
    // An invisible unit answers exactly like a missing one.
    if (!row || !canSeeUnit(user, this.remember(row))) throw new AppError('NOT_FOUND');
    return row;
  }

  /** Object-level access check for catalogue routes with scope `unit`. */
  assertVisible(user: AuthUser, id: string): void {
    this.findVisible(user, id);
  }

  /** A unit's detail, synchronous: from the read model and the live telemetry. */
  get(user: AuthUser, id: string): UnitDetail {
    const r = this.findVisible(user, id);
    // Like summaries: one frozen detail per state of the unit (its text is then written once).
    const summary = this.toSummary(r);
    const cached = this.details.get(id);
    if (cached && cached.summary === summary) return cached.detail;
    const detail = deepFreeze(this.toDetail(r));
    this.details.delete(id);
    this.details.set(id, { summary, detail });
    // Details carry up to 360 samples: keep those of the units read last only.
    if (this.details.size > DETAILS_KEPT) this.details.delete(this.details.keys().next().value!);
    return detail;
  }

  async rename(user: AuthUser, body: { id: string; name: string; comment?: string; version?: number }): Promise<UnitSummary> {
    const row = this.findVisible(user, body.id);
    if (this.repo.nameTaken(body.name, body.id)) throw nameInUse();
    // A rename naming its version is checked against it; one without asked for no check and lands
    // whatever was written since it was read (the version still moves on).
    const matched = await unlessTaken(
      () =>
        this.repo.update(
          { id: row.id, ...(body.version === undefined ? {} : { version: body.version }) },
          { name: body.name, ...(body.comment === undefined ? {} : { comment: body.comment }) },
          { incrementVersion: true },
        ),
      nameInUse,
    );
    if (!matched) throw new AppError(body.version === undefined ? 'NOT_FOUND' : 'CONFLICT');
    const updated = this.findVisible(user, body.id);
    const summary = this.toSummary(updated);
    this.hub.publish(this.index.topicsOf(body.id), { type: 'unit.updated', unit: summary, at: this.clock.now() });
    // The device learns its new name when it is reachable; the core is the source of truth.
    this.gateway.notify(body.id, { type: 'rename', name: body.name });
    return summary;
  }

  /**
   * The unit's summary. Built once per state of the unit (its row, memberships, live state,
   * telemetry revision and the channels feeding from it) and frozen: the unit list of a large fleet hands out the same objects
   * while units stand still, and the answer writer reuses their text.
   */
  toSummary(r: UnitRecord): UnitSummary {
    return this.summaryOf(r, this.remember(r));
  }

  /** {@link toSummary} with the row's memberships already remembered. */
  private summaryOf(r: UnitRecord, m: Membership): UnitSummary {
    const live = this.index.liveOf(r.id);
    const revision = this.telemetry.revisionOf(r.id);
    const inUse = this.inUse.of(r.id);
    const cached = this.summaries.get(r.id);
    if (cached && cached.row === r && cached.membership === m && cached.live === live && cached.revision === revision && cached.inUse === inUse)
      return cached.summary;
    const summary = deepFreeze(this.buildSummary(r, m, live, inUse));
    this.summaries.set(r.id, { row: r, membership: m, live, revision, inUse, summary });
    return summary;
  }

  private buildSummary(r: UnitRecord, m: Membership, live: LiveState | undefined, inUse: readonly ChannelInUse[]): UnitSummary {
    const d = decoded(r);
    const t = this.telemetry.get(r.id);
    const status = live?.status ?? 'offline';
    return {
      uniqueId: r.id,
      name: r.name,
      comment: r.comment,
      type: r.productType,
      typeGroup: d.typeGroup,
      status,
      applications: live?.applications ?? d.applications,
      swVersion: r.swVersion,
      battery: t?.battery ?? null,
      location: t?.location ?? d.location,
      totalBitrate: t?.totalBitrate ?? 0,
      alerts: alertsOf(status, t),
      transmissionMode: d.transmissionMode,
      workingMode: d.workingMode,
      selectedChannel: {
        channelId: r.selectedChannelId,
        previewChannelId: null,
        highQualityChannelId: null,
        proxyChannelId: null,
        external: false,
      },
      channelsInUse: [...inUse],
      inventoryIds: m.inventoryIds,
      groupIds: m.groupIds,
      hasExtender: r.hasExtender,
      cameraConnected: t?.cameraConnected ?? false,
      licenseValid: d.licenseValid,
      version: r.version,
    };
  }

  toDetail(r: UnitRecord): UnitDetail {
    const t = this.telemetry.get(r.id);
    const d = decoded(r);
    return {
      ...this.toSummary(r),
      serialNumber: r.serialNumber,
      swVersionShort: r.swVersion.split('.').slice(0, 2).join('.'),
      swVersionDisplay: `v${r.swVersion}`,
      modems: t?.modems ?? [],
      license: d.license,
      capabilities: d.capabilities,
      services: d.services,
      tally: r.tally,
      sharing: r.sharing,
      filenamePrefix: r.filenamePrefix,
      storeAndForwardVideoQuality: r.storeAndForwardVideoQuality,
      multiCameraLabels: d.multiCameraLabels,
      targetSwVersion: r.targetSwVersion,
      lastReboot: r.lastReboot ? r.lastReboot.toISOString() : null,
      usageProfileId: r.usageProfileId,
      ownership: r.ownership,
      bitrateSamples: t ? this.telemetry.samplesOf(r.id) : [],
    };
  }

  fetchById(user: AuthUser, id: string): UnitSummary {
    return this.toSummary(this.findVisible(user, id));
  }

  locationOf(user: AuthUser, id: string): UnitLocationInfo {
    const row = this.findVisible(user, id);
    const live = this.telemetry.get(id)?.location ?? null;
    if (live) return { uniqueId: id, location: live, live: true };
    const stored = row.latitude !== null && row.longitude !== null ? { lat: row.latitude, lng: row.longitude, address: row.address } : null;
    return { uniqueId: id, location: stored, live: false };
  }

  modemsOf(user: AuthUser, id: string): UnitModems {
    this.assertVisible(user, id);
    const modems = (this.telemetry.get(id)?.modems ?? []).map((m) => ({
      ...m,
      uiState: modemUiState({ present: true, enabled: m.enabled, connected: m.connected }),
    }));
    const live = modems.filter((m) => m.connected && m.enabled);
    return {
      uniqueId: id,
      modems,
      connectedCount: live.length,
      totalUplinkKbps: live.reduce((s, m) => s + m.uplinkKbps, 0),
    };
  }

  coords(user: AuthUser, groupId: string | undefined): UnitCoords[] {
    const units = this.list(user, groupId);
    return units.flatMap((u) => (u.location ? [{ uniqueId: u.uniqueId, name: u.name, status: u.status, typeGroup: u.typeGroup, location: u.location }] : []));
  }

  capabilities(user: AuthUser, id: string): UnitCapabilities {
    const row = this.findVisible(user, id);
    return { capabilities: unitCapabilities.read(row.capabilities) };
  }

  async unitGroups(user: AuthUser, id: string): Promise<UnitGroupRef[]> {
    this.assertVisible(user, id);
    const links = requireRow(await repo.findUnitGroupLinks(this.db, id, user.global ? {} : { group: groupScopeWhere(user) }));
    return links.map((l) => groupRef(l.group)).sort(byName);
  }

  /** Groups the caller can see: all for global users, else their groups and their inventories' groups. */
}

/** Units whose last detail is kept (see UnitService.get). */
const DETAILS_KEPT = 1024;

/** What a summary takes from a unit's stored columns, decoded once per row (read-model rows are replaced, never changed). */
interface DecodedRow {
  readonly typeGroup: UnitSummary['typeGroup'];
  readonly transmissionMode: UnitSummary['transmissionMode'];
  readonly workingMode: UnitSummary['workingMode'];
  readonly applications: UnitSummary['applications'];
  readonly location: UnitSummary['location'];
  readonly licenseValid: boolean;
  readonly license: UnitDetail['license'];
  readonly capabilities: UnitDetail['capabilities'];
  readonly services: UnitDetail['services'];
  readonly multiCameraLabels: UnitDetail['multiCameraLabels'];
}

const decodedRows = new WeakMap<UnitRecord, DecodedRow>();

function decoded(r: UnitRecord): DecodedRow {
  let d = decodedRows.get(r);
  if (!d) {
    const license = unitLicense.read(r.license);
    d = {
      license,
      capabilities: unitCapabilities.read(r.capabilities),
      services: unitServices.read(r.services),
      multiCameraLabels: unitMultiCameraLabels.read(r.multiCameraLabels),
      typeGroup: parseOr(UnitTypeGroup, r.typeGroup, 'fieldUnits'),
      transmissionMode: parseOr(TransmissionMode, r.transmissionMode, 'live'),
      workingMode: parseOr(WorkingMode, r.workingMode, 'video'),
      applications: unitApplications.read(r.applications),
      location: r.latitude !== null && r.longitude !== null ? { lat: r.latitude, lng: r.longitude, address: r.address } : null,
      licenseValid: license.valid,
    };
    decodedRows.set(r, d);
  }
  return d;
}

function sameIds<K extends string>(ids: readonly string[], rows: ReadonlyArray<Record<K, string>>, key: K): boolean {
  return ids.length === rows.length && rows.every((r, i) => r[key] === ids[i]);
}

function nameInUse(): AppError {
  return new AppError('NAME_IN_USE', [{ path: 'name', message: VALIDATION.unitNameInUse }], VALIDATION.unitNameInUse);
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
    home: r.latitude !== null && r.longitude !== null ? { lat: r.latitude, lng: r.longitude, address: r.address } : null,
    memberOf: { groupIds: r.groups.map((g) => g.groupId), inventoryIds: r.inventories.map((i) => i.inventoryId) },
    videoLicensed: unitLicense.read(r.license).valid,
  };
}

/** The calls UnitService answers. */
export const unitCalls = callsOf<UnitService>()({
  fetchDeviceById: (s, { params }, user) => s.fetchById(user, params.id),
  getDeviceLocation: (s, { params }, user) => s.locationOf(user, params.id),
  getDeviceModems: (s, { params }, user) => s.modemsOf(user, params.id),
  fetchDeviceCoords: (s, { query }, user) => s.coords(user, query.group),
  getUnitCapabilities: (s, { params }, user) => s.capabilities(user, params.id),
  getUnitGroups: (s, { params }, user) => s.unitGroups(user, params.id),
  fetchDevices: (s, { query }, user) => s.list(user, query.group),
  getUnit: (s, { params }, user) => s.get(user, params.id),
  renameDevice: (s, { body }, user) => s.rename(user, body),
});

function groupRef(g: { id: string; name: string; inventoryId: string; inventory: { name: string } }): UnitGroupRef {
  return { id: g.id, name: g.name, inventoryId: g.inventoryId, inventoryName: g.inventory.name };
}

function byName(a: { name: string; id: string }, b: { name: string; id: string }): number {
  return a.name === b.name ? (a.id < b.id ? -1 : 1) : a.name < b.name ? -1 : 1;
}

/** The calls UnitReadService answers. */
