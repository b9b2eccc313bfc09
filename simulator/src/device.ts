/**
 * One simulated unit, composed: the hardware models (links, battery, position, camera, storages,
 * alerts), its state, snapshot and truth, the telemetry loop, what power on and off do to the
 * parts (every part lets go of what it holds), the dispatch of applications by key with their
 * licences, the IP pipe, and the camera and battery. Each other job is a part under unit/, given
 * the unit through one host (unit/host.ts): `power` (power.ts: on or off, the timers of a power-on,
 * outages, shut-down), `linkControl` (links.ts), `stream` (stream.ts), `recording` (recording.ts),
 * `upgrade` (upgrade.ts), `diagnostics` (diagnostics.ts), `sessions` (sessions.ts, intercom and
 * external streams), `autonomy` (autonomy.ts) and the unit's alerts (alerts.ts).
 * Everything that changes the unit is a method of the device or of a part, answering a Reaction
 * (accepted, or refused with the catalogue ErrorCode the spec names).
 *
 * Its status is never set here: the core derives it from the applications this device reports
 * (packages/domain). Every start passes through connecting and every stop through disconnecting
 * (databridge and video return through `stopping`, spec 000 §4) — see unit/applications.ts.
 */
import type { Applications, DeviceEvent, DeviceSpec, DeviceToCore, UnitApplicationKey } from '@fleet/contracts';
import { isBusy, isStreaming } from '@fleet/domain';
import type { SimClock } from './clock.js';
import type { Rng } from './rng.js';
import { AlertMonitor, defaultAlertConfig, type AlertConfig } from './models/alerts.js';
import { BatteryModel } from './models/battery.js';
import { BATTERY_MODEL, CAMERA_CONNECTED_SHARE, LINK_PROFILES, LINKS_BY_GROUP, MAINS_POWERED } from './models/constants.js';
import { LinkModel } from './models/link.js';
import { PositionModel } from './models/position.js';
import { StorageModel } from './models/storage.js';
import { accepted, refused, type Reaction } from './reaction.js';
import type { DeviceTimings, Range } from './timings.js';
import { UnitAlerts } from './unit/alerts.js';
import { UnitApplications } from './unit/applications.js';
import { UnitAutonomy } from './unit/autonomy.js';
import { UnitDiagnostics } from './unit/diagnostics.js';
import type { UnitHost } from './unit/host.js';
import { licenceRefusal } from './unit/licences.js';
import { LinkControl } from './unit/links.js';
import { UnitRecording } from './unit/recording.js';
import { UnitSessions } from './unit/sessions.js';
import { defaultSettings, noFaults, type UnitFaultState, type UnitSettings, type UnitSnapshot, type UnitTruth } from './unit/state.js';
import { UnitStream } from './unit/stream.js';
import { linkLoad, SentMeter, telemetryReport, type TelemetrySource } from './unit/telemetry.js';
import { UnitPower } from './unit/power.js';
import { TimerScope } from './unit/timers.js';
import { UnitUpgrade } from './unit/upgrade.js';
import { World } from './world.js';

export type Emit = (m: DeviceToCore) => void;

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

  readonly linkControl: LinkControl;
  readonly stream: UnitStream;
  readonly recording: UnitRecording;
  readonly upgrade: UnitUpgrade;
  readonly diagnostics: UnitDiagnostics;
  readonly autonomy: UnitAutonomy;
  readonly sessions: UnitSessions;

  private readonly apps: UnitApplications;
  private readonly unitAlerts: UnitAlerts;
  private readonly faultState: UnitFaultState = noFaults();
  private readonly applied: UnitSettings = defaultSettings();
  /** On or off, and the timers of a power-on and of the time off: unit/power.ts. */
  private readonly power: UnitPower;
  /** Timers of the hardware (telemetry of its own, links reconnecting): cancelled when the device stops. */
  private readonly hardware: TimerScope;
  private stopTelemetry: (() => void) | null = null;
  private lastTelemetry = 0;
  private readonly sent = new SentMeter();

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
    this.position = new PositionModel(rng.fork('position'), spec.home ?? null);
    this.cameraConnected = rng.chance(CAMERA_CONNECTED_SHARE);
    this.storage = new StorageModel(
      spec.unitId,
      spec.name,
      spec.capabilities.sdCard ?? spec.typeGroup === 'fieldUnits',
      rng.fork('storage'),
      (e) => this.emitEvent(e),
      timings.storage,
    );
    this.alerts = new AlertMonitor({ unitId: spec.unitId, serverId: null, channelId: null }, alertConfig, (e) => this.emitEvent(e));
    world.listen(spec.unitId, (channelId) => this.stream.channelTaken(channelId));
    this.power = new UnitPower(clock, rng, timings, {
      switchedOn: () => {
        this.apps.clear();
        this.sent.reset(this.clock.now());
        // A battery on its charger charged while the unit was off (one that was not stayed as it was).
        if (this.lastTelemetry > 0 && this.battery.charging) this.battery.step(this.clock.now() - this.lastTelemetry, false);
        this.lastTelemetry = this.clock.now();
        this.reportState();
      },
      // Telemetry and storages are reported at once; an autonomous unit plans what it does next.
      up: () => {
        this.storage.reportStorages();
        this.tick();
        this.autonomy.begin(this.power.life.life);
      },
      releasing: () => this.releaseAll(),
      switchedOff: () => {
        this.apps.clear();
        this.reportState();
      },
    });
    this.hardware = new TimerScope(clock);
    const schedule = (ms: number, fn: () => void) => this.power.life.after(ms, fn);
    const isOnline = () => this.power.on;
    const emitEvent = (e: DeviceEvent) => this.emitEvent(e);
    this.apps = new UnitApplications({
      isOnline,
      schedule,
      startMs: () => this.draw(this.timings.streamStartMs),
      stopMs: () => this.draw(this.timings.streamStopMs),
      changed: () => this.reportState(),
    });
    this.unitAlerts = new UnitAlerts(this.alerts, this.battery, this.apps, () => this.cameraConnected);
    const host: UnitHost = {
      unitId: spec.unitId,
      spec,
      rng,
      timings,
      world,
      apps: this.apps,
      links: this.links,
      settings: this.applied,
      faults: this.faultState,
      isOnline,
      schedule,
      emitEvent,
      now: () => clock.now(),
      draw: (range) => this.draw(range),
      startApp: (key) => this.startApp(key),
      stopApp: (key) => this.stopApp(key),
    };
    this.linkControl = new LinkControl(host, this.hardware);
    this.stream = new UnitStream(host, {
      cameraConnected: () => this.cameraConnected,
      cancelSpeedTest: (reason) => this.diagnostics.cancelSpeedTest(reason),
    });
    this.stream.licensed = spec.videoLicensed !== false;
    const selectedChannel = () => this.stream.selection?.channelId ?? null;
    this.recording = new UnitRecording(host, this.storage, () => this.stream.selectedChannel());
    this.upgrade = new UnitUpgrade(host, { selectedChannel, reboot: () => void this.reboot() });
    this.diagnostics = new UnitDiagnostics(host, selectedChannel);
    this.autonomy = new UnitAutonomy(host, this.stream, this.recording);
    this.sessions = new UnitSessions(host);
  }

  // ── state ─────────────────────────────────────────────────────────────────────────────────────

  get online(): boolean {
    return this.power.on;
  }

  get applications(): Applications {
    return this.apps.all;
  }

  /** The running software version (changes after a successful upgrade). */
  get swVersion(): string {
    return this.upgrade.version;
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
      online: this.power.on,
      applications: this.apps.all,
      swVersion: this.upgrade.version,
      cameraConnected: this.cameraConnected,
      selection: this.stream.selection,
      streamChannel: this.stream.channel,
      streamExternal: this.stream.external,
      tally: this.stream.tally,
      speedTest: this.diagnostics.speedTest,
      upgrade: this.upgrade.running,
      logsChannel: this.diagnostics.logsChannel,
      scans: this.linkControl.scanning(),
      intercoms: this.sessions.intercoms,
      externalStreams: this.sessions.externalStreams,
      uploads: this.recording.pendingUploads().map((u) => u.fileId),
      settings: this.applied,
      faults: this.faultState,
    });
  }

  /** The unit's state now as the fleet invariants read it (no copy: read it at once). */
  truth(): UnitTruth {
    return {
      unitId: this.spec.unitId,
      online: this.power.on,
      life: this.power.life.life,
      applications: this.apps.all,
      streamChannel: this.stream.channel,
      streamExternal: this.stream.external,
      tally: this.stream.tally,
      logsChannel: this.diagnostics.logsChannel,
      upgrading: this.upgrade.running !== null,
      uploadsQueued: this.recording.pendingUploads().length,
      speedTest: this.diagnostics.speedTest !== null,
      intercomSessions: this.sessions.intercomCount,
      externalStreams: this.sessions.externalCount,
      scans: this.linkControl.scanCount,
      recording: this.storage.isRecording(),
      p2pLinkId: this.p2pLinkId,
      lifeTimersPending: this.power.life.pending,
      staleTimerFirings: this.power.life.staleFirings,
      videoLicensed: this.stream.licensed,
      personHold: this.autonomy.holdTruth(),
    };
  }

  /** What the core says of a device it keeps: its version (set by an admin, unless an upgrade is changing it) and its video licence. */
  adoptSpec(spec: DeviceSpec): void {
    this.upgrade.adoptVersion(spec.swVersion);
    this.stream.setLicensed(spec.videoLicensed !== false);
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

  /** Run the device: it boots (`warm`: it takes over from the one that ran before a reset, UnitPower.boot). */
  start(warm = false): void {
    const onNow = this.power.boot(warm);
    // Drawn either way: the device's random sequence does not depend on who ticks it.
    const phase = this.rng.range(0, this.timings.telemetryIntervalMs);
    const every = this.timings.telemetryIntervalMs;
    // As the wheel's: a step over many ticks reports the last one only (the tick takes the whole time since).
    const tick = () => (this.clock.now() + every > (this.clock.advancingTo() ?? 0) ? this.tick() : undefined);
    if (!this.externalTicks) this.stopTelemetry = this.clock.every(every, tick, phase);
    // A warm start is on at once, after the start's own draws (the power-on draws what a boot's would).
    if (onNow) this.power.powerOn();
  }

  /**
   * The fleet's spontaneous motion is back (a calm scenario ended, a demo preset set its motion):
   * a unit that came up while it was off plans its next outage and, when autonomous under the
   * timings now, what it does on its own (unit/power.ts, unit/autonomy.ts).
   */
  resumeMotion(): void {
    this.power.resumeOutages();
    this.autonomy.resume(this.power.life.life);
  }

  /** The engine no longer runs the device: every timer of it is cancelled. */
  stop(): void {
    this.world.unlisten(this.spec.unitId);
    this.power.stop();
    this.hardware.clear();
    this.stopTelemetry?.();
    this.stopTelemetry = null;
  }

  /** Report a device event (speed test, cellular scan, file, ...) to the core. */
  private emitEvent(event: DeviceEvent): void {
    this.emit({ kind: 'event', event, at: this.clock.now() });
  }

  /** Tell the core the device's current applications (after any change of them). */
  private reportState(): void {
    const apps = this.apps.all;
    this.sent.set(this.clock.now(), apps, linkLoad(this.links, this.faultState.bitrateScale, isStreaming(apps), this.uploading(apps)).kbps);
    this.emit({ kind: 'state', unitId: this.spec.unitId, online: this.power.on, applications: { ...apps }, at: this.clock.now() });
  }

  /**
   * One telemetry step: links, battery, position, recording/uploads and alerts, then one
   * telemetry report. Called by the device's own timer, or by the engine for the whole fleet.
   */
  tick(now = this.clock.now()): void {
    if (!this.power.on) return;
    const dt = now - this.lastTelemetry;
    this.lastTelemetry = now;
    const apps = this.apps.all;
    const streaming = isStreaming(apps);
    const scale = this.faultState.bitrateScale;
    const { share } = linkLoad(this.links, scale, streaming, this.uploading(apps));
    for (const l of this.links) l.step(now, share, scale, this.timings.spontaneousLinkEvents);
    this.battery.step(dt, streaming);
    if (this.battery.empty()) {
      // The battery ran out (streaming: an idle unit is plugged in before). Its crew plugs it in and
      // switches it on again later; one a scenario drained stays off.
      this.battery.plugIn();
      if (this.battery.charging) this.power.shutDown(BATTERY_MODEL.restartAfterEmptyMs);
      else this.power.powerOff();
      return;
    }
    this.position.step(dt);
    const { report, totalBitrate } = telemetryReport(this.telemetrySource(), now, (kbps) => this.sent.set(now, apps, kbps));
    this.recording.step(now, dt, totalBitrate);
    this.unitAlerts.evaluate(totalBitrate);
    this.emit(report);
  }

  /**
   * A telemetry report of the device as it is, between two steps (nothing moves, no draw): after a
   * fault the control plane injected, so the console shows it at once rather than at the next step.
   */
  reportNow(): void {
    if (this.power.on) this.emit(telemetryReport(this.telemetrySource(), this.clock.now(), () => this.sent.at(this.clock.now())).report);
  }

  private uploading(apps: Applications): boolean {
    return apps.forward?.state === 'running' && this.storage.pendingCount() > 0;
  }

  private telemetrySource(): TelemetrySource {
    return { unitId: this.spec.unitId, links: this.links, battery: this.battery, position: this.position, cameraConnected: this.cameraConnected };
  }

  private draw(range: Range): number {
    return this.rng.range(range[0], range[1]);
  }

  // ── power (unit/power.ts) ─────────────────────────────────────────────────────────────────────

  /** Power on or off now (faults, a battery running empty). */
  setPower(on: boolean): void {
    this.power.set(on);
  }

  /**
   * What a power-off takes: every part lets go of what it held (recording and uploads, the
   * stream's channel, video return, logs, upgrade, speed test, scans), intercom, external streams
   * and the point-to-point link end. The power-on's timers are already cancelled: nothing it had
   * started goes on in a later one.
   */
  private releaseAll(): void {
    this.recording.release();
    this.stream.release();
    this.world.videoReturnServer()?.releaseVideoReturn(this.spec.unitId);
    this.diagnostics.release();
    this.upgrade.release();
    this.sessions.release();
    this.p2pLinkId = null;
    // A scan ends with the power: the modem is back on the air when the unit is.
    this.linkControl.endScans(false);
  }

  /**
   * Shut down: offline at once, every application gone; powered on again after `restartAfterMs`
   * (by default some outage durations: someone on site switches it back on), or never when 0.
   */
  shutDown(restartAfterMs?: number): void {
    this.power.shutDown(restartAfterMs);
  }

  /**
   * Reboot (the reboot command, a scenario's reboot, the end of a successful upgrade): what runs
   * is cut short — a speed test is cancelled ("Test cancelled"), cellular scans fail ("Scan failed,
   * please try again") —, the unit goes off and is back after the reboot time.
   */
  reboot(): Reaction {
    if (!this.power.on) return refused('UNIT_OFFLINE');
    this.diagnostics.cancelSpeedTest('TEST_CANCELLED');
    this.linkControl.endScans(true);
    this.power.shutDown(this.draw(this.timings.rebootMs));
    return accepted;
  }

  // ── applications (licences of spec 000 §8) ────────────────────────────────────────────────────

  /**
   * Start an application by key: its licence first (unit/licences.ts, spec 000 §8 texts); video, store, forward,
   * the IP pipe and the upgrade have their own rules. Video return takes `vrChannelId` (when it
   * has input and is free, else the first that has) once running.
   */
  startApp(key: UnitApplicationKey, opts: { vrChannelId?: string | null } = {}): Reaction {
    if (!this.power.on) return refused('UNIT_OFFLINE');
    switch (key) {
      case 'video':
        return this.stream.startStream(null);
      case 'store':
        return this.recording.startRecording();
      case 'forward':
        return this.recording.startForwarding();
      case 'l2ControlPipe':
        return this.connectIpPipe(true);
      case 'upgrade':
      case 'fetchlogs':
        return refused('VALIDATION_FAILED');
    }
    const refusal = licenceRefusal(key, this.spec.capabilities, this.cameraConnected);
    if (refusal) return refusal;
    this.apps.start(key, {
      onRunning: () => {
        if (key === 'videoReturn') this.world.videoReturnServer()?.takeVideoReturn(this.spec.unitId, opts.vrChannelId ?? null);
      },
    });
    return accepted;
  }

  /** Stop an application by key; stopping what does not run is accepted. */
  stopApp(key: UnitApplicationKey): Reaction {
    if (!this.power.on) return refused('UNIT_OFFLINE');
    switch (key) {
      case 'video':
        return this.stream.stopVideo();
      case 'store':
        return this.recording.stopRecording();
      case 'fetchlogs':
        return this.diagnostics.stopFetchLogs();
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
    if (!this.power.on) return refused('UNIT_OFFLINE');
    if (this.spec.capabilities.ipPipe === false) return refused('FEATURE_DISABLED');
    this.apps.start('l2ControlPipe', { running: serverAnswers ? 'running' : 'failed' });
    return accepted;
  }

  /** Take the IP pipe down: a failed pipe is cleared at once, a connected one disconnects. */
  disconnectIpPipe(): Reaction {
    if (!this.power.on) return refused('UNIT_OFFLINE');
    if (this.apps.state('l2ControlPipe') === 'failed') this.apps.set('l2ControlPipe', undefined);
    else this.apps.stop('l2ControlPipe');
    return accepted;
  }

  /** An operational mode change runs as the changeAvicMode activity for a few seconds; not while busy. */
  changeOperationalMode(): Reaction {
    if (!this.power.on) return refused('UNIT_OFFLINE');
    if (isBusy(this.apps.all)) return refused('UNIT_BUSY');
    this.apps.runFor('changeAvicMode', this.draw(this.timings.settingApplyMs));
    return accepted;
  }

  // ── camera, battery and alerts ────────────────────────────────────────────────────────────────

  /** Plug or pull the camera; alerts follow at once. */
  setCamera(connected: boolean): void {
    this.cameraConnected = connected;
    if (this.power.on) this.unitAlerts.evaluate(null);
  }

  /** Set the battery (and whether it charges); alerts follow at once. */
  setBattery(percentage: number, charging?: boolean): void {
    this.battery.set(percentage, charging);
    if (this.power.on) this.unitAlerts.evaluate(null);
  }
}
