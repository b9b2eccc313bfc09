/**
 * What a unit sent, as its telemetry's `sent` counters: they grow by its bitrate over the time it
 * streamed or forwarded files (and by that time while it streamed), not while it idles; a clock
 * step's last report carries all of the step; they start again when the unit is switched on.
 */
import { describe, expect, it } from 'vitest';
import type { DeviceTelemetry, DeviceToCore } from '@fleet/contracts';
import { engineHarness, SERVERS, TEST_TIMINGS, unitSpec } from '../testing/harness.js';
import { SentMeter } from './telemetry.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const running = { state: 'running' } as const;

describe('SentMeter', () => {
  it('counts data while streaming or forwarding, time while streaming, nothing while idle, at the rate of each interval', () => {
    const m = new SentMeter();
    m.reset(0);
    expect(m.set(10_000, { video: running }, 4000)).toEqual({ bytes: 0, streamingMs: 0 });
    // Ten seconds of streaming at 4,000 kbps, then one of forwarding at 800.
    expect(m.set(20_000, { forward: running }, 800)).toEqual({ bytes: 5_000_000, streamingMs: 10_000 });
    expect(m.set(21_000, {}, 100)).toEqual({ bytes: 5_100_000, streamingMs: 10_000 });
    expect(m.at(60_000)).toEqual({ bytes: 5_100_000, streamingMs: 10_000 });
    m.reset(60_000);
    expect(m.at(70_000)).toEqual({ bytes: 0, streamingMs: 0 });
  });
});

describe('a unit’s sent counters over a clock step', () => {
  it('the report that ends an hour’s step tells everything the hour sent', async () => {
    const h = await engineHarness({ devices: [unitSpec('U1')], servers: SERVERS, seed: 7, timings: TEST_TIMINGS });
    h.engine.clock.advance(MINUTE);
    await h.flush();
    const device = h.engine.device('U1')!;
    const telemetry = (messages: DeviceToCore[]) => messages.filter((m): m is DeviceTelemetry => m.kind === 'telemetry');
    const before = telemetry(h.received).at(-1)!;
    expect(before.sent).toEqual({ bytes: 0, streamingMs: 0 });
    const received = h.received.length;
    h.engine.clock.after(MINUTE, () => void device.stream.startStream(null));
    h.engine.clock.after(41 * MINUTE, () => device.stream.stopRun(device.stream.run));
    h.engine.control({ op: 'clock', clock: { advanceMs: HOUR } });
    while (h.engine.clock.stepping()) await h.flush();
    await h.flush();
    // One report of the unit's readings leaves with the step's outcome: its counters hold the forty minutes.
    const after = telemetry(h.received.slice(received));
    expect(after).toHaveLength(1);
    const sent = after[0]!.sent!;
    expect(sent.streamingMs).toBeGreaterThan(39 * MINUTE);
    expect(sent.streamingMs).toBeLessThanOrEqual(41 * MINUTE);
    // At its bitrate over that time (a few Mbps): hundreds of megabytes, not the few seconds one sample shows.
    expect(sent.bytes).toBeGreaterThan(100_000_000);
    h.engine.stop();
  });
});
