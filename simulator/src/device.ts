/**
 * One simulated unit: links, battery, position, camera, storages, alerts, and what it does —
 * streaming to a channel, the other applications with their licences, store and forward,
 * upgrades, channel selection, speed tests, sending logs, link configuration, and (in a lively
 * demo) acting on its own. The unit owns its state: everything that changes it is a method here,
 * answering a Reaction (accepted, or refused with the catalogue ErrorCode the spec names).
 *
 * Its status is never set here: the core derives it from the applications this device reports
 * (packages/domain). Every start passes through connecting and every stop through disconnecting
 * (databridge and video return through `stopping`, spec 000 §4) — see unit/applications.ts.
 */
import {
  ERROR_CATALOGUE, SOFTWARE_VERSIONS, TIMINGS,
  type Applications, type CellularOperator, type DeviceEvent, type DeviceSpec, type DeviceToCore, type SimSlot,
  type UnitApplicationKey, type WifiNetwork,
} from '@fleet/contracts';
import { canCellularScan, canDisableInterface, checkUnitUpgradeEligibility, isAtLeast, isBusy, isStreaming, type ModemLink } from '@fleet/domain';
import type { SimClock } from './clock.js';
import { Rng } from './rng.js';
import { AlertMonitor, defaultAlertConfig, levelAbove, levelBelow, type AlertConfig } from './models/alerts.js';
import { BatteryModel } from './models/battery.js';
import {
  AUTONOMY, BITRATE_DROP_SAMPLES, CAMERA_CONNECTED_SHARE, CELLULAR_OPERATORS, CELLULAR_TECHNOLOGIES, DEFAULT_RECORDING_PROFILE,
  GENERIC_UPGRADE_FAILURE, LINK_LOAD, LINK_PROFILES, LINKS_BY_GROUP, MAINS_POWERED, RADIO_SCAN, SD_CARD_FULL_PERCENT,
  SPEED_TEST_DOWNLINK_FACTOR, STREAM_DEMAND_KBPS, SWITCH_ON_AFTER_OUTAGES, UNIT_UPGRADE_FAILURE_CODES, WIFI_NAMES, WIFI_SECURITIES,
} from './models/constants.js';
import { LinkModel } from './models/link.js';
import { PositionModel } from './models/position.js';
import { StorageModel, extensionFor, recordingKbps } from './models/storage.js';
import { UpgradeRun, catalogueCode, reportRejected } from './models/upgrade.js';
import { accepted, refused, type Reaction } from './reaction.js';
import type { DeviceTimings, Range } from './timings.js';
import { UnitApplications } from './unit/applications.js';
import {
  defaultSettings, noFaults,
  type ChannelSelection, type CommandBody, type ExternalStreamKind, type IntercomMode, type IntercomSession, type Tally,
  type UnitFaultState, type UnitSettings, type UnitSnapshot, type UnitTruth,
} from './unit/state.js';
import { LifeTimers, TimerScope } from './unit/timers.js';
import { UploadQueue, type QueuedUpload } from './unit/uploads.js';
import { World } from './world.js';

export type Emit = (m: DeviceToCore) => void;

/** Why a running speed test ends early (spec 000 §8 texts). */
export type SpeedTestCancel = 'TEST_CANCELLED' | 'CHANNEL_CHANGED_SPEED_TEST';

const STREAMING_APPLICATIONS = ['video', 'multiCamera', 'switcher', 'switcherAndProxy'] as const;

export class UnitDevice {
  cameraConnected: boolean;
  readonly links: LinkModel[];
  readonly battery: BatteryModel;
  readonly position: PositionModel;
  /** Storages (SD card, internal) and store-and-forward files. */
  readonly storage: StorageModel;
  /** battery, cameraDisconnected and bitrateDrop alerts as the unit raises and clears them. */
  readonly alerts: AlertMonitor;
  /** True when the engine steps telemetry for the whole fleet (no timer of this device). */
  externalTicks = false;
  /** The point-to-point link this unit streams to as its master (spec 001 §7 Point-to-point), or null. */
  p2pLinkId: string | null = null;

  private on = false;
  private version: string;
  /** The version the core last had on record for the unit. */
  private recordedVersion: string;
  private readonly apps: UnitApplications;
  private readonly uploads: UploadQueue;
  private readonly faultState: UnitFaultState = noFaults();
  private readonly applied: UnitSettings = defaultSettings();
  /** Timers of the current power-on (cancelled by a power-off): see unit/timers.ts. */
  private readonly life: LifeTimers;
  /** Timers of the time the unit is off (being switched on again): cancelled by a power-on. */
  private readonly offTimers: TimerScope;
  /** Timers of the hardware (telemetry of its own, links reconnecting): cancelled when the device stops. */
  private readonly hardware: TimerScope;
  private stopTelemetry: (() => void) | null = null;
  private lastTelemetry = 0;
  /** Acts on its own now and then (demo fleets). */
  private readonly autonomous: boolean;
  private selection: ChannelSelection | null = null;
  /** Bumped by every selection: an earlier selection's retries stop. */
  private selectionRun = 0;
  /** The channel the live stream holds (allocated from its start until video is gone). */
  private streamChannel: string | null = null;
  /** The external destination the live stream goes to instead (a channel no server here runs, or unlicensed: External). */
  private streamExternal: string | null = null;
  /** Bumped by every stream start: what waits for one stream (autonomy's stop) leaves a later one alone. */
  private streamRun = 0;
  private tally: Tally = 'off';
  private upgrade: UpgradeRun | null = null;
  private speedTest: { channelId: string | null } | null = null;
  private logs: { channelId: string } | null = null;
  /** Consecutive telemetry samples below the bitrate-drop threshold. */
  private lowSamples = 0;
  /** Links scanning for cellular operators (by link id). */
  private readonly scans = new Set<string>();
  private intercoms: Partial<Record<IntercomSession, IntercomMode>> = {};
  private externalStreams: Partial<Record<ExternalStreamKind, string>> = {};

  constructor(
    readonly spec: DeviceSpec,
    private readonly clock: SimClock,
    private readonly rng: Rng,
    private readonly timings: DeviceTimings,
    private readonly emit: Emit,
    /** The servers and channels this shard knows. */
    private readonly world: World = new World(),
    alertConfig: AlertConfig = defaultAlertConfig(),
  ) {
    let cell = 0;
    this.links = LINKS_BY_GROUP[spec.typeGroup].map((k, i) => {
      const name = k === 'cell' ? `Modem ${++cell}` : k === 'wifi' ? 'Wi-Fi' : 'Ethernet';
      return new LinkModel(`${spec.unitId}-m${i + 1}`, i + 1, name, LINK_PROFILES[k], rng.fork(`link${i}`));
    });
    this.battery = new BatteryModel(!MAINS_POWERED.includes(spec.typeGroup), rng.fork('battery'));
    this.position = new PositionModel(rng.fork('position'));
    this.cameraConnected = rng.chance(CAMERA_CONNECTED_SHARE);
    this.version = spec.swVersion;
    this.recordedVersion = spec.swVersion;
    this.storage = new StorageModel(spec.unitId, spec.name, spec.capabilities.sdCard ?? spec.typeGroup === 'fieldUnits', rng.fork('storage'), (e) => this.emitEvent(e), timings.storage);
    this.alerts = new AlertMonitor({ unitId: spec.unitId, serverId: null, channelId: null }, alertConfig, (e) => this.emitEvent(e));
    world.listen(spec.unitId, (channelId) => this.channelTaken(channelId));
    this.autonomous = rng.fork('autonomy').chance(timings.autonomyShare);
    this.life = new LifeTimers(clock);
    this.offTimers = new TimerScope(clock);
    this.hardware = new TimerScope(clock);
    const host = {
      isOnline: () => this.on,
      schedule: (ms: number, fn: () => void) => this.schedule(ms, fn),
      emitEvent: (e: DeviceEvent) => this.emitEvent(e),
    };
    this.apps = new UnitApplications({
      ...host,
      startMs: () => this.draw(this.timings.streamStartMs),
      stopMs: () => this.draw(this.timings.streamStopMs),
      changed: () => this.reportState(),
    });
    this.uploads = new UploadQueue({ ...host, unitId: spec.unitId, apps: this.apps, stepMs: () => this.draw(this.timings.streamStartMs) });
  }

  // ── state ─────────────────────────────────────────────────────────────────────────────────────

  get online(): boolean {
    return this.on;
  }

  get applications(): Applications {
    return this.apps.all;
  }

  /** The running software version (changes after a successful upgrade). */
  get swVersion(): string {
    return this.version;
  }

  /** What the core configured, as the unit applied it. */
  get settings(): Readonly<UnitSettings> {
    return this.applied;
  }

  /** Faults in force (congestion, unresponsive, forced upgrade outcome, failing scans). */
  get faults(): Readonly<UnitFaultState> {
    return this.faultState;
  }

  /** A copy of the unit's state now. */
  snapshot(): UnitSnapshot {
    return structuredClone({
      unitId: this.spec.unitId,
      online: this.on,
      applications: this.apps.all,
      swVersion: this.version,
      cameraConnected: this.cameraConnected,
      selection: this.selection,
      streamChannel: this.streamChannel,
      streamExternal: this.streamExternal,
      tally: this.tally,
      speedTest: this.speedTest,
      upgrade: this.upgrade ? { target: this.upgrade.targetVersion, progress: this.upgrade.progress } : null,
      logsChannel: this.logs?.channelId ?? null,
      scans: [...this.scans],
      intercoms: this.intercoms,
      externalStreams: this.externalStreams,
      uploads: this.uploads.pending().map((u) => u.fileId),
      settings: this.applied,
      faults: this.faultState,
    });
  }

  /** The unit's state now as the fleet invariants read it (no copy: read it at once). */
  truth(): UnitTruth {
    const intercomSessions = (this.intercoms[1] ? 1 : 0) + (this.intercoms[2] ? 1 : 0);
    const externalStreams = (this.externalStreams.social_media ? 1 : 0) + (this.externalStreams.cdn ? 1 : 0);
    return {
      unitId: this.spec.unitId,
      online: this.on,
      life: this.life.life,
      applications: this.apps.all,
      streamChannel: this.streamChannel,
      streamExternal: this.streamExternal,
      tally: this.tally,
      logsChannel: this.logs?.channelId ?? null,
      upgrading: this.upgrade !== null,
      uploadsQueued: this.uploads.pending().length,
      speedTest: this.speedTest !== null,
      intercomSessions,
      externalStreams,
      scans: this.scans.size,
      recording: this.storage.isRecording(),
      p2pLinkId: this.p2pLinkId,
      lifeTimersPending: this.life.pending,
      staleTimerFirings: this.life.staleFirings,
    };
  }

  /** Apply configuration values (commands and configuration updates). */
  applySettings(change: Partial<UnitSettings>): void {
    Object.assign(this.applied, change);
  }

  /** Switch faults on or off (a scenario's faults). */
  setFaults(change: Partial<UnitFaultState>): void {
    Object.assign(this.faultState, change);
  }

  // ── the loop ──────────────────────────────────────────────────────────────────────────────────

  start(): void {
    if (this.rng.chance(this.timings.initiallyOffShare)) {
      this.offTimers.after(this.draw(this.timings.outageMs) * SWITCH_ON_AFTER_OUTAGES, () => this.powerOn());
    } else {
      this.offTimers.after(this.draw(this.timings.bootMs), () => this.powerOn());
    }
    // Drawn either way: the device's random sequence does not depend on who ticks it.
    const phase = this.rng.range(0, this.timings.telemetryIntervalMs);
    if (!this.externalTicks) this.stopTelemetry = this.clock.every(this.timings.telemetryIntervalMs, () => this.tick(), phase);
  }

  /** The engine no longer runs the device: every timer of it is cancelled. */
  stop(): void {
    this.world.unlisten(this.spec.unitId);
    this.life.end();
    this.offTimers.clear();
    this.hardware.clear();
    this.stopTelemetry?.();
    this.stopTelemetry = null;
  }

  /** Run `fn` after `ms` of simulated time in this power-on (cancelled by a power-off, never run in a later one). */
  private schedule(ms: number, fn: () => void): void {
    this.life.after(ms, fn);
  }

  /** Report a device event (speed test, cellular scan, file, ...) to the core. */
  private emitEvent(event: DeviceEvent): void {
    this.emit({ kind: 'event', event, at: this.clock.now() });
  }

  /** Tell the core the device's current applications (after any change of them). */
  private reportState(): void {
    this.emit({ kind: 'state', unitId: this.spec.unitId, online: this.on, applications: { ...this.apps.all }, at: this.clock.now() });
  }

  /**
   * One telemetry step: links, battery, position, recording/uploads and alerts, then one
   * telemetry report. Called by the device's own timer, or by the engine for the whole fleet.
   */
  tick(now = this.clock.now()): void {
    if (!this.on) return;
    const dt = now - this.lastTelemetry;
    this.lastTelemetry = now;
    const apps = this.apps.all;
    const streaming = isStreaming(apps);
    const scale = this.faultState.bitrateScale;
    let capacity = 0;
    for (const l of this.links) if (l.carrying()) capacity += l.effectiveKbps(scale);
    // While streaming the encoder spreads its demand over the bonded links; uploads use most of
    // what is left; idle links carry keep-alives.
    const share = streaming
      ? Math.min(LINK_LOAD.streamingMax, STREAM_DEMAND_KBPS / Math.max(capacity, 1))
      : apps.forward?.state === 'running' && this.storage.pendingCount() > 0 ? LINK_LOAD.uploading : LINK_LOAD.keepAlive;
    for (const l of this.links) l.step(now, share, scale, this.timings.spontaneousLinkEvents);
    this.battery.step(dt, streaming);
    if (this.battery.empty()) {
      this.powerOff(); // the battery ran out
      return;
    }
    this.position.step(dt);
    const iso = new Date(now).toISOString();
    const modems = this.links.map((l) => l.snapshot(iso));
    let totalBitrate = 0;
    for (const m of modems) if (m.connected && m.enabled) totalBitrate += m.uplinkKbps;
    this.stepRecordingAndUploads(now, dt, totalBitrate);
    this.evaluateAlerts(totalBitrate);
    this.emit({
      kind: 'telemetry',
      unitId: this.spec.unitId,
      battery: this.battery.snapshot(),
      location: this.position.snapshot(),
      modems,
      cameraConnected: this.cameraConnected,
      sample: { t: now, kbps: totalBitrate },
      at: now,
    });
  }

  private draw(range: Range): number {
    return this.rng.range(range[0], range[1]);
  }

  // ── power ─────────────────────────────────────────────────────────────────────────────────────

  /** Power on or off now (faults, a battery running empty). */
  setPower(on: boolean): void {
    if (on) this.powerOn();
    else this.powerOff();
  }

  private powerOn(): void {
    if (this.on) return; // already on (a scenario switched it on before its boot finished)
    // Switched on: a switch-on still pending from the time it was off (after an outage, a reboot) is void.
    this.offTimers.clear();
    this.life.begin();
    this.on = true;
    this.apps.clear();
    this.lastTelemetry = this.clock.now();
    this.reportState();
    this.planOutage();
    // Telemetry and storages are reported at once; an autonomous unit plans what it does next.
    this.storage.reportStorages();
    this.tick();
    if (this.autonomous) this.planAutonomy();
  }

  /**
   * Off: what the unit held is released (channel, logs, upgrade, speed test, recording, uploads,
   * intercom, external streams, scans), and every timer of this power-on is cancelled: nothing it
   * had started goes on in a later one.
   */
  private powerOff(): void {
    if (!this.on) return;
    this.life.end();
    this.storage.stopRecording();
    this.releaseStreamChannel();
    this.world.videoReturnServer()?.releaseVideoReturn(this.spec.unitId);
    this.releaseLogs();
    if (this.upgrade) {
      this.upgrade.fail(GENERIC_UPGRADE_FAILURE);
      this.upgrade = null;
    }
    this.speedTest = null;
    this.uploads.clear();
    this.intercoms = {};
    this.externalStreams = {};
    this.p2pLinkId = null;
    // A scan ends with the power: the modem is back on the air when the unit is.
    for (const id of this.scans) this.links.find((l) => l.id === id)?.reconnect();
    this.scans.clear();
    this.on = false;
    this.apps.clear();
    this.reportState();
  }

  private planOutage(): void {
    const mtbo = this.timings.meanTimeBetweenOutagesMs;
    if (mtbo <= 0) return;
    const inMs = -Math.log(1 - this.rng.next()) * mtbo; // exponential inter-arrival
    this.schedule(inMs, () => {
      this.powerOff();
      this.offTimers.after(this.draw(this.timings.outageMs), () => this.powerOn());
    });
  }

  /**
   * Shut down: offline at once, every application gone; powered on again after `restartAfterMs`
   * (by default some outage durations: someone on site switches it back on), or never when 0.
   */
  shutDown(restartAfterMs: number = this.draw(this.timings.outageMs) * SWITCH_ON_AFTER_OUTAGES): void {
    this.powerOff();
    if (restartAfterMs > 0) this.offTimers.after(restartAfterMs, () => this.powerOn());
  }

  /**
   * Reboot (the reboot command, a scenario's reboot, the end of a successful upgrade): what runs
   * is cut short — a speed test is cancelled ("Test cancelled"), cellular scans fail ("Scan failed,
   * please try again") —, the unit goes off and is back after the reboot time.
   */
  reboot(): Reaction {
    if (!this.on) return refused('UNIT_OFFLINE');
    this.cancelSpeedTest('TEST_CANCELLED');
    for (const id of this.scans) {
      this.links.find((l) => l.id === id)?.reconnect();
      this.emitEvent({ type: 'cellularScan', unitId: this.spec.unitId, modemId: id, state: 'failed', operators: [], error: 'SCAN_FAILED' });
    }
    this.scans.clear();
    this.shutDown(this.draw(this.timings.rebootMs));
    return accepted;
  }

  // ── streaming ─────────────────────────────────────────────────────────────────────────────────

  /**
   * Start the live stream to `channelId`, else to the selected channel, else to a free channel the
   * unit takes (World.freeChannel). The channel is the unit's from the start (allocated, collecting):
   * a second unit asking for it at the same moment is refused, and a start never runs on a channel
   * it did not get. Refused: "Selected channel busy or offline" (the channel is taken, offline or
   * upgrading, or none is free), "Unit is busy" (a speed test runs on video, or the unit already
   * streams to another channel: stop it first). A channel no server here runs, or an unlicensed one,
   * is an External destination: streamed to by name, nothing allocated. Asked again for the stream
   * it runs, the unit answers accepted and changes nothing.
   */
  startStream(channelId: string | null): Reaction {
    if (!this.on) return refused('UNIT_OFFLINE');
    const video = this.apps.state('video');
    if (video === 'speedtest') return refused('UNIT_BUSY');
    if (video !== undefined && !this.apps.isEnding('video')) {
      const current = this.streamChannel ?? this.streamExternal;
      return channelId === null || channelId === current ? accepted : refused('UNIT_BUSY');
    }
    if (!this.cameraConnected) return refused('CAMERA_NOT_CONNECTED');
    if (this.apps.has('upgrade') || this.apps.has('fetchlogs')) return refused('UNIT_BUSY');
    const selected = this.selection && !this.selection.external ? this.selection.channelId : null;
    const wanted = channelId ?? selected;
    // A stream still winding down gives its channel back now: the new one starts from nothing.
    if (video !== undefined) this.releaseStreamChannel();
    const found = wanted === null ? undefined : this.world.channel(wanted);
    let target: { channel: string } | { external: string };
    if (wanted !== null && (!found || !found.channel.licensed)) {
      target = { external: wanted };
    } else {
      const channel = wanted ?? this.world.freeChannel();
      const at = channel === null ? undefined : this.world.channel(channel);
      if (!channel || !at || !at.server.allocate(channel, this.spec.unitId)) return refused('UNIT_OFFLINE');
      target = { channel };
    }
    const run = ++this.streamRun;
    if ('channel' in target) this.streamChannel = target.channel;
    else this.streamExternal = target.external;
    this.apps.start('video', {
      onRunning: () => {
        if (run !== this.streamRun || this.streamChannel === null) return;
        const type = this.world.channel(this.streamChannel)?.channel.type;
        // An output (or distributor) channel puts the unit on air; a preview channel shows it in preview.
        this.setTally(type === 'output' || type === 'distributor' ? 'program' : 'preview');
      },
    });
    return accepted;
  }

  /**
   * Stop streaming — DELETE v2/units/{id}/stream and the stopStreaming command alike: a running
   * speed test is cancelled ("Test cancelled"), every streaming application (video, multi camera,
   * switchers) stops, and the stream's channel is released (idle, tally off) once video is gone.
   */
  stopStreaming(): Reaction {
    if (!this.on) return refused('UNIT_OFFLINE');
    for (const key of STREAMING_APPLICATIONS) this.stopApp(key);
    return accepted;
  }

  /** The stream started as run `run` (autonomy ends its own stream, not one started after it). */
  private stopStreamRun(run: number): void {
    if (run === this.streamRun && this.apps.has('video')) this.stopApp('video');
  }

  /**
   * The server took the stream's channel back (it went down, the channel was forced to another
   * status or removed): the stream has nowhere to go and ends now.
   */
  private channelTaken(channelId: string): void {
    if (this.streamChannel !== channelId) return;
    this.streamChannel = null;
    this.setTally('off');
    if (this.on && this.apps.has('video') && !this.apps.isEnding('video')) this.stopApp('video');
  }

  private setTally(tally: Tally): void {
    if (this.tally === tally) return;
    this.tally = tally;
    this.emitEvent({ type: 'tally', unitId: this.spec.unitId, tally });
  }

  private releaseStreamChannel(): void {
    this.streamExternal = null;
    const ch = this.streamChannel;
    if (!ch) return;
    this.streamChannel = null;
    this.world.channel(ch)?.server.release(ch, this.spec.unitId);
    this.setTally('off');
  }

  // ── applications (licences of spec 000 §8) ────────────────────────────────────────────────────

  /**
   * Start an application by key: its licence first (spec 000 §8 texts); video, store, forward,
   * the IP pipe and the upgrade have their own rules. Video return takes `vrChannelId` (when it
   * has input and is free, else the first that has) once running.
   */
  startApp(key: UnitApplicationKey, opts: { vrChannelId?: string | null } = {}): Reaction {
    if (!this.on) return refused('UNIT_OFFLINE');
    const caps = this.spec.capabilities;
    switch (key) {
      case 'video':
        return this.startStream(null);
      case 'store':
        return this.startRecording();
      case 'forward':
        return this.startForwarding();
      case 'l2ControlPipe':
        return this.connectIpPipe(true);
      case 'upgrade':
      case 'fetchlogs':
        return refused('VALIDATION_FAILED');
      case 'databridge':
        if (caps.databridge === false) return refused('DATABRIDGE_LICENSE_DISABLED');
        break;
      case 'videoReturn':
        if (caps.videoReturn === false) return refused('NO_VIDEO_RETURN_LICENSE');
        break;
      case 'multiCamera':
      case 'switcher':
      case 'switcherAndProxy':
        if (caps.multiCamera === false) return refused('NO_MULTI_CAMERA_LICENSE');
        if (!this.cameraConnected) return refused('CAMERA_NOT_CONNECTED');
        break;
      case 'audioRoom':
      case 'ifb':
      case 'audioCallBySelectedChannel':
        if (caps.intercom === false) return refused('INTERCOM_SERVER_MISMATCH');
        break;
      default:
        break;
    }
    this.apps.start(key, {
      onRunning: () => {
        if (key === 'videoReturn') this.world.videoReturnServer()?.takeVideoReturn(this.spec.unitId, opts.vrChannelId ?? null);
      },
    });
    return accepted;
  }

  /** Stop an application by key; stopping what does not run is accepted. */
  stopApp(key: UnitApplicationKey): Reaction {
    if (!this.on) return refused('UNIT_OFFLINE');
    switch (key) {
      case 'video':
        // Spec 000 §8 "Test cancelled": a speed test runs on the video application.
        this.cancelSpeedTest('TEST_CANCELLED');
        this.apps.stop('video', { onGone: () => this.releaseStreamChannel() });
        return accepted;
      case 'store':
        return this.stopRecording();
      case 'fetchlogs':
        return this.stopFetchLogs();
      case 'l2ControlPipe':
        return this.disconnectIpPipe();
      case 'videoReturn':
        this.apps.stop(key, { onGone: () => this.world.videoReturnServer()?.releaseVideoReturn(this.spec.unitId) });
        return accepted;
      default:
        this.apps.stop(key);
        return accepted;
    }
  }

  /**
   * Connect the IP pipe (the l2ControlPipe application): connecting, then running (connected) —
   * or failed when the IP pipe server does not answer (spec 000 §4 IP pipe states).
   */
  connectIpPipe(serverAnswers: boolean): Reaction {
    if (!this.on) return refused('UNIT_OFFLINE');
    if (this.spec.capabilities.ipPipe === false) return refused('FEATURE_DISABLED');
    this.apps.start('l2ControlPipe', { running: serverAnswers ? 'running' : 'failed' });
    return accepted;
  }

  /** Take the IP pipe down: a failed pipe is cleared at once, a connected one disconnects. */
  disconnectIpPipe(): Reaction {
    if (!this.on) return refused('UNIT_OFFLINE');
    if (this.apps.state('l2ControlPipe') === 'failed') this.apps.set('l2ControlPipe', undefined);
    else this.apps.stop('l2ControlPipe');
    return accepted;
  }

  /** An operational mode change runs as the changeAvicMode activity for a few seconds; not while busy. */
  changeOperationalMode(): Reaction {
    if (!this.on) return refused('UNIT_OFFLINE');
    if (isBusy(this.apps.all)) return refused('UNIT_BUSY');
    this.apps.runFor('changeAvicMode', this.draw(this.timings.settingApplyMs));
    return accepted;
  }

  // ── intercom (spec 000 §3: two sessions) ──────────────────────────────────────────────────────

  /**
   * Open an intercom session: an audio-room session runs `audioRoom`, a target-channel session
   * runs `ifb`. A session already open in the other mode makes the unit busy.
   */
  openIntercom(session: IntercomSession, mode: IntercomMode): Reaction {
    const sessions = this.liveIntercoms();
    const current = sessions[session];
    if (current && current !== mode) return refused('UNIT_BUSY');
    const r = this.startApp(intercomApplication(mode));
    if (r.ok) this.intercoms = { ...sessions, [session]: mode };
    return r;
  }

  /** Close a session; its activity stops when no other session needs it. */
  closeIntercom(session: IntercomSession): Reaction {
    const sessions = { ...this.liveIntercoms() };
    const mode = sessions[session];
    if (!mode) return accepted;
    delete sessions[session];
    this.intercoms = sessions;
    if (Object.values(sessions).includes(mode)) return accepted;
    return this.stopApp(intercomApplication(mode));
  }

  /** The open sessions whose activity still runs (an outage or a stop ended the others). */
  private liveIntercoms(): Partial<Record<IntercomSession, IntercomMode>> {
    const live: Partial<Record<IntercomSession, IntercomMode>> = {};
    for (const session of [1, 2] as const) {
      const mode = this.intercoms[session];
      if (mode && this.apps.has(intercomApplication(mode))) live[session] = mode;
    }
    return live;
  }

  // ── social media and CDN ──────────────────────────────────────────────────────────────────────

  /** Forward the live stream to a destination: needs a live stream. */
  startExternalStream(kind: ExternalStreamKind, destinationId: string): Reaction {
    if (!this.apps.has('video')) return refused('UNIT_NOT_STREAMING');
    this.externalStreams = { ...this.externalStreams, [kind]: destinationId };
    return accepted;
  }

  stopExternalStream(kind: ExternalStreamKind): Reaction {
    const { [kind]: _stopped, ...rest } = this.externalStreams;
    this.externalStreams = rest;
    return accepted;
  }

  // ── store and forward ─────────────────────────────────────────────────────────────────────────

  private recordingProfile(): string {
    return this.applied.storeAndForwardQuality ?? DEFAULT_RECORDING_PROFILE;
  }

  /** Store (record) on: refused without an SD card or with a full one (Store & Forward disabled, spec 000 §4). */
  startRecording(): Reaction {
    if (!this.on) return refused('UNIT_OFFLINE');
    if (!this.storage.hasSdCard() || this.storage.sdUsedPercent() >= SD_CARD_FULL_PERCENT) return refused('FEATURE_DISABLED');
    if (this.apps.has('store')) return accepted;
    this.apps.start('store', {
      onRunning: () => {
        if (!this.storage.startRecording(this.clock.now(), extensionFor(this.spec.typeGroup, this.recordingProfile()))) this.stopRecording();
        this.storage.reportStorages();
      },
    });
    return accepted;
  }

  stopRecording(): Reaction {
    this.storage.stopRecording();
    this.apps.stop('store');
    return accepted;
  }

  /** Forward (upload) the recorded files while `forward` runs. */
  startForwarding(): Reaction {
    if (!this.on) return refused('UNIT_OFFLINE');
    if (this.apps.has('forward')) return accepted;
    this.apps.start('forward');
    return accepted;
  }

  /** Files the core asks the unit to upload (unit/uploads.ts). */
  queueUploads(files: readonly Omit<QueuedUpload, 'channelId'>[], channelId: string | null): Reaction {
    if (!this.on) return refused('UNIT_OFFLINE');
    this.uploads.add(files, channelId);
    return accepted;
  }

  /** Drop queued uploads; answers how many were still queued. */
  cancelUploads(fileIds: readonly string[]): number {
    return this.uploads.cancel(fileIds);
  }

  /** Files removed from the unit's storage (not those being uploaded). */
  deleteFiles(paths: readonly string[]): Reaction {
    this.storage.deleteFiles(paths);
    return accepted;
  }

  /** Pull or insert the SD card: pulling it stops a recording. */
  setSdCard(present: boolean): Reaction {
    this.storage.setSdCard(present);
    if (!present) this.apps.stop('store');
    return accepted;
  }

  /** Recording and uploading once per telemetry tick (`totalKbps` = sum of the links). */
  private stepRecordingAndUploads(now: number, dtMs: number, totalKbps: number): void {
    if (this.apps.state('store') === 'running' && this.storage.isRecording()) {
      const profile = this.recordingProfile();
      if (!this.storage.stepRecording(now, dtMs, recordingKbps(profile), extensionFor(this.spec.typeGroup, profile))) this.apps.stop('store');
    }
    if (this.apps.state('forward') === 'running') {
      const ch = this.selection && !this.selection.external ? this.selection.channelId : null;
      this.storage.stepUpload(dtMs, totalKbps, ch);
    }
  }

  // ── upgrades ──────────────────────────────────────────────────────────────────────────────────

  /**
   * Upgrade the unit to `target` from its server (spec 001 §5 rules through packages/domain, §8
   * codes): refused at once with 6802/6803/6810, 6199 when the server is offline, 6808 when it is
   * busy; otherwise the `upgrade` application runs with progress and ends in success (the unit
   * reboots into the new version) or a failure code — 6199 when the server goes offline meanwhile.
   */
  startUpgrade(target: string, supportedProducts?: readonly string[]): Reaction {
    if (!this.on) return refused('UNIT_OFFLINE');
    if (this.apps.has('upgrade') || isBusy(this.apps.all)) return refused('UNIT_BUSY');
    const selected = this.selection?.channelId ?? null;
    const server = this.world.homeServer(selected);
    const channelVersion = selected ? (this.world.channel(selected)?.channel.spec.swVersion ?? null) : null;
    const check = checkUnitUpgradeEligibility({
      currentVersion: this.version,
      targetVersion: target,
      hasSla: this.spec.capabilities.sla !== false,
      serverVersion: server?.swVersion ?? null,
      channelVersion,
      productType: this.spec.productType,
      videoCodec: this.spec.capabilities.hevc ? 'hevc' : 'h264',
      ...(supportedProducts ? { supportedProducts } : {}),
    });
    const report = (e: DeviceEvent) => this.emitEvent(e);
    const refuse = (error: Parameters<typeof catalogueCode>[0]): Reaction => {
      const code = catalogueCode(error);
      reportRejected(report, 'unit', this.spec.unitId, this.version, target, code);
      return refused(error, code ?? undefined);
    };
    if (server && !server.online) return refuse('UPGRADE_6199');
    if (server && server.status() !== 'online') return refuse('UPGRADE_6808');
    const blocker = check.reasons[0];
    if (blocker) return refuse(blocker.errorCode);
    const forced = this.faultState.upgradeOutcome;
    const outcome = forced !== undefined ? forced : this.rng.chance(this.timings.upgrade.failureRate) ? this.rng.pick(UNIT_UPGRADE_FAILURE_CODES) : null;
    const run = new UpgradeRun('unit', this.spec.unitId, this.version, target, outcome, report);
    this.upgrade = run;
    run.start();
    const end = () => {
      this.upgrade = null;
      this.faultState.upgradeOutcome = undefined;
    };
    const step = () => {
      if (this.upgrade !== run) return;
      if (!this.on) return end();
      if (server && !server.online) {
        run.fail(ERROR_CATALOGUE.UPGRADE_6199.code);
        end();
        this.apps.set('upgrade', undefined);
        return;
      }
      if (this.faultState.upgradeOutcome !== undefined) run.outcome = this.faultState.upgradeOutcome;
      const r = run.advance(100 / this.timings.upgrade.steps);
      if (r === null) return this.schedule(this.timings.upgrade.stepMs, step);
      end();
      this.apps.set('upgrade', undefined);
      if (r === 'done') {
        this.version = target;
        this.reboot();
      }
    };
    this.apps.start('upgrade', { onRunning: () => this.schedule(this.timings.upgrade.stepMs, step) });
    return accepted;
  }

  /** A new version on record at the core (an admin changed it) is the unit's, unless an upgrade is changing it. */
  adoptVersion(version: string): void {
    if (!this.upgrade && version !== this.recordedVersion) this.version = version;
    this.recordedVersion = version;
  }

  // ── channel selection ─────────────────────────────────────────────────────────────────────────

  /**
   * Select a channel (set virtual channel, a scenario's selection): retried up to 7 times (spec
   * 000 §4, TIMINGS.channelSetRetries) while the channel's server is offline, upgrading or the
   * attempt fails; a channel not found or not licensed marks the selection External. A speed test
   * running meanwhile is cancelled when the channel changes ("Channel changed, repeat speed test").
   */
  selectChannel(channelId: string): Reaction {
    if (!this.on) return refused('UNIT_OFFLINE');
    if (channelId !== this.selection?.channelId) this.cancelSpeedTest('CHANNEL_CHANGED_SPEED_TEST');
    const run = ++this.selectionRun;
    let attempts = 0;
    const report = (ok: boolean, external: boolean) => {
      if (ok) this.selection = { channelId, external, attempts };
      this.emitEvent({ type: 'channelSelection', unitId: this.spec.unitId, channelId, ok, external, attempts });
    };
    const attempt = () => {
      if (!this.on || run !== this.selectionRun) return;
      attempts++;
      const found = this.world.channel(channelId);
      if (!found || !found.channel.licensed) return report(true, true);
      const status = found.channel.status;
      const transient = !found.server.online || status === 'upgrading' || status === 'connecting' || this.rng.chance(this.timings.selectionFailureChance);
      if (!transient) return report(true, false);
      if (attempts >= TIMINGS.channelSetRetries) return report(false, false);
      this.schedule(this.timings.channelRetryMs, attempt);
    };
    attempt();
    return accepted;
  }

  // ── speed test ────────────────────────────────────────────────────────────────────────────────

  /**
   * Speed test (spec 000 §4, §5, §9) towards `channelId` (else the selected channel): needs the
   * channel at 7.5.1 or higher and an idle unit; the video application runs in the `speedtest`
   * state for the test time (at most `timeoutS`), then the measured rates are reported.
   */
  runSpeedTest(channelId: string | null = null, timeoutS: number = TIMINGS.speedTestTimeout): Reaction {
    if (!this.on) return refused('UNIT_OFFLINE');
    if (this.apps.has('video') || isBusy(this.apps.all)) return refused('UNIT_BUSY');
    const target = channelId ?? this.selection?.channelId ?? null;
    const ch = target ? this.world.channel(target) : undefined;
    if (ch && !isAtLeast(ch.channel.spec.swVersion, SOFTWARE_VERSIONS.speedTestMinChannelVersion)) return refused('VALIDATION_FAILED');
    const run = { channelId: target };
    this.speedTest = run;
    this.apps.start('video', {
      running: 'speedtest',
      onRunning: () => {
        this.emitEvent({ type: 'speedTest', unitId: this.spec.unitId, state: 'running', uplinkKbps: null, downlinkKbps: null, error: null });
        this.schedule(Math.min(timeoutS * 1000, this.timings.speedTestMs), () => this.endSpeedTest(run, null));
      },
    });
    return accepted;
  }

  /** End a running speed test early with the catalogue code the user sees; nothing when none runs. */
  cancelSpeedTest(error: SpeedTestCancel): Reaction {
    if (this.speedTest) this.endSpeedTest(this.speedTest, error);
    return accepted;
  }

  /** Completed (no error) with the links' rates, or cancelled; the video application goes away. */
  private endSpeedTest(run: { channelId: string | null }, cancelled: SpeedTestCancel | null): void {
    if (this.speedTest !== run) return;
    this.speedTest = null;
    let up: number | null = null;
    let down: number | null = null;
    if (!cancelled) {
      up = 0;
      down = 0;
      for (const l of this.links) {
        if (!l.carrying()) continue;
        const kbps = l.effectiveKbps(this.faultState.bitrateScale);
        up += Math.round(kbps);
        down += Math.round(kbps * SPEED_TEST_DOWNLINK_FACTOR);
      }
    }
    const state = cancelled ? 'cancelled' : 'completed';
    this.emitEvent({ type: 'speedTest', unitId: this.spec.unitId, state, uplinkKbps: up, downlinkKbps: down, error: cancelled });
    this.apps.stop('video');
  }

  // ── sending logs ──────────────────────────────────────────────────────────────────────────────

  /** Send logs to a channel (spec 000 §8 errors; only when online and not transmitting). */
  startFetchLogs(channelId: string): Reaction {
    if (!this.on) return refused('UNIT_OFFLINE');
    const fail = (error: 'UNIT_BUSY' | 'CHANNEL_NO_LOGS' | 'CHANNEL_BUSY_OR_OFFLINE_LOGS' | 'SERVER_BUSY_SENDING_LOGS'): Reaction => {
      this.emitEvent({ type: 'fetchLogs', unitId: this.spec.unitId, channelId, state: 'failed', error });
      return refused(error);
    };
    if (isStreaming(this.apps.all) || isBusy(this.apps.all)) return fail('UNIT_BUSY');
    const found = this.world.channel(channelId);
    if (!found || !found.channel.spec.supportsLogs) return fail('CHANNEL_NO_LOGS');
    const { server, channel } = found;
    if ((server.sendingLogsFor !== null && server.sendingLogsFor !== channelId) || server.busy) return fail('SERVER_BUSY_SENDING_LOGS');
    if (!server.online || channel.status !== 'idle') return fail('CHANNEL_BUSY_OR_OFFLINE_LOGS');
    server.sendingLogsFor = channelId;
    const run = { channelId };
    this.logs = run;
    this.apps.start('fetchlogs', {
      onRunning: () => {
        this.emitEvent({ type: 'fetchLogs', unitId: this.spec.unitId, channelId, state: 'running', error: null });
        this.schedule(this.timings.fetchLogsMs, () => {
          if (this.logs !== run) return;
          this.releaseLogs();
          this.emitEvent({ type: 'fetchLogs', unitId: this.spec.unitId, channelId, state: 'completed', error: null });
          this.apps.stop('fetchlogs');
        });
      },
    });
    return accepted;
  }

  /** Stop sending logs before they are sent: the server is free again. */
  stopFetchLogs(): Reaction {
    if (!this.on) return refused('UNIT_OFFLINE');
    const channelId = this.logs?.channelId;
    this.releaseLogs();
    if (channelId) this.emitEvent({ type: 'fetchLogs', unitId: this.spec.unitId, channelId, state: 'failed', error: null });
    this.apps.stop('fetchlogs');
    return accepted;
  }

  private releaseLogs(): void {
    const run = this.logs;
    if (!run) return;
    this.logs = null;
    const server = this.world.channel(run.channelId)?.server;
    if (server?.sendingLogsFor === run.channelId) server.sendingLogsFor = null;
  }

  // ── links ─────────────────────────────────────────────────────────────────────────────────────

  /** The links as the domain rules see them: live = present, enabled and connected. */
  private linkStates(): ModemLink[] {
    return this.links.map((l) => ({ id: l.id, enabled: l.enabled, connected: l.present && l.connected }));
  }

  /** The first link of a kind (the unit's Wi-Fi, ...). */
  linkOfKind(kind: 'wifi' | 'lan' | 'cell'): LinkModel | undefined {
    return this.links.find((l) => l.profile.uiType === kind);
  }

  /** The link drops now and is back after `ms` (unless disabled or failed meanwhile). */
  private reconnectLater(link: LinkModel, ms: number): void {
    link.disconnect();
    this.hardware.after(ms, () => link.reconnect());
  }

  /** Disable a link; the last connected interface cannot be disabled (spec 000 §5). */
  disableLink(link: LinkModel): Reaction {
    if (!link.enabled) return accepted;
    if (!canDisableInterface(this.linkStates(), link.id)) return refused('LAST_INTERFACE');
    link.setEnabled(false);
    return accepted;
  }

  /** Enable a link: it reconnects after the toggle time. */
  enableLink(link: LinkModel): Reaction {
    if (link.enabled) return accepted;
    link.setEnabled(true);
    this.reconnectLater(link, this.draw(this.timings.linkToggleMs));
    return accepted;
  }

  /** Join a Wi-Fi network: the Wi-Fi link is enabled and reconnects after the toggle time. */
  joinWifi(wifi: LinkModel, ssid: string, security: CommandBody<'wifiConnect'>['security']): Reaction {
    this.applied.wifi = { ssid, security };
    wifi.setEnabled(true);
    this.reconnectLater(wifi, this.draw(this.timings.linkToggleMs));
    return accepted;
  }

  /** Leave the Wi-Fi network; not when Wi-Fi is the last connected interface. */
  leaveWifi(wifi: LinkModel): Reaction {
    if (!canDisableInterface(this.linkStates(), wifi.id)) return refused('LAST_INTERFACE');
    this.applied.wifi = { ssid: null, security: null };
    wifi.disconnect();
    return accepted;
  }

  /** The Wi-Fi networks in range (the same ones wherever the unit looks), the joined one connected. */
  wifiNetworks(wifi: LinkModel): WifiNetwork[] {
    const rng = Rng.fromKey(`${this.spec.unitId}:wifi`);
    const joined = this.applied.wifi.ssid;
    const networks: WifiNetwork[] = WIFI_NAMES.filter(() => rng.chance(RADIO_SCAN.wifiVisibleShare)).map((ssid) => ({
      ssid,
      security: rng.pick(WIFI_SECURITIES),
      signalQuality: rng.int(...RADIO_SCAN.wifiSignal),
      connected: false,
    }));
    if (joined !== null && !networks.some((n) => n.ssid === joined)) {
      networks.push({ ssid: joined, security: 'wpa2', signalQuality: wifi.signalQuality() ?? RADIO_SCAN.joinedWifiSignal, connected: false });
    }
    return networks.map((n) => ({ ...n, connected: n.ssid === joined && wifi.carrying() }));
  }

  /** Pin an operator on a cellular modem: it re-registers (spec 000 §9: up to 30 seconds). */
  selectOperator(link: LinkModel, network: CommandBody<'cellularSelect'>['network']): Reaction {
    this.applied.cellular = { ...this.applied.cellular, [link.id]: network };
    if (link.enabled) this.reconnectLater(link, this.draw(this.timings.operatorSwitchMs));
    return accepted;
  }

  /** Switch a cellular modem to SIM A or B: it reconnects after the toggle time. */
  useSim(link: LinkModel, sim: SimSlot): Reaction {
    if (link.activeSim === sim) return accepted;
    link.useSim(sim);
    if (link.enabled) this.reconnectLater(link, this.draw(this.timings.linkToggleMs));
    return accepted;
  }

  /**
   * Scan for cellular operators (spec 000 §9: 1 to 2 minutes, the modem off the air meanwhile):
   * LAN and Wi-Fi cannot scan; not with only one interface connected; a modem that is not on the
   * air fails at once ("Scan failed, please try again").
   */
  startCellularScan(link: LinkModel): Reaction {
    if (link.profile.uiType !== 'cell') return refused('SCAN_NOT_SUPPORTED');
    if (this.scans.has(link.id)) return accepted; // already scanning
    if (!canCellularScan(this.linkStates())) return refused('CELLULAR_SCAN_ONE_MODEM');
    if (!link.carrying()) return refused('SCAN_FAILED');
    this.scans.add(link.id);
    link.disconnect();
    this.schedule(this.draw(this.timings.networkScanMs), () => this.finishScan(link));
    return accepted;
  }

  private finishScan(link: LinkModel): void {
    if (!this.scans.delete(link.id)) return; // ended already (reboot)
    if (!link.enabled || link.failed || this.faultState.scanFailure) {
      // Spec 000 §8 "Scan failed, please try again": the modem went away during the scan, or the
      // fault `scanFailure` is on.
      this.emitEvent({ type: 'cellularScan', unitId: this.spec.unitId, modemId: link.id, state: 'failed', operators: [], error: 'SCAN_FAILED' });
      return;
    }
    link.reconnect();
    const rng = Rng.fromKey(`${this.spec.unitId}:scan:${link.id}`);
    const operators: CellularOperator[] = CELLULAR_OPERATORS.filter(() => rng.chance(RADIO_SCAN.operatorVisibleShare)).map((o) => ({
      ...o,
      technology: rng.pick(CELLULAR_TECHNOLOGIES),
      signalQuality: rng.int(...RADIO_SCAN.operatorSignal),
    }));
    this.emitEvent({ type: 'cellularScan', unitId: this.spec.unitId, modemId: link.id, state: 'completed', operators, error: null });
  }

  // ── camera, battery and alerts ────────────────────────────────────────────────────────────────

  /** Plug or pull the camera; alerts follow at once. */
  setCamera(connected: boolean): void {
    this.cameraConnected = connected;
    if (this.on) this.evaluateAlerts(null);
  }

  /** Set the battery (and whether it charges); alerts follow at once. */
  setBattery(percentage: number, charging?: boolean): void {
    this.battery.set(percentage, charging);
    if (this.on) this.evaluateAlerts(null);
  }

  /**
   * battery, cameraDisconnected and bitrateDrop (BITRATE_DROP_SAMPLES consecutive low samples
   * while streaming); `totalKbps` null: no new sample (only battery and camera are evaluated).
   */
  private evaluateAlerts(totalKbps: number | null): void {
    const t = this.alerts.config.thresholds;
    const b = this.battery;
    const pct = Math.round(b.percentage);
    this.alerts.set('battery', b.connected && !b.charging ? levelBelow(pct, t.battery) : null, `Battery ${pct}%`, pct);
    const live = isStreaming(this.apps.all) && this.apps.state('video') === 'running';
    this.alerts.set('cameraDisconnected', this.cameraConnected ? null : live ? 'critical' : 'warning', 'Camera not connected', null);
    if (totalKbps === null) return;
    const drop = live ? Math.max(0, Math.round((1 - totalKbps / STREAM_DEMAND_KBPS) * 100)) : 0;
    const level = levelAbove(drop, t.bitrateDrop);
    this.lowSamples = level ? this.lowSamples + 1 : 0;
    if (level === null || this.lowSamples >= BITRATE_DROP_SAMPLES) this.alerts.set('bitrateDrop', level, `Bitrate dropped ${drop}% (${Math.round(totalKbps)} kbps)`, drop);
  }

  // ── autonomy (demo) ───────────────────────────────────────────────────────────────────────────

  /**
   * An autonomous unit acts now and then, one chain per power-on: its timers end with the power
   * (a unit switched on again starts a new one).
   */
  private planAutonomy(): void {
    const gap = -Math.log(1 - this.rng.next()) * this.timings.autonomyMeanGapMs;
    this.schedule(gap, () => {
      this.actOnItsOwn();
      this.planAutonomy();
    });
  }

  /**
   * What an autonomous unit does when its turn comes (also the `autonomy` fault): when idle, it
   * streams for a while — to its selected channel, else to a free one it takes; never to nothing,
   * and not at all when none is free — or records and then forwards; ending only what it started.
   */
  actOnItsOwn(): void {
    if (!this.on || isBusy(this.apps.all) || this.apps.has('store') || this.apps.has('forward')) return;
    const roll = this.rng.next();
    const forMs = this.draw(this.timings.autonomyActivityMs);
    if (roll < AUTONOMY.streamShare && this.startStream(null).ok) {
      const run = this.streamRun;
      this.schedule(forMs, () => this.stopStreamRun(run));
    } else if (roll < AUTONOMY.streamShare + AUTONOMY.recordShare && this.startRecording().ok) {
      this.schedule(forMs, () => {
        this.stopRecording();
        this.startForwarding();
        this.schedule(forMs, () => void this.stopApp('forward'));
      });
    }
  }
}

function intercomApplication(mode: IntercomMode): UnitApplicationKey {
  return mode === 'audioRoom' ? 'audioRoom' : 'ifb';
}
