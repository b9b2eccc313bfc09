/**
 * Demo presets (simulator/demos/*.json): how a demo fleet moves. A preset names the share of units
 * that act on their own and how soon after start, their pauses and activities, outages and link
 * events, and a timeline of device-side steps (faults on units and servers: alerts that come and
 * go, a story) played from the start and again every `loopMs`. `off` is the seeded fleet with no
 * motion at all (QA and tests). Presets are data: the simulator has no code path of its own per
 * preset.
 */
import { z } from 'zod';
import { DemoPresetName, SimulatedMs, SimulatedPeriodMs } from './control.js';
import { ScenarioStep } from './scenario.js';

const ms = SimulatedMs;
const range = z.tuple([ms, ms]).refine(([a, b]) => a <= b, 'the first bound is the lower one');
const share = z.number().min(0).max(1);

/** The simulator's spontaneous behaviour under the preset (simulator/src/timings.ts names each). */
export const DemoMotion = z
  .object({
    autonomyShare: share,
    autonomyFirstWithinMs: ms,
    autonomyMeanGapMs: ms,
    autonomyActivityMs: range,
    autonomyStreamShare: share,
    autonomyRecordShare: share,
    meanTimeBetweenOutagesMs: ms,
    outageMs: range,
    initiallyOffShare: share,
    spontaneousLinkEvents: z.boolean(),
  })
  .strict();
export type DemoMotion = z.infer<typeof DemoMotion>;

export const DemoPresetFile = z
  .object({
    name: DemoPresetName,
    /** What demo staff see of the preset (one line). */
    description: z
      .string()
      .min(1)
      .max(240)
      .regex(/^[^\n]*$/, 'one line'),
    motion: DemoMotion,
    /**
     * Device-side steps only (fault, serverFault), `at` simulated ms after the start of each round.
     * Units and servers by id: the shard plays a preset without the core, so names are not resolved.
     */
    timeline: z
      .array(ScenarioStep)
      .max(500)
      .refine((steps) => steps.every((s) => s.do === 'fault' || s.do === 'serverFault'), 'a demo plays device-side steps only (fault, serverFault)'),
    /** The timeline plays again every this many simulated ms (a story that repeats); once without. */
    loopMs: SimulatedPeriodMs.optional(),
  })
  .strict();
export type DemoPresetFile = z.infer<typeof DemoPresetFile>;
