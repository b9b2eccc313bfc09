/**
 * The engine runs the devices assigned to this shard, attached to the core through one end of the
 * device gateway (in-process or websocket): unit devices, a replica of every server (with channels
 * and video return channels), the control plane's requests (faults, clock, reset, scenarios) and
 * replays (the devices muted while the shard plays a recording's reports: replay/run.ts).
 * Telemetry of the whole fleet is stepped by one timer (wheel.ts).
 */
import type {
  ClockModeInput,
  CoreToDevice,
  DemoPresetFile,
  DeviceGatewayEnd,
  DeviceSpec,
  DeviceToCore,
  FaultTarget,
  ReplayEntry,
  ScenarioFile,
  ServerSpec,
  ShardControlRequest,
  ShardFleetCheck,
  ShardStatus,
} from '@fleet/contracts';
import { SimClock, type ClockMode } from './clock.js';
import { UnitDevice } from './device.js';
import { Rng } from './rng.js';
import { DEFAULT_ALERT_THRESHOLDS, defaultAlertConfig, type AlertConfig, type AlertThresholds } from './models/alerts.js';
import { applyUnitFault, respond } from './reactions/index.js';
import { respondToServer } from './reactions/server-commands.js';
import { applyServerFault } from './reactions/server-faults.js';
import { ServerDevice } from './server-device.js';
import { DEFAULT_SERVER_TIMINGS, DEFAULT_TIMINGS, type DeviceTimings, type ServerTimings } from './timings.js';
import { TelemetryWheel } from './wheel.js';
import { World } from './world.js';
import { deviceOf, reservation, ScenarioRun, type DeviceStep } from './scenarios/timeline.js';
import { actOnItsOwn, DemoRun } from './demo/run.js';
import { ReplayRun } from './replay/run.js';
import { shardFleetCheck } from './invariants/fleet.js';
import { answerControl } from './control.js';
import { ActiveFaults } from './active-faults.js';

export interface EngineOptions {
  seed: number;
  clock?: ClockMode;
  /** Simulated start time (ms since epoch); fixed for reproducible runs (by default the wall clock's now). */
  startAt?: number;
  shardId?: string;
  timings?: Partial<DeviceTimings>;
  serverTimings?: Partial<ServerTimings>;
  alertThresholds?: AlertThresholds;
  /** Slices of the telemetry wheel (one engine timer); 0 gives every device its own timer. */
  tickSlices?: number;
  /** Called with every message sent to the core (event logs, determinism tests). */
  onEmit?: (m: DeviceToCore) => void;
  /** A demo preset: its motion from the start, its timeline once the core has assigned the fleet. */
  demo?: DemoPresetFile;
}

export const DEFAULT_TICK_SLICES = 10;

export class Engine {
  private clockImpl: SimClock;
  #seed: number;
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
  private readonly wheel: TelemetryWheel;
  private scenario: ScenarioRun | null = null;
  /** The demo preset playing (restarted with the fleet by a reset), or waiting for the first assignment. */
  private demo: DemoRun | null = null;
  private demoPending: DemoPresetFile | null;
  /** The replay loaded, playing or last played (kept for the status until the next one). */
  private replay: ReplayRun | null = null;
  /**
   * While a replay plays, the devices are stopped: nothing of their own reaches the core, and
   * commands are acknowledged without acting (what the devices did is in the recording).
   */
  private muted = false;
  /** The clock's mode before a replay took the clock over (a paused replay steps it): back when the replay ends. */
  private modeBeforeReplay: ClockMode | null = null;
  private end: DeviceGatewayEnd | null = null;
  readonly stats = { sent: 0, commands: 0 };
  /** The faults the control plane injected that are still in effect (active-faults.ts). */
  readonly activeFaults = new ActiveFaults();

  constructor(private readonly opts: EngineOptions) {
    this.clockImpl = new SimClock(opts.startAt, opts.clock ?? { kind: 'realtime' });
    this.#seed = opts.seed;
    this.seedRng = new Rng(opts.seed);
    this.baseTimings = { ...DEFAULT_TIMINGS, ...opts.demo?.motion, ...opts.timings };
    this.demoPending = opts.demo ?? null;
    this.timings = { ...this.baseTimings };
    this.serverTimings = { ...DEFAULT_SERVER_TIMINGS, ...opts.serverTimings };
    this.alertConfig = defaultAlertConfig(opts.alertThresholds ?? DEFAULT_ALERT_THRESHOLDS);
    this.wheel = new TelemetryWheel(Math.max(0, Math.floor(opts.tickSlices ?? DEFAULT_TICK_SLICES)), () => this.world.servers());
    this.startWheel();
  }

  /** The seed the fleet runs from (a reset may change it). */
  get seed(): number {
    return this.#seed;
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
      // The core that drove the replay is gone: its entries stop with it, and the devices the
      // core assigns on the next attach run (the wheel turns again).
      if (this.endPlayingReplay()) this.startWheel();
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
    if (this.muted) {
      this.receiveMuted(m);
      return;
    }
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

  /**
   * A muted shard keeps what the core assigns for when the replay ends (nothing starts) and
   * acknowledges every command ok without changing anything: the recording says what followed.
   */
  private receiveMuted(m: CoreToDevice): void {
    switch (m.kind) {
      case 'assign':
        this.specs = m.devices;
        return;
      case 'assignServers':
        this.serverSpecs = m.servers;
        this.ownedServers = new Set(m.owned);
        return;
      case 'command':
      case 'serverCommand':
        this.stats.commands++;
        this.send({ kind: 'ack', commandId: m.commandId, ok: true });
        return;
      case 'control':
        this.send({ kind: 'controlReply', requestId: m.requestId, status: this.control(m.control) });
        return;
    }
  }

  /** Keep devices still assigned (their state continues), start new ones, stop the rest. */
  private assign(specs: DeviceSpec[]): void {
    this.specs = specs;
    this.world.setMemberships(specs);
    const wanted = new Set(specs.map((s) => s.unitId));
    for (const [id, d] of this.devices) {
      if (!wanted.has(id)) {
        d.stop();
        this.devices.delete(id);
        this.wheel.remove(d);
      }
    }
    for (const spec of specs) {
      const held = this.devices.get(spec.unitId);
      // A device kept runs on, with the version (unless an upgrade changes it) and the licence the core says it has.
      if (held) held.adoptSpec(spec);
      else this.startDevice(spec);
    }
    // A demo given at start plays once there is a fleet (the servers' assignment follows this one).
    if (this.demoPending && specs.length > 0) {
      this.playDemo(this.demoPending);
      this.demoPending = null;
    }
  }

  private startDevice(spec: DeviceSpec): void {
    const rng = this.seedRng.fork(spec.unitId);
    const d = new UnitDevice(spec, this.clock, rng, this.timings, (m) => this.send(m), this.world, this.alertConfig);
    this.devices.set(spec.unitId, d);
    this.wheel.add(d, rng);
    d.start();
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
    return new ServerDevice(
      spec,
      this.clock,
      rng,
      this.serverTimings,
      this.alertConfig,
      (e) => this.send({ kind: 'event', event: e, at: this.clock.now() }),
      owner,
    );
  }

  /** The telemetry wheel on the current clock (a reset or a replay replaces the clock). */
  private startWheel(): void {
    this.wheel.start(this.clock, this.timings.telemetryIntervalMs);
  }

  /** Answer one control-plane request (the core forwards them from tRPC, and drives replays with them): control.ts. */
  control(req: ShardControlRequest): ShardStatus {
    return answerControl(this, req);
  }

  /** The fleet invariants over this shard now, and what it runs (a scenario's expectFleet compares it with the core's answers). */
  fleetCheck(): ShardFleetCheck {
    return shardFleetCheck(this.devices.values(), this.world.servers(), this.clock.now());
  }

  /**
   * Append entries to the pending replay of `replayId`; another id drops what was there before
   * (a replay still playing is stopped first, its devices restarted).
   */
  loadReplay(replayId: string, entries: readonly ReplayEntry[]): void {
    if (this.replay?.replayId !== replayId || !this.replay.loading) {
      this.stopReplay();
      this.replay = new ReplayRun(replayId);
    }
    this.replay.load(entries);
  }

  /**
   * Mute the devices (units and servers stop; nothing reports on its own), restart the clock at
   * `startAt` in `mode` (a new clock, as a reset makes, that the 'clock' op steers), and play the
   * entries on it.
   */
  startReplay(replayId: string, startAt: number, mode: ClockModeInput): { error?: 'REPLAY_NOT_LOADED' } {
    const run = this.replay;
    if (run?.replayId !== replayId || !run.loading) return { error: 'REPLAY_NOT_LOADED' };
    this.stopScenario();
    this.scenario = null;
    this.stopDevices();
    this.world.clear();
    this.wheel.stop();
    if (!this.muted) this.modeBeforeReplay = this.clock.mode();
    this.clock.stop();
    this.clockImpl = new SimClock(startAt, mode);
    this.muted = true;
    run.start(this.clock, (m) => this.send(m));
    return {};
  }

  /** Drop the replay and, when it had muted the devices, simulate again from the current seed (as after a reset). */
  stopReplay(): void {
    if (this.endPlayingReplay()) this.reset(this.#seed, this.clock.now());
    else this.replay?.stop(this.clock.now());
  }

  /** Stop a replay that has started (playing or finished) and unmute; true when there was one (the devices are then still stopped). */
  endPlayingReplay(): boolean {
    if (!this.muted) return false;
    this.unmute();
    return true;
  }

  /**
   * The replay stops and the devices may run again, on the clock's mode from before the replay (a
   * replay stopped while paused would otherwise leave the fleet on a stepped clock, frozen).
   */
  private unmute(): void {
    this.replay?.stop(this.clock.now());
    this.muted = false;
    if (this.modeBeforeReplay) this.clock.setMode(this.modeBeforeReplay);
    this.modeBeforeReplay = null;
  }

  /** Apply a fault to a unit this shard runs, or to its replica of a server. */
  inject(target: FaultTarget): { applied: boolean; error?: string } {
    const unit = 'unitId' in target ? this.devices.get(target.unitId) : undefined;
    const server = 'serverId' in target ? this.world.server(target.serverId) : undefined;
    const r = 'unitId' in target ? unit && applyUnitFault(unit, target.fault) : server && applyServerFault(server, target.fault);
    if (!r) return { applied: false };
    if (r.ok) this.activeFaults.observe(target);
    return r.ok ? { applied: true } : { applied: true, error: r.error };
  }

  /**
   * Restart every device and server from `seed`, simulated time from `startAt`: the same seed and
   * the same scenario then give the same event sequence. The clock keeps its mode.
   */
  reset(seed: number, startAt?: number): void {
    if (this.muted) this.unmute();
    this.scenario?.stop();
    this.scenario = null;
    this.stopDevices();
    this.world.clear();
    this.activeFaults.forget();
    const mode = this.clock.mode();
    this.clock.stop();
    this.clockImpl = new SimClock(startAt ?? this.opts.startAt, mode);
    this.#seed = seed;
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
    // A demo starts again with its fleet: its timeline from the top, on the new clock.
    if (this.demo) this.playDemo(this.demo.preset);
  }

  /**
   * Run a demo preset: its motion becomes the fleet's spontaneous behaviour (what a calm scenario
   * switches off and back), its timeline plays (again every loopMs); with `reset` the fleet first
   * restarts from its seed, so the demo opens as it did the first time.
   */
  startDemo(preset: DemoPresetFile, reset?: { startAt?: number | undefined }): void {
    this.demo?.stop();
    this.demo = null;
    this.demoPending = null;
    Object.assign(this.baseTimings, preset.motion);
    Object.assign(this.timings, preset.motion);
    if (reset) this.reset(this.#seed, reset.startAt);
    this.playDemo(preset);
  }

  private playDemo(preset: DemoPresetFile): void {
    this.demo?.stop();
    // A unit or server a scenario run reserved is left alone by the preset's timeline until the run ends;
    // a unit's step is its own act (a unit a person stopped is left alone a while: demo/run.ts).
    this.demo = new DemoRun(preset, this.clock, (step) => {
      if (this.world.isReserved(deviceOf(step))) return;
      if (step.do === 'fault') actOnItsOwn(this.devices.get(step.unitId), () => this.applyStep(step), step.fault);
      else this.applyStep(step);
    });
  }

  /**
   * Start a scenario: in a calm fleet (file.calm) nothing fails or acts on its own; with `reset`
   * the fleet first restarts from the scenario's seed; then the device-side steps (faults) are
   * scheduled at their simulated times.
   */
  startScenario(file: ScenarioFile, reset?: { startAt?: number | undefined }): ScenarioRun {
    this.stopScenario();
    this.setCalm(file.calm);
    this.world.reserve(reservation(file, new Set(this.specs.map((d) => d.unitId)), this.world, this.serverSpecs));
    if (reset) this.reset(file.seed, reset.startAt);
    this.scenario = new ScenarioRun(file, this.clock, (step) => this.applyStep(step));
    return this.scenario;
  }

  private applyStep(step: DeviceStep): { applied: boolean; error?: string } {
    return step.do === 'fault' ? this.inject({ unitId: step.unitId, fault: step.fault }) : this.inject({ serverId: step.serverId, fault: step.fault });
  }

  stopScenario(): void {
    this.scenario?.stop();
    this.world.release();
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
      seed: this.#seed,
      // A muted shard still plays for its devices and servers, stopped as they are.
      devices: this.muted ? this.specs.length : this.devices.size,
      servers: this.muted ? this.serverSpecs.length : this.world.size(),
      clock: { kind: mode.kind, factor: mode.kind === 'accelerated' ? mode.factor : 1, now: this.clock.now() },
      scenario: this.scenario ? { ...this.scenario.status(this.clock.now()), reserved: this.world.reserved() } : null,
      demo: (this.demo?.preset ?? this.demoPending)?.name ?? null,
      sent: this.stats.sent,
      commands: this.stats.commands,
      replay: this.replay ? this.replay.status(this.clock.now()) : null,
    };
  }

  /** Whether a replay has muted the devices. */
  isMuted = (): boolean => this.muted;

  device = (unitId: string): UnitDevice | undefined => this.devices.get(unitId);
  server = (serverId: string): ServerDevice | undefined => this.world.server(serverId);
  deviceCount = (): number => this.devices.size;

  /** This shard's replica of every server. */
  servers(): IterableIterator<ServerDevice> {
    return this.world.servers();
  }

  /**
   * Run these units and servers (all owned) without a core, as an assignment would start them: a
   * headless run (the simulation fuzzer). What the devices report goes to `onEmit` only.
   */
  run(devices: DeviceSpec[], servers: ServerSpec[]): void {
    this.assign(devices);
    this.assignServers(
      servers,
      servers.map((s) => s.serverId),
    );
  }

  /** The unit devices this engine runs. */
  units(): IterableIterator<UnitDevice> {
    return this.devices.values();
  }

  private stopDevices(): void {
    for (const d of this.devices.values()) d.stop();
    this.devices.clear();
    this.wheel.clear();
  }

  stop(): void {
    this.scenario?.stop();
    this.replay?.stop(this.clock.now());
    this.muted = false;
    this.stopDevices();
    this.world.clear();
    this.wheel.stop();
    this.clock.stop();
    this.end?.close();
  }
}

export { World };
