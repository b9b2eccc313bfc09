/**
 * Checking a scenario's expectations against what the core answered: each function returns the
 * mismatches as readable lines (none = the expectation holds). Inputs are the JSON the core sent
 * (GET v2/units/{id}; the control plane's core.* views), read defensively.
 */
import type { CoreExpectation, ShardFleetCheck, UnitExpectation } from '@fleet/contracts';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): Json[] => (Array.isArray(v) ? v.map(obj) : []);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export interface Range {
  above?: number | undefined;
  below?: number | undefined;
}

function inRange(label: string, value: number | null, r: Range | undefined, out: string[]): void {
  if (!r) return;
  if (value === null) {
    out.push(`${label}: no value`);
    return;
  }
  if (r.above !== undefined && !(value > r.above)) out.push(`${label} = ${value}, expected above ${r.above}`);
  if (r.below !== undefined && !(value < r.below)) out.push(`${label} = ${value}, expected below ${r.below}`);
}

function equal(label: string, actual: unknown, expected: unknown, out: string[]): void {
  if (expected === undefined) return;
  if (actual !== expected) out.push(`${label} = ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
}

function alertChecks(
  label: string,
  alerts: Json[],
  want: { has?: { type: string; level?: string | undefined }[] | undefined; lacks?: string[] | undefined } | undefined,
  out: string[],
): void {
  if (!want) return;
  for (const h of want.has ?? []) {
    if (!alerts.some((a) => a.type === h.type && (h.level === undefined || a.level === h.level))) {
      out.push(
        `${label}: no ${[h.level, h.type].filter(Boolean).join(' ')} alert (have ${alerts.map((a) => `${String(a.level)} ${String(a.type)}`).join(', ') || 'none'})`,
      );
    }
  }
  for (const type of want.lacks ?? []) {
    if (alerts.some((a) => a.type === type)) out.push(`${label}: ${type} alert present`);
  }
}

/** Check a unit as GET v2/units/{id} answered it. */
export function checkUnit(unit: unknown, e: UnitExpectation): string[] {
  const u = obj(unit);
  const out: string[] = [];
  if (e.status !== undefined) {
    const wanted = Array.isArray(e.status) ? e.status : [e.status];
    if (!wanted.includes(u.status as never)) out.push(`status = ${JSON.stringify(u.status)}, expected ${wanted.join(' or ')}`);
  }
  const apps = obj(u.applications);
  if (e.applications) {
    for (const k of e.applications.has ?? []) if (!(k in apps)) out.push(`application ${k} not running`);
    for (const k of e.applications.lacks ?? []) if (k in apps) out.push(`application ${k} running (${JSON.stringify(apps[k])})`);
    for (const [k, state] of Object.entries(e.applications.states ?? {})) equal(`applications.${k}.state`, obj(apps[k]).state, state, out);
  }
  const modems = arr(u.modems);
  for (const m of e.modems ?? []) {
    const found = modems.find((x) => x.port === m.port);
    if (!found) {
      out.push(`modem ${m.port} not reported`);
      continue;
    }
    equal(`modem ${m.port} connected`, found.connected, m.connected, out);
    equal(`modem ${m.port} enabled`, found.enabled, m.enabled, out);
    equal(`modem ${m.port} roaming`, found.roaming, m.roaming, out);
    equal(`modem ${m.port} activeSim`, found.activeSim, m.activeSim, out);
    inRange(`modem ${m.port} uplinkKbps`, num(found.uplinkKbps), m.uplinkKbps, out);
  }
  inRange('connected modems', modems.filter((m) => m.connected === true && m.enabled === true).length, e.connectedModems, out);
  if (e.battery) {
    const b = u.battery === null ? null : obj(u.battery);
    if (!b) out.push('battery: none reported');
    else {
      inRange('battery %', num(b.percentage), e.battery.percentage, out);
      equal('battery charging', b.charging, e.battery.charging, out);
    }
  }
  inRange('totalBitrate', num(u.totalBitrate), e.totalBitrate, out);
  equal('cameraConnected', u.cameraConnected, e.cameraConnected, out);
  if (e.location) {
    const loc = u.location === null ? null : obj(u.location);
    inRange('latitude', loc ? num(loc.lat) : null, e.location.lat, out);
    inRange('longitude', loc ? num(loc.lng) : null, e.location.lng, out);
  }
  equal('licenseValid', u.licenseValid, e.licenseValid, out);
  equal('swVersion', u.swVersion, e.swVersion, out);
  equal('tally', u.tally, e.tally, out);
  alertChecks('alerts', arr(u.alerts), e.alerts, out);
  inRange('bitrate samples', Array.isArray(u.bitrateSamples) ? u.bitrateSamples.length : null, e.bitrateSamples, out);
  return out;
}

/** What the runner fetched from the control plane's core.* views for one expectation. */
export interface CoreViews {
  unit?: unknown;
  server?: unknown;
  channel?: unknown;
  vrChannel?: unknown;
  /** GET v2/inventories/{id}/managedServices. */
  managedServices?: unknown;
}

/** Check what the core recorded (control plane core.unit / core.server / core.channel / core.vrChannel). */
export function checkCore(views: CoreViews, e: CoreExpectation): string[] {
  const out: string[] = [];
  const subject = obj(views.unit ?? views.server);
  if (e.upgrade) {
    const up = subject.upgrade === null || subject.upgrade === undefined ? null : obj(subject.upgrade);
    if (!up) out.push('upgrade: none recorded');
    else {
      equal('upgrade state', up.state, e.upgrade.state, out);
      equal('upgrade failureCode', up.failureCode, e.upgrade.failureCode, out);
      equal('upgrade targetVersion', up.targetVersion, e.upgrade.targetVersion, out);
    }
  }
  alertChecks('active alerts', arr(subject.activeAlerts), e.activeAlerts, out);
  if (e.files) {
    const files = arr(subject.files);
    inRange('files', files.length, e.files.count, out);
    if (e.files.withStatus && !files.some((f) => f.status === e.files?.withStatus)) {
      out.push(`files: none ${e.files.withStatus} (have ${[...new Set(files.map((f) => String(f.status)))].join(', ') || 'none'})`);
    }
    if (e.files.namesMatch) {
      const re = new RegExp(e.files.namesMatch);
      for (const f of files) if (!re.test(String(f.fileName))) out.push(`file name ${String(f.fileName)} does not match ${e.files.namesMatch}`);
    }
    inRange('transfers started', num(subject.transfersStarted), e.files.transfersStarted, out);
    inRange('transfers completed', num(subject.transfersCompleted), e.files.transfersCompleted, out);
  }
  if (e.selection) {
    const s = subject.selection === null || subject.selection === undefined ? null : obj(subject.selection);
    if (!s) out.push('selection: none recorded');
    else {
      equal('selection channelId', s.channelId, e.selection.channelId, out);
      equal('selection external', s.external, e.selection.external, out);
      inRange('selection attempts', num(s.attempts), e.selection.attempts, out);
    }
  }
  if (e.speedTest) {
    const s = subject.speedTest === null || subject.speedTest === undefined ? null : obj(subject.speedTest);
    if (!s) out.push('speed test: none recorded');
    else {
      equal('speed test state', s.state, e.speedTest.state, out);
      equal('speed test error', s.error, e.speedTest.error, out);
    }
  }
  if (e.fetchLogs) {
    const s = subject.fetchLogs === null || subject.fetchLogs === undefined ? null : obj(subject.fetchLogs);
    if (!s) out.push('sending logs: none recorded');
    else {
      equal('sending logs state', s.state, e.fetchLogs.state, out);
      equal('sending logs error', s.error, e.fetchLogs.error, out);
    }
  }
  if (e.server) equal('server status', obj(obj(views.server).server).status, e.server.status, out);
  if (e.channel?.status !== undefined) {
    const wanted = Array.isArray(e.channel.status) ? e.channel.status : [e.channel.status];
    const status = obj(views.channel).status;
    if (!wanted.includes(status as never)) out.push(`channel ${e.channel.channelId} status = ${JSON.stringify(status)}, expected ${wanted.join(' or ')}`);
  }
  for (const want of e.channel?.ptmp ?? []) {
    const got = arr(obj(views.channel).ptmpStatuses).find((r) => r.uid === want.uid);
    if (!got) {
      out.push(`channel ${e.channel?.channelId ?? ''}: no ptmp receiver ${want.uid}`);
      continue;
    }
    equal(`ptmp receiver ${want.uid} status`, got.status, want.status, out);
    inRange(`ptmp receiver ${want.uid} bitrate`, num(got.bitrate), want.bitrate, out);
  }
  if (e.vrChannel) equal(`video return channel ${e.vrChannel.vrChannelId} status`, obj(views.vrChannel).status, e.vrChannel.status, out);
  if (e.managedService) {
    const want = e.managedService;
    const got = arr(obj(views.managedServices).items).find((s) => s.serviceName === want.serviceName);
    if (!got) out.push(`managed service ${want.serviceName} of ${want.inventoryId}: not listed`);
    else equal(`managed service ${want.serviceName} state`, got.state, want.state, out);
  }
  return out;
}

/** What the core answered over REST for an `expectFleet` step. */
export interface FleetAnswers {
  /** GET devices/fetch. */
  units: unknown;
  /** GET channels/fetch. */
  channels: unknown;
  /** GET servers/{id}/status, by server id. */
  servers: Record<string, unknown>;
}

/**
 * An `expectFleet` step: the shards break no fleet invariant, and the core's REST answers equal
 * what the shards run — each unit's status (by the §4 rule) and tally, each channel's status and
 * the unit it is allocated to, each server's status. Units, channels and servers the core does not
 * list are left out.
 */
export function checkFleetAnswers(fleet: ShardFleetCheck, rest: FleetAnswers): string[] {
  const out = [...fleet.violations];
  const units = new Map(arr(rest.units).map((u) => [String(u.uniqueId), u]));
  for (const u of fleet.units) {
    const core = units.get(u.unitId);
    if (!core) continue;
    if (core.status !== u.status) out.push(`unit ${u.unitId}: the core says ${String(core.status)}, the unit runs ${u.status}`);
    // The list carries no tally; a detail would.
    if ('tally' in core && (core.tally ?? null) !== u.tally)
      out.push(`unit ${u.unitId}: the core says tally ${JSON.stringify(core.tally ?? null)}, the unit's is ${JSON.stringify(u.tally)}`);
  }
  const channels = new Map(arr(obj(rest.channels).channels).map((c) => [String(c.channelId), c]));
  for (const c of fleet.channels) {
    const core = channels.get(c.channelId);
    if (!core) continue;
    if (core.status !== c.status) out.push(`channel ${c.channelId}: the core says ${String(core.status)}, the channel is ${c.status}`);
    if ((core.allocatedToUnitUid ?? null) !== c.allocatedTo)
      out.push(
        `channel ${c.channelId}: the core says allocated to ${JSON.stringify(core.allocatedToUnitUid ?? null)}, it is allocated to ${JSON.stringify(c.allocatedTo)}`,
      );
  }
  for (const s of fleet.servers) {
    const core = rest.servers[s.serverId];
    if (core === undefined) continue;
    if (obj(core).status !== s.status) out.push(`server ${s.serverId}: the core says ${String(obj(core).status)}, the server is ${s.status}`);
  }
  return out;
}
