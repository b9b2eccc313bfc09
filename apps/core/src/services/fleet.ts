/**
 * The core's side of the simulated fleet (issue 4): hands the servers (with channels and video
 * return channels) to the device gateway, records what devices report beyond unit state and
 * telemetry — server, channel and video return status, alerts, store-and-forward files and their
 * transfers, software upgrades, channel selection, speed tests, sending logs — in storage and on
 * the realtime hub, and generates a fleet of a given size and mix for the control plane.
 *
 * The core stays the only source of truth the console sees: durable state goes to the database
 * (Server/Channel/VideoReturnChannel status, Alert, File, UpgradeJob rows), the rest is kept here
 * in memory and served by the control plane's `core.view`.
 */
import {
  ChannelStatus as ChannelStatusSchema, ChannelType, DEFAULT_FLEET_MIX, GENERATED_UNIT_PREFIX, inventoryTopic, groupTopic, ServerType,
  VR_INPUT_TYPES, VrChannelStatus as VrChannelStatusSchema, UNIT_DEVICE_GROUPS,
  type AlertLevel, type AlertType, type DeviceEvent, type FleetGenerateInput, type ServerSpec, type StorageInfo, type UnitDeviceGroup,
  type UpgradeState,
} from '@fleet/contracts';
import type { ServiceDeps } from './deps.js';
import { recordChannelFileTransfer } from './files.js';

type Ev<T extends DeviceEvent['type']> = Extract<DeviceEvent, { type: T }>;

/** What the core knows of one unit beyond status and telemetry (control plane `core.view`). */
export interface UnitDeviceView {
  selection: { channelId: string; external: boolean; attempts: number; ok: boolean } | null;
  speedTest: { state: Ev<'speedTest'>['state']; uplinkKbps: number | null; downlinkKbps: number | null; error: string | null } | null;
  fetchLogs: { channelId: string; state: Ev<'fetchLogs'>['state']; error: string | null } | null;
  storages: StorageInfo[];
  transfersStarted: number;
  transfersCompleted: number;
}

interface ServerLive {
  status: string;
  cpu: number;
  storage: number;
  swVersion: string;
}

/** Product models per type group for generated units (the seed's families). */
const PRODUCTS: Record<UnitDeviceGroup, readonly string[]> = {
  fieldUnits: ['LU800', 'LU300', 'LU600 H.264', 'Solo', 'Drone'],
  liteUnits: ['LU-Lite'],
  smartUnits: ['LU-Smart'],
  ptpUnits: ['LU-Link PTP'],
  ptmpUnits: ['LU-Link PTMP'],
  extenderDevices: ['Xtender'],
};
const GROUP_CODES: Record<UnitDeviceGroup, string> = {
  fieldUnits: 'FLD', liteUnits: 'LITE', smartUnits: 'SMART', ptpUnits: 'PTP', ptmpUnits: 'PTMP', extenderDevices: 'XTND',
};
const GENERATED_SW_VERSION = '8.5';
const CHUNK = 500;

export class FleetService {
  private readonly units = new Map<string, UnitDeviceView>();
  private readonly servers = new Map<string, ServerLive>();
  private readonly channels = new Map<string, { status: string; serverId: string; topics: string[] }>();
  private readonly vrChannels = new Map<string, { status: string; topics: string[] }>();
  private readonly serverTopics = new Map<string, string[]>();
  /** The server specs handed to the gateway (kept current: a reset restarts replicas from them). */
  private serverSpecs: ServerSpec[] = [];
  /** Device events are applied in arrival order. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly deps: ServiceDeps) {}

  /** Load servers and channels, hand them to the gateway, follow device events. */
  async start(): Promise<void> {
    this.deps.gateway.onDeviceEvent((event, at) => {
      this.queue = this.queue
        .then(() => this.apply(event, at))
        .catch((e: unknown) => this.deps.log.error({ err: e, event: event.type }, 'applying a device event failed'));
    });
    await this.loadServers();
  }

  /** Wait until every device event received so far is applied (tests, shutdown). */
  async settle(): Promise<void> {
    let q: Promise<void>;
    do {
      q = this.queue;
      await q;
    } while (q !== this.queue);
  }

  private async loadServers(): Promise<void> {
    const db = this.deps.db;
    const rows = await db.server.findMany({ orderBy: { id: 'asc' } });
    const channels = await db.channel.findMany({
      orderBy: { id: 'asc' },
      include: { groups: { select: { groupId: true } }, inventories: { select: { inventoryId: true } } },
    });
    const vrs = await db.videoReturnChannel.findMany({
      orderBy: { id: 'asc' },
      include: { groups: { select: { groupId: true } }, inventories: { select: { inventoryId: true } } },
    });
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

  // ── device events ──────────────────────────────────────────────────────────────────────────────

  private async apply(e: DeviceEvent, at: number): Promise<void> {
    switch (e.type) {
      case 'serverState':
        return this.applyServer(e, at);
      case 'channelState':
        return this.applyChannel(e, at);
      case 'vrChannelState':
        return this.applyVrChannel(e, at);
      case 'alert':
        return this.applyAlert(e, at);
      case 'file':
        return this.applyFile(e, at);
      case 'upgrade':
        return this.applyUpgrade(e, at);
      case 'channelSelection':
        this.unit(e.unitId).selection = { channelId: e.channelId, external: e.external, attempts: e.attempts, ok: e.ok };
        return;
      case 'speedTest':
        this.unit(e.unitId).speedTest = { state: e.state, uplinkKbps: e.uplinkKbps, downlinkKbps: e.downlinkKbps, error: e.error };
        return;
      case 'fetchLogs':
        this.unit(e.unitId).fetchLogs = { channelId: e.channelId, state: e.state, error: e.error };
        return;
      case 'storages':
        // Kept here (core.unit view); v2/units/{id}/storages reads Unit.telemetry.storages, which
        // this does not write yet (see the issue-4 report).
        this.unit(e.unitId).storages = e.storages;
        return;
      case 'tally':
        // The unit's tally column (spec 000 §3) as the device reports it.
        await this.deps.db.unit.updateMany({ where: { id: e.unitId }, data: { tally: e.tally === 'off' ? null : e.tally } });
        return;
      default:
        return; // kinds other areas follow (gateway.onDeviceEvent)
    }
  }

  private unit(unitId: string): UnitDeviceView {
    let v = this.units.get(unitId);
    if (!v) {
      v = { selection: null, speedTest: null, fetchLogs: null, storages: [], transfersStarted: 0, transfersCompleted: 0 };
      this.units.set(unitId, v);
    }
    return v;
  }

  private async applyServer(e: Ev<'serverState'>, at: number): Promise<void> {
    const prev = this.servers.get(e.serverId);
    if (!prev) return;
    this.servers.set(e.serverId, { status: e.status, cpu: e.cpu, storage: e.storage, swVersion: e.swVersion });
    if (prev.status === e.status && prev.swVersion === e.swVersion) return;
    await this.deps.db.server.update({ where: { id: e.serverId }, data: { status: e.status, swVersion: e.swVersion, version: { increment: 1 } } });
    if (prev.status !== e.status) {
      this.deps.hub.publish(this.serverTopics.get(e.serverId) ?? [], { type: 'server.status', serverId: e.serverId, status: e.status, previous: prev.status, at });
    }
  }

  private async applyChannel(e: Ev<'channelState'>, at: number): Promise<void> {
    const prev = this.channels.get(e.channelId);
    if (!prev || prev.status === e.status) return;
    const previous = ChannelStatusSchema.safeParse(prev.status).data ?? null;
    prev.status = e.status;
    await this.deps.db.channel.update({ where: { id: e.channelId }, data: { status: e.status, allocatedToUnitUid: e.allocatedToUnitUid, version: { increment: 1 } } });
    this.deps.hub.publish(prev.topics, { type: 'channel.status', channelId: e.channelId, serverId: e.serverId, status: e.status, previous, at });
  }

  private async applyVrChannel(e: Ev<'vrChannelState'>, at: number): Promise<void> {
    const prev = this.vrChannels.get(e.vrChannelId);
    if (!prev || prev.status === e.status) return;
    const previous = VrChannelStatusSchema.safeParse(prev.status).data ?? null;
    prev.status = e.status;
    await this.deps.db.videoReturnChannel.update({ where: { id: e.vrChannelId }, data: { status: e.status, version: { increment: 1 } } });
    this.deps.hub.publish(prev.topics, { type: 'vrChannel.status', vrChannelId: e.vrChannelId, status: e.status, previous, at });
  }

  private alertTopics(e: { unitId: string | null; serverId: string | null }): readonly string[] {
    if (e.unitId) return this.deps.index.topicsOf(e.unitId);
    return e.serverId ? (this.serverTopics.get(e.serverId) ?? []) : [];
  }

  /** Raised (or changed level): one active Alert row per type and device; cleared: rows closed. */
  private async applyAlert(e: Ev<'alert'>, at: number): Promise<void> {
    const db = this.deps.db;
    if (e.unitId && !(await db.unit.findUnique({ where: { id: e.unitId }, select: { id: true } }))) return;
    if (e.serverId && !this.servers.has(e.serverId)) return;
    const owner = { unitId: e.unitId, serverId: e.serverId };
    const active = await db.alert.findMany({ where: { ...owner, type: e.alertType, active: true } });
    const topics = this.alertTopics(e);
    if (e.level === null) {
      if (active.length === 0) return;
      await db.alert.updateMany({ where: { id: { in: active.map((a) => a.id) } }, data: { active: false, clearedAt: new Date(at), version: { increment: 1 } } });
      for (const a of active) {
        this.deps.hub.publish(topics, { type: 'alert.cleared', alertId: a.id, alertType: e.alertType, unitId: e.unitId, serverId: e.serverId, channelId: e.channelId, at });
      }
      return;
    }
    const same = active.find((a) => a.level === e.level);
    if (same) return;
    if (active.length > 0) {
      await db.alert.updateMany({ where: { id: { in: active.map((a) => a.id) } }, data: { active: false, clearedAt: new Date(at), version: { increment: 1 } } });
    }
    const row = await db.alert.create({
      data: {
        type: e.alertType,
        level: e.level,
        message: e.message,
        ...owner,
        channelId: e.channelId,
        value: e.value,
        details: { sound: e.sound },
        raisedAt: new Date(at),
      },
    });
    this.deps.hub.publish(topics, {
      type: 'alert.raised',
      alert: { id: row.id, type: e.alertType, level: e.level, message: e.message, unitId: e.unitId, serverId: e.serverId, channelId: e.channelId, raisedAt: row.raisedAt.toISOString() },
      at,
    });
  }

  /**
   * A store-and-forward file (spec 000 §4 file transfer): recorded → a file entry; transfer
   * started → uploading, file.transferStarted; completed → transferring cleared, file.transferCompleted.
   */
  private async applyFile(e: Ev<'file'>, at: number): Promise<void> {
    const db = this.deps.db;
    if (!(await db.unit.findUnique({ where: { id: e.unitId }, select: { id: true } }))) return;
    const data = {
      fileName: e.fileName,
      path: e.path,
      rootDirectory: e.storageId,
      channelId: e.channelId,
      sizeBytes: BigInt(Math.round(e.sizeBytes)),
      lastModified: new Date(at),
      isTransferring: e.isTransferring,
      status: e.status,
      progress: e.progress,
    };
    await db.file.upsert({ where: { id: e.fileId }, create: { id: e.fileId, unitId: e.unitId, kind: 'recorded', ...data }, update: { ...data, version: { increment: 1 } } });
    const topics = this.deps.index.topicsOf(e.unitId);
    const view = this.unit(e.unitId);
    if (e.transfer === 'started') {
      view.transfersStarted++;
      this.deps.hub.publish(topics, { type: 'file.transferStarted', unitId: e.unitId, fileId: e.fileId, fileName: e.fileName, channelId: e.channelId, at });
    } else if (e.transfer === 'completed') {
      view.transfersCompleted++;
      this.deps.hub.publish(topics, { type: 'file.transferCompleted', unitId: e.unitId, fileId: e.fileId, fileName: e.fileName, ok: e.status === 'uploaded', at });
    }
    // issue 6 (files): the file's entry on the receiving channel (spec 001 §4 file transfer).
    await recordChannelFileTransfer(this.deps, e, at);
  }

  /** One UpgradeJob row per run: created when it starts (or is rejected), updated to its end. */
  private async applyUpgrade(e: Ev<'upgrade'>, at: number): Promise<void> {
    const db = this.deps.db;
    const open = await db.upgradeJob.findFirst({
      where: { deviceType: e.deviceType, deviceId: e.deviceId, state: { in: ['pending', 'upgrading'] } },
      orderBy: { createdAt: 'desc' },
    });
    const finished = e.state === 'succeeded' || e.state === 'failed' || e.state === 'rejected';
    const data = {
      state: e.state,
      progress: Math.round(e.progress),
      failureCode: e.failureCode,
      ...(finished ? { finishedAt: new Date(at) } : {}),
    };
    if (open && e.state !== 'rejected') {
      await db.upgradeJob.update({ where: { id: open.id }, data: { ...data, version: { increment: 1 } } });
    } else {
      await db.upgradeJob.create({
        data: { deviceType: e.deviceType, deviceId: e.deviceId, fromVersion: e.fromVersion, targetVersion: e.targetVersion, startedAt: new Date(at), ...data },
      });
    }
    if (e.state !== 'succeeded') return;
    // The new version is the device's from now on (also after a fleet reset).
    if (e.deviceType === 'unit') {
      await db.unit.updateMany({ where: { id: e.deviceId }, data: { swVersion: e.targetVersion, lastReboot: new Date(at), version: { increment: 1 } } });
      await this.deps.units.refreshUnit(e.deviceId);
    } else {
      await db.server.updateMany({ where: { id: e.deviceId }, data: { swVersion: e.targetVersion, version: { increment: 1 } } });
      this.serverSpecs = this.serverSpecs.map((s) => (s.serverId === e.deviceId ? { ...s, swVersion: e.targetVersion } : s));
      this.deps.gateway.setServers(this.serverSpecs);
    }
  }

  /**
   * The fleet restarted from its seed: what the devices had raised, started or recorded before is
   * over (active alerts cleared, open upgrades failed with -1, recorded files gone, in-memory views
   * forgotten).
   */
  async onReset(at: number): Promise<void> {
    await this.settle();
    const db = this.deps.db;
    const active = await db.alert.findMany({ where: { active: true, OR: [{ unitId: { not: null } }, { serverId: { not: null } }] } });
    if (active.length > 0) {
      await db.alert.updateMany({ where: { id: { in: active.map((a) => a.id) } }, data: { active: false, clearedAt: new Date(at), version: { increment: 1 } } });
      for (const a of active) {
        const type = a.type as AlertType;
        this.deps.hub.publish(this.alertTopics(a), { type: 'alert.cleared', alertId: a.id, alertType: type, unitId: a.unitId, serverId: a.serverId, channelId: a.channelId, at });
      }
    }
    await db.upgradeJob.updateMany({ where: { state: { in: ['pending', 'upgrading'] } }, data: { state: 'failed', failureCode: -1, finishedAt: new Date(at) } });
    // The devices' storages restart from the seed: the recordings they reported are gone with them.
    await db.file.deleteMany({ where: { kind: 'recorded' } });
    await db.unit.updateMany({ where: { tally: { not: null } }, data: { tally: null } });
    this.units.clear();
  }

  // ── the core's view, for the control plane ──────────────────────────────────────────────────────

  async viewUnit(unitId: string) {
    const db = this.deps.db;
    const [job, alerts, files] = await Promise.all([
      db.upgradeJob.findFirst({ where: { deviceType: 'unit', deviceId: unitId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
      db.alert.findMany({ where: { unitId, active: true }, orderBy: { raisedAt: 'asc' } }),
      db.file.findMany({ where: { unitId, kind: 'recorded' }, orderBy: { createdAt: 'asc' } }),
    ]);
    const v = this.units.get(unitId) ?? this.unit(unitId);
    return {
      unitId,
      status: this.deps.index.statusOf(unitId),
      applications: this.deps.index.applicationsOf(unitId),
      upgrade: job ? upgradeView(job) : null,
      activeAlerts: alerts.map((a) => ({ type: a.type as AlertType, level: a.level as AlertLevel, message: a.message })),
      files: files.map((f) => ({ fileId: f.id, fileName: f.fileName, status: f.status, progress: f.progress, isTransferring: f.isTransferring, sizeBytes: Number(f.sizeBytes) })),
      ...v,
    };
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

  /** The device-reported selection of a unit (External when not found or unlicensed). */
  selectionOf(unitId: string): UnitDeviceView['selection'] {
    return this.units.get(unitId)?.selection ?? null;
  }

  // ── fleet size and mix ──────────────────────────────────────────────────────────────────────────

  /**
   * Replace the generated units (ids starting with GENERATED_UNIT_PREFIX) by `size` new ones,
   * spread over the type groups by the weights of `mix`, in one group and its inventory. Seeded
   * units are never touched. The gateway re-partitions once at the end.
   */
  async generate(input: FleetGenerateInput): Promise<{ created: number; removed: number; byGroup: Record<string, number> }> {
    const db = this.deps.db;
    const group = input.groupId
      ? await db.group.findUnique({ where: { id: input.groupId }, select: { id: true, inventoryId: true } })
      : await db.group.findFirst({ orderBy: { id: 'asc' }, select: { id: true, inventoryId: true } });
    if (input.groupId && !group) throw new Error(`unknown group ${input.groupId}`);
    const counts = spread(input.size, { ...DEFAULT_FLEET_MIX, ...(input.mix ?? {}) });
    return this.deps.gateway.inBulk(async () => {
      const removed = await this.clearGenerated();
      const rows: { id: string; group: UnitDeviceGroup; index: number }[] = [];
      for (const g of UNIT_DEVICE_GROUPS) for (let i = 0; i < counts[g]; i++) rows.push({ id: `${GENERATED_UNIT_PREFIX}${GROUP_CODES[g]}-${String(i + 1).padStart(5, '0')}`, group: g, index: i });
      for (let i = 0; i < rows.length; i += CHUNK) {
        const part = rows.slice(i, i + CHUNK);
        await db.unit.createMany({
          data: part.map((r) => {
            const products = PRODUCTS[r.group];
            const productType = products[r.index % products.length]!;
            const field = r.group === 'fieldUnits';
            return {
              id: r.id,
              name: `sim_${GROUP_CODES[r.group].toLowerCase()}_${String(r.index + 1).padStart(5, '0')}`,
              productType,
              typeGroup: r.group,
              swVersion: GENERATED_SW_VERSION,
              serialNumber: `SIM${r.id.replace(/[^A-Z0-9]/g, '')}`,
              license: { valid: true, kind: 'days', pro: field, fourK: false, raHours: null, rlHours: null },
              capabilities: {
                sdCard: field && r.index % 4 !== 3,
                multiCamera: productType === 'LU800',
                videoReturn: field,
                databridge: field || r.group === 'ptpUnits',
                intercom: r.group !== 'extenderDevices',
                ipPipe: field,
                speedTest: field,
                hevc: productType === 'LU800' || productType === 'LU300',
              },
              services: [{ serviceName: 'sla', serviceStatus: 'enabled' }],
              configuration: { unitUniqueId: r.id },
            };
          }),
        });
        if (group) {
          await db.unitInventory.createMany({ data: part.map((r) => ({ unitId: r.id, inventoryId: group.inventoryId })) });
          await db.unitGroup.createMany({ data: part.map((r) => ({ unitId: r.id, groupId: group.id })) });
        }
      }
      for (const r of rows) await this.deps.units.refreshUnit(r.id);
      return { created: rows.length, removed, byGroup: counts };
    });
  }

  /** Delete the generated units (the seeded fleet stays). */
  async clearGenerated(): Promise<number> {
    const db = this.deps.db;
    const ids = (await db.unit.findMany({ where: { id: { startsWith: GENERATED_UNIT_PREFIX } }, select: { id: true } })).map((u) => u.id);
    if (ids.length === 0) return 0;
    await this.deps.gateway.inBulk(async () => {
      for (let i = 0; i < ids.length; i += CHUNK) await db.unit.deleteMany({ where: { id: { in: ids.slice(i, i + CHUNK) } } });
      for (const id of ids) {
        this.deps.units.forgetUnit(id);
        this.units.delete(id);
      }
    });
    return ids.length;
  }

  /** Units per type group (for the control plane's fleet status). */
  async mix(): Promise<Record<string, number>> {
    const rows = await this.deps.db.unit.groupBy({ by: ['typeGroup'], _count: { _all: true } });
    return Object.fromEntries(rows.map((r) => [r.typeGroup, r._count._all]));
  }
}

function upgradeView(job: { state: string; failureCode: number | null; targetVersion: string; fromVersion: string; progress: number }) {
  return { state: job.state as UpgradeState, failureCode: job.failureCode, targetVersion: job.targetVersion, fromVersion: job.fromVersion, progress: job.progress };
}

/** Split `size` by weights (largest remainders; deterministic). */
export function spread(size: number, weights: Record<UnitDeviceGroup, number>): Record<UnitDeviceGroup, number> {
  const total = UNIT_DEVICE_GROUPS.reduce((s, g) => s + Math.max(0, weights[g]), 0);
  const out = Object.fromEntries(UNIT_DEVICE_GROUPS.map((g) => [g, 0])) as Record<UnitDeviceGroup, number>;
  if (size <= 0 || total <= 0) return out;
  const exact = UNIT_DEVICE_GROUPS.map((g) => ({ g, v: (Math.max(0, weights[g]) / total) * size }));
  let left = size;
  for (const e of exact) {
    out[e.g] = Math.floor(e.v);
    left -= out[e.g];
  }
  for (const e of [...exact].sort((a, b) => b.v - Math.floor(b.v) - (a.v - Math.floor(a.v)))) {
    if (left <= 0) break;
    out[e.g]++;
    left--;
  }
  return out;
}
