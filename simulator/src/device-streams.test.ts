/**
 * A unit's live stream never contradicts the channels, and nothing of a unit's earlier power-on
 * outlives it: the stream takes its channel when it starts (two units asking for one at the same
 * moment: exactly one gets it), a start the unit cannot honour is refused with a clear error, a
 * server that takes the channel back ends the stream at once, timers belong to a power-on, and an
 * autonomous unit runs one chain per power-on and streams to a channel it takes, or not at all.
 */
import { describe, expect, it } from 'vitest';
import { checkFleet, describeViolation, readFleet } from './invariants/fleet.js';
import { fleetHarness, SERVERS, unitSpec } from './testing/harness.js';

type Fleet = ReturnType<typeof fleetHarness>;
const violations = (f: Fleet) => checkFleet(readFleet(f.units(), f.world.servers(), f.clock.now())).map(describeViolation);

/** Advance second by second, collecting every invariant broken on the way. */
function run(f: Fleet, ms: number): string[] {
  const seen: string[] = [];
  for (let t = 0; t < ms; t += 1000) {
    f.advance(1000);
    seen.push(...violations(f));
  }
  return seen;
}

describe('a unit’s live stream and its channel', () => {
  it('two units asking for one channel at the same moment: exactly one gets it, the other "Selected channel busy or offline"', () => {
    const f = fleetHarness();
    expect(f.startStream('U1', 'CH-OUT')).toEqual({ ok: true });
    expect(f.startStream('U2', 'CH-OUT')).toEqual({ ok: false, error: 'UNIT_OFFLINE' });
    // Taken from the start, before the stream runs.
    expect(f.channel('CH-OUT')).toMatchObject({ status: 'collecting', allocatedTo: 'U1' });
    expect(run(f, 3000)).toEqual([]);
    expect(f.unit('U2').applications).toEqual({});
  });

  it('a start with a channel, sent to a unit streaming to another, is refused ("Unit is busy"); to its own channel it is accepted and changes nothing', () => {
    const f = fleetHarness();
    f.startStream('U1', 'CH-OUT');
    run(f, 2000);
    expect(f.startStream('U1', 'CH-PREVIEW')).toEqual({ ok: false, error: 'UNIT_BUSY' });
    expect(f.startStream('U1', 'CH-OUT')).toEqual({ ok: true });
    expect(f.startStream('U1', null)).toEqual({ ok: true });
    expect(f.channel('CH-PREVIEW')).toMatchObject({ status: 'idle', allocatedTo: null });
    expect(f.unit('U1').snapshot()).toMatchObject({ streamChannel: 'CH-OUT', tally: 'program' });
  });

  it('a start during a speed test is refused ("Unit is busy")', () => {
    const f = fleetHarness();
    expect(f.unit('U1').diagnostics.runSpeedTest('CH-PREVIEW')).toEqual({ ok: true });
    expect(f.startStream('U1', 'CH-OUT')).toEqual({ ok: false, error: 'UNIT_BUSY' });
  });

  it('given no channel, streams to the selected one, else to a free hub channel it takes (the last first); none free: "Selected channel busy or offline"', () => {
    const f = fleetHarness({ units: ['U1', 'U2', 'U3', 'U4', 'U5'].map((id) => unitSpec(id)) });
    f.unit('U1').stream.selectChannel('CH-2');
    expect(f.startStream('U1')).toEqual({ ok: true });
    expect(f.unit('U1').snapshot().streamChannel).toBe('CH-2');
    // From the last hub's last channel back: MMH-2's only channel is U1's; on MMH-1 the input and
    // the unlicensed channel are not free.
    expect(f.startStream('U2')).toEqual({ ok: true });
    expect(f.startStream('U3')).toEqual({ ok: true });
    expect(f.startStream('U4')).toEqual({ ok: true });
    expect(f.startStream('U5')).toEqual({ ok: false, error: 'UNIT_OFFLINE' });
    expect(['U2', 'U3', 'U4'].map((id) => f.unit(id).snapshot().streamChannel)).toEqual(['CH-OLD', 'CH-OUT', 'CH-PREVIEW']);
    expect(run(f, 3000)).toEqual([]);
  });

  it('given no channel, a unit of groups or inventories takes a free channel sharing a group with it, else an inventory, never one its people cannot see (unless no hub channel is theirs)', () => {
    const G1 = { groupIds: ['G1'], inventoryIds: ['I1'] };
    const servers = SERVERS.map((s) => ({
      ...s,
      channels: s.channels.map((c) =>
        c.channelId === 'CH-2' ? { ...c, memberOf: { groupIds: ['G2'], inventoryIds: ['I1'] } } : c.channelId === 'CH-OLD' ? c : { ...c, memberOf: G1 },
      ),
    }));
    const units = [
      unitSpec('U1', { memberOf: G1 }),
      unitSpec('U2', { memberOf: { groupIds: ['G1'], inventoryIds: [] } }),
      unitSpec('U3', { memberOf: G1 }),
      unitSpec('U4', { memberOf: G1 }),
      unitSpec('U5'),
      unitSpec('U6', { memberOf: { groupIds: ['G9'], inventoryIds: ['I9'] } }),
    ];
    const f = fleetHarness({ units, servers });
    for (const id of ['U1', 'U2', 'U3']) expect(f.startStream(id)).toEqual({ ok: true });
    // G1's free channels first (the last back), then CH-2 of the same inventory; CH-OLD belongs to no one.
    expect(['U1', 'U2', 'U3'].map((id) => f.unit(id).snapshot().streamChannel)).toEqual(['CH-OUT', 'CH-PREVIEW', 'CH-2']);
    expect(f.startStream('U4')).toEqual({ ok: false, error: 'UNIT_OFFLINE' });
    expect(f.channel('CH-OLD')).toMatchObject({ status: 'idle', allocatedTo: null });
    // A unit of no group or inventory, or of ones no hub channel belongs to, takes any free channel.
    expect(f.startStream('U5')).toEqual({ ok: true });
    expect(f.unit('U5').snapshot().streamChannel).toBe('CH-OLD');
    f.unit('U3').stream.stopStreaming();
    run(f, 3000);
    expect(f.startStream('U6')).toEqual({ ok: true });
    expect(f.unit('U6').snapshot().streamChannel).toBe('CH-2');
    expect(run(f, 3000)).toEqual([]);
  });

  it('a channel no server runs, or an unlicensed one, is an External destination: streamed to by name, nothing allocated', () => {
    const f = fleetHarness();
    expect(f.startStream('U1', 'NO-SUCH')).toEqual({ ok: true });
    expect(f.startStream('U2', 'CH-NOLIC')).toEqual({ ok: true });
    expect(run(f, 3000)).toEqual([]);
    expect(f.unit('U1').snapshot()).toMatchObject({ streamChannel: null, streamExternal: 'NO-SUCH', tally: 'off' });
    expect(f.channel('CH-NOLIC')).toMatchObject({ status: 'idle', allocatedTo: null });
  });

  it('a server going down ends the streams on its channels at once; started again once it is back', () => {
    const f = fleetHarness();
    f.startStream('U1', 'CH-OUT');
    run(f, 2000);
    f.world.server('MMH-1')!.setPower(false);
    expect(f.unit('U1').snapshot()).toMatchObject({ streamChannel: null, tally: 'off', applications: { video: { state: 'disconnecting' } } });
    expect(violations(f)).toEqual([]);
    expect(f.startStream('U1', 'CH-OUT')).toEqual({ ok: false, error: 'UNIT_OFFLINE' });
    f.world.server('MMH-1')!.setPower(true);
    expect(f.startStream('U1', 'CH-OUT')).toEqual({ ok: true });
    expect(run(f, 3000)).toEqual([]);
    expect(f.channel('CH-OUT')).toMatchObject({ status: 'collecting', allocatedTo: 'U1' });
  });

  it('a start while the last stream winds down gives the old channel back and takes the new one', () => {
    const f = fleetHarness();
    f.startStream('U1', 'CH-OUT');
    run(f, 2000);
    f.unit('U1').stream.stopStreaming();
    expect(f.startStream('U1', 'CH-PREVIEW')).toEqual({ ok: true });
    expect(f.channel('CH-OUT')).toMatchObject({ status: 'idle', allocatedTo: null });
    expect(run(f, 3000)).toEqual([]);
    expect(f.unit('U1').snapshot()).toMatchObject({ streamChannel: 'CH-PREVIEW', tally: 'preview', applications: { video: { state: 'running' } } });
  });
});

describe('timers belong to a power-on', () => {
  it('a unit powered off while its stream starts comes back idle: the earlier start never fires', () => {
    const f = fleetHarness();
    f.startStream('U1', 'CH-OUT');
    f.advance(300);
    f.unit('U1').setPower(false);
    f.unit('U1').setPower(true);
    expect(run(f, 5000)).toEqual([]);
    expect(f.unit('U1').applications).toEqual({});
    expect(f.channel('CH-OUT')).toMatchObject({ status: 'idle', allocatedTo: null });
  });

  it('a switch-on pending from a shutdown does not switch the unit on after it was switched on and off again meanwhile', () => {
    const f = fleetHarness();
    f.unit('U1').shutDown(10_000);
    f.advance(2000);
    f.unit('U1').setPower(true);
    f.advance(2000);
    f.unit('U1').setPower(false);
    f.advance(10_000);
    expect(f.unit('U1').online).toBe(false);
  });

  it('an autonomous unit switched off and on again runs one chain of actions, not one more per power-on', () => {
    const f = fleetHarness({ units: [unitSpec('U1')], timings: { autonomyShare: 1, autonomyMeanGapMs: 3_600_000 } });
    const u = f.unit('U1');
    expect(u.truth().lifeTimersPending).toBe(1);
    for (let i = 0; i < 5; i++) {
      u.setPower(false);
      expect(u.truth().lifeTimersPending).toBe(0);
      u.setPower(true);
    }
    expect(u.truth().lifeTimersPending).toBe(1);
  });
});

describe('autonomy', () => {
  it('streams to a channel it takes, never to nothing; with every server down it does not stream at all', () => {
    const timings = { autonomyShare: 1, autonomyMeanGapMs: 20_000, autonomyActivityMs: [10_000, 30_000] as const };
    const f = fleetHarness({ units: ['U1', 'U2', 'U3'].map((id) => unitSpec(id)), timings });
    const streamed = new Set<string>();
    const seen: string[] = [];
    for (let t = 0; t < 20 * 60_000; t += 1000) {
      f.advance(1000);
      seen.push(...violations(f));
      for (const u of f.units()) {
        const s = u.snapshot();
        if (s.applications.video?.state === 'running') streamed.add(`${s.unitId}→${s.streamChannel ?? 'nothing'}`);
      }
    }
    expect(seen).toEqual([]);
    expect(streamed.size).toBeGreaterThan(0);
    for (const s of streamed) expect(s).not.toMatch(/nothing$/);

    for (const s of f.world.servers()) s.setPower(false);
    for (let t = 0; t < 20 * 60_000; t += 1000) {
      f.advance(1000);
      for (const u of f.units()) expect(u.applications.video).toBeUndefined();
    }
  });
});
