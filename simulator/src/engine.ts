/**
 * The engine runs the devices assigned to this shard, attached to the core through one end of the
 * device gateway (in-process or websocket).
 */
import type { CoreToDevice, DeviceGatewayEnd, DeviceSpec, DeviceToCore } from '@fleet/contracts';
import { TIMINGS } from '@fleet/contracts';
import { SimClock, type ClockMode } from './clock.js';
import { UnitDevice, type DeviceTimings } from './device.js';
import { Rng } from './rng.js';

export interface EngineOptions {
  seed: number;
  clock?: ClockMode;
  /** Simulated start time (ms since epoch); fixed for reproducible runs. */
  startAt?: number;
  shardId?: string;
  timings?: Partial<DeviceTimings>;
  /** Called with every message sent to the core (event logs, determinism tests). */
  onEmit?: (m: DeviceToCore) => void;
}

export const DEFAULT_TIMINGS: DeviceTimings = {
  telemetryIntervalMs: TIMINGS.bitrateGraphRefreshMs,
  bootMs: [500, 3000],
  streamStartMs: [1000, 2500],
  streamStopMs: [500, 1500],
  meanTimeBetweenOutagesMs: 45 * 60_000,
  outageMs: [20_000, 120_000],
  initiallyOffShare: 0.1,
};

export class Engine {
  readonly clock: SimClock;
  private readonly seedRng: Rng;
  private readonly timings: DeviceTimings;
  private readonly devices = new Map<string, UnitDevice>();
  private end: DeviceGatewayEnd | null = null;
  readonly stats = { sent: 0, commands: 0 };

  constructor(private readonly opts: EngineOptions) {
    this.clock = new SimClock(opts.startAt ?? Date.now(), opts.clock ?? { kind: 'realtime' });
    this.seedRng = new Rng(opts.seed);
    this.timings = { ...DEFAULT_TIMINGS, ...opts.timings };
  }

  /** Attach to the core; the core answers with this shard's devices. */
  attach(end: DeviceGatewayEnd): void {
    this.end = end;
    end.onMessage((m) => this.receive(m));
    end.onClose(() => {
      this.end = null;
      this.stopDevices();
    });
    this.send({ kind: 'hello', shardId: this.opts.shardId ?? 'in-process' });
  }

  private send(m: DeviceToCore): void {
    this.stats.sent++;
    this.opts.onEmit?.(m);
    this.end?.send(m);
  }

  private receive(m: CoreToDevice): void {
    switch (m.kind) {
      case 'assign':
        this.assign(m.devices);
        return;
      case 'command': {
        this.stats.commands++;
        const d = this.devices.get(m.unitId);
        this.send(d ? d.handle(m.commandId, m.command) : { kind: 'ack', commandId: m.commandId, ok: false, error: 'NOT_FOUND' });
        return;
      }
    }
  }

  /** Keep devices still assigned (their state continues), start new ones, stop the rest. */
  private assign(specs: DeviceSpec[]): void {
    const wanted = new Set(specs.map((s) => s.unitId));
    for (const [id, d] of this.devices) {
      if (!wanted.has(id)) {
        d.stop();
        this.devices.delete(id);
      }
    }
    for (const spec of specs) {
      if (this.devices.has(spec.unitId)) continue;
      const d = new UnitDevice(spec, this.clock, this.seedRng.fork(spec.unitId), this.timings, (m) => this.send(m));
      this.devices.set(spec.unitId, d);
      d.start();
    }
  }

  device(unitId: string): UnitDevice | undefined {
    return this.devices.get(unitId);
  }

  deviceCount(): number {
    return this.devices.size;
  }

  private stopDevices(): void {
    for (const d of this.devices.values()) d.stop();
    this.devices.clear();
  }

  stop(): void {
    this.stopDevices();
    this.clock.stop();
    this.end?.close();
  }
}
