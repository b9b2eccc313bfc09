/**
 * Replays ("Record and replay"; mock only): the core plays a recording
 * (mock/recordings.ts) into itself through the simulator shards, so that the same recording
 * gives the same event log (tests/integration/replay.test.ts holds it to that).
 *
 * The core holds the recording and works out the entries (mock/replay-entries.ts); each shard
 * gets its part (a unit's reports go to the shard that runs the unit) and plays it on its own clock
 * with its devices muted, sending the device reports as those devices. A recorded REST write is
 * announced by the shard when due (`replayDue`) and run here, through the app's own request path,
 * as the user who made it, with the ids the replay's earlier writes got in place of the recorded
 * ones. Pause, step and resume work the shards' clocks; the state reported is the shards' parts
 * together.
 */
import { randomUUID } from 'node:crypto';
import {
  MOCK_AUTH,
  REPLAY_LOAD_CHUNK,
  ReplayStartInput,
  ReplayStepInput,
  type ClockModeInput,
  type ClockStatus,
  type Recording,
  type RecordedRequest,
  type ReplayEntry,
  type ReplayStatus,
  type ShardControlRequest,
  type ShardStatus,
} from '@fleet/contracts';
import { AppError } from '../errors.js';
import type { AuthUser } from '../platform/access.js';
import type { AuthService } from '../platform/auth.js';
import type { ServiceDeps } from '../modules/deps.js';
import type { UnitService } from '../modules/units/units.js';
import type { FleetService } from './fleet.js';
import type { RecordingService } from './recordings.js';
import { durationOf, mentionedDevices, replayEntries, splitEntries } from './replay-entries.js';
import { createMentionedDevices } from './replay-devices.js';

/** A refusal of the replay control plane, named as tRPC names it (mock/control-plane.ts passes the code on). */
export class ReplayError extends Error {
  constructor(
    readonly code: 'NOT_FOUND' | 'CONFLICT' | 'PRECONDITION_FAILED' | 'TIMEOUT',
    message: string,
  ) {
    super(message);
    this.name = 'ReplayError';
  }
}

/** A request run through the app (Fastify's `inject`), answered with its status and body. */
export type InjectRequest = (request: {
  method: RecordedRequest['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string;
}) => Promise<{ statusCode: number; body: string }>;

/** The most problems kept for the status (the contract's bound). */
const MAX_ERRORS = 20;

interface Replay {
  replayId: string;
  recordingId: string;
  name: string;
  recording: Recording;
  /** The clock the replay runs on when not paused. */
  mode: ClockModeInput;
  state: 'running' | 'paused' | 'stopped';
  /** Each shard's part, by the shard's place (the gateway's attach order). */
  parts: ReplayEntry[][];
  total: number;
  durationMs: number;
  notReplayable: number;
  /** REST writes of the recording, and those run so far (answered as recorded or not). */
  requestsTotal: number;
  requestsRun: number;
  ok: number;
  failed: number;
  errors: string[];
  /** Recorded id → the id the replay's own write got (path and body of later writes are mapped). */
  ids: Map<string, string>;
  /** Session token per recorded user, minted for this replay and ended with it. */
  sessions: Map<string, Promise<string | null>>;
  /** REST writes run one after another, in the order they fell due. */
  queue: Promise<void>;
  /** Lets the recording be removed again. */
  release: () => void;
  /** The last shard statuses seen (once stopped, what the status keeps showing). */
  last: { applied: number; elapsedMs: number; clock: ClockStatus; finished: boolean } | null;
}

export class ReplayService {
  private current: Replay | null = null;
  private inject: InjectRequest | null = null;
  /** Serialises start, pause, resume, step and stop (each talks to every shard in turn). */
  private control: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly deps: Pick<ServiceDeps, 'config' | 'clock' | 'db' | 'readModel' | 'gateway' | 'log'>,
    /** Told of the devices a replay creates (replay-devices.ts). */
    private readonly units: Pick<UnitService, 'refreshUnit'>,
    /** The services a replay works with, looked up when used (they are made beside this one). */
    private readonly services: () => { recordings: RecordingService; fleet: FleetService; auth: AuthService },
  ) {
    deps.gateway.onReplayDue((due) => {
      const r = this.current;
      if (!r || r.replayId !== due.replayId || r.state === 'stopped') return;
      // What the devices report after the write waits for it: the write sees what came before it, as it did when recorded.
      deps.gateway.holdReports();
      r.queue = r.queue.then(() => this.runRequest(r, due.index)).finally(() => deps.gateway.releaseReports());
    });
  }

  /** How recorded REST writes reach the app (app.ts hands in `app.inject` once the app exists). */
  useInject(inject: InjectRequest): void {
    this.inject = inject;
  }

  /** The recording being replayed (recordings.ts refuses to remove it meanwhile), or null. */
  playing(): string | null {
    return this.current && this.current.state !== 'stopped' ? this.current.recordingId : null;
  }

  private serially<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.control.then(fn, fn);
    this.control = run.catch(() => undefined);
    return run;
  }

  /**
   * The refusals of `start` that depend on what runs now (CONFLICT: another replay runs, or the
   * recording is still being made): a caller that writes before it starts a replay (the fleet
   * import) asks first, so that a refused request changes nothing.
   */
  async checkCanStart(recordingId: string): Promise<void> {
    const running = this.current;
    if (running && running.state !== 'stopped' && !(await this.finished(running))) throw new ReplayError('CONFLICT', 'A replay is running: stop it first');
    if (this.services().recordings.active()?.id === recordingId) throw new ReplayError('CONFLICT', 'The recording is still being made: stop it first');
  }

  /**
   * Start replaying a recording: refused (CONFLICT) while another replay runs or while the
   * recording is being made, NOT_FOUND for an unknown one, PRECONDITION_FAILED without a shard.
   * Creates what the recording mentions and this core lacks, resets the fleet to the recording's
   * seed when asked, loads every shard with its part and starts their clocks.
   */
  start(rawInput: ReplayStartInput, user: AuthUser): Promise<ReplayStatus> {
    const input = ReplayStartInput.parse(rawInput);
    return this.serially(async () => {
      const running = this.current;
      await this.checkCanStart(input.recordingId);
      let release: () => void;
      let recording: Recording;
      try {
        release = await this.services().recordings.hold(input.recordingId);
      } catch (e) {
        throw notFound(e, input.recordingId);
      }
      try {
        recording = await this.services().recordings.read(input.recordingId);
      } catch (e) {
        release();
        throw notFound(e, input.recordingId);
      }
      try {
        const shards = this.deps.gateway.shardCount();
        if (shards === 0) throw new ReplayError('PRECONDITION_FAILED', 'No simulator shard is attached');
        if (running) await this.end(running);
        const summary = (await this.services().recordings.list()).find((s) => s.id === input.recordingId);
        await createMentionedDevices(this.deps, this.units, mentionedDevices(recording));
        const plan = replayEntries(recording, this.derivation());
        const parts = splitEntries(plan.entries, this.deps.gateway.shardCount(), (unitId) => this.deps.gateway.ownerIndex(unitId));
        const mode: ClockModeInput = input.speed === 1 ? { kind: 'realtime' } : { kind: 'accelerated', factor: input.speed };
        const replay: Replay = {
          replayId: randomUUID(),
          recordingId: input.recordingId,
          name: summary?.name ?? recording.header.name,
          recording,
          mode,
          state: input.paused ? 'paused' : 'running',
          parts,
          total: plan.entries.length,
          durationMs: durationOf(recording),
          notReplayable: plan.notReplayable,
          requestsTotal: plan.entries.filter((e) => e.kind === 'request').length,
          requestsRun: 0,
          ok: 0,
          failed: 0,
          errors: [],
          ids: new Map(),
          sessions: new Map(),
          queue: Promise.resolve(),
          release,
          last: null,
        };
        this.current = replay;
        this.deps.log.info(
          { replayId: replay.replayId, recordingId: replay.recordingId, entries: replay.total, shards: parts.length, by: user.id },
          'replay started',
        );
        await this.toEveryShard({ op: 'replayStop' });
        for (const [i, part] of parts.entries()) {
          for (let at = 0; at === 0 || at < part.length; at += REPLAY_LOAD_CHUNK) {
            const reply = await this.deps.gateway.controlShard(i, {
              op: 'replayLoad',
              replayId: replay.replayId,
              entries: part.slice(at, at + REPLAY_LOAD_CHUNK),
            });
            if (!reply) throw new ReplayError('TIMEOUT', 'Configuration not sent, retry');
          }
        }
        // A shard keeps a loaded replay through a reset: the fleet restarts from the recording's seed, then the replay mutes it.
        if (input.reset && recording.header.seed !== null) {
          const startAt = this.deps.clock.now();
          await this.services().fleet.onReset(startAt);
          await this.toEveryShard({ op: 'reset', seed: recording.header.seed, startAt });
        }
        await this.toEveryShard({
          op: 'replayStart',
          replayId: replay.replayId,
          startAt: this.deps.clock.now(),
          clock: input.paused ? { kind: 'stepped' } : mode,
        });
        return await this.statusOf(replay);
      } catch (e) {
        if (this.current?.release === release) {
          this.current.state = 'stopped';
          await this.end(this.current);
        } else release();
        throw e;
      }
    });
  }

  /** Hold the shards' clocks (stepped): nothing more is played until a step or a resume. */
  pause(): Promise<ReplayStatus> {
    return this.serially(async () => {
      const r = this.live();
      await this.toEveryShard({ op: 'clock', clock: { mode: { kind: 'stepped' } } });
      if (r.state === 'running') r.state = 'paused';
      return this.statusOf(r);
    });
  }

  /** Back to the replay's own pace. */
  resume(): Promise<ReplayStatus> {
    return this.serially(async () => {
      const r = this.live();
      await this.toEveryShard({ op: 'clock', clock: { mode: r.mode } });
      if (r.state === 'paused') r.state = 'running';
      return this.statusOf(r);
    });
  }

  /**
   * Play the next `entries` entries (across every shard), then stay paused: every shard's clock
   * moves on to the time of the last of them. Entries due at that same instant are played with it
   * (a clock cannot stop between two entries of one millisecond).
   */
  step(rawInput: ReplayStepInput): Promise<ReplayStatus> {
    const { entries: n } = ReplayStepInput.parse(rawInput);
    return this.serially(async () => {
      const r = this.live();
      if (r.state === 'running') {
        await this.toEveryShard({ op: 'clock', clock: { mode: { kind: 'stepped' } } });
        r.state = 'paused';
      }
      const shards = await this.shardStatuses(r);
      const next: number[] = [];
      // Every shard's clock moved alike; one that finished its part stopped counting at its last entry.
      let elapsed = 0;
      for (const [i, part] of r.parts.entries()) {
        const s = shards[i]?.replay;
        const applied = s?.replayId === r.replayId ? s.applied : 0;
        if (s?.replayId === r.replayId) elapsed = Math.max(elapsed, s.elapsedMs);
        for (const e of part.slice(applied)) next.push(e.t);
      }
      if (next.length > 0) {
        next.sort((a, b) => a - b);
        const target = next[Math.min(n, next.length) - 1]!;
        const advanceMs = Math.max(1, Math.ceil(target - elapsed));
        await this.stepEveryShard(advanceMs);
        // The writes that fell due were announced before the shards answered: they run first.
        await r.queue;
      }
      return this.statusOf(r);
    });
  }

  /** Stop the replay: every shard drops it (its devices simulate again), the replay's sessions end. */
  stop(): Promise<ReplayStatus> {
    return this.serially(async () => {
      const r = this.current;
      if (!r) throw new ReplayError('PRECONDITION_FAILED', 'No replay is running');
      if (r.state !== 'stopped') {
        r.last = await this.aggregate(r);
        r.state = 'stopped';
        await this.toEveryShard({ op: 'replayStop' });
        await this.end(r);
      }
      return this.statusOf(r);
    });
  }

  /** The replay (running, paused, finished or the last stopped one), or null when none was started. */
  async status(): Promise<ReplayStatus | null> {
    const r = this.current;
    return r ? this.statusOf(r) : null;
  }

  /** The core is shutting down: a replay's writes finish and its sessions end while storage is still open. */
  async close(): Promise<void> {
    const r = this.current;
    if (r && r.state !== 'stopped') {
      r.state = 'stopped';
      await this.end(r);
    }
  }

  // ── internals ─────────────────────────────────────────────────────────────────────────────────

  private live(): Replay {
    const r = this.current;
    if (!r || r.state === 'stopped') throw new ReplayError('PRECONDITION_FAILED', 'No replay is running');
    return r;
  }

  private async toEveryShard(request: ShardControlRequest): Promise<ShardStatus[]> {
    if (this.deps.gateway.shardCount() === 0) throw new ReplayError('PRECONDITION_FAILED', 'No simulator shard is attached');
    const replies = await this.deps.gateway.control(request);
    if (replies.length === 0) throw new ReplayError('TIMEOUT', 'Configuration not sent, retry');
    const error = replies.find((s) => s.error)?.error;
    if (error) throw new ReplayError('PRECONDITION_FAILED', error);
    return replies;
  }

  /** Step every shard's clock and wait until the step has ended (gateway.stepClock). */
  private async stepEveryShard(advanceMs: number): Promise<ShardStatus[]> {
    if (this.deps.gateway.shardCount() === 0) throw new ReplayError('PRECONDITION_FAILED', 'No simulator shard is attached');
    const replies = await this.deps.gateway.stepClock({ advanceMs });
    if (replies.length === 0) throw new ReplayError('TIMEOUT', 'Configuration not sent, retry');
    const error = replies.find((s) => s.error)?.error;
    if (error) throw new ReplayError('PRECONDITION_FAILED', error);
    return replies;
  }

  /** Every shard's status, by its place (null where one did not answer). */
  private async shardStatuses(r: Replay): Promise<(ShardStatus | null)[]> {
    return Promise.all(r.parts.map((_, i) => this.deps.gateway.controlShard(i, { op: 'status' })));
  }

  /** The shards' parts together: entries played, recording time reached, the clock, whether all are done. */
  private async aggregate(r: Replay): Promise<NonNullable<Replay['last']>> {
    const shards = await this.shardStatuses(r);
    let applied = 0;
    // The slowest shard still playing; once none is, the furthest any got (a finished part stops counting at its last entry).
    let playing = Number.POSITIVE_INFINITY;
    let reached = 0;
    let finished = true;
    let clock: ClockStatus | null = null;
    for (const [i, s] of shards.entries()) {
      clock ??= s?.clock ?? null;
      const part = s?.replay?.replayId === r.replayId ? s.replay : null;
      if (part) {
        applied += part.applied;
        reached = Math.max(reached, part.elapsedMs);
        if (part.state === 'running') playing = Math.min(playing, part.elapsedMs);
      }
      if ((r.parts[i]?.length ?? 0) > 0 && part?.state !== 'finished') finished = false;
    }
    finished &&= r.requestsRun >= r.requestsTotal;
    const elapsedMs = Number.isFinite(playing) ? playing : reached;
    return { applied, elapsedMs, clock: clock ?? { kind: 'realtime', factor: 1, now: this.deps.clock.now() }, finished };
  }

  private async finished(r: Replay): Promise<boolean> {
    return (await this.aggregate(r)).finished;
  }

  private async statusOf(r: Replay): Promise<ReplayStatus> {
    const live = r.state === 'stopped' ? null : await this.aggregate(r);
    const a = live ?? r.last ?? { applied: 0, elapsedMs: 0, clock: { kind: 'realtime' as const, factor: 1, now: this.deps.clock.now() }, finished: false };
    // A finished replay's sessions are of no more use (the shards keep its part until a stop or the next start).
    if (live?.finished && r.sessions.size > 0) await this.endSessions(r);
    return {
      replayId: r.replayId,
      recordingId: r.recordingId,
      name: r.name,
      state: r.state === 'stopped' ? 'stopped' : a.finished ? 'finished' : r.state,
      applied: a.applied,
      total: r.total,
      elapsedMs: Math.min(a.elapsedMs, r.durationMs),
      durationMs: r.durationMs,
      clock: a.clock,
      requests: { ok: r.ok, failed: r.failed },
      notReplayable: r.notReplayable,
      errors: [...r.errors],
    };
  }

  /** The replay is over: its writes finish, its sessions end, the recording may be removed again. */
  private async end(r: Replay): Promise<void> {
    await r.queue;
    await this.endSessions(r);
    r.release();
  }

  private async endSessions(r: Replay): Promise<void> {
    const tokens = [...r.sessions.values()];
    r.sessions.clear();
    for (const t of await Promise.all(tokens)) if (t) await this.services().auth.logout(t);
  }

  private problem(r: Replay, message: string): void {
    r.errors.push(message);
    if (r.errors.length > MAX_ERRORS) r.errors.splice(0, r.errors.length - MAX_ERRORS);
  }

  /** Run line `index` of the recording (a REST write) as its recorded user; count it ok when answered as recorded. */
  private async runRequest(r: Replay, index: number): Promise<void> {
    const line = r.recording.lines[index];
    if (!line || line.kind !== 'request') {
      this.problem(r, `line ${index + 2}: not a REST write`);
      return;
    }
    const what = `${line.method} ${line.path}`;
    try {
      if (!this.inject) throw new Error('the core cannot run requests yet');
      let session = r.sessions.get(line.userId);
      if (!session) r.sessions.set(line.userId, (session = this.services().auth.openSession(line.userId)));
      const token = await session;
      if (!token) {
        r.failed++;
        this.problem(r, `${what}: user ${line.userId} does not exist here`);
        return;
      }
      const path = mapIds(line.path, r.ids).replace(/^\/+/, '');
      const body = line.body === undefined ? undefined : mapIds(line.body, r.ids);
      const res = await this.inject({
        method: line.method,
        url: `${this.deps.config.CORE_PREFIX}/${path}`,
        headers: { cookie: `${MOCK_AUTH.sessionCookie}=${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      if (res.statusCode === line.status) r.ok++;
      else {
        r.failed++;
        this.problem(r, `${what}: answered ${res.statusCode}, recorded ${line.status}`);
      }
      const created = line.createdId === null ? null : createdIdOfBody(res.body);
      if (line.createdId !== null && created !== null && created !== line.createdId) r.ids.set(line.createdId, created);
    } catch (e) {
      r.failed++;
      this.problem(r, `${what}: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      // Counted once answered: the replay is not finished while a write still runs.
      r.requestsRun++;
    }
  }

  /** What the derivation of an events-only recording asks of this core. */
  private derivation() {
    const rm = this.deps.readModel;
    return {
      serverOfChannel: (id: string) => rm.channels.get(id)?.serverId ?? null,
      serverOfVrChannel: (id: string) => rm.vrChannels.get(id)?.serverId ?? null,
      serverSwVersion: (id: string) => rm.servers.get(id)?.swVersion ?? '',
    };
  }
}

function notFound(e: unknown, recordingId: string): unknown {
  if (e instanceof AppError && e.code === 'NOT_FOUND') return new ReplayError('NOT_FOUND', `No recording ${recordingId}`);
  return e;
}

/** The id an answer named (`id`, else `uniqueId`), as the recorder takes it. */
function createdIdOfBody(body: string): string | null {
  try {
    const v: unknown = JSON.parse(body);
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
    const o = v as Record<string, unknown>;
    if (typeof o.id === 'string') return o.id;
    return typeof o.uniqueId === 'string' ? o.uniqueId : null;
  } catch {
    return null;
  }
}

/**
 * A recorded path or body with the ids of objects the recording created replaced by the ids the
 * replay's own writes got: in a path wherever they occur, in a body where a string is exactly one.
 */
export function mapIds<T>(value: T, ids: ReadonlyMap<string, string>): T {
  if (ids.size === 0) return value;
  const walk = (v: unknown, inPath: boolean): unknown => {
    if (typeof v === 'string') {
      if (!inPath) return ids.get(v) ?? v;
      let out = v;
      for (const [from, to] of ids) out = out.split(from).join(to);
      return out;
    }
    if (Array.isArray(v)) return v.map((x) => walk(x, false));
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, false)]));
    return v;
  };
  return walk(value, typeof value === 'string') as T;
}
