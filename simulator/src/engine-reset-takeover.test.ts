/**
 * A reset (a demo preset switched or reset, a scenario's start) restarts the fleet from its seed
 * without showing units offline that are not: each restarted unit takes over at once, on with
 * nothing running, and only one the new seed starts off is reported off. A preset set without a
 * reset restarts nothing.
 */
import { describe, expect, it } from 'vitest';
import type { DemoPresetFile, DeviceSpec, DeviceToCore } from '@fleet/contracts';
import { loadDemoPreset } from './demo/presets.js';
import { engineHarness, TEST_TIMINGS, unitSpec } from './testing/harness.js';

const FLEET: DeviceSpec[] = Array.from({ length: 10 }, (_, i) => unitSpec(`U${i + 1}`));

const states = (log: readonly DeviceToCore[]) => log.filter((m): m is Extract<DeviceToCore, { kind: 'state' }> => m.kind === 'state');

describe('simulator engine: a reset takes over the running fleet', () => {
  it('no unit on before and after is reported offline; each is on, idle, at the reset time', async () => {
    const { engine, log, flush } = await engineHarness({ devices: FLEET, seed: 5, timings: TEST_TIMINGS });
    engine.clock.advance(5000);
    await flush();
    expect([...engine.units()].every((u) => u.online)).toBe(true);
    const at = log.length;
    const resetAt = engine.clock.now();
    engine.reset(9, resetAt);
    await flush();
    const after = states(log.slice(at));
    expect(after.filter((m) => !m.online)).toEqual([]);
    expect(new Set(after.filter((m) => m.online && m.at === resetAt).map((m) => m.unitId))).toEqual(new Set(FLEET.map((d) => d.unitId)));
    expect([...engine.units()].every((u) => u.online && Object.keys(u.applications).length === 0)).toBe(true);
    engine.stop();
  });

  it('a unit the new seed starts off is reported off at once; the same seed gives the same reports whatever ran before', async () => {
    const run = async (before: number) => {
      const { engine, log, flush } = await engineHarness({ devices: FLEET, seed: 5, timings: { ...TEST_TIMINGS, initiallyOffShare: 0.5 } });
      engine.clock.advance(before);
      await flush();
      const at = log.length;
      engine.reset(4, 1_800_000_000_000);
      engine.clock.advance(5000);
      await flush();
      engine.stop();
      return states(log.slice(at)).map((m) => `${m.unitId} ${m.online} ${m.at}`);
    };
    const first = await run(1000);
    expect(first.some((s) => s.endsWith(' false 1800000000000'))).toBe(true);
    expect(first.some((s) => s.endsWith(' true 1800000000000'))).toBe(true);
    expect(await run(600_000)).toEqual(first);
  });

  it('a preset set without a reset restarts no unit', async () => {
    const { engine, log, flush } = await engineHarness({ devices: FLEET, seed: 5, timings: TEST_TIMINGS });
    engine.clock.advance(5000);
    await flush();
    const before = [...engine.units()];
    const at = log.length;
    const calm: DemoPresetFile = loadDemoPreset('calm');
    engine.startDemo(calm);
    engine.clock.advance(1000);
    await flush();
    expect([...engine.units()]).toEqual(before);
    expect(states(log.slice(at)).filter((m) => !m.online)).toEqual([]);
    engine.stop();
  });
});
