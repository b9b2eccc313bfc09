import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DemoPresetName } from '@fleet/contracts';
import { useScenarioRunner } from '@fleet/core';
import { createInProcessLink, Engine, runScenario, stepLabel, toJUnit, type EngineOptions } from '@fleet/simulator';

const StackConfig = z.object({
  SIMULATOR: z.enum(['inprocess', 'off']).default('inprocess'),
  SIM_SEED: z.coerce.number().int().optional(),
  SIM_SPEED: z.coerce.number().positive().default(1),
  /** The demo preset the fleet runs (simulator/demos): off, calm, lively (the default) or breaking-news. */
  SIM_DEMO: DemoPresetName.default('lively'),
  /** Share of units that act on their own (stream, record and forward now and then); the preset's when unset. */
  SIM_AUTONOMY: z.coerce.number().min(0).max(1).optional(),
  /** Generate this many extra units (ids SIM-…) at start, mixed over the unit type groups; 0 keeps the seeded fleet only. */
  SIM_FLEET_SIZE: z.coerce.number().int().min(0).max(20_000).default(0),
  /** Telemetry interval of the simulated devices (ms; the spec's bitrate graph refresh is 5000). */
  SIM_TELEMETRY_MS: z.coerce.number().int().positive().optional(),
  /**
   * Outages and link drops that happen by themselves now and then (the preset's when unset); false: a
   * device changes only when told to (a command, a fault, a scenario), as the end-to-end tests want it.
   */
  SIM_OUTAGES: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /** How many sandboxes may live at once (0: none are made). */
  SANDBOX_MAX: z.coerce.number().int().min(0).max(200).default(16),
  /** Where the sandboxes' files live; default: beside the database, `<database file>.sandboxes`. Emptied at start. */
  SANDBOX_DIR: z.string().min(1).optional(),
  /**
   * Several instances (REDIS_URL): the base URL the other instances reach this one at, to pass on the
   * requests for the sandboxes it holds; default `http://<HOST>:<port>` (the first external IPv4 address when HOST is 0.0.0.0).
   */
  INSTANCE_URL: z.string().url().optional(),
  /**
   * Least minutes between two compactions of V8's old space, made only when its pages exceed what
   * lives in them by a quarter (heap-compaction.ts); 0: never.
   */
  HEAP_COMPACT_MINUTES: z.coerce.number().min(0).default(10),
  /** How long a sandbox's minute is, in ms (their lifetime is counted in them): tests shorten it. */
  SANDBOX_MINUTE_MS: z.coerce.number().int().positive().default(60_000),
});
export type StackConfig = z.infer<typeof StackConfig>;

export function loadStackConfig(env: Record<string, string | undefined> = process.env): StackConfig {
  const r = StackConfig.safeParse(env);
  if (!r.success) throw new Error(`Invalid configuration:\n${r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  return r.data;
}

/**
 * The devices' pace the stack is configured with (SIM_SPEED, SIM_AUTONOMY, SIM_TELEMETRY_MS,
 * SIM_OUTAGES): its own fleet's, and every sandbox's made on it (a sandbox is the stack again, with
 * a seed, preset and clock of its own).
 */
export interface SimulatorPace {
  readonly speed: number;
  readonly timings: NonNullable<EngineOptions['timings']>;
}

export function simulatorPace(stack: StackConfig): SimulatorPace {
  return {
    speed: stack.SIM_SPEED,
    timings: {
      ...(stack.SIM_AUTONOMY !== undefined ? { autonomyShare: stack.SIM_AUTONOMY } : {}),
      ...(stack.SIM_TELEMETRY_MS ? { telemetryIntervalMs: stack.SIM_TELEMETRY_MS } : {}),
      ...(stack.SIM_OUTAGES === false ? { meanTimeBetweenOutagesMs: 0, spontaneousLinkEvents: false } : {}),
    },
  };
}

export interface SimulatorOptions {
  seed: number;
  speed?: number;
  timings?: EngineOptions['timings'];
  serverTimings?: EngineOptions['serverTimings'];
  clock?: EngineOptions['clock'];
  /** A demo preset: its motion from the start (`timings` override it), its timeline once the fleet is assigned. */
  demo?: EngineOptions['demo'];
  /** Fixed simulated start time (reproducible runs). */
  startAt?: number;
  shardId?: string;
  onEmit?: EngineOptions['onEmit'];
}

/** Attach an in-process simulator shard to a built core. */
export function startSimulator(app: FastifyInstance, opts: SimulatorOptions): Engine {
  const link = createInProcessLink();
  const engine = new Engine({
    seed: opts.seed,
    clock: opts.clock ?? (opts.speed && opts.speed !== 1 ? { kind: 'accelerated', factor: opts.speed } : { kind: 'realtime' }),
    ...(opts.timings ? { timings: opts.timings } : {}),
    ...(opts.serverTimings ? { serverTimings: opts.serverTimings } : {}),
    ...(opts.startAt !== undefined ? { startAt: opts.startAt } : {}),
    ...(opts.shardId ? { shardId: opts.shardId } : {}),
    ...(opts.onEmit ? { onEmit: opts.onEmit } : {}),
    ...(opts.demo ? { demo: opts.demo } : {}),
  });
  engine.attach(link.device);
  app.services.gateway.attach(link.core, { trusted: true });
  return engine;
}

/** The console panel's scenario runs: the core runs the simulator's runner (the core never imports the simulator). */
export function provideScenarioRunner(app: FastifyInstance): void {
  useScenarioRunner(app, { run: runScenario, junit: toJUnit, label: stepLabel });
}
