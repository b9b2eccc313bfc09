/**
 * The part of the mock's control plane (/mock/trpc, apps/core/src/mock/control-plane.ts) the Simulator
 * panel calls, as a tRPC router TYPE built from the contracts' zod schemas.
 *
 * Why not `import type { AppRouter } from '@fleet/core/trpc'`: that type reaches into the core's
 * Fastify decorators, so the console's typecheck would have to compile the whole server (with Node's
 * types) and failed without it. This file is imported with `import type` only, so nothing of it (nor
 * @trpc/server) reaches the bundle; its resolvers never run. tests/integration/control-plane-mirror.test.ts
 * checks that every procedure here exists in the core's router with the same kind and input schema.
 */
import { initTRPC } from '@trpc/server';
import {
  ChaosRuleIdInput,
  ChaosRuleInput,
  ClockControlInput,
  DemoSetInput,
  FaultClearInput,
  FaultTarget,
  FleetImportInput,
  JoinGroupBody,
  RecordingCompareInput,
  RecordingIdInput,
  RecordingStartInput,
  ReplayStartInput,
  ReplayStepInput,
  SandboxCreateInput,
  SandboxIdInput,
  ScenarioRunStartInput,
  ScenarioStartInput,
  type ActiveFaultView,
  type ChaosCall,
  type ChaosRule,
  type ClockStatus,
  type DemoPresetName,
  type FleetImportResult,
  type JoinedDevice,
  type RecordingComparison,
  type RecordingSummary,
  type ReplayStatus,
  type ReplayStatusReply,
  type SandboxView,
  type ScenarioFile,
  type ScenarioRun,
  type ScenarioStatus,
  type ScenarioStatusReply,
} from '@fleet/contracts';

const t = initTRPC.create();

/** A resolver that only carries its answer's type (the core answers; this never runs). */
function answers<T>(): () => T {
  return () => {
    throw new Error('controlPlaneRouter is a type: call the core');
  };
}

type ShardClock = ClockStatus & { shardId: string };

export const controlPlaneRouter = t.router({
  capabilities: t.procedure.query(answers<{ mock: true; controlPlane: string[] }>()),
  clock: t.router({
    get: t.procedure.query(answers<ShardClock[]>()),
    set: t.procedure.input(ClockControlInput).mutation(answers<ShardClock[]>()),
    cancel: t.procedure.mutation(answers<ShardClock[]>()),
  }),
  fault: t.router({
    inject: t.procedure.input(FaultTarget).mutation(answers<{ applied: number; error: string | null }>()),
    active: t.procedure.query(answers<ActiveFaultView[]>()),
    clear: t.procedure.input(FaultClearInput).mutation(answers<{ cleared: number; active: ActiveFaultView[] }>()),
  }),
  fleet: t.router({
    join: t.procedure.input(JoinGroupBody).mutation(answers<JoinedDevice>()),
  }),
  demo: t.router({
    set: t.procedure.input(DemoSetInput).mutation(answers<{ preset: DemoPresetName; shards: number }>()),
    status: t.procedure.query(answers<{ preset: DemoPresetName | null }>()),
  }),
  scenario: t.router({
    library: t.procedure.query(answers<ScenarioFile[]>()),
    start: t.procedure.input(ScenarioStartInput).mutation(answers<ScenarioStatus | null>()),
    stop: t.procedure.mutation(answers<ScenarioStatus | null>()),
    status: t.procedure.query(answers<ScenarioStatusReply>()),
    run: t.procedure.input(ScenarioRunStartInput).mutation(answers<ScenarioRun>()),
    runs: t.procedure.query(answers<ScenarioRun[]>()),
  }),
  recording: t.router({
    start: t.procedure.input(RecordingStartInput).mutation(answers<RecordingSummary>()),
    stop: t.procedure.mutation(answers<RecordingSummary>()),
    list: t.procedure.query(answers<RecordingSummary[]>()),
    remove: t.procedure.input(RecordingIdInput).mutation(answers<{ removed: true }>()),
    compare: t.procedure.input(RecordingCompareInput).query(answers<RecordingComparison>()),
    importFleet: t.procedure.input(FleetImportInput).mutation(answers<FleetImportResult>()),
  }),
  chaos: t.router({
    add: t.procedure.input(ChaosRuleInput).mutation(answers<ChaosRule>()),
    list: t.procedure.query(answers<ChaosRule[]>()),
    remove: t.procedure.input(ChaosRuleIdInput).mutation(answers<{ removed: true }>()),
    clear: t.procedure.mutation(answers<{ removed: number }>()),
    calls: t.procedure.query(answers<ChaosCall[]>()),
  }),
  replay: t.router({
    start: t.procedure.input(ReplayStartInput).mutation(answers<ReplayStatus>()),
    pause: t.procedure.mutation(answers<ReplayStatus>()),
    resume: t.procedure.mutation(answers<ReplayStatus>()),
    step: t.procedure.input(ReplayStepInput).mutation(answers<ReplayStatus>()),
    stop: t.procedure.mutation(answers<ReplayStatus>()),
    status: t.procedure.query(answers<ReplayStatusReply>()),
  }),
  sandbox: t.router({
    create: t.procedure.input(SandboxCreateInput).mutation(answers<SandboxView>()),
    list: t.procedure.query(answers<SandboxView[]>()),
    remove: t.procedure.input(SandboxIdInput).mutation(answers<{ removed: string }>()),
  }),
});

export type ControlPlaneRouter = typeof controlPlaneRouter;
