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
 *
 * Like a unit (device.ts and unit/), the server is composed of parts under server/: its channels
 * and video return channels (channels.ts), its upgrade (upgrade.ts) and its load (load.ts); each
 * gets what it needs through server/host.ts.
 */
import type { Applications, ChannelStatus, DeviceEvent, ServerSpec } from '@fleet/contracts';
import type { SimClock } from './clock.js';
import type { Rng } from './rng.js';
import { AlertMonitor, type AlertConfig } from './models/alerts.js';
import { GENERIC_UPGRADE_FAILURE, SERVER_LOAD } from './models/constants.js';
import type { UpgradeRun } from './models/upgrade.js';
import { interfaceHwStatus, serverApplications, serverInfo, serverRunState } from './models/server-info.js';
import type { Reaction } from './reaction.js';
import type { ServerTimings } from './timings.js';
import { ServerChannels, type ChannelState, type VrChannelState } from './server/channels.js';
import type { ServerHost } from './server/host.js';
import { evaluateLoadAlerts, stepLoad } from './server/load.js';
import { startServerUpgrade } from './server/upgrade.js';

export { isOutputType, type ChannelState, type VrChannelState } from './server/channels.js';

export type ServerRunStatus = 'online' | 'offline' | 'busy' | 'upgrading';

export class ServerDevice implements ServerHost {
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
  /** The channels and video return channels (server/channels.ts). */
  readonly channelParts: ServerChannels;
  readonly channels: Map<string, ChannelState>;
  readonly vrChannels: Map<string, VrChannelState>;
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
    this.channelParts = new ServerChannels(this, spec);
    this.channels = this.channelParts.channels;
    this.vrChannels = this.channelParts.vrChannels;
    this.alerts = new AlertMonitor({ unitId: null, serverId: spec.serverId, channelId: null }, alertConfig, report);
  }

  get id(): string {
    return this.spec.serverId;
  }

  now(): number {
    return this.clock.now();
  }

  isUpgrading(): boolean {
    return this.upgrade !== null;
  }

  /** Output channels the server is licensed for (spec 001 §8); null: not limited. */
  licensedOutputs(): number | null {
    return this.outputLicenceOverride !== undefined ? this.outputLicenceOverride : (this.spec.licensedOutputs ?? null);
  }

  /** Channels running as outputs (output or distributor), leaving one out. */
  outputsExcept(channelId: string): number {
    return this.channelParts.outputsExcept(channelId);
  }

  /** Spec 001 §8 "transceiver busy or with an encoder input": a transceiver that is busy or receives from an encoder now. */
  transceiverBusy(): boolean {
    if (this.spec.serverType !== 'transceiver_server') return false;
    return this.busy || this.channelParts.encoderInputBusy();
  }

  /** The channel's multipoint configuration: its receivers from now on (an empty list ends it). */
  setPtmpReceivers(channelId: string, uids: readonly string[]): void {
    this.channelParts.setPtmpReceivers(channelId, uids);
  }

  /**
   * The core's new spec of this server: channels and video return channels added (reported at
   * once, owner only) or removed, licences updated; the running state of the others continues.
   */
  updateSpec(spec: ServerSpec): void {
    // A new version on record at the core (an admin changed it) is the server's, unless an upgrade is changing it.
    if (!this.upgrade && spec.swVersion !== this.spec.swVersion) this.swVersion = spec.swVersion;
    this.spec = spec;
    this.channelParts.updateSpec(spec);
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
    this.channelParts.reportAll();
  }

  stop(): void {
    for (const cancel of this.timers.splice(0)) cancel();
  }

  /** Reports an event of the server or one of its channels (its parts and the reactions to channel commands use it). */
  reportEvent(e: DeviceEvent): void {
    this.report(e);
  }

  schedule(ms: number, fn: () => void): void {
    this.timers.push(this.clock.after(ms, fn));
  }

  /** Periodic step: load follows collecting channels; alerts on cpu and storage (owner only). */
  tick(dtMs: number): void {
    if (!this.online || !this.owner) return;
    const collecting = [...this.channels.values()].filter((c) => c.status === 'collecting').length;
    stepLoad(this, collecting, dtMs);
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
    evaluateLoadAlerts(this);
  }

  channelState(channelId: string): ChannelState | undefined {
    return this.channels.get(channelId);
  }

  /** A unit streams to the channel: it is collecting. */
  allocate(channelId: string, unitId: string): boolean {
    return this.channelParts.allocate(channelId, unitId);
  }

  /** The channel is no longer the unit's (its stream ends: `channelTaken`); the caller sets the status. */
  takeBack(c: ChannelState): void {
    this.channelParts.takeBack(c);
  }

  release(channelId: string, unitId: string): void {
    this.channelParts.release(channelId, unitId);
  }

  /** A unit's video return application takes a video return channel (server/channels.ts). */
  takeVideoReturn(unitId: string, wanted: string | null = null): VrChannelState | null {
    return this.channelParts.takeVideoReturn(unitId, wanted);
  }

  releaseVideoReturn(unitId: string): void {
    this.channelParts.releaseVideoReturn(unitId);
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
    this.channelParts.powerChanged(on);
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

  /** Upgrade the server to `target` (server/upgrade.ts). */
  startUpgrade(target: string): Reaction {
    return startServerUpgrade(this, target);
  }

  setChannelStatus(c: ChannelState, status: ChannelStatus): void {
    this.channelParts.setStatus(c, status);
  }

  setVrStatus(v: VrChannelState): void {
    this.channelParts.setVrStatus(v);
  }

  /** What runs on the server now (spec 001 §3 applications). */
  private applications(): Applications {
    return serverApplications(this.online, this.upgrade !== null, this.channels.values(), this.vrChannels.values());
  }

  /** The owner reports the server again when what runs on it changed since its last report (a channel started or ended a stream). */
  followApplications(): void {
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
    this.channelParts.report(c);
  }
}
