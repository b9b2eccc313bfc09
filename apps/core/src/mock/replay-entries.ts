/**
 * What a replay plays, worked out from a recording (pure: no storage, no gateway), so that it can
 * be unit-tested apart from the shards (mock/replays.ts sends it).
 *
 * - A recording of the mock (`source: 'mock'`) already holds what the devices reported: each
 *   `device` line is played again as it is, each `request` line is announced at its time and run by
 *   the core as its recorded user.
 * - A recording of any core's /ws (`source: 'core'`) holds events only: the events that devices
 *   cause are turned back into the device reports that cause them (a unit's status into its state,
 *   its telemetry into telemetry, a server's, channel's or video return channel's status into the
 *   server's reports, alerts and upgrades into those events); the others (a user's change on that
 *   core, what the core makes on its own) are counted as not replayable.
 */
import type { AlertLevel, AlertType, DeviceEvent, Recording, RecordedDeviceMessage, RecordedUnit, RecordingLine, ReplayEntry } from '@fleet/contracts';

type RecordedEventLine = Extract<RecordingLine, { kind: 'event' }>;
type RealtimeEventOf<T extends string> = Extract<RecordedEventLine['event'], { type: T }>;

/** What the derivation of an events-only recording needs to know of the core it replays into. */
export interface DerivationContext {
  /** The server a channel or video return channel belongs to (null when unknown). */
  serverOfChannel(channelId: string): string | null;
  serverOfVrChannel(vrChannelId: string): string | null;
  /** The software version a server reports (its state carries one). */
  serverSwVersion(serverId: string): string;
}

export interface ReplayPlan {
  /** Every entry in time order (device reports and REST writes). */
  entries: ReplayEntry[];
  /** Events no device report reproduces (events-only recordings). */
  notReplayable: number;
}

/** The entries of a recording (see the module's comment). */
export function replayEntries(recording: Recording, context: DerivationContext): ReplayPlan {
  const entries: ReplayEntry[] = [];
  let notReplayable = 0;
  const derive = recording.header.source === 'core';
  recording.lines.forEach((line, index) => {
    switch (line.kind) {
      case 'device':
        entries.push({ kind: 'device', t: line.t, message: line.message });
        return;
      case 'request':
        entries.push({ kind: 'request', t: line.t, index });
        return;
      case 'event': {
        // A mock recording's events are what the replay must publish again, not what it plays.
        if (!derive) return;
        const message = deviceMessageOf(line, context);
        if (message) entries.push({ kind: 'device', t: line.t, message });
        else notReplayable++;
        return;
      }
      // A REST exchange a proxy recorded: what the fleet looked like (an import builds it), nothing to play.
      case 'answer':
      case 'end':
        return;
    }
  });
  return { entries, notReplayable };
}

/** A device's alert report on `device` (unit, server, channel): raised at a level, or cleared (level null). */
function alertReport(
  device: { unitId: string | null; serverId: string | null; channelId: string | null },
  alertType: AlertType,
  level: AlertLevel | null,
  message: string,
): Extract<DeviceEvent, { type: 'alert' }> {
  const { unitId, serverId, channelId } = device;
  // The default alert settings sound critical alerts only (spec 000 §9).
  return { type: 'alert', unitId, serverId, channelId, alertType, level, message, value: null, sound: level === 'critical' };
}

/** The device report that causes an event a core published, or null when no device report does. */
export function deviceMessageOf(line: RecordedEventLine, context: DerivationContext): RecordedDeviceMessage | null {
  const e = line.event;
  const at = e.at;
  const event = (ev: DeviceEvent): RecordedDeviceMessage => ({ kind: 'event', event: ev, at });
  switch (e.type) {
    case 'unit.status':
      return { kind: 'state', unitId: e.unitId, online: e.status !== 'offline', applications: e.applications, at };
    case 'unit.tally':
      return event({ type: 'tally', unitId: e.unitId, tally: e.tally ?? 'off' });
    case 'unit.telemetry':
      return {
        kind: 'telemetry',
        unitId: e.unitId,
        battery: e.battery,
        location: e.location,
        modems: e.modems,
        cameraConnected: e.cameraConnected,
        sample: e.sample,
        at,
      };
    case 'server.status':
      return event(serverState(e, context));
    case 'channel.status': {
      const serverId = e.serverId ?? context.serverOfChannel(e.channelId);
      if (serverId === null) return null;
      return event({ type: 'channelState', serverId, channelId: e.channelId, status: e.status, allocatedToUnitUid: null, licensed: true });
    }
    case 'vrChannel.status': {
      const serverId = context.serverOfVrChannel(e.vrChannelId);
      if (serverId === null) return null;
      return event({ type: 'vrChannelState', serverId, vrChannelId: e.vrChannelId, status: e.status });
    }
    case 'alert.raised':
      return event(alertReport(e.alert, e.alert.type, e.alert.level, e.alert.message));
    case 'alert.cleared':
      return event(alertReport(e, e.alertType, null, ''));
    case 'upgrade.changed': {
      const j = e.job;
      return event({
        type: 'upgrade',
        deviceType: e.deviceType,
        deviceId: e.deviceId,
        fromVersion: j.fromVersion,
        targetVersion: j.targetVersion,
        state: j.state,
        progress: j.progress,
        failureCode: j.failureCode,
      });
    }
    default:
      return null;
  }
}

const SERVER_STATES = ['online', 'offline', 'busy', 'upgrading'] as const;

function serverState(e: RealtimeEventOf<'server.status'>, context: DerivationContext): DeviceEvent {
  // A status this mock's servers do not report (another core's wording) counts as up.
  const status = (SERVER_STATES as readonly string[]).includes(e.status) ? (e.status as (typeof SERVER_STATES)[number]) : 'online';
  return {
    type: 'serverState',
    serverId: e.serverId,
    online: status !== 'offline',
    status,
    cpu: 0,
    storage: 0,
    swVersion: context.serverSwVersion(e.serverId),
  };
}

/** The unit a device report is about (its owning shard plays it), or null for a server's. */
export function unitOfMessage(message: RecordedDeviceMessage): string | null {
  if (message.kind !== 'event') return message.unitId;
  const e = message.event;
  if (e.type === 'upgrade') return e.deviceType === 'unit' ? e.deviceId : null;
  return 'unitId' in e && typeof e.unitId === 'string' ? e.unitId : null;
}

/**
 * Split the entries among `shards` shards: a unit's reports to the shard that runs the unit (the
 * core takes a unit's state and telemetry only from there, and one shard keeps them in order);
 * everything else (servers, channels, REST writes, units no shard runs) to the first shard.
 */
export function splitEntries(entries: readonly ReplayEntry[], shards: number, ownerOf: (unitId: string) => number | null): ReplayEntry[][] {
  const parts: ReplayEntry[][] = Array.from({ length: Math.max(1, shards) }, () => []);
  for (const entry of entries) {
    const unitId = entry.kind === 'device' ? unitOfMessage(entry.message) : null;
    const owner = unitId === null ? null : ownerOf(unitId);
    parts[owner !== null && owner < parts.length ? owner : 0]!.push(entry);
  }
  return parts;
}

/** A server a recording mentions, with what is known of it. */
export interface MentionedServer {
  serverId: string;
  name: string | null;
  serverType: string | null;
  channels: Map<string, string | null>;
  vrChannels: Map<string, string | null>;
}

/** Every unit, server, channel and video return channel a recording mentions (a replay creates the missing ones). */
export interface MentionedDevices {
  units: Map<string, RecordedUnit | null>;
  servers: Map<string, MentionedServer>;
  /** Channels and video return channels whose server the recording does not name. */
  orphanChannels: Set<string>;
  orphanVrChannels: Set<string>;
}

/** What a recording's header fleet, device reports and events name (see {@link MentionedDevices}). */
export function mentionedDevices(recording: Recording): MentionedDevices {
  const m: MentionedDevices = { units: new Map(), servers: new Map(), orphanChannels: new Set(), orphanVrChannels: new Set() };
  const unit = (id: string | null | undefined) => {
    if (id && !m.units.has(id)) m.units.set(id, null);
  };
  const server = (id: string): MentionedServer => {
    let s = m.servers.get(id);
    if (!s) m.servers.set(id, (s = { serverId: id, name: null, serverType: null, channels: new Map(), vrChannels: new Map() }));
    return s;
  };
  const channel = (serverId: string | null | undefined, channelId: string | null | undefined) => {
    if (!channelId) return;
    if (serverId) {
      const s = server(serverId);
      if (!s.channels.has(channelId)) s.channels.set(channelId, null);
    } else m.orphanChannels.add(channelId);
  };
  const vrChannel = (serverId: string | null | undefined, vrChannelId: string) => {
    if (serverId) {
      const s = server(serverId);
      if (!s.vrChannels.has(vrChannelId)) s.vrChannels.set(vrChannelId, null);
    } else m.orphanVrChannels.add(vrChannelId);
  };
  for (const u of recording.header.fleet.units) m.units.set(u.unitId, u);
  for (const rs of recording.header.fleet.servers) {
    const s = server(rs.serverId);
    s.name = rs.name;
    s.serverType = rs.serverType ?? null;
    for (const c of rs.channels) s.channels.set(c.channelId, c.name);
    for (const v of rs.vrChannels) s.vrChannels.set(v.vrChannelId, v.name);
  }
  for (const line of recording.lines) {
    if (line.kind === 'device') {
      const msg = line.message;
      if (msg.kind !== 'event') {
        unit(msg.unitId);
        continue;
      }
      const e = msg.event;
      if (e.type === 'upgrade') {
        if (e.deviceType === 'unit') unit(e.deviceId);
        else server(e.deviceId);
        continue;
      }
      if ('unitId' in e) unit(e.unitId);
      if ('serverId' in e && e.serverId) server(e.serverId);
      if ('channelId' in e && e.channelId) channel('serverId' in e ? e.serverId : null, e.channelId);
      if (e.type === 'vrChannelState') vrChannel(e.serverId, e.vrChannelId);
    } else if (line.kind === 'event') {
      const e = line.event as Record<string, unknown> & { type: string };
      const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
      const inner = e.type === 'alert.raised' ? (e.alert as Record<string, unknown>) : e;
      if (!e.type.startsWith('unit.') && !e.type.startsWith('alert.') && !['server.status', 'channel.status', 'vrChannel.status'].includes(e.type)) continue;
      unit(str(inner.unitId));
      const serverId = str(inner.serverId);
      if (serverId) server(serverId);
      channel(serverId, str(inner.channelId));
      const vr = str(inner.vrChannelId);
      if (vr) vrChannel(null, vr);
    }
  }
  // A video return channel or channel first seen without its server may be named with it elsewhere.
  for (const s of m.servers.values()) {
    for (const c of s.channels.keys()) m.orphanChannels.delete(c);
    for (const v of s.vrChannels.keys()) m.orphanVrChannels.delete(v);
  }
  return m;
}

/** The time (ms since the replay started) of the last entry, or of the end line. */
export function durationOf(recording: Recording): number {
  return recording.lines.at(-1)?.t ?? 0;
}
