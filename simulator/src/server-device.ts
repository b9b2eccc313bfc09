/**
 * One simulated server (multimedia hub, video return, transceiver or ingest server; spec 001 §3)
 * with its channels and video return channels. Coming up, it reports its addresses, hardware and
 * features (models/server-info.ts). Channels are idle while the server is up, collecting
 * while a unit streams to them, offline with the server, upgrading with it; video return channels
 * are idle, input connected, collecting or offline. CPU and storage drift with load and raise
 * serverCpu / serverStorage alerts; upgrades end in success or a spec 001 §8 code.
 *
 * Every shard holds a replica of every server (units select channels and upgrade from servers
 * whichever shard runs them); the owner shard reports the periodic state, every replica reports
 * the changes it causes (the core ignores repeats).
 */
import type { Applications, ChannelSpec, ChannelStatus, ChannelType, DeviceEvent, ServerSpec, VrChannelSpec, VrChannelStatus } from '@fleet/contracts';
import { channelStatusClass, checkServerUpgradeEligibility } from '@fleet/domain';
import type { SimClock } from './clock.js';
import type { Rng } from './rng.js';
import { AlertMonitor, levelAbove, type AlertConfig } from './models/alerts.js';
import { GENERIC_UPGRADE_FAILURE, PTMP, SERVER_LOAD, SERVER_UPGRADE_FAILURE_CODES } from './models/constants.js';
import { UpgradeRun, catalogueCode, reportRejected } from './models/upgrade.js';
import { PtmpReceivers } from './models/ptmp.js';
import { interfaceHwStatus, serverApplications, serverInfo, serverRunState } from './models/server-info.js';
import { accepted, refused, type Reaction } from './reaction.js';
import type { ServerTimings } from './timings.js';

export interface ChannelState {
  /** As the core last described it (replaced by a new spec). */
  spec: ChannelSpec;
  status: ChannelStatus;
  licensed: boolean;
  allocatedTo: string | null;
  /** A status forced by a fault (e.g. offline, PlayStoredFile), kept until changed. */
  forced: ChannelStatus | null;
  /** The type the channel runs as now (its general configuration may have changed it since the spec). */
  type: ChannelType;
  /** Point-to-multipoint receivers; null while the channel never had a multipoint configuration. */
  ptmp: PtmpReceivers | null;
}

export interface VrChannelState {
  readonly spec: VrChannelSpec;
  status: VrChannelStatus;
  inputConnected: boolean;
  collectingFor: string | null;
}

export type ServerRunStatus = 'online' | 'offline' | 'busy' | 'upgrading';

export class ServerDevice {
  online = true;
  /** Fault: busy (upgrades refused with 6808). */
  busy = false;
  cpu: number;
  storage: number;
  swVersion: string;
  /** The channel whose logs the server is sending now (spec 000 §8). */
  sendingLogsFor: string | null = null;
  upgrade: UpgradeRun | null = null;
  /** The applications of the last state report, as JSON. */
  private reportedApplications = '{}';
  /** Fault: how the next/running upgrade ends (undefined: by chance). */
  upgradeOutcome: number | null | undefined = undefined;
  readonly channels = new Map<string, ChannelState>();
  readonly vrChannels = new Map<string, VrChannelState>();
  readonly alerts: AlertMonitor;
  /** IFB mode the server runs (V1/V2); null until the core sets it. */
  ifbMode: string | null = null;
  /** Fault: the next IP pipe connection fails instead of connecting. */
  ipPipeFails = false;
  /** Fault: the output licence the server holds, overriding the spec's (undefined: the spec's). */
  outputLicenceOverride: number | null | undefined = undefined;
  /** Certificate deletions fail (a fault): spec 001 §8 "certificate deletion failed". */
  certificateDeletionFails = false;
  /** Fault: the tally or audio (IFB) interface hardware unplugged. */
  readonly unplugged = { tally: false, audio: false };
  /** Bumped by every IP pipe change: a connection overtaken by a newer change reports nothing. */
  private ipPipeRun = 0;
  /** The server's instance: a reset instance starts the next one (on another public address). */
  private instance = 0;
  /** When (simulated ms) the server came up; null while it is down. */
  private upSince: number | null;
  /** Fault: the CPU load held at a value (null: it drifts with the load). */
  cpuOverride: number | null = null;
  private readonly timers: (() => void)[] = [];
  /**
   * Told when the server takes a channel back from the unit streaming to it (the server goes down,
   * a fault forces the channel's status, the channel is removed): the unit's stream ends at once.
   * Set by the shard's World.
   */
  channelTaken: ((channelId: string, unitId: string) => void) | null = null;

  constructor(
    /** Replaced when the core hands new specs (channels added, removed, renamed or relicensed). */
    public spec: ServerSpec,
    readonly clock: SimClock,
    readonly rng: Rng,
    readonly timings: ServerTimings,
    alertConfig: AlertConfig,
    private readonly report: (e: DeviceEvent) => void,
    /** This shard reports the server's periodic state. */
    public owner: boolean,
  ) {
    this.swVersion = spec.swVersion;
    this.upSince = clock.now();
    this.cpu = rng.range(...SERVER_LOAD.initialCpu);
    this.storage = rng.range(...SERVER_LOAD.initialStorage);
    for (const c of spec.channels) this.channels.set(c.channelId, this.newChannel(c, 'idle'));
    for (const v of spec.vrChannels) {
      const inputConnected = v.inputType !== 'disabled';
      this.vrChannels.set(v.vrChannelId, { spec: v, status: inputConnected ? 'inputConnected' : 'idle', inputConnected, collectingFor: null });
    }
    this.alerts = new AlertMonitor({ unitId: null, serverId: spec.serverId, channelId: null }, alertConfig, report);
  }

  get id(): string {
    return this.spec.serverId;
  }

  private newChannel(c: ChannelSpec, status: ChannelStatus): ChannelState {
    const receivers = c.ptmpReceivers ?? [];
    const ptmp = receivers.length > 0 ? new PtmpReceivers(this.rng.fork(`ptmp:${c.channelId}`), receivers) : null;
    return { spec: c, status, licensed: c.licensed, allocatedTo: null, forced: null, type: c.type, ptmp };
  }

  /** Output channels the server is licensed for (spec 001 §8); null: not limited. */
  licensedOutputs(): number | null {
    return this.outputLicenceOverride !== undefined ? this.outputLicenceOverride : (this.spec.licensedOutputs ?? null);
  }

  /** Channels running as outputs (output or distributor), leaving one out. */
  outputsExcept(channelId: string): number {
    let n = 0;
    for (const c of this.channels.values()) if (c.spec.channelId !== channelId && isOutputType(c.type)) n++;
    return n;
  }

  /** Spec 001 §8 "transceiver busy or with an encoder input": a transceiver that is busy or receives from an encoder now. */
  transceiverBusy(): boolean {
    if (this.spec.serverType !== 'transceiver_server') return false;
    return this.busy || [...this.channels.values()].some((c) => c.spec.inputKind === 'encoder' && channelStatusClass(c.status) === 'busy');
  }

  /** The channel's multipoint configuration: its receivers from now on (an empty list ends it). */
  setPtmpReceivers(channelId: string, uids: readonly string[]): void {
    const c = this.channels.get(channelId);
    if (!c) return;
    if (c.ptmp) c.ptmp.set(uids);
    else if (uids.length > 0) c.ptmp = new PtmpReceivers(this.rng.fork(`ptmp:${channelId}`), uids);
    else return;
    // Receivers take a moment to connect; reporting after the acknowledgement also keeps the core's
    // own write of the configuration ahead of the state it causes.
    this.schedule(PTMP.connectMs, () => {
      if (this.channels.get(channelId) === c) this.reportChannel(c);
    });
  }

  /**
   * The core's new spec of this server: channels and video return channels added (reported at
   * once, owner only) or removed, licences updated; the running state of the others continues.
   */
  updateSpec(spec: ServerSpec): void {
    // A new version on record at the core (an admin changed it) is the server's, unless an upgrade is changing it.
    if (!this.upgrade && spec.swVersion !== this.spec.swVersion) this.swVersion = spec.swVersion;
    this.spec = spec;
    const channelIds = new Set(spec.channels.map((c) => c.channelId));
    for (const [id, c] of [...this.channels]) {
      if (channelIds.has(id)) continue;
      this.channels.delete(id);
      this.takeBack(c);
    }
    for (const c of spec.channels) {
      const held = this.channels.get(c.channelId);
      if (held) {
        // The core stores a type once the device accepted it: a new spec agrees with what runs.
        held.type = c.type;
        // Its name and memberships as the core has them now (a unit taking a free channel reads them).
        held.spec = c;
        if (held.licensed !== c.licensed) {
          held.licensed = c.licensed;
          if (this.owner) this.reportChannel(held);
        }
        continue;
      }
      const state = this.newChannel(c, this.online ? 'idle' : 'offline');
      this.channels.set(c.channelId, state);
      if (this.owner) this.reportChannel(state);
    }
    const vrIds = new Set(spec.vrChannels.map((v) => v.vrChannelId));
    for (const id of [...this.vrChannels.keys()]) if (!vrIds.has(id)) this.vrChannels.delete(id);
    for (const v of spec.vrChannels) {
      if (this.vrChannels.has(v.vrChannelId)) continue;
      const inputConnected = v.inputType !== 'disabled';
      const state: VrChannelState = { spec: v, status: 'offline', inputConnected, collectingFor: null };
      this.vrChannels.set(v.vrChannelId, state);
      this.setVrStatus(state);
    }
  }

  status(): ServerRunStatus {
    if (!this.online) return 'offline';
    if (this.upgrade) return 'upgrading';
    if (this.busy) return 'busy';
    return 'online';
  }

  /** Report everything once (after assignment or reset), owner only. */
  start(): void {
    if (!this.owner) return;
    this.reportServer();
    this.reportInfo();
    for (const c of this.channels.values()) this.reportChannel(c);
    for (const v of this.vrChannels.values()) this.reportVr(v);
  }

  stop(): void {
    for (const cancel of this.timers.splice(0)) cancel();
  }

  /** Reports an event of one of the server's channels (the reactions to channel commands use it). */
  reportEvent(e: DeviceEvent): void {
    this.report(e);
  }

  private schedule(ms: number, fn: () => void): void {
    this.timers.push(this.clock.after(ms, fn));
  }

  /** Periodic step: load follows collecting channels; alerts on cpu and storage (owner only). */
  tick(dtMs: number): void {
    if (!this.online || !this.owner) return;
    const collecting = [...this.channels.values()].filter((c) => c.status === 'collecting').length;
    const L = SERVER_LOAD;
    const target = this.cpuOverride ?? L.baseCpu + L.cpuPerCollectingChannel * collecting + (this.upgrade ? L.upgradeCpu : 0);
    this.cpu = clamp(this.cpu + L.cpuApproach * (target - this.cpu) + (this.cpuOverride === null ? this.rng.normal() * L.cpuNoise : 0));
    this.storage = clamp(this.storage + (L.storagePerChannelHour * collecting * dtMs) / 3_600_000);
    this.evaluateAlerts();
    this.reportServer();
    // Receivers' bitrates move only while there is video to receive.
    for (const c of this.channels.values()) {
      if (c.ptmp && c.ptmp.size > 0 && c.status === 'collecting') {
        c.ptmp.step(dtMs);
        this.reportChannel(c);
      }
    }
  }

  evaluateAlerts(): void {
    const t = this.alerts.config.thresholds;
    const cpu = Math.round(this.cpu);
    const storage = Math.round(this.storage);
    this.alerts.set('serverCpu', levelAbove(cpu, t.serverCpu), `CPU ${cpu}%`, cpu);
    this.alerts.set('serverStorage', levelAbove(storage, t.serverStorage), `Storage ${storage}%`, storage);
  }

  channelState(channelId: string): ChannelState | undefined {
    return this.channels.get(channelId);
  }

  /** A unit streams to the channel: it is collecting. */
  allocate(channelId: string, unitId: string): boolean {
    const c = this.channels.get(channelId);
    if (!c || !this.online || c.status !== 'idle') return false;
    c.allocatedTo = unitId;
    c.status = 'collecting';
    this.reportChannel(c);
    return true;
  }

  /** The channel is no longer the unit's (its stream ends: `channelTaken`); the caller sets the status. */
  takeBack(c: ChannelState): void {
    const unitId = c.allocatedTo;
    if (unitId === null) return;
    c.allocatedTo = null;
    this.channelTaken?.(c.spec.channelId, unitId);
  }

  release(channelId: string, unitId: string): void {
    const c = this.channels.get(channelId);
    if (!c || c.allocatedTo !== unitId) return;
    c.allocatedTo = null;
    c.status = this.channelRestingStatus(c);
    this.reportChannel(c);
  }

  /**
   * A unit's video return application takes the video return channel it asked for, when that one
   * has input and is free, else the first one that has.
   */
  takeVideoReturn(unitId: string, wanted: string | null = null): VrChannelState | null {
    if (!this.online) return null;
    const free = (x: VrChannelState) => x.inputConnected && x.collectingFor === null;
    const asked = wanted === null ? undefined : this.vrChannels.get(wanted);
    const v = asked && free(asked) ? asked : [...this.vrChannels.values()].find(free);
    if (!v) return null;
    v.collectingFor = unitId;
    this.setVrStatus(v);
    return v;
  }

  releaseVideoReturn(unitId: string): void {
    for (const v of this.vrChannels.values()) {
      if (v.collectingFor === unitId) {
        v.collectingFor = null;
        this.setVrStatus(v);
      }
    }
  }

  setPower(on: boolean): void {
    if (this.online === on) return;
    this.online = on;
    this.upSince = on ? this.clock.now() : null;
    if (!on) {
      this.sendingLogsFor = null;
      if (this.upgrade) {
        // The server went down in the middle of its own upgrade: generic failure, reboot server.
        this.upgrade.fail(GENERIC_UPGRADE_FAILURE);
        this.upgrade = null;
      }
    }
    for (const c of this.channels.values()) {
      if (!on) this.takeBack(c);
      this.setChannelStatus(c, on ? this.channelRestingStatus(c) : 'offline');
    }
    for (const v of this.vrChannels.values()) {
      if (!on) v.collectingFor = null;
      this.setVrStatus(v);
    }
    this.reportServer();
    if (on) this.reportInfo();
  }

  /** Addresses, hardware and features as the server comes up (owner only; the core keeps what changed). */
  private reportInfo(): void {
    if (this.owner) this.report(serverInfo(this.spec, this.instance));
  }

  /** Idle: up, not busy nor upgrading, no channel collecting or otherwise taken (spec 001 §8 "not idle"). */
  isIdle(): boolean {
    return this.status() === 'online' && [...this.channels.values()].every((c) => c.status === 'idle' || c.status === 'offline' || c.status === 'unavailable');
  }

  /** Whether a reset of the instance is under way (the server is down until the next instance is up). */
  resetting = false;

  /**
   * Reset instance: the server goes offline (its channels and streams with it), then comes back. A
   * reset asked while one is under way is the same reset: accepted, and it changes nothing.
   */
  resetInstance(): void {
    if (this.resetting) return;
    this.resetting = true;
    this.instance += 1;
    this.setPower(false);
    this.schedule(this.rng.range(...this.timings.resetMs), () => {
      this.resetting = false;
      this.setPower(true);
    });
  }

  /** New IP pipe settings: connecting, then connected (or failed) a moment later; disabled: not connected. */
  connectIpPipe(enabled: boolean): void {
    const run = ++this.ipPipeRun;
    if (!enabled) return this.reportIpPipe('not_connected');
    this.reportIpPipe('connecting');
    this.schedule(this.rng.range(...this.timings.ipPipeConnectMs), () => {
      if (run !== this.ipPipeRun) return;
      this.reportIpPipe(this.online && !this.ipPipeFails ? 'connected' : 'failed');
    });
  }

  private reportIpPipe(state: 'connecting' | 'connected' | 'not_connected' | 'failed'): void {
    this.report({ type: 'serverConfigState', serverId: this.id, setting: 'ippipe', state });
  }

  startUpgrade(target: string): Reaction {
    const collecting = [...this.channels.values()].some((c) => c.status === 'collecting');
    const check = checkServerUpgradeEligibility({
      currentVersion: this.swVersion,
      targetVersion: target,
      online: this.online,
      idle: !collecting && !this.busy && !this.upgrade,
      productType: this.spec.productType,
    });
    const blocker = check.reasons[0];
    if (blocker) {
      const code = catalogueCode(blocker.errorCode);
      reportRejected(this.report, 'server', this.id, this.swVersion, target, code);
      return refused(blocker.errorCode, code ?? undefined);
    }
    const outcome =
      this.upgradeOutcome !== undefined
        ? this.upgradeOutcome
        : this.rng.chance(this.timings.upgrade.failureRate)
          ? this.rng.pick(SERVER_UPGRADE_FAILURE_CODES)
          : null;
    const run = new UpgradeRun('server', this.id, this.swVersion, target, outcome, this.report);
    this.upgrade = run;
    run.start();
    for (const c of this.channels.values()) this.setChannelStatus(c, 'upgrading');
    this.reportServer();
    const step = () => {
      if (this.upgrade !== run) return;
      if (this.upgradeOutcome !== undefined) run.outcome = this.upgradeOutcome;
      const r = run.advance(100 / this.timings.upgrade.steps);
      if (r === null) return this.schedule(this.timings.upgrade.stepMs, step);
      this.upgrade = null;
      this.upgradeOutcome = undefined;
      if (r === 'done') {
        this.swVersion = target;
        // Reboot into the new version.
        this.setPower(false);
        this.schedule(this.rng.range(...this.timings.bootMs), () => this.setPower(true));
      } else {
        for (const c of this.channels.values()) this.setChannelStatus(c, this.channelRestingStatus(c));
        this.reportServer();
      }
    };
    this.schedule(this.timings.upgrade.stepMs, step);
    return accepted;
  }

  private channelRestingStatus(c: ChannelState): ChannelStatus {
    if (!this.online) return 'offline';
    if (this.upgrade) return 'upgrading';
    return c.forced ?? (c.allocatedTo ? 'collecting' : 'idle');
  }

  setChannelStatus(c: ChannelState, status: ChannelStatus): void {
    if (c.status === status) return;
    c.status = status;
    this.reportChannel(c);
    this.followApplications();
  }

  setVrStatus(v: VrChannelState): void {
    const status: VrChannelStatus = !this.online ? 'offline' : v.collectingFor ? 'collecting' : v.inputConnected ? 'inputConnected' : 'idle';
    if (v.status === status) return;
    v.status = status;
    this.reportVr(v);
    this.followApplications();
  }

  /** What runs on the server now (spec 001 §3 applications). */
  private applications(): Applications {
    return serverApplications(this.online, this.upgrade !== null, this.channels.values(), this.vrChannels.values());
  }

  /** The owner reports the server again when what runs on it changed since its last report (a channel started or ended a stream). */
  private followApplications(): void {
    if (this.owner && JSON.stringify(this.applications()) !== this.reportedApplications) this.reportServer();
  }

  reportServer(): void {
    const applications = this.applications();
    this.reportedApplications = JSON.stringify(applications);
    this.report({
      type: 'serverState',
      serverId: this.id,
      online: this.online,
      status: this.status(),
      cpu: Math.round(this.cpu * 10) / 10,
      storage: Math.round(this.storage * 10) / 10,
      swVersion: this.swVersion,
      upTime: this.upTime(),
      state: serverRunState(this.online),
      tallyHwStatus: interfaceHwStatus(this.spec.serverType, 'tally', this.online, this.unplugged.tally),
      audioHwStatus: interfaceHwStatus(this.spec.serverType, 'audio', this.online, this.unplugged.audio),
      applications,
    });
  }

  /** Seconds since the server came up (spec 001 §3 upTime); null while it is down. */
  upTime(): number | null {
    return this.online && this.upSince !== null ? Math.max(0, Math.floor((this.clock.now() - this.upSince) / 1000)) : null;
  }

  reportChannel(c: ChannelState): void {
    const base = {
      type: 'channelState',
      serverId: this.id,
      channelId: c.spec.channelId,
      status: c.status,
      allocatedToUnitUid: c.allocatedTo,
      licensed: c.licensed,
    } as const;
    // A multipoint channel tells of its receivers with every state (an emptied list once more, so it is cleared).
    this.report(c.ptmp ? { ...base, ptmpStatuses: c.ptmp.statuses(c.status), ptmpDelay: c.ptmp.delay(c.status) } : base);
  }

  private reportVr(v: VrChannelState): void {
    this.report({ type: 'vrChannelState', vrChannelId: v.spec.vrChannelId, serverId: this.id, status: v.status });
  }
}

/** Output and distributor channels count against the output licence (spec 001 §8). */
export function isOutputType(type: ChannelType): boolean {
  return type === 'output' || type === 'distributor';
}

function clamp(v: number): number {
  return Math.max(0, Math.min(100, v));
}
