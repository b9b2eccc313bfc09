/**
 * Crews look after their units' batteries (models/battery.ts, BATTERY_MODEL): after the panel's
 * +1 day, units on their batteries are still on, each battery where a day of plugging in and out
 * leaves it; a battery a fault set to run empty keeps its unit off.
 */
import { describe, expect, it } from 'vitest';
import type { DeviceToCore } from '@fleet/contracts';
import { engineHarness, TEST_TIMINGS, unitSpec } from './testing/harness.js';

const DAY = 24 * 3_600_000;
const UNITS = ['U1', 'U2', 'U3'];

type Telemetry = Extract<DeviceToCore, { kind: 'telemetry' }>;
const telemetryOf = (log: readonly DeviceToCore[], unitId: string, from = 0): Telemetry[] =>
  log.slice(from).filter((m): m is Telemetry => m.kind === 'telemetry' && m.unitId === unitId);

async function dayStep(seed: number) {
  const h = await engineHarness({ devices: UNITS.map((id) => unitSpec(id)), seed, timings: TEST_TIMINGS });
  h.engine.clock.advance(10_000);
  await h.flush();
  return {
    ...h,
    /** The panel's +1 day (a step in slices, its outcome sent at its end), then 10 s more. */
    step: async () => {
      expect(h.engine.startStep(DAY)).toEqual({});
      while (h.engine.clock.stepping()) await new Promise((resolve) => setImmediate(resolve));
      await h.flush();
      const from = h.log.length;
      h.engine.clock.advance(10_000);
      await h.flush();
      return from;
    },
  };
}

describe('battery care over a day’s step', () => {
  it('units on their batteries are on after +1 day, each battery neither empty nor where it was', async () => {
    const { engine, log, step } = await dayStep(5);
    const before = new Map(UNITS.map((id) => [id, telemetryOf(log, id).at(-1)?.battery]));
    for (const battery of before.values()) expect(battery?.connected).toBe(true);
    const from = await step();
    for (const id of UNITS) {
      const after = telemetryOf(log, id, from).at(-1)?.battery;
      expect(after, `${id} reports after the day`).toBeDefined();
      expect(after!.percentage, id).toBeGreaterThan(0);
      expect(after!.percentage, id).not.toBe(before.get(id)!.percentage);
    }
    engine.stop();
  });

  it('a battery a fault set runs empty and its unit stays off', async () => {
    const { engine, log, flush, step } = await dayStep(5);
    engine.inject({ unitId: 'U1', fault: { type: 'battery', percentage: 5, charging: false } });
    await flush();
    const from = await step();
    expect(telemetryOf(log, 'U1', from)).toEqual([]);
    expect(telemetryOf(log, 'U2', from).length).toBeGreaterThan(0);
    engine.stop();
  });
});
