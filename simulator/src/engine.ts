/**
 * The engine runs the devices assigned to this shard, attached to the core through one end of the
 * device gateway (in-process or websocket), and answers the control plane's requests (faults,
 * clock, reset, scenarios, replays, demo presets: control.ts). Each of its jobs has its own place
 * under engine/: the unit devices (units.ts), a replica of every server with its channels and video
 * return channels (replicas.ts), replays (replays.ts: the devices muted while the shard plays a
 * recording's reports), scenario runs (scenarios.ts) and demo presets (demo.ts); they share the
 * clock, the seed, the world and the way to the core (context.ts). Telemetry of the whole fleet is
 * stepped by one timer (wheel.ts).
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
import type { UnitDevice } from './device.js';
import { Rng } from './rng.js';
import { DEFAULT_ALERT_THRESHOLDS, defaultAlertConfig, type AlertConfig, type AlertThresholds } from './models/alerts.js';
import type { ServerDevice } from './server-device.js';
import { DEFAULT_SERVER_TIMINGS, DEFAULT_TIMINGS, type DeviceTimings, type ServerTimings } from './timings.js';
import { TelemetryWheel } from './wheel.js';
import { World } from './world.js';
import type { DeviceStep, ScenarioRun } from './scenarios/timeline.js';
import { shardFleetCheck } from './invariants/fleet.js';
import { answerControl } from './control.js';
import { ActiveFaults } from './active-faults.js';
import type { Injected, ShardContext } from './engine/context.js';
import { DemoControl } from './engine/demo.js';
import { ServerReplicas } from './engine/replicas.js';
import { ReplayControl } from './engine/replays.js';
import { ScenarioControl } from './engine/scenarios.js';
import { outcomeKey, StepOutbox } from './engine/step-outbox.js';
import { ShardUnits } from './engine/units.js';

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
  /** How a step of the clock runs its slices (tests hold it between slices): STEP_SLICE_MS and the next turn of the event loop by default. */
  step?: { sliceMs?: number; pause?: () => Promise<void> };
}

export const DEFAULT_TICK_SLICES = 10;
/**
 * Real time a step of the clock runs before it hands the event loop back (a shard in the core's
 * process: the core answers between slices). Short enough that a request waits at most this long.
 */
export const STEP_SLICE_MS = 25;
/**
 * A step of the clock longer than this simulates its last hour event by event; the time before it
 * passes with every device's plans moved along (SimClock's skip) and its signals (battery, links,
 * position, storage) integrated over the whole step by its telemetry round. Why an hour: a fleet's
 * motion forgets its past within minutes (a demo unit's activity lasts at most 20 minutes, the gaps
 * between them average 40 s to 10 minutes, an outage 30 to 90 s), so the state a unit ends a day in
 * is drawn as it would be after any hour of it — and a day costs an hour, not 24. A scenario run or
 * a replay steps every event (their timelines are the point).
 */
export const STEP_HORIZON_MS = 3_600_000;
/**
 * A step's outcome leaves this many reports per turn of the event loop: the core takes them in
 * groups (each a write group of its own) and answers other requests between them, instead of one
 * turn of thousands of reports.
 */
export const STEP_FLUSH_CHUNK = 250;

export class Engine {
  private clockImpl: SimClock;
  #seed: number;
  private seedRng: Rng;
  /** The timings devices share (a calm scenario switches spontaneous behaviour off in place). */
  private readonly timings: DeviceTimings;
  private readonly baseTimings: DeviceTimings;
  private readonly world = new World();
  private readonly wheel: TelemetryWheel;
  private readonly unitDevices: ShardUnits;
  private readonly replicas: ServerReplicas;
  private readonly replays: ReplayControl;
  private readonly scenarios: ScenarioControl;
  private readonly demo: DemoControl;
  private end: DeviceGatewayEnd | null = null;
  /** During a step of the clock: what the devices report, kept as the step's outcome (engine/step-outbox.ts). */
  private outbox: StepOutbox | null = null;
  /** A step's outcome on its way out, a chunk per turn (what is sent meanwhile queues behind it). */
  private outgoing: DeviceToCore[] = [];
  private pumping = false;
  /** The step whose outcome is on its way (the status reports the step until it has all left). */
  private stepSpan: { from: number; to: number } | null = null;
  /**
   * What the core was last sent of each thing a step's outcome describes (a hash of the report, its
   * time left out): a step's last report equal to it is not sent again — a unit that ends the day
   * as it began costs the core nothing.
   */
  private readonly lastSent = new Map<string, number>();
  readonly stats = { sent: 0, commands: 0, /** reports a step's outbox took in and did not send (a later report replaced them) */ compacted: 0 };
  /** The faults the control plane injected that are still in effect (active-faults.ts). */
  readonly activeFaults = new ActiveFaults();

  constructor(private readonly opts: EngineOptions) {
    this.clockImpl = new SimClock(opts.startAt, opts.clock ?? { kind: 'realtime' });
    this.#seed = opts.seed;
    this.seedRng = new Rng(opts.seed);
    this.baseTimings = { ...DEFAULT_TIMINGS, ...opts.demo?.motion, ...opts.timings };
    this.timings = { ...this.baseTimings };
    const serverTimings: ServerTimings = { ...DEFAULT_SERVER_TIMINGS, ...opts.serverTimings };
    const alertConfig: AlertConfig = defaultAlertConfig(opts.alertThresholds ?? DEFAULT_ALERT_THRESHOLDS);
    this.wheel = new TelemetryWheel(Math.max(0, Math.floor(opts.tickSlices ?? DEFAULT_TICK_SLICES)), () => this.world.servers());
    // The clock and the seed's generator are replaced by a reset or a replay: the parts read them through these getters.
    const current = { clock: () => this.clockImpl, seedRng: () => this.seedRng };
    const ctx: ShardContext = {
      get clock() {
        return current.clock();
      },
      get seedRng() {
        return current.seedRng();
      },
      world: this.world,
      timings: this.timings,
      serverTimings,
      alertConfig,
      send: (m) => this.send(m),
    };
    this.unitDevices = new ShardUnits(ctx, this.wheel);
    this.replicas = new ServerReplicas(ctx);
    this.replays = new ReplayControl(ctx, {
      silence: () => {
        this.endStep();
        this.scenarios.stop();
        this.scenarios.drop();
        this.unitDevices.stop();
        this.world.clear();
        this.wheel.stop();
      },
      useClock: (clock) => {
        this.clockImpl = clock;
      },
      resume: () => this.reset(this.#seed, this.clock.now()),
    });
    this.scenarios = new ScenarioControl(ctx, {
      baseTimings: this.baseTimings,
      units: () => this.unitDevices.specs,
      servers: () => this.replicas.specs,
      apply: this.applyStep,
      reset: (seed, startAt) => this.reset(seed, startAt),
      resumeMotion: () => this.unitDevices.resumeMotion(),
    });
    this.demo = new DemoControl(
      ctx,
      {
        baseTimings: this.baseTimings,
        unit: this.device,
        apply: this.applyStep,
        reset: (startAt) => this.reset(this.#seed, startAt),
        resumeMotion: () => this.unitDevices.resumeMotion(),
      },
      opts.demo,
    );
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
    this.lastSent.clear();
    end.onMessage((m) => this.receive(m));
    end.onClose(() => {
      this.end = null;
      // The core that drove the replay is gone: its entries stop with it, and the devices the
      // core assigns on the next attach run (the wheel turns again).
      if (this.endPlayingReplay()) this.startWheel();
      this.unitDevices.stop();
    });
    this.send({ kind: 'hello', shardId: this.opts.shardId ?? 'in-process' });
  }

  private send(m: DeviceToCore): void {
    this.stats.sent++;
    this.opts.onEmit?.(m);
    if (this.outbox) {
      if (m.kind === 'state' || m.kind === 'telemetry' || m.kind === 'event') {
        this.outbox.put(m);
        return;
      }
      // A command's acknowledgement follows what the devices reported before it, as outside a step
      // (the core reads the unit's state once the command is acknowledged). A control reply (the
      // step's progress, asked every 100 ms) does not: the outcome leaves when the step ends.
      if (m.kind === 'ack') this.flushOutbox();
    }
    // A control reply does not wait behind a step's outcome (the status says the step runs until the
    // outcome has left); everything else keeps its order after it.
    if (m.kind === 'controlReply' || this.outgoing.length === 0) this.deliver(m);
    else this.outgoing.push(m);
  }

  private deliver(m: DeviceToCore): void {
    const key = sentKey(m);
    if (key !== null) this.lastSent.set(key, signature(m));
    this.end?.send(m);
  }

  private flushOutbox(): void {
    const outbox = this.outbox;
    if (!outbox || outbox.size === 0) return;
    const received = outbox.stats.received;
    const held = outbox.drain().filter((m) => {
      const key = sentKey(m);
      return key === null || this.lastSent.get(key) !== signature(m);
    });
    this.stats.compacted += received - held.length;
    outbox.stats.received = 0;
    for (const m of held) this.outgoing.push(m);
    this.pump();
  }

  /** Send what waits in `outgoing`, a chunk per turn of the event loop. */
  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    const turn = () => {
      const chunk = this.outgoing.splice(0, STEP_FLUSH_CHUNK);
      for (const m of chunk) this.deliver(m);
      if (this.outgoing.length > 0) setImmediate(turn);
      else this.pumping = false;
    };
    turn();
  }

  /**
   * Advance the stepped clock by `ms` (the control plane's step): in slices that hand the event loop
   * back, the devices' reports kept as the step's outcome and sent when it ends. A step that ends
   * within its first slice is over when this returns; a longer one goes on (the status's
   * `clock.step` says how far), until it ends or is cancelled.
   */
  startStep(ms: number): { error?: 'CLOCK_NOT_STEPPED' | 'CLOCK_STEPPING' } {
    const clock = this.clock;
    if (!clock.isStepped()) return { error: 'CLOCK_NOT_STEPPED' };
    if (clock.stepping()) return { error: 'CLOCK_STEPPING' };
    const outbox = new StepOutbox();
    this.outbox = outbox;
    this.stepSpan = { from: clock.now(), to: clock.now() + ms };
    const everyEvent = this.scenarios.run?.status(clock.now()).running === true || this.replays.muted;
    const { done } = clock.advanceInSlices(ms, {
      sliceMs: this.opts.step?.sliceMs ?? STEP_SLICE_MS,
      pause: this.opts.step?.pause ?? (() => new Promise((resolve) => setImmediate(resolve))),
      ...(everyEvent ? {} : { horizonMs: STEP_HORIZON_MS }),
    });
    if (!clock.stepping()) this.stepEnded(outbox, true);
    else void done.then(({ completed }) => this.stepEnded(outbox, completed));
    return {};
  }

  /** End the step under way where it got to; false when there is none. */
  cancelStep(): boolean {
    if (!this.clock.cancelStep() || !this.outbox) return false;
    this.stepEnded(this.outbox, false);
    return true;
  }

  /** The step of `outbox` ended: a cancelled one gives every device its telemetry round as of now; the outcome leaves. */
  private stepEnded(outbox: StepOutbox, completed: boolean): void {
    if (this.outbox !== outbox) return; // ended already (a reset, a replay, a cancel)
    if (!completed) this.wheel.catchUp(this.clock.now());
    this.endStep();
  }

  /** Send what the step's outbox holds and report directly again. */
  private endStep(): void {
    this.clock.cancelStep();
    this.flushOutbox();
    this.outbox = null;
  }

  private receive(m: CoreToDevice): void {
    if (this.replays.muted) {
      this.receiveMuted(m);
      return;
    }
    switch (m.kind) {
      case 'assign':
        this.assign(m.devices);
        return;
      case 'assignServers':
        this.replicas.assign(m.servers, m.owned);
        return;
      case 'command': {
        this.stats.commands++;
        const answer = this.unitDevices.answer(m);
        if (answer) this.send(answer); // none: the core times out
        return;
      }
      case 'serverCommand':
        this.stats.commands++;
        this.send(this.replicas.answer(m));
        return;
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
        this.unitDevices.specs = m.devices;
        return;
      case 'assignServers':
        this.replicas.keep(m.servers, m.owned);
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

  private assign(specs: DeviceSpec[]): void {
    // A core that assigns anew may know nothing of what was sent before.
    this.lastSent.clear();
    this.unitDevices.assign(specs);
    // A demo given at start plays once there is a fleet (the servers' assignment follows this one).
    this.demo.assigned(specs);
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
    return shardFleetCheck(this.unitDevices.values(), this.world.servers(), this.clock.now());
  }

  /** Append entries to the pending replay of `replayId` (engine/replays.ts). */
  loadReplay(replayId: string, entries: readonly ReplayEntry[]): void {
    this.replays.load(replayId, entries);
  }

  /** Mute the devices and play the loaded replay on a clock of its own (engine/replays.ts). */
  startReplay(replayId: string, startAt: number, mode: ClockModeInput): { error?: 'REPLAY_NOT_LOADED' } {
    return this.replays.start(replayId, startAt, mode);
  }

  /** Drop the replay and, when it had muted the devices, simulate again from the current seed (as after a reset). */
  stopReplay(): void {
    this.replays.stop();
  }

  /** Stop a replay that has started (playing or finished) and unmute; true when there was one (the devices are then still stopped). */
  endPlayingReplay(): boolean {
    return this.replays.endPlaying();
  }

  reportNow(target: FaultTarget): void {
    if ('unitId' in target) this.unitDevices.get(target.unitId)?.reportNow();
  }

  /** Apply a fault to a unit this shard runs, or to its replica of a server. */
  inject(target: FaultTarget): Injected {
    const r = 'unitId' in target ? this.unitDevices.inject(target.unitId, target.fault) : this.replicas.inject(target.serverId, target.fault);
    if (r.applied && r.error === undefined) this.activeFaults.observe(target);
    return r;
  }

  /**
   * Restart every device and server from `seed`, simulated time from `startAt`: the same seed and
   * the same scenario then give the same event sequence. The clock keeps its mode.
   */
  reset(seed: number, startAt?: number): void {
    // A step under way ends where it got to, its outcome sent before the devices go away.
    this.endStep();
    this.lastSent.clear();
    this.replays.endPlaying();
    this.scenarios.drop();
    // What the devices going away raised ends with them, reported in order after their last reports:
    // the core clears what it holds before the shards restart, and a report still on its way then
    // would otherwise leave an alert no restarted device ever clears.
    this.unitDevices.clearAlerts();
    for (const server of this.world.servers()) server.alerts.clearAll();
    this.unitDevices.stop();
    this.world.clear();
    this.activeFaults.forget();
    const mode: ClockMode = this.clock.mode();
    this.clock.stop();
    this.clockImpl = new SimClock(startAt ?? this.opts.startAt, mode);
    this.#seed = seed;
    this.seedRng = new Rng(seed);
    this.startWheel();
    this.replicas.rebuild();
    this.unitDevices.restart();
    // A demo starts again with its fleet: its timeline from the top, on the new clock.
    this.demo.restarted();
  }

  /** Run a demo preset; with `reset` the fleet first restarts from its seed (engine/demo.ts). */
  startDemo(preset: DemoPresetFile, reset?: { startAt?: number | undefined }): void {
    this.demo.start(preset, reset);
  }

  /** Start a scenario; with `reset` the fleet first restarts from the scenario's seed (engine/scenarios.ts). */
  startScenario(file: ScenarioFile, reset?: { startAt?: number | undefined }): ScenarioRun {
    return this.scenarios.start(file, reset);
  }

  stopScenario(): void {
    this.scenarios.stop();
  }

  private readonly applyStep = (step: DeviceStep): Injected =>
    step.do === 'fault' ? this.inject({ unitId: step.unitId, fault: step.fault }) : this.inject({ serverId: step.serverId, fault: step.fault });

  status(): ShardStatus {
    const mode = this.clock.mode();
    const muted = this.replays.muted;
    const scenario = this.scenarios.run;
    return {
      shardId: this.opts.shardId ?? 'in-process',
      seed: this.#seed,
      // A muted shard still plays for its devices and servers, stopped as they are.
      devices: muted ? this.unitDevices.specs.length : this.unitDevices.size,
      servers: muted ? this.replicas.specs.length : this.world.size(),
      clock: {
        kind: mode.kind,
        factor: mode.kind === 'accelerated' ? mode.factor : 1,
        now: this.clock.now(),
        step: this.clock.stepping() ?? (this.outgoing.length > 0 ? this.stepSpan : null),
      },
      scenario: scenario ? { ...scenario.status(this.clock.now()), reserved: this.world.reserved() } : null,
      demo: this.demo.name(),
      sent: this.stats.sent,
      commands: this.stats.commands,
      replay: this.replays.status(),
    };
  }

  /** Whether a replay has muted the devices. */
  isMuted = (): boolean => this.replays.muted;

  device = (unitId: string): UnitDevice | undefined => this.unitDevices.get(unitId);
  server = (serverId: string): ServerDevice | undefined => this.world.server(serverId);
  deviceCount = (): number => this.unitDevices.size;

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
    this.replicas.assign(
      servers,
      servers.map((s) => s.serverId),
    );
  }

  /** The unit devices this engine runs. */
  units(): IterableIterator<UnitDevice> {
    return this.unitDevices.values();
  }

  stop(): void {
    this.endStep();
    this.scenarios.run?.stop();
    this.replays.halt();
    this.unitDevices.stop();
    this.world.clear();
    this.wheel.stop();
    this.clock.stop();
    this.end?.close();
  }
}

export { World };

/** The thing a report describes when the core keeps only its latest (and a step sends it only when it changed); null otherwise. */
function sentKey(m: DeviceToCore): string | null {
  if (m.kind === 'telemetry') return null; // always the latest readings
  if (m.kind === 'event' && m.event.type === 'file') return null; // a file's progress is its news
  return outcomeKey(m);
}

/** A report's content without its time, hashed (FNV-1a, 32 bits). */
function signature(m: DeviceToCore): number {
  const text = m.kind === 'state' ? `${m.online}|${JSON.stringify(m.applications)}` : m.kind === 'event' ? JSON.stringify(m.event) : JSON.stringify(m);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
