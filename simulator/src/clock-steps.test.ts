/**
 * A long step of the stepped clock (the Simulator panel's +1 h or +1 day) costs a round of
 * telemetry, not thousands: each unit reports about once, as of the end of the step, with the whole time
 * since its last report; short steps (a scenario's half seconds) report every tick as before.
 */
import { describe, expect, it } from 'vitest';
import { engineHarness, unitSpec } from './testing/harness.js';

const HOUR = 3_600_000;

describe('a long step of the stepped clock', () => {
  it('reports each unit’s telemetry once, at the end; half-second steps report every tick', async () => {
    const h = await engineHarness({ devices: [unitSpec('U1'), unitSpec('U2')], seed: 3, timings: { telemetryIntervalMs: 5000 } });
    const telemetry = () => h.log.flatMap((m) => (m.kind === 'batch' ? m.messages : [m])).filter((m) => m.kind === 'telemetry').length;
    const halfSeconds = (ms: number) => {
      for (let t = 0; t < ms; t += 500) h.engine.clock.advance(500);
    };
    halfSeconds(60_000);
    const before = telemetry();
    expect(before).toBeGreaterThanOrEqual(2 * 10);

    // An hour of 5-second ticks is 720 reports a unit; the step sends about one each.
    h.engine.clock.advance(HOUR);
    expect(telemetry() - before).toBeGreaterThanOrEqual(2);
    expect(telemetry() - before).toBeLessThanOrEqual(4);

    const again = telemetry();
    halfSeconds(60_000);
    expect(telemetry() - again).toBeGreaterThanOrEqual(2 * 10);
    h.engine.stop();
  });
});
