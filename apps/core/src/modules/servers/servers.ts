/**
 * Receiving servers and their channels as devices report them (spec 001 §3 Server, Channel live
 * state, Video return channel; §4 channel and video return status): the servers, with their
 * channels and video return channels, handed to the device gateway; status changes stored and
 * announced (`server.status`, `channel.status`, `vrChannel.status`, `server.changed`).
 *
 * The service follows the read model: when servers, channels or video return channels are
 * created, deleted, renamed, moved or change membership or licence (whoever wrote them), its maps
 * and topics are rebuilt and the gateway gets the new server specs, once per turn of the event
 * loop. Mere status changes (frequent) do not re-send anything.
 */
import {
  Applications,
  ChannelStatus as ChannelStatusSchema,
  ChannelType,
  IFB_MODES,
  PUBLISHING_MODES,
  ServerType,
  VR_INPUT_TYPES,
  VrChannelStatus as VrChannelStatusSchema,
  groupTopic,
  inventoryTopic,
  type AlertLevel,
  type AlertType,
  type ServerDetail,
  type ServerSpec,
  type UpgradeState,
} from '@fleet/contracts';
import type { ChannelRecord, ServerRow, VrChannelRecord } from '../../platform/storage/read-model.js';
import { mapVideoReturnStatus, shouldIgnoreVrOrDatabridgeUpdate } from '@fleet/domain';
import type { ServiceDeps } from '../deps.js';
import type { DeviceEventOf } from '../../platform/device-events.js';
import { serverConfigurationColumn } from './server-columns.js';
import { licensedOutputs } from '../channels/channel-rules.js';
import * as repo from './repository.js';

/**
 * Receivers' bitrates and the delay of a point-to-multipoint channel are stored at most this often
 * (wall-clock ms): the server reports them every tick, a row write each is not worth it. A receiver
 * appearing, leaving or changing status is stored at once.
 */
export const PTMP_STORE_INTERVAL_MS = 5_000;

/** The receivers (unit uids) of a channel's multipoint configuration (`configuration.multipoint.machines`). */
function ptmpReceiversOf(c: ChannelRecord): string[] {
  const field = (v: unknown, k: string): unknown => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>)[k] : undefined);
  const machines = field(field(c.configuration, 'multipoint'), 'machines');
  return Array.isArray(machines)
    ? machines.flatMap((m) => {
        const uid = field(m, 'uid');
        return typeof uid === 'string' ? [uid] : [];
      })
    : [];
}

interface ServerLive {
  status: string;
  cpu: number;
  storage: number;
  swVersion: string;
  /** Seconds the server has been up, as last reported (null: down or not told). */
  upTime: number | null;
  /** What runs on the server, as last reported (spec 001 §3 Server applications). */
  applications: Applications;
  /** Whether the device reported its cpu and storage since the core started (else they are unknown). */
  reported: boolean;
}

/** What of a server, once changed, the gateway must hear about (not its status). */
function serverKey(s: ServerRow): string {
  return JSON.stringify([s.name, s.serverType, s.productType, s.swVersion, s.maxChannels, s.inventoryId, licensedOutputs(s)]);
}

/** What of a channel or video return channel, once changed, the server specs carry (not its status). */
function memberKey(c: ChannelRecord | VrChannelRecord): string {
  const extra = 'supportedByUnit' in c ? [c.type, c.supportedByUnit, c.swVersion, c.inputKind, ptmpReceiversOf(c)] : [c.inputType];
  return JSON.stringify([c.serverId, c.name, ...extra, c.groups.map((g) => g.groupId), c.inventories.map((i) => i.inventoryId)]);
}

/** JSON values equal whatever the order of their objects' keys (PostgreSQL's jsonb keeps its own order). */
function sameJson(a: unknown, b: unknown): boolean {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .sort(([x], [y]) => x.localeCompare(y))
              .map(([k, x]) => [k, canonical(x)]),
          )
        : v;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function topicsOfMember(c: ChannelRecord | VrChannelRecord): string[] {
  return [...c.groups.map((g) => groupTopic(g.groupId)), ...c.inventories.map((i) => inventoryTopic(i.inventoryId))];
}

export class ServerService {
  private readonly servers = new Map<string, ServerLive>();
  private readonly channels = new Map<string, { status: string; serverId: string; topics: string[] }>();
  private readonly vrChannels = new Map<string, { status: string; topics: string[] }>();
  /** Per point-to-multipoint channel: the receivers' uids and statuses last stored, and when (wall clock). */
  private readonly ptmpStored = new Map<string, { key: string; at: number }>();
  private readonly serverTopics = new Map<string, string[]>();
  /** The inventory topic of the server plus those of its channels and video return channels (server.changed). */
  private readonly changedTopics = new Map<string, string[]>();
  private readonly channelCounts = new Map<string, number>();
  /** The server specs handed to the gateway (kept current: a reset restarts replicas from them). */
  private serverSpecs: ServerSpec[] = [];
  /** Last structural key per table row: a change of anything else (status) re-sends nothing. */
  private readonly keys = new Map<string, string>();
  private reloadQueued = false;
  private started = false;

  constructor(private readonly deps: ServiceDeps) {
    deps.events.on('serverState', (e, at) => this.applyServer(e, at));
    deps.events.on('channelState', (e, at) => this.applyChannel(e, at));
    deps.events.on('vrChannelState', (e, at) => this.applyVrChannel(e, at));
    deps.events.on('serverConfigState', (e, at) => this.applyConfigState(e, at));
    deps.events.on('serverInfo', (e, at) => this.applyInfo(e, at));
    const rm = deps.readModel;
    rm.servers.onChange((id, row) => this.rowChanged(`s:${id}`, row ? serverKey(row) : undefined));
    rm.channels.onChange((id, row) => this.rowChanged(`c:${id}`, row ? memberKey(row) : undefined));
    rm.vrChannels.onChange((id, row) => this.rowChanged(`v:${id}`, row ? memberKey(row) : undefined));
  }

  /** Load servers and channels (from the read model, loaded before) and hand them to the gateway. */
  async start(): Promise<void> {
    this.started = true;
    this.loadServers();
  }

  private rowChanged(key: string, value: string | undefined): void {
    if (this.keys.get(key) === value) return;
    if (value === undefined) this.keys.delete(key);
    else this.keys.set(key, value);
    if (!this.started || this.reloadQueued) return;
    this.reloadQueued = true;
    // Many rows change in one write (a server deleted with its channels): one re-send for all.
    setImmediate(() => {
      this.reloadQueued = false;
      this.loadServers();
    });
  }

  /** The server as reads answer it (read model row, live status and last cpu/storage), or null. */
  detail(serverId: string): ServerDetail | null {
    const s = this.deps.readModel.servers.get(serverId);
    if (!s) return null;
    const live = this.servers.get(serverId);
    return {
      id: s.id,
      uniqueId: s.id,
      name: s.name,
      serverType: ServerType.safeParse(s.serverType).data ?? 'mmh_server',
      productType: s.productType,
      serial: s.serial,
      alias: s.alias,
      comment: s.comment,
      status: live?.status ?? s.status,
      swVersion: live?.swVersion ?? s.swVersion,
      targetSwVersion: s.targetSwVersion,
      inventoryId: s.inventoryId,
      ifbMode: (IFB_MODES as readonly string[]).includes(s.ifbMode ?? '') ? (s.ifbMode as (typeof IFB_MODES)[number]) : null,
      maxChannels: s.maxChannels,
      channelCount: this.channelCounts.get(serverId) ?? 0,
      webrtcPort: s.webrtcPort,
      publishingMode: (PUBLISHING_MODES as readonly string[]).includes(s.publishingMode)
        ? (s.publishingMode as (typeof PUBLISHING_MODES)[number])
        : 'automatic',
      cloudRegion: s.cloudRegion,
      cloudInstance: s.cloudInstance,
      cloudProvider: s.cloudProvider,
      genlockOffset: s.genlockOffset,
      deviceId: s.deviceId,
      tallyHwStatus: s.tallyHwStatus,
      audioHwStatus: s.audioHwStatus,
      state: s.state,
      // In memory like up time; the stored value (a captured core's) before any report.
      applications: live?.reported ? live.applications : (Applications.safeParse(s.applications).data ?? {}),
      serverUsage: live?.reported ? { cpu: live.cpu, storage: live.storage } : { cpu: null, storage: null },
      // Kept in memory like cpu and storage (reported every tick); the stored value before any report.
      upTime: live?.reported ? live.upTime : s.upTime,
      ipPipeState: serverConfigurationColumn.read(s.configuration).ipPipe?.state ?? null,
      version: s.version,
      updatedAt: s.updatedAt.toISOString(),
    };
  }

  /** Whether the server is up (online or busy, not offline or upgrading), as last reported. */
  liveStatus(serverId: string): string | null {
    return this.servers.get(serverId)?.status ?? null;
  }

  /** The status and version the server's device reported to this process, or null when it has not reported here (yet). */
  reported(serverId: string): { status: string; swVersion: string } | null {
    const live = this.servers.get(serverId);
    return live?.reported ? { status: live.status, swVersion: live.swVersion } : null;
  }

  /** Channels of the server, with their live status. */
  channelsOf(serverId: string): Array<{ channelId: string; status: string }> {
    return [...this.channels].filter(([, c]) => c.serverId === serverId).map(([channelId, c]) => ({ channelId, status: c.status }));
  }

  /** Announce the server as it is now (after a write to it): `server.changed` to its and its channels' topics. */
  announce(serverId: string, at: number = this.deps.clock.now()): void {
    const server = this.detail(serverId);
    if (!server) return;
    this.deps.hub.publish(this.changedTopics.get(serverId) ?? this.topicsOf(serverId), { type: 'server.changed', server, at });
  }

  has(serverId: string): boolean {
    return this.servers.has(serverId);
  }

  /** Topics an event about this server goes to: its inventory's. */
  topicsOf(serverId: string): readonly string[] {
    return this.serverTopics.get(serverId) ?? [];
  }

  /** A server now runs this software version (an upgrade succeeded): its replica restarts with it. */
  runsVersion(serverId: string, swVersion: string): void {
    this.serverSpecs = this.serverSpecs.map((s) => (s.serverId === serverId ? { ...s, swVersion } : s));
    this.deps.gateway.setServers(this.serverSpecs);
  }

  private loadServers(): void {
    // Each table of the read model lists its rows by id.
    const rows = this.deps.readModel.servers.all();
    const channels = this.deps.readModel.channels.all();
    const vrs = this.deps.readModel.vrChannels.all();
    const known = { servers: new Set<string>(), channels: new Set<string>(), vrChannels: new Set<string>() };
    const specs: ServerSpec[] = rows.map((s) => {
      known.servers.add(s.id);
      this.keys.set(`s:${s.id}`, serverKey(s));
      if (!this.servers.has(s.id))
        this.servers.set(s.id, { status: s.status, cpu: 0, storage: 0, swVersion: s.swVersion, upTime: s.upTime, applications: {}, reported: false });
      const own = s.inventoryId ? [inventoryTopic(s.inventoryId)] : [];
      this.serverTopics.set(s.id, own);
      const changed = new Set(own);
      const spec: ServerSpec = {
        serverId: s.id,
        name: s.name,
        serverType: ServerType.safeParse(s.serverType).data ?? 'mmh_server',
        productType: s.productType,
        swVersion: s.swVersion,
        maxChannels: s.maxChannels,
        licensedOutputs: licensedOutputs(s),
        channels: channels
          .filter((c) => c.serverId === s.id)
          .map((c) => {
            const topics = topicsOfMember(c);
            for (const t of topics) changed.add(t);
            known.channels.add(c.id);
            this.keys.set(`c:${c.id}`, memberKey(c));
            // A channel already followed keeps its live status (the stored one may lag behind it).
            this.channels.set(c.id, { status: this.channels.get(c.id)?.status ?? c.status, serverId: s.id, topics });
            const type = ChannelType.safeParse(c.type).data ?? 'preview';
            return {
              channelId: c.id,
              name: c.name,
              type,
              swVersion: c.swVersion || s.swVersion,
              // A channel a unit may not use counts as unlicensed for it (selection → External).
              licensed: c.supportedByUnit,
              // Input channels receive from encoders; they take no unit logs (spec 000 §8 "Channel does not support logs sending").
              supportsLogs: type !== 'input',
              status: ChannelStatusSchema.safeParse(c.status).data ?? 'offline',
              inputKind: c.inputKind,
              ptmpReceivers: ptmpReceiversOf(c),
              memberOf: { groupIds: c.groups.map((g) => g.groupId), inventoryIds: c.inventories.map((i) => i.inventoryId) },
            };
          }),
        vrChannels: vrs
          .filter((v) => v.serverId === s.id)
          .map((v) => {
            const topics = topicsOfMember(v);
            for (const t of topics) changed.add(t);
            known.vrChannels.add(v.id);
            this.keys.set(`v:${v.id}`, memberKey(v));
            this.vrChannels.set(v.id, { status: this.vrChannels.get(v.id)?.status ?? v.status, topics });
            return {
              vrChannelId: v.id,
              name: v.name,
              inputType: (VR_INPUT_TYPES as readonly string[]).includes(v.inputType) ? (v.inputType as (typeof VR_INPUT_TYPES)[number]) : 'disabled',
              status: VrChannelStatusSchema.safeParse(v.status).data ?? 'offline',
            };
          }),
      };
      this.channelCounts.set(s.id, spec.channels.length);
      this.changedTopics.set(s.id, [...changed]);
      return spec;
    });
    // Forget what was deleted.
    for (const id of [...this.servers.keys()]) {
      if (known.servers.has(id)) continue;
      this.servers.delete(id);
      this.serverTopics.delete(id);
      this.changedTopics.delete(id);
      this.channelCounts.delete(id);
    }
    for (const id of [...this.channels.keys()]) if (!known.channels.has(id)) this.channels.delete(id);
    for (const id of [...this.vrChannels.keys()]) if (!known.vrChannels.has(id)) this.vrChannels.delete(id);
    // A channel whose server is not in the read model yet is picked up when the server arrives.
    this.serverSpecs = specs;
    this.deps.gateway.setServers(specs);
  }

  private async applyServer(e: DeviceEventOf<'serverState'>, at: number): Promise<void> {
    const prev = this.servers.get(e.serverId);
    if (!prev) return;
    // cpu and storage are kept in memory only (reported every tick; not worth a write each).
    const applications = e.applications ?? (prev.reported ? prev.applications : {});
    this.servers.set(e.serverId, {
      status: e.status,
      cpu: e.cpu,
      storage: e.storage,
      swVersion: e.swVersion,
      upTime: e.upTime ?? null,
      applications,
      reported: true,
    });
    // Whether it runs and its interface hardware change with its status or a plug: stored (not kept
    // in memory like up time) so the server's channels answer them too (they read the server's row).
    const hw = this.changedHw(e);
    if (prev.status === e.status && prev.swVersion === e.swVersion && !hw) {
      // What runs on it is kept in memory only: a change is announced, not written.
      if (!sameJson(prev.applications, applications)) this.announce(e.serverId, at);
      return;
    }
    // updateMany: the server may have been deleted while its device still reports.
    // What a device reports keeps the row's version: the version orders what people change, and a
    // status report must not turn an operator's save made at the version they read into a conflict.
    await repo.recordServerReport(this.deps.db, e.serverId, { status: e.status, swVersion: e.swVersion, ...hw });
    if (prev.status !== e.status) {
      this.deps.hub.publish(this.serverTopics.get(e.serverId) ?? [], {
        type: 'server.status',
        serverId: e.serverId,
        status: e.status,
        previous: prev.status,
        at,
      });
    }
    this.announce(e.serverId, at);
  }

  /** The run state and interface hardware the report tells that the server's row does not hold yet, or null when none. */
  private changedHw(e: DeviceEventOf<'serverState'>): { state?: string; tallyHwStatus?: string | null; audioHwStatus?: string | null } | null {
    const row = this.deps.readModel.servers.get(e.serverId);
    if (!row) return null;
    const changed = {
      ...(e.state !== undefined && e.state !== row.state ? { state: e.state } : {}),
      ...(e.tallyHwStatus !== undefined && e.tallyHwStatus !== row.tallyHwStatus ? { tallyHwStatus: e.tallyHwStatus } : {}),
      ...(e.audioHwStatus !== undefined && e.audioHwStatus !== row.audioHwStatus ? { audioHwStatus: e.audioHwStatus } : {}),
    };
    return Object.keys(changed).length > 0 ? changed : null;
  }

  /** The device reports where a server-level setting got to (the IP pipe's state): stored and announced. */
  private async applyConfigState(e: DeviceEventOf<'serverConfigState'>, at: number): Promise<void> {
    // The state sits in the configuration people edit: written only over the configuration it was
    // read from (a person's save bumps the version), read again when a save came in between, so
    // the report never puts back settings a save just replaced.
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = this.deps.readModel.servers.get(e.serverId);
      if (!row) return;
      const cfg = serverConfigurationColumn.read(row.configuration);
      if (!cfg.ipPipe || cfg.ipPipe.state === e.state) return;
      const count = await repo.recordServerReportAtVersion(this.deps.db, e.serverId, row.version, {
        configuration: serverConfigurationColumn.write({ ...cfg, ipPipe: { ...cfg.ipPipe, state: e.state } }),
      });
      if (count > 0) {
        this.announce(e.serverId, at);
        return;
      }
      await this.deps.readModel.servers.refresh([e.serverId]);
    }
  }

  /**
   * What a server says about itself as it comes up (its addresses, hardware and features, what
   * each channel can do, its video return channels' receiving addresses, its device id and cloud
   * instance): stored when it changed —
   * keeping the rows' versions, like every device report — and the server announced
   * (server.changed; a channel's or video return channel's row change announces itself).
   */
  private async applyInfo(e: DeviceEventOf<'serverInfo'>, at: number): Promise<void> {
    const row = this.deps.readModel.servers.get(e.serverId);
    if (!row) return;
    // The device id and cloud instance only when told (an admin may have entered them before the device reported).
    const ids = { ...(e.deviceId !== undefined ? { deviceId: e.deviceId } : {}), ...(e.cloudInstance !== undefined ? { cloudInstance: e.cloudInstance } : {}) };
    const idsChanged = (e.deviceId !== undefined && e.deviceId !== row.deviceId) || (e.cloudInstance !== undefined && e.cloudInstance !== row.cloudInstance);
    if (idsChanged || !sameJson(row.ips, e.ips) || !sameJson(row.specifications, e.specifications) || !sameJson(row.capabilities, e.capabilities)) {
      await repo.recordServerReport(this.deps.db, e.serverId, { ips: e.ips, specifications: e.specifications, capabilities: e.capabilities, ...ids });
      this.announce(e.serverId, at);
    }
    for (const c of e.channels) {
      const channel = this.deps.readModel.channels.get(c.channelId);
      if (!channel || channel.serverId !== e.serverId || sameJson(channel.capabilities, c.capabilities)) continue;
      await repo.recordChannelReport(this.deps.db, c.channelId, e.serverId, { capabilities: c.capabilities });
    }
    for (const v of e.vrChannels) {
      const vr = this.deps.readModel.vrChannels.get(v.vrChannelId);
      if (!vr || vr.serverId !== e.serverId || sameJson(vr.ips, v.ips)) continue;
      await repo.recordVrChannelReport(this.deps.db, v.vrChannelId, e.serverId, { ips: v.ips });
    }
  }

  private async applyChannel(e: DeviceEventOf<'channelState'>, at: number): Promise<void> {
    const prev = this.channels.get(e.channelId);
    if (!prev) return;
    const ptmp = this.ptmpToStore(e);
    const stored = this.deps.readModel.channels.get(e.channelId);
    // The unit collected from is stored with its name (the channel lists show it by name).
    const alias = e.allocatedToUnitUid === null ? null : (this.deps.readModel.units.get(e.allocatedToUnitUid)?.name ?? null);
    const allocationChanged = stored !== undefined && (stored.allocatedToUnitUid !== e.allocatedToUnitUid || stored.allocatedToUnitAlias !== alias);
    if (prev.status === e.status && !ptmp && !allocationChanged) return;
    const previous = ChannelStatusSchema.safeParse(prev.status).data ?? null;
    const statusChanged = prev.status !== e.status;
    prev.status = e.status;
    await repo.recordChannelReport(this.deps.db, e.channelId, undefined, {
      status: e.status,
      allocatedToUnitUid: e.allocatedToUnitUid,
      allocatedToUnitAlias: alias,
      ...ptmp,
    });
    if (statusChanged)
      this.deps.hub.publish(prev.topics, { type: 'channel.status', channelId: e.channelId, serverId: e.serverId, status: e.status, previous, at });
  }

  /** The ptmp columns to write for this report, or null when it is too soon (only bitrates or delay moved). */
  private ptmpToStore(e: DeviceEventOf<'channelState'>): { ptmpStatuses: { uid: string; status: string; bitrate: number }[]; ptmpDelay: number | null } | null {
    if (e.ptmpStatuses === undefined) return null;
    const key = JSON.stringify(e.ptmpStatuses.map((r) => [r.uid, r.status]));
    const now = this.deps.clock.now();
    const last = this.ptmpStored.get(e.channelId);
    if (last && last.key === key && now - last.at < PTMP_STORE_INTERVAL_MS) return null;
    const row = this.deps.readModel.channels.get(e.channelId);
    // Idle receivers repeat themselves with every state: nothing to write then.
    if (row && JSON.stringify(row.ptmpStatuses) === JSON.stringify(e.ptmpStatuses) && row.ptmpDelay === (e.ptmpDelay ?? null)) return null;
    this.ptmpStored.set(e.channelId, { key, at: now });
    return { ptmpStatuses: e.ptmpStatuses, ptmpDelay: e.ptmpDelay ?? null };
  }

  /** Spec 001 §4: connecting and stopping updates are ignored; a status the spec does not name reads as offline. */
  private async applyVrChannel(e: DeviceEventOf<'vrChannelState'>, at: number): Promise<void> {
    if (shouldIgnoreVrOrDatabridgeUpdate(e.status)) return;
    const status = mapVideoReturnStatus(e.status);
    const prev = this.vrChannels.get(e.vrChannelId);
    if (!prev || prev.status === status) return;
    const previous = VrChannelStatusSchema.safeParse(prev.status).data ?? null;
    prev.status = status;
    await repo.recordVrChannelReport(this.deps.db, e.vrChannelId, undefined, { status });
    this.deps.hub.publish(prev.topics, { type: 'vrChannel.status', vrChannelId: e.vrChannelId, status, previous, at });
  }

  async viewServer(serverId: string) {
    const [job, alerts] = await Promise.all([repo.findLatestServerUpgradeJob(this.deps.db, serverId), repo.findActiveServerAlerts(this.deps.db, serverId)]);
    const live = this.servers.get(serverId) ?? null;
    return {
      serverId,
      server: live,
      upgrade: job ? upgradeView(job) : null,
      activeAlerts: alerts.map((a) => ({ type: a.type as AlertType, level: a.level as AlertLevel, message: a.message })),
      channels: [...this.channels].filter(([, c]) => c.serverId === serverId).map(([channelId, c]) => ({ channelId, status: c.status })),
    };
  }

  channelStatus(channelId: string): string | null {
    return this.channels.get(channelId)?.status ?? null;
  }

  /** A channel's point-to-multipoint receivers and delay as stored (the control plane's core.channel view). */
  channelPtmp(channelId: string): { ptmpStatuses: unknown; ptmpDelay: number | null } {
    const row = this.deps.readModel.channels.get(channelId);
    return { ptmpStatuses: row?.ptmpStatuses ?? [], ptmpDelay: row?.ptmpDelay ?? null };
  }

  vrChannelStatus(vrChannelId: string): string | null {
    return this.vrChannels.get(vrChannelId)?.status ?? null;
  }
}

export function upgradeView(job: { state: string; failureCode: number | null; targetVersion: string; fromVersion: string; progress: number }) {
  return {
    state: job.state as UpgradeState,
    failureCode: job.failureCode,
    targetVersion: job.targetVersion,
    fromVersion: job.fromVersion,
    progress: job.progress,
  };
}
