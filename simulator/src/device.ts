/**
 * One simulated unit: links, battery, position, camera and running applications. Its status is
 * never set here: the core derives it from the applications this device reports (packages/domain).
 */
import type {
  Applications, DeviceAck, DeviceCommand, DeviceSpec, DeviceToCore, ModemUiType, UnitTypeGroup,
} from '@fleet/contracts';
import { isStreaming } from '@fleet/domain';
import type { SimClock } from './clock.js';
import type { Rng } from './rng.js';
import { BatteryModel } from './models/battery.js';
import { LINK_PROFILES, LinkModel } from './models/link.js';
import { PositionModel } from './models/position.js';
import { reactToAction, reactToCommand, reactToConfiguration, toAck } from './reactions/index.js';

export interface DeviceTimings {
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

/** Encoder demand while streaming, kbps (bounded by the bonded capacity). */
const STREAM_DEMAND_KBPS = 6000;

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

  constructor(
    readonly spec: DeviceSpec,
    readonly clock: SimClock,
    readonly rng: Rng,
    readonly timings: DeviceTimings,
    private readonly emit: Emit,
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
  }

  start(): void {
    if (this.rng.chance(this.timings.initiallyOffShare)) {
      this.schedule(this.rng.range(...this.timings.outageMs) * 3, () => this.powerOn());
    } else {
      this.schedule(this.rng.range(...this.timings.bootMs), () => this.powerOn());
    }
    this.timers.push(this.clock.every(this.timings.telemetryIntervalMs, () => this.tick(), this.rng.range(0, this.timings.telemetryIntervalMs)));
  }

  stop(): void {
    for (const cancel of this.timers.splice(0)) cancel();
  }

  /** Run `fn` after `ms` of simulated time (cancelled when the device stops). */
  schedule(ms: number, fn: () => void): void {
    this.timers.push(this.clock.after(ms, fn));
  }

  private powerOn(): void {
    this.online = true;
    this.applications = {};
    this.lastTelemetry = this.clock.now();
    this.reportState();
    this.planOutage();
  }

  private powerOff(): void {
    this.online = false;
    this.applications = {};
    this.reportState();
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

  /** Tell the core the device's current applications (after any change of them). */
  reportState(): void {
    this.emit({ kind: 'state', unitId: this.spec.unitId, online: this.online, applications: { ...this.applications }, at: this.clock.now() });
  }

  private tick(): void {
    if (!this.online) return;
    const now = this.clock.now();
    const dt = now - this.lastTelemetry;
    this.lastTelemetry = now;
    const streaming = isStreaming(this.applications);
    const connected = this.links.filter((l) => l.enabled && l.connected);
    const capacity = connected.reduce((s, l) => s + l.capacityKbps, 0);
    // While streaming the encoder spreads its demand over the bonded links; idle links carry keep-alives.
    const share = streaming ? Math.min(0.95, STREAM_DEMAND_KBPS / Math.max(capacity, 1)) : 0.004;
    for (const l of this.links) l.step(now, share);
    this.battery.step(dt, streaming);
    this.position.step();
    const modems = this.links.map((l) => l.snapshot());
    const totalBitrate = modems.reduce((s, m) => s + (m.connected && m.enabled ? m.uplinkKbps : 0), 0);
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
      case 'startStream': {
        if (this.applications.video) return ack(true); // already streaming or starting
        if (!this.cameraConnected) return ack(false, 'CAMERA_NOT_CONNECTED');
        this.applications = { ...this.applications, video: { state: 'connecting' } };
        this.reportState();
        this.schedule(this.rng.range(...this.timings.streamStartMs), () => {
          if (this.applications.video?.state !== 'connecting') return;
          this.applications = { ...this.applications, video: { state: 'running' } };
          this.reportState();
        });
        return ack(true);
      }
      case 'stopStream': {
        if (!this.applications.video) return ack(true);
        this.applications = { ...this.applications, video: { state: 'disconnecting' } };
        this.reportState();
        this.schedule(this.rng.range(...this.timings.streamStopMs), () => {
          if (this.applications.video?.state !== 'disconnecting') return;
          const { video: _stopped, ...rest } = this.applications;
          this.applications = rest;
          this.reportState();
        });
        return ack(true);
      }
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
