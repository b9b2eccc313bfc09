/**
 * The engine runs the devices assigned to this shard, attached to the core through one end of the
 * device gateway (in-process or websocket): unit devices, a replica of every server (with channels
 * and video return channels), the control plane's requests (faults, clock, reset, scenarios).
 *
 * Telemetry of the whole fleet is stepped by ONE engine timer that turns a wheel of slices (each
 * device sits in one slice, chosen from its seed), not by a timer per device: at 10,000 units at
 * 1 Hz that is ten timer firings a second instead of ten thousand.
 */
import type {
  ControlRequest, CoreToDevice, DeviceGatewayEnd, DeviceSpec, DeviceToCore, FaultTarget, ScenarioFile, ServerSpec, ShardStatus,
} from '@fleet/contracts';
import { SimClock, type ClockMode } from './clock.js';
import { UnitDevice } from './device.js';
import { Rng } from './rng.js';
import { DEFAULT_ALERT_THRESHOLDS, defaultAlertConfig, type AlertConfig, type AlertThresholds } from './models/alerts.js';
import { applyUnitFault, respond } from './reactions/index.js';
import { respondToServer } from './reactions/server-commands.js';
import { ServerDevice } from './server-device.js';
import { DEFAULT_SERVER_TIMINGS, DEFAULT_TIMINGS, type DeviceTimings, type ServerTimings } from './timings.js';
import { World } from './world.js';
import { ScenarioRun } from './scenarios/timeline.js';

export interface EngineOptions {
  seed: number;
  clock?: ClockMode;
  /** Simulated start time (ms since epoch); fixed for reproducible runs. */
  startAt?: number;
  shardId?: string;
  timings?: Partial<DeviceTimings>;
  serverTimings?: Partial<ServerTimings>;
  alertThresholds?: AlertThresholds;
  /** Slices of the telemetry wheel (one engine timer); 0 gives every device its own timer. */
  tickSlices?: number;
  /** Called with every message sent to the core (event logs, determinism tests). */
  onEmit?: (m: DeviceToCore) => void;
}

export const DEFAULT_TICK_SLICES = 10;

export class Engine {
  private clockImpl: SimClock;
  private seed: number;
  private seedRng: Rng;
  /** The timings devices share (a calm scenario switches spontaneous behaviour off in place). */
  private readonly timings: DeviceTimings;
  private readonly baseTimings: DeviceTimings;
  private readonly serverTimings: ServerTimings;
  private readonly alertConfig: AlertConfig;
  private readonly devices = new Map<string, UnitDevice>();
  private readonly world = new World();
  /** The last assignment, kept so a reset can rebuild the fleet. */
  private specs: DeviceSpec[] = [];
  private serverSpecs: ServerSpec[] = [];
  private ownedServers = new Set<string>();
  private readonly slices: number;
  private buckets: UnitDevice[][] = [];
  private slice = 0;
  private lastServerTick = 0;
  private stopWheel: (() => void) | null = null;
  private scenario: ScenarioRun | null = null;
  private end: DeviceGatewayEnd | null = null;
  readonly stats = { sent: 0, commands: 0 };

  constructor(private readonly opts: EngineOptions) {
    this.clockImpl = new SimClock(opts.startAt ?? Date.now(), opts.clock ?? { kind: 'realtime' });
    this.seed = opts.seed;
    this.seedRng = new Rng(opts.seed);
    this.baseTimings = { ...DEFAULT_TIMINGS, ...opts.timings };
    this.timings = { ...this.baseTimings };
    this.serverTimings = { ...DEFAULT_SERVER_TIMINGS, ...opts.serverTimings };
    this.alertConfig = defaultAlertConfig(opts.alertThresholds ?? DEFAULT_ALERT_THRESHOLDS);
    this.slices = Math.max(0, Math.floor(opts.tickSlices ?? DEFAULT_TICK_SLICES));
    this.startWheel();
  }

  /** The simulated clock (replaced by a reset). */
  get clock(): SimClock {
    return this.clockImpl;
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
      case 'assignServers':
        this.assignServers(m.servers, m.owned);
        return;
      case 'command': {
        this.stats.commands++;
        const d = this.devices.get(m.unitId);
        if (d?.faults.unresponsive) return; // no acknowledgement: the core times out
        this.send(d ? respond(d, m.commandId, m.command) : { kind: 'ack', commandId: m.commandId, ok: false, error: 'NOT_FOUND' });
        return;
      }
      case 'serverCommand': {
        this.stats.commands++;
        const server = this.world.server(m.serverId);
        this.send(server ? respondToServer(server, m.commandId, m.command) : { kind: 'ack', commandId: m.commandId, ok: false, error: 'NOT_FOUND' });
        return;
      }
      case 'control':
        this.send({ kind: 'controlReply', requestId: m.requestId, status: this.control(m.control) });
        return;
    }
  }

  /** Keep devices still assigned (their state continues), start new ones, stop the rest. */
  private assign(specs: DeviceSpec[]): void {
    this.specs = specs;
    const wanted = new Set(specs.map((s) => s.unitId));
    for (const [id, d] of this.devices) {
      if (!wanted.has(id)) {
        d.stop();
        this.devices.delete(id);
        this.unbucket(d);
      }
    }
    for (const spec of specs) {
      const held = this.devices.get(spec.unitId);
      // A device kept runs on; it takes the version the core says it has (set by an admin) unless an upgrade is changing it.
      if (held) held.adoptVersion(spec.swVersion);
      else this.startDevice(spec);
    }
  }

  private startDevice(spec: DeviceSpec): void {
    const rng = this.seedRng.fork(spec.unitId);
    const d = new UnitDevice(spec, this.clock, rng, this.timings, (m) => this.send(m), this.world, this.alertConfig);
    this.devices.set(spec.unitId, d);
    if (this.slices > 0) {
      d.externalTicks = true;
      this.buckets[rng.fork('tick').int(0, this.slices - 1)]!.push(d);
    }
    d.start();
  }

  private unbucket(d: UnitDevice): void {
    for (const b of this.buckets) {
      const i = b.indexOf(d);
      if (i >= 0) {
        b.splice(i, 1);
        return;
      }
    }
  }

  /** Every shard keeps a replica of every server; `owned` ones report their periodic state. */
  private assignServers(servers: ServerSpec[], owned: string[]): void {
    this.serverSpecs = servers;
    this.ownedServers = new Set(owned);
    const keep: ServerDevice[] = [];
    for (const spec of servers) {
      const existing = this.world.server(spec.serverId);
      const owner = this.ownedServers.has(spec.serverId);
      if (existing) {
        const wasOwner = existing.owner;
        existing.owner = owner;
        existing.updateSpec(spec);
        keep.push(existing);
        if (owner && !wasOwner) existing.start();
      } else {
        const s = this.newServer(spec, owner);
        keep.push(s);
        s.start();
      }
    }
    this.world.replace(keep);
  }

  private newServer(spec: ServerSpec, owner: boolean): ServerDevice {
    const rng = this.seedRng.fork(`server:${spec.serverId}`);
    return new ServerDevice(spec, this.clock, rng, this.serverTimings, this.alertConfig, (e) => this.send({ kind: 'event', event: e, at: this.clock.now() }), owner);
  }

  /** The telemetry wheel: one timer steps one slice of the fleet per turn. */
  private startWheel(): void {
    this.stopWheel?.();
    this.stopWheel = null;
    this.buckets = Array.from({ length: this.slices }, () => []);
    this.slice = 0;
    this.lastServerTick = this.clock.now();
    const interval = this.slices > 0 ? this.timings.telemetryIntervalMs / this.slices : this.timings.telemetryIntervalMs;
    this.stopWheel = this.clock.every(interval, () => this.turn());
  }

  private turn(): void {
    const now = this.clock.now();
    if (this.slices > 0) {
      const bucket = this.buckets[this.slice]!;
      for (let i = 0; i < bucket.length; i++) bucket[i]!.tick(now);
      this.slice = (this.slice + 1) % this.slices;
    }
    if (this.slice === 0 || this.slices === 0) {
      const dt = now - this.lastServerTick;
      this.lastServerTick = now;
      for (const s of this.world.servers()) s.tick(dt);
    }
  }

  /** Answer one control-plane request (the core forwards them from tRPC). */
  control(req: ControlRequest): ShardStatus {
    switch (req.op) {
      case 'status':
        return this.status();
      case 'fault': {
        const r = this.inject(req.target);
        return { ...this.status(), applied: r.applied, ...(r.error ? { error: r.error } : {}) };
      }
      case 'clock': {
        if (req.clock.mode) this.clock.setMode(req.clock.mode);
        if (req.clock.advanceMs !== undefined) {
          if (!this.clock.isStepped()) return { ...this.status(), error: 'CLOCK_NOT_STEPPED' };
          this.clock.advance(req.clock.advanceMs);
        }
        return this.status();
      }
      case 'reset':
        this.stopScenario();
        this.reset(req.seed, req.startAt);
        return this.status();
      case 'scenarioStart':
        this.startScenario(req.scenario, req.reset ? { startAt: req.startAt } : undefined);
        return this.status();
      case 'scenarioStop':
        this.stopScenario();
        return this.status();
    }
  }

  /** Apply a fault to a unit this shard runs, or to its replica of a server. */
  inject(target: FaultTarget): { applied: boolean; error?: string } {
    if ('unitId' in target) {
      const d = this.devices.get(target.unitId);
      if (!d) return { applied: false };
      const r = applyUnitFault(d, target.fault);
      return r.ok ? { applied: true } : { applied: true, error: r.error };
    }
    const s = this.world.server(target.serverId);
    if (!s) return { applied: false };
    const r = s.applyFault(target.fault);
    return r.ok ? { applied: true } : { applied: true, error: r.error };
  }

  /**
   * Restart every device and server from `seed`, simulated time from `startAt`: the same seed and
   * the same scenario then give the same event sequence. The clock keeps its mode.
   */
  reset(seed: number, startAt?: number): void {
    this.scenario?.stop();
    this.scenario = null;
    this.stopDevices();
    this.world.clear();
    const mode = this.clock.mode();
    this.clock.stop();
    this.clockImpl = new SimClock(startAt ?? this.opts.startAt ?? Date.now(), mode);
    this.seed = seed;
    this.seedRng = new Rng(seed);
    this.startWheel();
    const servers = this.serverSpecs.map((spec) => this.newServer(spec, this.ownedServers.has(spec.serverId)));
    this.world.replace(servers);
    for (const s of servers) s.start();
    const at = this.clock.now();
    for (const spec of this.specs) {
      // Nothing is known of a restarted device until it boots: the core sees it offline first.
      this.send({ kind: 'state', unitId: spec.unitId, online: false, applications: {}, at });
      this.startDevice(spec);
    }
  }

  /**
   * Start a scenario: in a calm fleet (file.calm) nothing fails or acts on its own; with `reset`
   * the fleet first restarts from the scenario's seed; then the device-side steps (faults) are
   * scheduled at their simulated times.
   */
  startScenario(file: ScenarioFile, reset?: { startAt?: number | undefined }): ScenarioRun {
    this.stopScenario();
    this.setCalm(file.calm);
    if (reset) this.reset(file.seed, reset.startAt);
    this.scenario = new ScenarioRun(file, this.clock, (step) =>
      step.do === 'fault' ? this.inject({ unitId: step.unitId, fault: step.fault }) : this.inject({ serverId: step.serverId, fault: step.fault }),
    );
    return this.scenario;
  }

  stopScenario(): void {
    this.scenario?.stop();
    this.setCalm(false);
  }

  private setCalm(calm: boolean): void {
    Object.assign(
      this.timings,
      calm ? { meanTimeBetweenOutagesMs: 0, initiallyOffShare: 0, autonomyShare: 0, spontaneousLinkEvents: false } : this.pickSpontaneous(this.baseTimings),
    );
  }

  private pickSpontaneous(t: DeviceTimings): Partial<DeviceTimings> {
    const { meanTimeBetweenOutagesMs, initiallyOffShare, autonomyShare, spontaneousLinkEvents } = t;
    return { meanTimeBetweenOutagesMs, initiallyOffShare, autonomyShare, spontaneousLinkEvents };
  }

  status(): ShardStatus {
    const mode = this.clock.mode();
    return {
      shardId: this.opts.shardId ?? 'in-process',
      seed: this.seed,
      devices: this.devices.size,
      servers: this.world.size(),
      clock: { kind: mode.kind, factor: mode.kind === 'accelerated' ? mode.factor : 1, now: this.clock.now() },
      scenario: this.scenario ? this.scenario.status(this.clock.now()) : null,
      sent: this.stats.sent,
      commands: this.stats.commands,
    };
  }

  device(unitId: string): UnitDevice | undefined {
    return this.devices.get(unitId);
  }

  server(serverId: string): ServerDevice | undefined {
    return this.world.server(serverId);
  }

  deviceCount(): number {
    return this.devices.size;
  }

  private stopDevices(): void {
    for (const d of this.devices.values()) d.stop();
    this.devices.clear();
    for (const b of this.buckets) b.length = 0;
  }

  stop(): void {
    this.scenario?.stop();
    this.stopDevices();
    this.world.clear();
    this.stopWheel?.();
    this.clock.stop();
    this.end?.close();
  }
}

export { World };
