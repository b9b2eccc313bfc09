/**
 * Receiving servers and their channels as devices report them (spec 001 §3 Server, Channel live
 * state, Video return channel; §4 channel and video return status): the servers, with their
 * channels and video return channels, handed to the device gateway; status changes stored and
 * announced (`server.status`, `channel.status`, `vrChannel.status`).
 */
import {
  ChannelStatus as ChannelStatusSchema, ChannelType, ServerType, VR_INPUT_TYPES, VrChannelStatus as VrChannelStatusSchema,
  groupTopic, inventoryTopic,
  type AlertLevel, type AlertType, type ServerSpec, type UpgradeState,
} from '@fleet/contracts';
import type { ServiceDeps } from './deps.js';
import type { DeviceEventOf } from './device-events.js';

interface ServerLive {
  status: string;
  cpu: number;
  storage: number;
  swVersion: string;
}

export class ServerService {
  private readonly servers = new Map<string, ServerLive>();
  private readonly channels = new Map<string, { status: string; serverId: string; topics: string[] }>();
  private readonly vrChannels = new Map<string, { status: string; topics: string[] }>();
  private readonly serverTopics = new Map<string, string[]>();
  /** The server specs handed to the gateway (kept current: a reset restarts replicas from them). */
  private serverSpecs: ServerSpec[] = [];

  constructor(private readonly deps: ServiceDeps) {
    deps.events.on('serverState', (e, at) => this.applyServer(e, at));
    deps.events.on('channelState', (e, at) => this.applyChannel(e, at));
    deps.events.on('vrChannelState', (e, at) => this.applyVrChannel(e, at));
  }

  /** Load servers and channels (from the read model, loaded before) and hand them to the gateway. */
  async start(): Promise<void> {
    this.loadServers();
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
    const specs: ServerSpec[] = rows.map((s) => {
      this.servers.set(s.id, { status: s.status, cpu: 0, storage: 0, swVersion: s.swVersion });
      this.serverTopics.set(s.id, s.inventoryId ? [inventoryTopic(s.inventoryId)] : []);
      return {
        serverId: s.id,
        name: s.name,
        serverType: ServerType.safeParse(s.serverType).data ?? 'mmh_server',
        productType: s.productType,
        swVersion: s.swVersion,
        maxChannels: s.maxChannels,
        channels: channels
          .filter((c) => c.serverId === s.id)
          .map((c) => {
            const topics = [...c.groups.map((g) => groupTopic(g.groupId)), ...c.inventories.map((i) => inventoryTopic(i.inventoryId))];
            this.channels.set(c.id, { status: c.status, serverId: s.id, topics });
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
            };
          }),
        vrChannels: vrs
          .filter((v) => v.serverId === s.id)
          .map((v) => {
            const topics = [...v.groups.map((g) => groupTopic(g.groupId)), ...v.inventories.map((i) => inventoryTopic(i.inventoryId))];
            this.vrChannels.set(v.id, { status: v.status, topics });
            return {
              vrChannelId: v.id,
              name: v.name,
              inputType: (VR_INPUT_TYPES as readonly string[]).includes(v.inputType) ? (v.inputType as (typeof VR_INPUT_TYPES)[number]) : 'disabled',
              status: VrChannelStatusSchema.safeParse(v.status).data ?? 'offline',
            };
          }),
      };
    });
    this.serverSpecs = specs;
    this.deps.gateway.setServers(specs);
  }

  private async applyServer(e: DeviceEventOf<'serverState'>, at: number): Promise<void> {
    const prev = this.servers.get(e.serverId);
    if (!prev) return;
    this.servers.set(e.serverId, { status: e.status, cpu: e.cpu, storage: e.storage, swVersion: e.swVersion });
    if (prev.status === e.status && prev.swVersion === e.swVersion) return;
    await this.deps.db.server.update({ where: { id: e.serverId }, data: { status: e.status, swVersion: e.swVersion, version: { increment: 1 } } });
    if (prev.status !== e.status) {
      this.deps.hub.publish(this.serverTopics.get(e.serverId) ?? [], { type: 'server.status', serverId: e.serverId, status: e.status, previous: prev.status, at });
    }
  }

  private async applyChannel(e: DeviceEventOf<'channelState'>, at: number): Promise<void> {
    const prev = this.channels.get(e.channelId);
    if (!prev || prev.status === e.status) return;
    const previous = ChannelStatusSchema.safeParse(prev.status).data ?? null;
    prev.status = e.status;
    await this.deps.db.channel.update({ where: { id: e.channelId }, data: { status: e.status, allocatedToUnitUid: e.allocatedToUnitUid, version: { increment: 1 } } });
    this.deps.hub.publish(prev.topics, { type: 'channel.status', channelId: e.channelId, serverId: e.serverId, status: e.status, previous, at });
  }

  private async applyVrChannel(e: DeviceEventOf<'vrChannelState'>, at: number): Promise<void> {
    const prev = this.vrChannels.get(e.vrChannelId);
    if (!prev || prev.status === e.status) return;
    const previous = VrChannelStatusSchema.safeParse(prev.status).data ?? null;
    prev.status = e.status;
    await this.deps.db.videoReturnChannel.update({ where: { id: e.vrChannelId }, data: { status: e.status, version: { increment: 1 } } });
    this.deps.hub.publish(prev.topics, { type: 'vrChannel.status', vrChannelId: e.vrChannelId, status: e.status, previous, at });
  }

  async viewServer(serverId: string) {
    const db = this.deps.db;
    const [job, alerts] = await Promise.all([
      db.upgradeJob.findFirst({ where: { deviceType: 'server', deviceId: serverId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
      db.alert.findMany({ where: { serverId, active: true }, orderBy: { raisedAt: 'asc' } }),
    ]);
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

  vrChannelStatus(vrChannelId: string): string | null {
    return this.vrChannels.get(vrChannelId)?.status ?? null;
  }

}

export function upgradeView(job: { state: string; failureCode: number | null; targetVersion: string; fromVersion: string; progress: number }) {
  return { state: job.state as UpgradeState, failureCode: job.failureCode, targetVersion: job.targetVersion, fromVersion: job.fromVersion, progress: job.progress };
}
