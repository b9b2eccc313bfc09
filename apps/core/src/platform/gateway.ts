/**
 * The device gateway, core side: the only way the core reaches devices. Shards (the in-process
 * simulator, or simulator processes over a websocket) attach; the fleet is partitioned among them;
 * commands go to the owning shard and wait for its acknowledgement.
 */
import { randomUUID } from 'node:crypto';
import type {
  CoreGatewayEnd,
  CoreToDevice,
  DeviceAck,
  DeviceCommand,
  DeviceSpec,
  DeviceState,
  DeviceTelemetry,
  DeviceToCore,
  RecordedDeviceMessage,
  ServerCommand,
} from '@fleet/contracts';
import type { DeviceEvent } from '@fleet/contracts';
import { parseDeviceToCore } from '@fleet/contracts';
// Servers and the control plane
import type { ClockControlInput, ClockStatus, ReplayDue, ServerSpec, ShardControlRequest, ShardStatus } from '@fleet/contracts';
import { AppError } from '../errors.js';
import { systemClock, type Clock, type ClockTimer } from './clock.js';

/** How often a clock step's progress is asked for while the shards run it (stepClock). */
export const STEP_POLL_MS = 100;

interface Shard {
  id: string;
  end: CoreGatewayEnd;
  units: Set<string>;
}

interface HeldMessage {
  shard: Shard;
  msg: DeviceToCore;
}

interface Pending {
  resolve: (ack: DeviceAck) => void;
  reject: (e: Error) => void;
  timer: ClockTimer;
  /** Run as the acknowledgement is dispatched: the device's reports received before it are queued, none after. */
  atAck: (() => void) | undefined;
}

export interface GatewayHandlers {
  onState(msg: DeviceState): void;
  onTelemetry(msg: DeviceTelemetry): void;
  onShardChange?(shards: number): void;
}

export interface GatewayLogger {
  warn(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
}

export class DeviceGateway {
  private readonly shards: Shard[] = [];
  private readonly owner = new Map<string, Shard>();
  private readonly pending = new Map<string, Pending>();
  private fleet: DeviceSpec[] = [];
  private handlers: GatewayHandlers | null = null;
  /** Set by close(): the core is shutting down. */
  private closing = false;
  readonly stats = { received: 0, rejected: 0, /** device messages delivered (batch members counted one by one) */ messages: 0 };
  /** Told of every device event a shard reports. */
  private readonly eventListeners: ((event: DeviceEvent, at: number) => void)[] = [];
  /**
   * Told of every accepted device report (state, telemetry, event), as received: the recorder's tap
   * (mock/recordings.ts). Null while nobody listens, so the hot path pays one comparison.
   */
  private messageTap: ((message: RecordedDeviceMessage) => void) | null = null;

  constructor(
    private readonly timeoutMs: number,
    private readonly log: GatewayLogger,
    /** Command timeouts run on it. */
    private readonly clock: Clock = systemClock,
  ) {}

  setHandlers(h: GatewayHandlers): void {
    this.handlers = h;
  }

  /** Follow the device events shards report (platform/device-events.ts hands each kind to its service). */
  onDeviceEvent(listener: (event: DeviceEvent, at: number) => void): void {
    this.eventListeners.push(listener);
  }

  /**
   * Follow every device report the core accepts (batch members one by one), until the returned
   * function is called. One listener at a time: the recorder; a second replaces the first.
   */
  onDeviceMessage(listener: (message: RecordedDeviceMessage) => void): () => void {
    this.messageTap = listener;
    return () => {
      if (this.messageTap === listener) this.messageTap = null;
    };
  }

  /** The devices and servers the shards run now (what a recording starts from). */
  fleetSnapshot(): { devices: readonly DeviceSpec[]; servers: readonly ServerSpec[] } {
    return { devices: this.fleet, servers: this.servers };
  }

  /** Reports held while a replayed REST write runs (see holdReports), or null. */
  private held: HeldMessage[] | null = null;
  /** Told when a shard's replay reaches a recorded REST write (mock/replays.ts runs it). */
  private replayDueListener: ((due: ReplayDue) => void) | null = null;
  private clockListener: ((clock: ClockStatus | null) => void) | null = null;

  /**
   * Follow the simulated clock: every shard's control reply carries its clock (all shards run the
   * same); null once no shard is attached. One listener: the business clock (platform/business-clock.ts).
   */
  onShardClock(listener: (clock: ClockStatus | null) => void): void {
    this.clockListener = listener;
  }

  /** Follow the shards' `replayDue` messages (one listener: the replay service). */
  onReplayDue(listener: (due: ReplayDue) => void): void {
    this.replayDueListener = listener;
  }

  /** Attach one shard; it receives its part of the fleet at once. */
  attach(end: CoreGatewayEnd, opts: { trusted: boolean }): void {
    const shard: Shard = { id: randomUUID(), end, units: new Set() };
    this.shards.push(shard);
    end.onMessage((raw) => this.receive(shard, raw, opts.trusted));
    end.onClose(() => this.detach(shard));
    this.rebalance();
    this.handlers?.onShardChange?.(this.shards.length);
  }

  private detach(shard: Shard): void {
    const i = this.shards.indexOf(shard);
    if (i < 0) return;
    this.shards.splice(i, 1);
    // Its devices are unreachable until another shard takes them over. Not reported while the
    // core shuts down (the shards' sockets close after storage has been settled, and the next
    // start begins with every unit offline anyway).
    const now = this.clock.now();
    for (const unitId of shard.units) {
      this.owner.delete(unitId);
      if (!this.closing) this.handlers?.onState({ kind: 'state', unitId, online: false, applications: {}, at: now });
    }
    this.log.warn({ shard: shard.id, units: shard.units.size }, 'device gateway shard detached');
    if (this.shards.length === 0) this.clockListener?.(null);
    this.rebalance();
    this.handlers?.onShardChange?.(this.shards.length);
  }

  /** The devices that exist (from storage); partitioned across shards. */
  setFleet(devices: DeviceSpec[]): void {
    this.fleet = devices;
    this.rebalance();
  }

  addDevice(device: DeviceSpec): void {
    this.fleet = [...this.fleet.filter((d) => d.unitId !== device.unitId), device];
    this.rebalance();
  }

  removeDevice(unitId: string): void {
    this.fleet = this.fleet.filter((d) => d.unitId !== unitId);
    this.rebalance();
  }

  private rebalance(): void {
    if (this.deferDepth > 0) {
      this.deferred = true;
      return;
    }
    if (this.shards.length === 0) return;
    const parts = new Map<Shard, DeviceSpec[]>(this.shards.map((s) => [s, []]));
    this.owner.clear();
    for (const d of this.fleet) {
      const shard = this.shards[hash(d.unitId) % this.shards.length]!;
      parts.get(shard)!.push(d);
      this.owner.set(d.unitId, shard);
    }
    for (const [shard, devices] of parts) {
      shard.units = new Set(devices.map((d) => d.unitId));
      shard.end.send({ kind: 'assign', devices });
    }
    this.assignServers();
  }

  private receive(shard: Shard, raw: unknown, trusted: boolean, batchMember = false): void {
    if (!batchMember) this.stats.received++;
    let msg: DeviceToCore;
    if (trusted) {
      msg = raw as DeviceToCore; // in-process messages are typed objects already
    } else {
      // What DeviceToCore accepts; telemetry is checked by hand and not copied (the hot path).
      const parsed = parseDeviceToCore(raw);
      if (parsed === undefined) {
        this.stats.rejected++;
        this.log.warn({ shard: shard.id }, 'device gateway: malformed message dropped');
        return;
      }
      msg = parsed;
    }
    if (msg.kind !== 'batch') this.stats.messages++;
    if (this.held !== null && (msg.kind === 'state' || msg.kind === 'telemetry' || msg.kind === 'event' || msg.kind === 'replayDue')) {
      this.held.push({ shard, msg });
      return;
    }
    this.dispatch(shard, msg);
  }

  /**
   * Apply a device report as its device would send it, from no shard: the live values an import
   * sets (mock/fleet-import.ts) while a replay keeps the shards' own devices muted. A unit's
   * state and telemetry are applied as the unit's reports; a device event goes to its listeners.
   */
  applyReport(msg: RecordedDeviceMessage): void {
    switch (msg.kind) {
      case 'state':
        this.handlers?.onState(msg);
        return;
      case 'telemetry':
        this.handlers?.onTelemetry(msg);
        return;
      case 'event':
        for (const listener of this.eventListeners) listener(msg.event, msg.at);
        return;
    }
  }

  /**
   * Hold the device reports (and replay announcements) that arrive from now on, in order, until
   * {@link releaseReports}; acknowledgements and control replies still pass. A replay holds them
   * while it runs a recorded REST write, so that the write sees exactly what the devices had
   * reported before it in the recording, however long it takes.
   */
  holdReports(): void {
    this.held ??= [];
  }

  /**
   * Deliver what was held, in order. A held `replayDue` whose listener holds again stops the
   * delivery there: what came after it waits for that write in turn.
   */
  releaseReports(): void {
    const pending = this.held ?? [];
    this.held = null;
    for (let i = 0; i < pending.length; i++) {
      const { shard, msg } = pending[i]!;
      this.dispatch(shard, msg);
      if (this.held !== null) {
        this.held = [...pending.slice(i + 1), ...(this.held as HeldMessage[])];
        return;
      }
    }
  }

  private dispatch(shard: Shard, msg: DeviceToCore): void {
    switch (msg.kind) {
      // A shard's batch frame (validated as a whole above), and control-plane replies.
      case 'batch': {
        const members = msg.messages;
        for (let i = 0; i < members.length; i++) this.receive(shard, members[i], true, true);
        return;
      }
      case 'controlReply':
        this.controlReply(msg.requestId, msg.status);
        return;
      case 'replayDue':
        this.replayDueListener?.(msg);
        return;
      case 'hello':
        this.log.info({ shard: shard.id, name: msg.shardId }, 'device gateway shard attached');
        return;
      case 'ack': {
        const p = this.pending.get(msg.commandId);
        if (!p) return;
        this.pending.delete(msg.commandId);
        this.clock.clearTimeout(p.timer);
        p.atAck?.();
        p.resolve(msg);
        return;
      }
      case 'state':
        if (shard.units.has(msg.unitId)) {
          if (this.messageTap !== null) this.messageTap(msg);
          this.handlers?.onState(msg);
        }
        return;
      case 'telemetry':
        if (shard.units.has(msg.unitId)) {
          if (this.messageTap !== null) this.messageTap(msg);
          this.handlers?.onTelemetry(msg);
        }
        return;
      // Device events (speed test, cellular scan, ...) go to their listeners.
      case 'event':
        if (this.messageTap !== null) this.messageTap(msg);
        for (const listener of this.eventListeners) listener(msg.event, msg.at);
        return;
    }
  }

  /**
   * Send a command and wait for the device's acknowledgement. `atAck` runs synchronously as the
   * acknowledgement arrives, when exactly the unit's reports sent before it have been received: a
   * report sent just after it (a stream running 40 ms later) may come in the same frame and be
   * handled before the caller's continuation runs.
   */
  send(unitId: string, command: DeviceCommand, atAck?: () => void): Promise<DeviceAck> {
    return this.request(this.owner.get(unitId), (commandId) => ({ kind: 'command', commandId, unitId, command }), atAck);
  }

  /**
   * Tell the unit's device, when a shard runs it, without waiting for its acknowledgement; a unit
   * no shard runs is skipped (no refusal made and dropped per write).
   */
  notify(unitId: string, command: DeviceCommand): void {
    if (!this.owner.has(unitId)) return;
    this.send(unitId, command).catch(() => undefined);
  }

  /**
   * Send a command to a receiving server (through the shard that owns it) and wait for its
   * acknowledgement; DEVICE_UNREACHABLE when no shard runs the server or none answers in time.
   */
  sendToServer(serverId: string, command: ServerCommand): Promise<DeviceAck> {
    return this.request(this.serverOwner.get(serverId), (commandId) => ({ kind: 'serverCommand', commandId, serverId, command }));
  }

  private request(shard: Shard | undefined, message: (commandId: string) => CoreToDevice, atAck?: () => void): Promise<DeviceAck> {
    if (!shard) return Promise.reject(new AppError('DEVICE_UNREACHABLE'));
    const commandId = randomUUID();
    return new Promise<DeviceAck>((resolve, reject) => {
      const timer = this.clock.setTimeout(() => {
        this.pending.delete(commandId);
        reject(new AppError('DEVICE_UNREACHABLE'));
      }, this.timeoutMs);
      this.pending.set(commandId, { resolve, reject, timer, atAck });
      shard.end.send(message(commandId));
    });
  }

  // ── servers for every shard, fleet updates in bulk, control plane ───────────────────────────────
  private servers: ServerSpec[] = [];
  /** The shard that runs each server (answers its commands and reports its state). */
  private readonly serverOwner = new Map<string, Shard>();
  private deferDepth = 0;
  private deferred = false;
  private readonly pendingControl = new Map<string, { expected: number; replies: ShardStatus[]; done: (r: ShardStatus[]) => void; timer: ClockTimer }>();

  /** The servers (with channels) every shard emulates a replica of; each is owned by one shard. */
  setServers(servers: ServerSpec[]): void {
    this.servers = servers;
    this.assignServers();
  }

  private assignServers(): void {
    if (this.shards.length === 0) this.serverOwner.clear();
    if (this.shards.length === 0 || this.deferDepth > 0) return;
    const owned = new Map<Shard, string[]>(this.shards.map((s) => [s, []]));
    this.serverOwner.clear();
    for (const s of this.servers) {
      const shard = this.shards[hash(s.serverId) % this.shards.length]!;
      owned.get(shard)!.push(s.serverId);
      this.serverOwner.set(s.serverId, shard);
    }
    for (const shard of this.shards) shard.end.send({ kind: 'assignServers', servers: this.servers, owned: owned.get(shard) ?? [] });
  }

  /** Run `fn` (which may add and remove many devices) with one re-partition at the end. */
  async inBulk<T>(fn: () => Promise<T>): Promise<T> {
    this.deferDepth++;
    try {
      return await fn();
    } finally {
      this.deferDepth--;
      if (this.deferDepth === 0 && this.deferred) {
        this.deferred = false;
        this.rebalance();
      }
    }
  }

  /**
   * Forward a control-plane request to the shards and collect their status replies: to the shard
   * owning `unitId` when given, else to every shard. Shards that do not answer within the command
   * timeout are left out of the result.
   */
  control(request: ShardControlRequest, unitId?: string): Promise<ShardStatus[]> {
    const owner = unitId === undefined ? undefined : this.owner.get(unitId);
    return this.controlTargets(request, unitId === undefined ? [...this.shards] : owner ? [owner] : []);
  }

  /**
   * Step every shard's stepped clock by `advanceMs` and answer once every step has ended (reached
   * its end or was cancelled, `clockCancel`): a long step runs on the shards in slices, each reply's
   * `clock.step` saying how far it got, and this asks again every {@link STEP_POLL_MS} meanwhile.
   * A shard's refusal (not stepped, a step under way) is answered at once, in its reply's `error`.
   */
  async stepClock(clock: ClockControlInput & { advanceMs: number }): Promise<ShardStatus[]> {
    let replies = await this.control({ op: 'clock', clock });
    if (replies.some((r) => r.error)) return replies;
    while (replies.length > 0 && replies.some((r) => r.clock.step)) {
      // Real time: the wait is for work the shards do, whatever clock the core is given (tests step theirs).
      await new Promise((resolve) => setTimeout(resolve, STEP_POLL_MS));
      replies = await this.control({ op: 'status' });
    }
    return replies;
  }

  /**
   * Forward a control request to one shard (by its place in the attach order, see
   * {@link ownerIndex}): a replay loads each shard with its own part. Null when there is no such
   * shard or it does not answer in time.
   */
  async controlShard(index: number, request: ShardControlRequest): Promise<ShardStatus | null> {
    const shard = this.shards[index];
    if (!shard) return null;
    return (await this.controlTargets(request, [shard]))[0] ?? null;
  }

  /** The place (attach order) of the shard that runs a unit, or null when no shard runs it. */
  ownerIndex(unitId: string): number | null {
    const shard = this.owner.get(unitId);
    if (!shard) return null;
    const i = this.shards.indexOf(shard);
    return i < 0 ? null : i;
  }

  private controlTargets(request: ShardControlRequest, targets: Shard[]): Promise<ShardStatus[]> {
    if (targets.length === 0) return Promise.resolve([]);
    const requestId = randomUUID();
    return new Promise((resolve) => {
      const finish = (replies: ShardStatus[]) => {
        const p = this.pendingControl.get(requestId);
        if (!p) return;
        this.clock.clearTimeout(p.timer);
        this.pendingControl.delete(requestId);
        resolve(replies);
      };
      const timer = this.clock.setTimeout(() => finish(this.pendingControl.get(requestId)?.replies ?? []), this.timeoutMs);
      this.pendingControl.set(requestId, { expected: targets.length, replies: [], done: finish, timer });
      for (const shard of targets) shard.end.send({ kind: 'control', requestId, control: request });
    });
  }

  private controlReply(requestId: string, status: ShardStatus): void {
    const p = this.pendingControl.get(requestId);
    this.clockListener?.(status.clock);
    if (!p) return;
    p.replies.push(status);
    if (p.replies.length >= p.expected) p.done(p.replies);
  }

  shardCount(): number {
    return this.shards.length;
  }

  close(): void {
    this.closing = true;
    for (const p of this.pendingControl.values()) p.done(p.replies);
    for (const p of this.pending.values()) {
      this.clock.clearTimeout(p.timer);
      p.reject(new AppError('DEVICE_UNREACHABLE'));
    }
    this.pending.clear();
    for (const s of [...this.shards]) s.end.close();
  }
}

/** FNV-1a: a stable partition of unit ids across shards. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
