/**
 * The simulation keeps the rules people are held to: a unit without a valid video licence refuses a
 * person's start and starts nothing on its own; a unit a person stopped is left alone by its
 * autonomy for the hold. Both are fleet invariants (invariants/fleet.ts: licence, person-stop),
 * which report it when the simulator is broken on purpose.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkFleet, describeViolation, readFleet } from '../invariants/fleet.js';
import { fleetHarness, unitSpec } from '../testing/harness.js';
import { UnitAutonomy } from '../unit/autonomy.js';
import { UnitStream } from '../unit/stream.js';
import { respond } from './index.js';

type Fleet = ReturnType<typeof fleetHarness>;
const check = (f: Fleet) => checkFleet(readFleet(f.units(), f.world.servers(), f.clock.now())).map(describeViolation);
/** Advance second by second, collecting every violation on the way. */
const run = (f: Fleet, ms: number, seen: string[]) => {
  for (let t = 0; t < ms; t += 1000) {
    f.advance(1000);
    seen.push(...check(f));
  }
};
const MINUTE = 60_000;
/** Autonomous units that act every few seconds, always by streaming. */
const BUSY = {
  autonomyShare: 1,
  autonomyFirstWithinMs: 2000,
  autonomyMeanGapMs: 5000,
  autonomyActivityMs: [60_000, 60_000] as [number, number],
  autonomyStreamShare: 1,
};

afterEach(() => vi.restoreAllMocks());

describe('the rules people are held to', () => {
  it('licence: an unlicensed unit refuses a person’s start and streams nothing on its own; a licence withdrawn ends the stream', () => {
    const f = fleetHarness({ units: [{ ...unitSpec('U1'), videoLicensed: false }, unitSpec('U2')], timings: BUSY });
    expect(respond(f.unit('U1'), 'c1', { type: 'startStream', channelId: null })).toMatchObject({ ok: false, error: 'UNIT_VIDEO_LICENSE_INVALID' });
    const seen: string[] = [];
    run(f, 30_000, seen);
    expect(f.unit('U1').applications.video).toBeUndefined();
    // U2 streams on its own; its licence withdrawn, the stream winds down.
    expect(f.unit('U2').applications.video?.state).toBe('running');
    f.unit('U2').stream.setLicensed(false);
    run(f, 10_000, seen);
    expect(f.unit('U2').applications.video).toBeUndefined();
    expect(seen).toEqual([]);
  });

  it('licence: a unit left streaming without a licence is reported', () => {
    const f = fleetHarness({ units: [unitSpec('U1')] });
    f.startStream('U1', 'CH-OUT');
    f.advance(3000);
    vi.spyOn(UnitStream.prototype, 'stopStreaming').mockImplementation(() => ({ ok: true }));
    f.unit('U1').stream.setLicensed(false);
    expect(check(f)).toContain('[licence] U1: has no valid video licence but its video is running');
  });

  it('person-stop: a stream a person stopped stays stopped for the hold, then autonomy may act again; a person’s start ends the hold', () => {
    const f = fleetHarness({ units: [unitSpec('U1')], timings: BUSY });
    const u = f.unit('U1');
    const seen: string[] = [];
    run(f, 10_000, seen);
    expect(u.applications.video?.state).toBe('running');
    expect(respond(u, 'stop', { type: 'stopStream' })).toMatchObject({ ok: true });
    run(f, 29 * MINUTE, seen);
    expect(u.applications.video).toBeUndefined();
    run(f, 2 * MINUTE, seen);
    expect(u.applications.video).toBeDefined();
    expect(seen).toEqual([]);

    // Stopped again, then started and stopped by its autonomy's own schedule: a person's start lifts the hold.
    respond(u, 'stop-2', { type: 'stopStream' });
    run(f, 5000, seen);
    expect(respond(u, 'start', { type: 'startStream', channelId: null })).toMatchObject({ ok: true });
    expect(u.autonomy.held()).toBe(false);
    expect(seen).toEqual([]);
  });

  it('person-stop: autonomy that ignores the hold is reported', () => {
    vi.spyOn(UnitAutonomy.prototype, 'held').mockReturnValue(false);
    const f = fleetHarness({ units: [unitSpec('U1')], timings: BUSY });
    const seen: string[] = [];
    run(f, 10_000, seen);
    respond(f.unit('U1'), 'stop', { type: 'stopStream' });
    run(f, 5 * MINUTE, seen);
    expect(seen.some((v) => v.startsWith('[person-stop] U1: started something on its own'))).toBe(true);
  });
});
