/**
 * The mock's tRPC control plane (/mock/trpc). Mock only: the console probes `capabilities` and
 * shows simulator controls only when it answers. Fleet size and mix, scenarios, fault injection,
 * clock control and reset are forwarded to the simulator shards through the device gateway
 * (`control` messages); `core.*` reads what the core recorded from devices beyond the REST surface.
 *
 * Reads need a session; everything that changes the simulation needs super_user or staff (the
 * people who run the mock: QA and demo staff).
 *
 * `fleet.join` makes a simulated LU-Smart or LU-Lite join a group with a code: the core's own call
 * for it (POST groups/join) is made with the operator's session, so the code is checked, refused in
 * the spec's words and recorded exactly as a device's joining is; the unit it makes goes to the
 * shards like any new unit (the gateway's next assignment), and the owning shard starts running it.
 */
import { TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ClockControlInput,
  DemoSetInput,
  ERROR_CATALOGUE,
  FaultClearInput,
  FaultTarget,
  FleetGenerateInput,
  JoinedDevice,
  JoinGroupBody,
  MOCK_AUTH,
  RecordingIdInput,
  RecordingStartInput,
  ScenarioFile,
  ScenarioStartInput,
  buildPath,
  catalogue,
  parseErrorEnvelope,
  type ActiveFault,
  type ActiveFaultView,
  type RecordingSummary,
  type ScenarioStatusReply,
  type ShardFleetCheck,
  type ShardStatus,
} from '@fleet/contracts';
import { restoreSeededPreferences } from '@fleet/db';
import { restoreSeededUnits } from './seeded-units.js';
import { AppError } from '../errors.js';
import { ReplayStartInput, ReplayStepInput, type ReplayStatusReply } from '@fleet/contracts';
import { describeRefProblem, FleetImportInput, RecordingCompareInput, resolveScenarioRefs, ScenarioRunStartInput, type ScenarioRun } from '@fleet/contracts';
import { ReplayError } from './replays.js';
import { fleetNamesOf } from './scenario-runs.js';
import { journalOf, type RequestJournal } from './request-journal.js';
import { JournalListInput, JournalWaitInput } from '@fleet/contracts';
import { CHAOS_PROCEDURES, chaosRouter } from './chaos.js';
import { authed, control, operator, runsOf, t, type Context } from './control-plane-trpc.js';
import { chaosOf } from './chaos-http.js';
import { SANDBOX_PROCEDURES, sandboxRouter } from './sandboxes.js';

const CONTROL_PLANE = [
  'fleet.status',
  'fleet.generate',
  'fleet.clear',
  'fleet.join',
  'fleet.check',
  'fault.inject',
  'fault.active',
  'fault.clear',
  'clock.get',
  'clock.set',
  'clock.cancel',
  'reset',
  'scenario.start',
  'scenario.stop',
  'scenario.status',
  'scenario.library',
  'scenario.run',
  'scenario.runs',
  'demo.set',
  'demo.status',
  'core.unit',
  'core.server',
  'core.channel',
  'core.vrChannel',
  'core.outbox',
  'replay.start',
  'replay.pause',
  'replay.resume',
  'replay.step',
  'replay.stop',
  'replay.status',
  'recording.start',
  'recording.stop',
  'recording.list',
  'recording.remove',
  'recording.compare',
  'recording.importFleet',
  'journal.list',
  'journal.wait',
  ...CHAOS_PROCEDURES,
  ...SANDBOX_PROCEDURES,
] as const;

/**
 * After the shards advanced a stepped clock: the core's business time has followed (their replies
 * carry the clock, platform/business-clock.ts; its wall clock stays), and the answer waits until
 * the core has applied every report the devices sent meanwhile — the caller then reads a core that
 * is exactly at the new simulated time.
 */
async function afterAdvance(app: FastifyInstance): Promise<void> {
  // The link delivers in microtasks and the gateway queues per device: let both run first.
  await new Promise((resolve) => setImmediate(resolve));
  await app.services.reports.settle();
  await app.services.events.settle();
}

/** A service's refusal (AppError) as the control plane's error; anything else is left to the formatter. */
function refusal(e: unknown): unknown {
  if (!(e instanceof AppError)) return e;
  const code =
    e.status === 404
      ? 'NOT_FOUND'
      : e.status === 409
        ? 'CONFLICT'
        : e.status === 400
          ? 'BAD_REQUEST'
          : e.status === 403
            ? 'FORBIDDEN'
            : 'INTERNAL_SERVER_ERROR';
  return new TRPCError({ code, message: e.message, cause: e });
}

/** Run a service call, its refusals answered with their tRPC code. */
async function refusing<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw refusal(e);
  }
}

/** Run a replay call, its refusals (ReplayError) answered with their tRPC code. */
async function replaying<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof ReplayError) throw new TRPCError({ code: e.code, message: e.message, cause: e });
    throw e;
  }
}

/** The tRPC code of a refused REST answer. */
function codeOfStatus(status: number): TRPCError['code'] {
  if (status === 400) return 'BAD_REQUEST';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 429) return 'TOO_MANY_REQUESTS';
  return 'INTERNAL_SERVER_ERROR';
}

/** A simulated device joins with a code through POST groups/join, made as the operator; a refusal keeps the core's message. */
async function joinAsDevice(ctx: Context, body: JoinGroupBody): Promise<JoinedDevice> {
  const res = await ctx.app.inject({
    method: catalogue.joinGroupWithCode.method,
    url: `${ctx.app.config.CORE_PREFIX}${buildPath(catalogue.joinGroupWithCode.path, undefined)}`,
    headers: { cookie: `${MOCK_AUTH.sessionCookie}=${ctx.session ?? ''}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  let answer: unknown = null;
  try {
    answer = JSON.parse(res.body);
  } catch {
    // Not JSON: answered below as the generic error.
  }
  if (res.statusCode === catalogue.joinGroupWithCode.successStatus) return JoinedDevice.parse(answer);
  throw new TRPCError({ code: codeOfStatus(res.statusCode), message: parseErrorEnvelope(answer)?.error.message ?? ERROR_CATALOGUE.GENERIC.message });
}

/** The app's request journal, or 412 when it keeps none (REQUEST_JOURNAL_SIZE=0). */
function journalFor(ctx: Context): RequestJournal {
  const journal = journalOf(ctx.app);
  if (!journal) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'The request journal is off (REQUEST_JOURNAL_SIZE=0)' });
  return journal;
}

/** Restart the fleet from `seed`: the core forgets what devices had raised, every shard restarts at the same simulated time. */
async function resetFleet(app: FastifyInstance, seed: number): Promise<ShardStatus[]> {
  const startAt = app.services.clock.now();
  await app.services.fleet.onReset(startAt);
  return control(app, { op: 'reset', seed, startAt });
}

/**
 * The shards' fleet checks as one: each unit from the shard that runs it; a channel from the replica
 * where a unit holds it (a unit allocates on its own shard's replica), else the first; each server
 * from the first replica.
 */
function mergeFleetChecks(shards: ShardStatus[]): ShardFleetCheck {
  const merged: ShardFleetCheck = { violations: [], units: [], channels: [], servers: [] };
  const channels = new Map<string, ShardFleetCheck['channels'][number]>();
  const servers = new Map<string, ShardFleetCheck['servers'][number]>();
  for (const s of shards) {
    if (!s.fleet) continue;
    merged.violations.push(...s.fleet.violations.map((v) => (shards.length > 1 ? `${s.shardId}: ${v}` : v)));
    merged.units.push(...s.fleet.units);
    for (const c of s.fleet.channels) if (!channels.has(c.channelId) || c.allocatedTo !== null) channels.set(c.channelId, c);
    for (const x of s.fleet.servers) if (!servers.has(x.serverId)) servers.set(x.serverId, x);
  }
  merged.channels = [...channels.values()];
  merged.servers = [...servers.values()];
  return merged;
}

/**
 * The shards' active faults as one list, oldest first: a server's replicas each hold the same
 * entry (same id), kept once; each with its target's name as the core has it.
 */
function mergeActiveFaults(app: FastifyInstance, shards: ShardStatus[]): ActiveFaultView[] {
  const byId = new Map<string, ActiveFault>();
  for (const s of shards) for (const f of s.faults ?? []) if (!byId.has(f.id)) byId.set(f.id, f);
  const rm = app.services.readModel;
  return [...byId.values()]
    .sort((a, b) => a.since - b.since || a.id.localeCompare(b.id))
    .map((f) => ({ ...f, targetName: ('unitId' in f.target ? rm.units.get(f.target.unitId) : rm.servers.get(f.target.serverId))?.name ?? null }));
}

/** The scenario as the shards run it: one status, with the outcomes of every shard's steps. */
function firstScenario(shards: ShardStatus[]) {
  const first = shards.find((s) => s.scenario !== null)?.scenario ?? null;
  if (!first) return null;
  const outcomes = shards.flatMap((s) => (s.scenario?.name === first.name ? s.scenario.outcomes : []));
  return { ...first, outcomes: outcomes.sort((a, b) => a.index - b.index) };
}

export const appRouter = t.router({
  /** The capability probe: present only on the mock. */
  capabilities: t.procedure.query(() => ({ mock: true as const, controlPlane: [...CONTROL_PLANE] })),

  fleet: t.router({
    status: authed.query(async ({ ctx }) => {
      const s = ctx.app.services;
      const shards = s.gateway.shardCount() > 0 ? await s.gateway.control({ op: 'status' }) : [];
      return {
        shards: s.gateway.shardCount(),
        shardStatus: shards,
        mix: await s.fleet.mix(),
        gatewayMessages: s.gateway.stats.received,
        deviceMessages: s.gateway.stats.messages,
        realtimeClients: s.hub.clientCount(),
        realtime: { ...s.hub.stats },
      };
    }),
    /** Fleet size and mix: replace the generated units (seeded ones stay). */
    generate: operator.input(FleetGenerateInput).mutation(async ({ ctx, input }) => {
      try {
        return await ctx.app.services.fleet.generate(input);
      } catch (e) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: e instanceof Error ? e.message : String(e), cause: e });
      }
    }),
    clear: operator.mutation(async ({ ctx }) => ({ removed: await ctx.app.services.fleet.clearGenerated() })),
    /** A simulated LU-Smart or LU-Lite joins a group with a code (see the header). */
    join: operator.input(JoinGroupBody).mutation(({ ctx, input }) => joinAsDevice(ctx, input)),
    /** The fleet invariants of every shard and what they run (a scenario's expectFleet compares it with the REST answers). */
    check: authed.query(async ({ ctx }): Promise<ShardFleetCheck> => mergeFleetChecks(await control(ctx.app, { op: 'fleetCheck' }))),
  }),

  fault: t.router({
    /** Inject a fault into one unit (its owning shard) or one server (every shard's replica). */
    inject: operator.input(FaultTarget).mutation(async ({ ctx, input }) => {
      const replies = await control(ctx.app, { op: 'fault', target: input }, 'unitId' in input ? input.unitId : undefined);
      const applied = replies.filter((r) => r.applied);
      if (applied.length === 0) throw new TRPCError({ code: 'NOT_FOUND', message: 'No simulated device with this id' });
      const error = applied.find((r) => r.error)?.error ?? null;
      return { applied: applied.length, error };
    }),
    /** The faults injected here that are still in effect (a failed modem, a server powered off...), oldest first. */
    active: authed.query(async ({ ctx }): Promise<ActiveFaultView[]> => mergeActiveFaults(ctx.app, await control(ctx.app, { op: 'faults' }))),
    /** Undo one active fault (its id) or every one; answers how many were undone and what stays active. */
    clear: operator.input(FaultClearInput).mutation(async ({ ctx, input }) => {
      const replies = await control(ctx.app, { op: 'faultClear', ...(input.id === undefined ? {} : { id: input.id }) });
      // A server's replicas each undo their copy: one fault, however many shards.
      const cleared = new Set(replies.flatMap((r) => r.cleared ?? []));
      if (input.id !== undefined && cleared.size === 0) throw new TRPCError({ code: 'NOT_FOUND', message: 'No active fault with this id' });
      return { cleared: cleared.size, active: mergeActiveFaults(ctx.app, replies) };
    }),
  }),

  clock: t.router({
    /**
     * Each shard's clock; `pace` while a scenario run steps the clock at a pace (its ×N: the
     * runner advances the stepped clock no faster than that), so the header shows the run's speed.
     */
    get: authed.query(async ({ ctx }) => {
      const pace = runsOf(ctx.app).pace();
      return (await control(ctx.app, { op: 'status' })).map((s) => ({
        shardId: s.shardId,
        ...s.clock,
        ...(pace !== null && s.clock.kind === 'stepped' ? { pace } : {}),
      }));
    }),
    /** Real time, accelerated (factor), stepped; in stepped mode, advance by advanceMs. */
    /**
     * A step (advanceMs) answers when it has ended: a long one runs on the shards in slices, the
     * stack answering everyone meanwhile; `clock.get` shows how far it got (`step`), `clock.cancel`
     * ends it there.
     */
    set: operator.input(ClockControlInput).mutation(async ({ ctx, input }) => {
      const { advanceMs } = input;
      if (advanceMs !== undefined && ctx.app.services.gateway.shardCount() === 0) {
        throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'No simulator shard is attached' });
      }
      const replies =
        advanceMs === undefined ? await control(ctx.app, { op: 'clock', clock: input }) : await ctx.app.services.gateway.stepClock({ ...input, advanceMs });
      if (replies.length === 0) throw new TRPCError({ code: 'TIMEOUT', message: 'Configuration not sent, retry' });
      const error = replies.find((r) => r.error)?.error;
      if (error) throw new TRPCError({ code: error === 'CLOCK_STEPPING' ? 'CONFLICT' : 'BAD_REQUEST', message: error });
      if (advanceMs !== undefined) await afterAdvance(ctx.app);
      return replies.map((s) => ({ shardId: s.shardId, ...s.clock }));
    }),
    /** End the step under way where it got to (what happened until then stays); the step's `clock.set` then answers. */
    cancel: operator.mutation(async ({ ctx }) => (await control(ctx.app, { op: 'clockCancel' })).map((s) => ({ shardId: s.shardId, ...s.clock }))),
  }),

  /** Restart every simulated device from the seed. */
  reset: operator.input(z.object({ seed: z.number().int() }).strict()).mutation(async ({ ctx, input }) => {
    const replies = await resetFleet(ctx.app, input.seed);
    return { shards: replies.length, devices: replies.reduce((n, r) => n + r.devices, 0) };
  }),

  demo: t.router({
    /**
     * Run a demo preset (simulator/demos): with `reset` (the default) the fleet, what the core
     * holds of what the devices raised, the simulated clock, the seeded demo accounts'
     * preferences (the page each opens on, filters, language...) and the seeded units' names, notes
     * and settings (seeded-units.ts) first go back to their seeded start — the Simulator panel's
     * "Reset the demo" is this with the preset running now. Accounts created after the seed keep
     * their preferences; units the seed did not make stay as they are.
     */
    set: operator.input(DemoSetInput).mutation(async ({ ctx, input }) => {
      const reset = input.reset !== false;
      // A reset ends any scenario run and gives the demo back its real-time clock and a core without chaos rules.
      if (reset) await runsOf(ctx.app).resetClock();
      if (reset) chaosOf(ctx.app).clear();
      const startAt = ctx.app.services.clock.now();
      if (reset) await ctx.app.services.fleet.onReset(startAt);
      // The seeded units as the seed made them: names, notes and settings a person or a scenario changed.
      if (reset) await restoreSeededUnits(ctx.app);
      const replies = await control(ctx.app, { op: 'demo', preset: input.preset, reset, startAt });
      const error = replies.find((r) => r.error)?.error;
      if (error) throw new TRPCError({ code: 'BAD_REQUEST', message: error });
      if (reset) await restoreSeededPreferences(ctx.app.services.db);
      return { preset: input.preset, shards: replies.length };
    }),
    /** The preset the shards run (the first shard's answer), or null. */
    status: authed.query(async ({ ctx }) => ({ preset: (await control(ctx.app, { op: 'status' }))[0]?.demo ?? null })),
  }),

  scenario: t.router({
    /**
     * Reset to the scenario's seed (unless reset: false), set its clock factor, schedule its faults.
     * The clock goes back to its mode of now when the scenario stops, or when this session makes no
     * control-plane call for a while (its client went away).
     */
    start: operator.input(ScenarioStartInput).mutation(async ({ ctx, input }) => {
      // Units and servers named by name run by their ids (the shards know ids only).
      const { file: scenario, problems } = resolveScenarioRefs(ScenarioFile.parse(input.scenario), await fleetNamesOf(ctx.app));
      if (problems.length) throw new TRPCError({ code: 'BAD_REQUEST', message: `${input.scenario.name}: ${problems.map(describeRefProblem).join('; ')}` });
      await runsOf(ctx.app).begin(ctx.session, input.stepped && input.speed !== undefined ? input.speed : null);
      const reset = input.reset !== false;
      const startAt = ctx.app.services.clock.now();
      if (reset) await ctx.app.services.fleet.onReset(startAt);
      const mode = input.stepped ? { kind: 'stepped' as const } : { kind: 'accelerated' as const, factor: input.speed ?? scenario.speed };
      await control(ctx.app, { op: 'clock', clock: { mode } });
      const replies = await control(ctx.app, { op: 'scenarioStart', scenario, reset, startAt });
      return firstScenario(replies);
    }),
    /** Stop the scenario (a panel run ends stopped); the clock goes back to its mode from before the run. */
    stop: operator.mutation(async ({ ctx }) => {
      const runs = runsOf(ctx.app);
      runs.stopPanel();
      const stopped = firstScenario(await control(ctx.app, { op: 'scenarioStop' }));
      await runs.end();
      return stopped;
    }),
    /** Run a library scenario as a test (the panel): at the speed chosen, each step's outcome kept, a verdict at the end. */
    run: operator.input(ScenarioRunStartInput).mutation(async ({ ctx, input }): Promise<ScenarioRun> => {
      const library = (await control(ctx.app, { op: 'scenarioLibrary' }))[0]?.library ?? [];
      const file = library.find((s) => s.name === input.name);
      if (!file) throw new TRPCError({ code: 'NOT_FOUND', message: `No scenario ${input.name} in the library` });
      return runsOf(ctx.app).start(file, input.speed, ctx.user.username);
    }),
    /** The recent panel runs, newest first, the running one with its live progress; each has a JUnit report at /mock/scenario-runs/:id/junit.xml. */
    runs: authed.query(({ ctx }): Promise<ScenarioRun[]> => runsOf(ctx.app).list(async () => firstScenario(await control(ctx.app, { op: 'status' })))),
    /** The simulator's scenario library (simulator/scenarios): every shard ships the same files, the first answers. */
    library: authed.query(async ({ ctx }): Promise<ScenarioFile[]> => (await control(ctx.app, { op: 'scenarioLibrary' }))[0]?.library ?? []),
    status: authed.query(async ({ ctx }): Promise<ScenarioStatusReply> => {
      const replies = await control(ctx.app, { op: 'status' });
      return { scenario: firstScenario(replies), clock: replies[0]!.clock, coreNow: ctx.app.services.businessClock.now() };
    }),
  }),

  /** Fleet recordings (record and replay): one at a time; files downloaded and uploaded at /mock/recordings. */
  recording: t.router({
    start: operator.input(RecordingStartInput).mutation(({ ctx, input }) => refusing(() => ctx.app.services.recordings.start(input.name, ctx.user))),
    stop: operator.mutation(async ({ ctx }): Promise<RecordingSummary> => {
      const stopped = await ctx.app.services.recordings.stop();
      if (!stopped) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'No recording is being made' });
      return stopped;
    }),
    list: authed.query(({ ctx }) => ctx.app.services.recordings.list()),
    remove: operator.input(RecordingIdInput).mutation(async ({ ctx, input }) => {
      await refusing(() => ctx.app.services.recordings.remove(input.id));
      return { removed: true as const };
    }),
    /** Two recordings' event logs compared as the replay digest compares them: the same, or the first difference in words. */
    compare: authed.input(RecordingCompareInput).query(({ ctx, input }) => refusing(() => ctx.app.services.recordings.compare(input.a, input.b))),
    /** Build the mock's fleet from what a recording saw (its answers and events), then replay its events (mock/fleet-import.ts). */
    importFleet: operator
      .input(FleetImportInput)
      .mutation(({ ctx, input }) => replaying(() => refusing(() => ctx.app.services.fleetImport.import(input, ctx.user)))),
  }),

  /** Replays of recordings through the simulator shards (mock/replays.ts); one at a time. */
  replay: t.router({
    start: operator.input(ReplayStartInput).mutation(({ ctx, input }) => replaying(() => ctx.app.services.replays.start(input, ctx.user))),
    pause: operator.mutation(({ ctx }) => replaying(() => ctx.app.services.replays.pause())),
    resume: operator.mutation(({ ctx }) => replaying(() => ctx.app.services.replays.resume())),
    /** Play the next entries, then stay paused. */
    step: operator.input(ReplayStepInput).mutation(({ ctx, input }) => replaying(() => ctx.app.services.replays.step(input))),
    stop: operator.mutation(({ ctx }) => replaying(() => ctx.app.services.replays.stop())),
    status: authed.query(async ({ ctx }): Promise<ReplayStatusReply> => ({ replay: await replaying(() => ctx.app.services.replays.status()) })),
  }),

  /**
   * The request journal (mock/request-journal.ts): the last requests the core answered, newest first;
   * `wait` answers the first request matching the filter (from now on, or from `since` / `after`), or
   * 408 after `timeoutMs`. Support staff and super users read everyone's requests, anyone else their own.
   */
  journal: t.router({
    list: authed.input(JournalListInput).query(({ ctx, input: { limit, ...filter } }) => journalFor(ctx).list(filter, ctx.user, limit)),
    wait: authed.input(JournalWaitInput).query(async ({ ctx, input: { timeoutMs, ...filter } }) => {
      const found = await journalFor(ctx).wait(filter, ctx.user, timeoutMs);
      if (!found) throw new TRPCError({ code: 'TIMEOUT', message: 'No matching request arrived in time' });
      return found;
    }),
  }),
  /** Chaos rules on the core's REST calls and /ws (mock/chaos.ts). */
  chaos: chaosRouter,
  sandbox: sandboxRouter,

  /** What the core recorded from devices (alerts, files, upgrades, selection, speed tests, servers). */
  core: t.router({
    unit: authed.input(z.object({ unitId: z.string().min(1).max(128) }).strict()).query(({ ctx, input }) => ctx.app.services.fleet.viewUnit(input.unitId)),
    server: authed
      .input(z.object({ serverId: z.string().min(1).max(128) }).strict())
      .query(({ ctx, input }) => ctx.app.services.servers.viewServer(input.serverId)),
    channel: authed.input(z.object({ channelId: z.string().min(1).max(128) }).strict()).query(({ ctx, input }) => ({
      channelId: input.channelId,
      status: ctx.app.services.servers.channelStatus(input.channelId),
      ...ctx.app.services.servers.channelPtmp(input.channelId),
    })),
    vrChannel: authed
      .input(z.object({ vrChannelId: z.string().min(1).max(128) }).strict())
      .query(({ ctx, input }) => ({ vrChannelId: input.vrChannelId, status: ctx.app.services.servers.vrChannelStatus(input.vrChannelId) })),
    /** E-mail and SMS the mock sent to a recipient (e.g. an alert recipient's verification link). Operators only: a link is a capability. */
    outbox: operator.input(z.object({ to: z.string().min(1).max(255) }).strict()).query(({ ctx, input }) => ctx.app.services.outbox.sent(input.to)),
  }),
});

export type AppRouter = typeof appRouter;
