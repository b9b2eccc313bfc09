/**
 * The fleet's spontaneous motion (a demo preset's autonomy and outages) comes back for every unit
 * after a calm scenario run: the run's reset restarts the units while autonomy and outages are off,
 * and its end gives them back — each unit plans its outages and, autonomous under the preset's
 * share, acts on its own again. A preset whose motion is set without a restart wakes the running
 * units the same way.
 */
import { describe, expect, it } from 'vitest';
import { ScenarioFile, type DeviceSpec } from '@fleet/contracts';
import type { UnitDevice } from './device.js';
import { engineHarness, TEST_TIMINGS, unitSpec } from './testing/harness.js';
import type { DeviceTimings } from './timings.js';

const FLEET: DeviceSpec[] = Array.from({ length: 12 }, (_, i) => unitSpec(`U${i + 1}`));

/** A lively motion: every unit autonomous (recording: no channel needed), its first act within 4 s. */
const LIVELY: Partial<DeviceTimings> = {
  ...TEST_TIMINGS,
  autonomyShare: 1,
  autonomyFirstWithinMs: 4000,
  autonomyMeanGapMs: 40_000,
  autonomyActivityMs: [120_000, 120_000],
  autonomyStreamShare: 0,
  autonomyRecordShare: 1,
};

const CALM_RUN = ScenarioFile.parse({
  name: 'calm-run',
  description: 'A calm run that checks the fleet.',
  seed: 3,
  calm: true,
  timeline: [{ do: 'expectFleet', at: 0 }],
});

const recording = (units: Iterable<UnitDevice>) => [...units].filter((u) => u.applications.store !== undefined).length;

describe('simulator engine: the preset motion after a calm scenario run', () => {
  it('every unit acts on its own again once the run stops', async () => {
    const { engine, flush } = await engineHarness({ devices: FLEET, seed: 5, timings: LIVELY });
    const advance = async (ms: number) => {
      engine.clock.advance(ms);
      await flush();
    };
    await advance(6000);
    expect(recording(engine.units())).toBe(FLEET.length);

    // A calm run restarts the fleet from its seed: nothing acts on its own while it runs.
    engine.startScenario(CALM_RUN, { startAt: engine.clock.now() });
    await advance(60_000);
    expect(engine.deviceCount()).toBe(FLEET.length);
    expect(recording(engine.units())).toBe(0);

    // Its end gives the motion back to every unit, those restarted during the run included.
    engine.stopScenario();
    await advance(6000);
    expect(recording(engine.units())).toBe(FLEET.length);
    engine.stop();
  });

  it('a calm run quiets units that were already acting, and its end wakes them', async () => {
    const { engine, flush } = await engineHarness({ devices: FLEET, seed: 8, timings: { ...LIVELY, autonomyActivityMs: [2000, 2000] } });
    const advance = async (ms: number) => {
      engine.clock.advance(ms);
      await flush();
    };
    await advance(6000);
    // Without a reset: the units run on, but none starts anything of its own during the run.
    engine.startScenario(CALM_RUN);
    await advance(200_000);
    expect(recording(engine.units())).toBe(0);
    const stoppedAt = engine.clock.now();
    engine.stopScenario();
    await advance(6000);
    const actedSince = [...engine.units()].filter((u) => (u.autonomy.holdTruth().autonomousStartAt ?? 0) > stoppedAt);
    expect(actedSince.length).toBe(FLEET.length);
    engine.stop();
  });

  it('outages come back after a calm run', async () => {
    const { engine, flush } = await engineHarness({
      devices: FLEET,
      seed: 11,
      timings: { ...TEST_TIMINGS, meanTimeBetweenOutagesMs: 60_000, outageMs: [600_000, 600_000] },
    });
    const advance = async (ms: number) => {
      engine.clock.advance(ms);
      await flush();
    };
    engine.startScenario(CALM_RUN, { startAt: engine.clock.now() });
    await advance(600_000);
    expect([...engine.units()].every((u) => u.online)).toBe(true);
    engine.stopScenario();
    // With a mean of a minute between outages and ten minutes off, most units are off ten minutes later.
    await advance(600_000);
    expect([...engine.units()].filter((u) => !u.online).length).toBeGreaterThan(FLEET.length / 2);
    engine.stop();
  });
});
