/**
 * A restart of the fleet (a scenario's or a demo's reset) ends what its devices raised: each alert
 * a device holds is reported cleared before the device goes, in order after its own reports. The
 * core clears what it holds before the shards restart; a raise still on its way then would
 * otherwise stay active, and no restarted device (which starts with nothing raised) would clear it.
 */
import { describe, expect, it } from 'vitest';
import type { DeviceToCore } from '@fleet/contracts';
import { engineHarness, TEST_TIMINGS, unitSpec } from './testing/harness.js';

type AlertReport = { unitId: string | null; alertType: string; level: string | null };

const alertsOf = (log: readonly DeviceToCore[]): AlertReport[] =>
  log.flatMap((m) => (m.kind === 'event' && m.event.type === 'alert' ? [{ unitId: m.event.unitId, alertType: m.event.alertType, level: m.event.level }] : []));

describe('simulator engine: a reset', () => {
  it('reports the alerts its devices held cleared before they restart', async () => {
    const { engine, log, flush } = await engineHarness({ devices: [unitSpec('U1'), unitSpec('U2')], seed: 5, timings: TEST_TIMINGS });
    const advance = async (ms: number) => {
      engine.clock.advance(ms);
      await flush();
    };
    await advance(5000);
    engine.inject({ unitId: 'U1', fault: { type: 'battery', percentage: 14, charging: false } });
    await advance(5000);
    expect(alertsOf(log)).toContainEqual({ unitId: 'U1', alertType: 'battery', level: 'warning' });

    const at = log.length;
    engine.reset(9);
    await flush();
    const after = log.slice(at);
    // Cleared once, for the unit that held it, before its restarted successor reports anything.
    expect(alertsOf(after).filter((a) => a.level === null)).toEqual([{ unitId: 'U1', alertType: 'battery', level: null }]);
    const cleared = after.findIndex((m) => m.kind === 'event' && m.event.type === 'alert');
    const restarted = after.findIndex((m) => m.kind === 'state' && m.unitId === 'U1');
    expect(cleared).toBeGreaterThanOrEqual(0);
    expect(cleared).toBeLessThan(restarted);
    engine.stop();
  });
});
