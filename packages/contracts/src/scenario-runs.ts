/**
 * A scenario run as a test (the control plane's `scenario.run`, the console's Simulator panel): the
 * speed it runs at, each step of the file with its outcome as it becomes known, and a verdict.
 * The mock keeps the recent runs; each has a JUnit XML report (`/mock/scenario-runs/:id/junit.xml`).
 */
import { z } from 'zod';

/** Stepped (simulated time moves only as the runner checks: the outcome never depends on load), ×N, or real time. */
export const ScenarioRunSpeed = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('stepped') }).strict(),
  z.object({ kind: z.literal('accelerated'), factor: z.number().positive().max(1000) }).strict(),
  z.object({ kind: z.literal('realtime') }).strict(),
]);
export type ScenarioRunSpeed = z.infer<typeof ScenarioRunSpeed>;

export const ScenarioRunStartInput = z
  .object({
    /** A scenario of the simulator's library, by name. */
    name: z.string().min(1).max(80),
    speed: ScenarioRunSpeed,
  })
  .strict();
export type ScenarioRunStartInput = z.infer<typeof ScenarioRunStartInput>;

export const ScenarioRunIdInput = z.object({ id: z.string().min(1).max(64) }).strict();
export type ScenarioRunIdInput = z.infer<typeof ScenarioRunIdInput>;

/** A step not checked or applied yet (in an ended run: never reached), passed, or failed with what was observed. */
export const SCENARIO_RUN_STEP_STATES = ['pending', 'passed', 'failed'] as const;
export const ScenarioRunStepState = z.enum(SCENARIO_RUN_STEP_STATES);
export type ScenarioRunStepState = z.infer<typeof ScenarioRunStepState>;

export const ScenarioRunStep = z.object({
  /** Position in the file's timeline (0-based): one entry per step of the file. */
  index: z.number().int(),
  /** Simulated ms from the start the step is due at. */
  at: z.number(),
  /** The step's kind (`fault`, `expectUnit`, ...). */
  do: z.string(),
  /** What it checks or does, in words. */
  label: z.string(),
  state: ScenarioRunStepState,
  /** What was done or observed (the mismatches when it failed); null while pending. */
  detail: z.string().nullable(),
  /** Simulated ms from the start when it was decided; null while pending. */
  doneAt: z.number().nullable(),
});
export type ScenarioRunStep = z.infer<typeof ScenarioRunStep>;

export const SCENARIO_RUN_VERDICTS = ['running', 'passed', 'failed', 'stopped'] as const;
export const ScenarioRunVerdict = z.enum(SCENARIO_RUN_VERDICTS);
export type ScenarioRunVerdict = z.infer<typeof ScenarioRunVerdict>;

export const ScenarioRun = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  speed: ScenarioRunSpeed,
  verdict: ScenarioRunVerdict,
  /** Who started it. */
  by: z.string(),
  /** Wall-clock ISO times. */
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** Simulated ms the run has reached. */
  elapsedMs: z.number(),
  steps: z.array(ScenarioRunStep),
  /** Why the runner could not go on (the clock taken over, the scenario stopped elsewhere), or null. */
  error: z.string().nullable(),
  /** The units and servers the run reserves (the demo leaves them alone while it runs). */
  reserved: z.array(z.string()),
});
export type ScenarioRun = z.infer<typeof ScenarioRun>;
