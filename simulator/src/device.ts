/**
 * One simulated unit: links, battery, position, camera and running applications. Its status is
 * never set here: the core derives it from the applications this device reports (packages/domain).
 */
import type {
  Applications, DeviceAck, DeviceCommand, DeviceSpec, DeviceToCore, ModemUiType, UnitTypeGroup,
} from '@fleet/contracts';
import type { DeviceEvent } from '@fleet/contracts';
import { isStreaming } from '@fleet/domain';
import type { SimClock } from './clock.js';
import type { Rng } from './rng.js';
import { BatteryModel } from './models/battery.js';
import { LINK_PROFILES, LinkModel } from './models/link.js';
import { PositionModel } from './models/position.js';
import { reactToAction, reactToCommand, reactToConfiguration, toAck } from './reactions/index.js';
// issue 4 (simulator): world, storages and files, alerts, faults, operations
import { AlertMonitor, defaultAlertConfig, type AlertConfig } from './models/alerts.js';
import { StorageModel } from './models/storage.js';
import type { SimulatorTimings } from './timings.js';
import { STREAM_DEMAND_KBPS, UnitOps, noFaults, onPowerOff, onPowerOn, startStream, stepUnit, stopStream, type UnitFaultState } from './unit-ops.js';
import { World } from './world.js';

export interface DeviceTimings extends SimulatorTimings {
  /** How often telemetry (links, battery, position, one bitrate sample) is reported. */
  telemetryIntervalMs: number;
  /** Start-up time after assignment (uniform in the range). */
  bootMs: readonly [number, number];
  /** connecting → running when a stream starts; disconnecting → gone when it stops. */
  streamStartMs: readonly [number, number];
  streamStopMs: readonly [number, number];
  /** Mean time between outages and their duration; 0 disables outages. */
  meanTimeBetweenOutagesMs: number;
  outageMs: readonly [number, number];
  /** Share of devices powered off at start. */
  initiallyOffShare: number;
  // (issue 3, unit-config area) Command and configuration timings; defaults in reactions/commands.ts.
  /** Offline time of a reboot. */
  rebootMs?: readonly [number, number];
  /** A link's reconnection after it is enabled, its SIM changed or Wi-Fi joined (spec 000 §9: up to 1 min). */
  linkToggleMs?: readonly [number, number];
  /** A cellular scan (spec 000 §9: 1 to 2 minutes). */
  networkScanMs?: readonly [number, number];
  /** An operator switch (spec 000 §9: up to 30 s). */
  operatorSwitchMs?: readonly [number, number];
  /** A speed test's duration (at most its timeout, spec 000 §9: 10 s). */
  speedTestMs?: number;
  /** Applying a mode change or connecting a configured IP pipe ("a few seconds", spec 000 §4). */
  settingApplyMs?: readonly [number, number];
}

/** Links per unit family: which interfaces a unit of this type group has. */
const LINKS_BY_GROUP: Record<UnitTypeGroup, ModemUiType[]> = {
  fieldUnits: ['cell', 'cell', 'cell', 'cell', 'cell', 'cell', 'wifi', 'lan'],
  liteUnits: ['cell', 'cell', 'wifi'],
  smartUnits: ['cell', 'wifi'],
  ptpUnits: ['lan', 'cell'],
  ptmpUnits: ['lan', 'cell'],
  extenderDevices: ['cell', 'cell', 'wifi'],
  mmhServer: ['lan'],
  videoReturnServer: ['lan'],
  transceiverServer: ['lan'],
  ingestServer: ['lan'],
};

export type Emit = (m: DeviceToCore) => void;

export class UnitDevice {
  online = false;
  applications: Applications = {};
  cameraConnected: boolean;
  readonly links: LinkModel[];
  readonly battery: BatteryModel;
  readonly position: PositionModel;
  private readonly timers: (() => void)[] = [];
  /**
   * Settings the core configured (delay, bandwidth limits, transmission mode, ...) keyed by
   * setting name, as the device applied them; reactions read and write it.
   */
  readonly settings = new Map<string, unknown>();
  private lastTelemetry = 0;
  // ── issue 4 (simulator) ──
  /** Storages (SD card, internal) and store-and-forward files. */
  readonly storage: StorageModel;
  /** battery, cameraDisconnected and bitrateDrop alerts as the unit raises and clears them. */
  readonly alerts: AlertMonitor;
  /** Faults in force (congestion, unresponsive, forced upgrade outcome, ...). */
  readonly faults: UnitFaultState = noFaults();
  /** Selection, stream channel, upgrade, speed test, logs (see unit-ops.ts). */
  readonly ops = new UnitOps();
  /** The running software version (changes after a successful upgrade). */
  swVersion: string;
  /** True when the engine steps telemetry for the whole fleet (no timer of this device). */
  externalTicks = false;

  constructor(
    readonly spec: DeviceSpec,
    readonly clock: SimClock,
    readonly rng: Rng,
    readonly timings: DeviceTimings,
    private readonly emit: Emit,
    /** The servers and channels this shard knows (issue 4). */
    readonly world: World = new World(),
    alertConfig: AlertConfig = defaultAlertConfig(),
  ) {
    const kinds = LINKS_BY_GROUP[spec.typeGroup];
    let cell = 0;
    this.links = kinds.map((k, i) => {
      const name = k === 'cell' ? `Modem ${++cell}` : k === 'wifi' ? 'Wi-Fi' : 'Ethernet';
      return new LinkModel(`${spec.unitId}-m${i + 1}`, i + 1, name, LINK_PROFILES[k], rng.fork(`link${i}`));
    });
    this.battery = new BatteryModel(spec.typeGroup !== 'ptpUnits' && spec.typeGroup !== 'ptmpUnits', rng.fork('battery'));
    this.position = new PositionModel(rng.fork('position'));
    this.cameraConnected = rng.chance(0.92);
    this.swVersion = spec.swVersion;
    this.storage = new StorageModel(spec.unitId, spec.name, spec.capabilities.sdCard ?? spec.typeGroup === 'fieldUnits', rng.fork('storage'), (e) => this.emitEvent(e), timings.storage);
    this.alerts = new AlertMonitor({ unitId: spec.unitId, serverId: null, channelId: null }, alertConfig, (e) => this.emitEvent(e));
    this.ops.autonomous = rng.fork('autonomy').chance(timings.autonomyShare);
  }

  start(): void {
    if (this.rng.chance(this.timings.initiallyOffShare)) {
      this.schedule(this.rng.range(...this.timings.outageMs) * 3, () => this.powerOn());
    } else {
      this.schedule(this.rng.range(...this.timings.bootMs), () => this.powerOn());
    }
    // Drawn either way: the device's random sequence does not depend on who ticks it.
    const phase = this.rng.range(0, this.timings.telemetryIntervalMs);
    if (!this.externalTicks) this.timers.push(this.clock.every(this.timings.telemetryIntervalMs, () => this.tick(), phase));
  }

  stop(): void {
    for (const cancel of this.timers.splice(0)) cancel();
  }

  /** Run `fn` after `ms` of simulated time (cancelled when the device stops). */
  schedule(ms: number, fn: () => void): void {
    const cancel = this.clock.after(ms, () => {
      // A fired timer no longer needs cancelling: keep the list to the pending ones.
      const i = this.timers.indexOf(cancel);
      if (i >= 0) this.timers.splice(i, 1);
      fn();
    });
    this.timers.push(cancel);
  }

  private powerOn(): void {
    if (this.online) return; // already on (a scenario switched it on before its boot finished)
    this.online = true;
    this.applications = {};
    this.lastTelemetry = this.clock.now();
    this.reportState();
    this.planOutage();
    onPowerOn(this);
  }

  private powerOff(): void {
    onPowerOff(this);
    this.online = false;
    this.applications = {};
    this.reportState();
  }

  /** (issue 4) Power on or off now (faults, reboots, a battery running empty). */
  setPower(on: boolean): void {
    if (on) this.powerOn();
    else this.powerOff();
  }

  private planOutage(): void {
    const mtbo = this.timings.meanTimeBetweenOutagesMs;
    if (mtbo <= 0) return;
    const inMs = -Math.log(1 - this.rng.next()) * mtbo; // exponential inter-arrival
    this.schedule(inMs, () => {
      if (!this.online) return;
      this.powerOff();
      this.schedule(this.rng.range(...this.timings.outageMs), () => this.powerOn());
    });
  }

  /**
   * (issue 3, unit-actions area) Shut down on the core's request: offline at once, every
   * application gone; powered on again after `restartAfterMs` (someone switches it back on), or
   * never when 0.
   */
  shutDown(restartAfterMs: number): void {
    this.powerOff();
    if (restartAfterMs > 0) {
      this.schedule(restartAfterMs, () => {
        if (!this.online) this.powerOn();
      });
    }
  }

  /** (issue 3, unit-config area) Report a device event (speed test, cellular scan, ...) to the core. */
  emitEvent(event: DeviceEvent): void {
    this.emit({ kind: 'event', event, at: this.clock.now() });
  }

  /** Tell the core the device's current applications (after any change of them). */
  reportState(): void {
    this.emit({ kind: 'state', unitId: this.spec.unitId, online: this.online, applications: { ...this.applications }, at: this.clock.now() });
  }

  /**
   * One telemetry step: links, battery, position, recording/uploads and alerts, then one
   * telemetry report. Called by the device's own timer, or by the engine for the whole fleet.
   */
  tick(now = this.clock.now()): void {
    if (!this.online) return;
    const dt = now - this.lastTelemetry;
    this.lastTelemetry = now;
    const apps = this.applications;
    const streaming = isStreaming(apps);
    const scale = this.faults.bitrateScale;
    let capacity = 0;
    for (const l of this.links) if (l.carrying()) capacity += l.effectiveKbps(scale);
    // While streaming the encoder spreads its demand over the bonded links; uploads use most of
    // what is left; idle links carry keep-alives.
    const share = streaming
      ? Math.min(0.95, STREAM_DEMAND_KBPS / Math.max(capacity, 1))
      : apps.forward?.state === 'running' && this.storage.pendingCount() > 0 ? 0.8 : 0.004;
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
    stepUnit(this, now, dt, totalBitrate);
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

  /** React to a command forwarded by the core; the acknowledgement is immediate, effects follow. */
  handle(commandId: string, command: DeviceCommand): DeviceAck {
    const ack = (ok: boolean, error?: string): DeviceAck => ({ kind: 'ack', commandId, ok, ...(error ? { error } : {}) });
    if (!this.online) return ack(false, 'UNIT_OFFLINE');
    switch (command.type) {
      case 'startStream':
        // Through connecting to running, on the selected channel (unit-ops.ts).
        return toAck(commandId, startStream(this, command.channelId));
      case 'stopStream':
        return toAck(commandId, stopStream(this));
      case 'rename':
        return ack(true);
      case 'command':
        return toAck(commandId, reactToCommand(this, command.command, command.payload));
      case 'configure':
        return toAck(commandId, reactToConfiguration(this, command.setting, command.payload));
      case 'action':
        return toAck(commandId, reactToAction(this, command.action, command.payload));
    }
  }
}
