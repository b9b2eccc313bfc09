/**
 * Each fleet invariant holds over an ordinary run, and reports what broke when the simulator is
 * broken on purpose (a method stubbed out, a state poked): the checks can fail, and say where.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceToCore } from '@fleet/contracts';
import { countChannels, deriveUnitStatusFromReport, statusChangeEvent } from '@fleet/domain';
import { ServerDevice } from '../server-device.js';
import { fleetHarness } from '../testing/harness.js';
import { UnitApplications } from '../unit/applications.js';
import { UnitStream } from '../unit/stream.js';
import { TimerScope } from '../unit/timers.js';
import { checkDerived, compareReadModel, compareViews, emptyCoreView, ReportFold } from './core.js';
import { checkFleet, describeViolation, readFleet, type InvariantName } from './fleet.js';
import { CommandLedger } from './ledger.js';

type Fleet = ReturnType<typeof fleetHarness>;

const truthOf = (f: Fleet) => readFleet(f.units(), f.world.servers(), f.clock.now());
const check = (f: Fleet) => checkFleet(truthOf(f)).map(describeViolation);
const named = (f: Fleet, name: InvariantName) =>
  checkFleet(truthOf(f))
    .filter((v) => v.invariant === name)
    .map(describeViolation);
const fold = (sent: readonly DeviceToCore[]) => {
  const r = new ReportFold();
  for (const m of sent) r.apply(m);
  return r.view;
};

afterEach(() => vi.restoreAllMocks());

describe('fleet invariants over the simulator', () => {
  it('hold through streams, stops, a server going down and back, power cycles and reboots', () => {
    const f = fleetHarness();
    const seen: string[] = [];
    const step = (ms: number) => {
      for (let t = 0; t < ms; t += 250) {
        f.advance(250);
        seen.push(...check(f), ...compareReadModel(truthOf(f), fold(f.sent)).map(describeViolation));
      }
    };
    expect(f.startStream('U1', 'CH-OUT')).toEqual({ ok: true });
    expect(f.startStream('U2')).toEqual({ ok: true });
    step(3000);
    expect(f.channel('CH-OUT')).toMatchObject({ status: 'collecting', allocatedTo: 'U1' });
    expect(f.channel('CH-2')).toMatchObject({ status: 'collecting', allocatedTo: 'U2' });
    f.world.server('MMH-1')!.setPower(false);
    step(3000);
    f.world.server('MMH-1')!.setPower(true);
    expect(f.startStream('U1', 'CH-PREVIEW')).toEqual({ ok: true });
    step(2000);
    f.unit('U1').setPower(false);
    step(1000);
    f.unit('U1').setPower(true);
    f.unit('U2').reboot();
    step(12_000);
    expect(seen).toEqual([]);
  });

  it('stream-target: a unit streaming while its channel stays idle and allocated to nobody is reported', () => {
    const f = fleetHarness();
    // The server says yes and allocates nothing.
    vi.spyOn(ServerDevice.prototype, 'allocate').mockReturnValue(true);
    expect(f.startStream('U1', 'CH-OUT')).toEqual({ ok: true });
    f.advance(2000);
    expect(named(f, 'stream-target')).toEqual(['[stream-target] U1: streams video (running) to channel CH-OUT, which is idle and allocated to nobody']);
  });

  it('stream-target: a unit streaming to nothing is reported', () => {
    const f = fleetHarness();
    f.startStream('U1', 'CH-OUT');
    f.advance(2000);
    Reflect.set(f.unit('U1').stream, 'streamChannel', null);
    expect(named(f, 'stream-target')).toEqual(['[stream-target] U1: streams video (running) to nothing: no channel and no External destination']);
  });

  it('channel-owner: two units on one channel, and a channel collecting for nobody, are reported', () => {
    const f = fleetHarness();
    f.startStream('U1', 'CH-OUT');
    vi.spyOn(ServerDevice.prototype, 'allocate').mockReturnValue(true);
    f.startStream('U2', 'CH-OUT');
    f.advance(2000);
    expect(named(f, 'channel-owner')).toContain('[channel-owner] CH-OUT: both U1 and U2 stream to it');
    f.channel('CH-PREVIEW')!.status = 'collecting';
    expect(named(f, 'channel-owner')).toContain('[channel-owner] CH-PREVIEW: is collecting for nobody');
  });

  it('tally: a unit on air whose tally stayed off is reported', () => {
    const f = fleetHarness();
    f.startStream('U1', 'CH-OUT');
    f.advance(2000);
    expect(named(f, 'tally')).toEqual([]);
    Reflect.set(f.unit('U1').stream, 'tallyNow', 'off');
    expect(named(f, 'tally')).toEqual(['[tally] U1: tally is off while video is running on output channel CH-OUT (expected program)']);
  });

  it('off-holds-nothing: a unit switched off that keeps its channel is reported (and the channel it keeps)', () => {
    const f = fleetHarness();
    f.startStream('U1', 'CH-OUT');
    f.advance(2000);
    vi.spyOn(UnitStream.prototype, 'release').mockImplementation(() => {});
    f.unit('U1').setPower(false);
    const found = check(f);
    expect(found).toContain('[off-holds-nothing] U1: is off but holds channel CH-OUT; tally program');
    expect(found).toContain('[channel-owner] CH-OUT: is allocated to U1, which is off');
  });

  it('timer-life: a timer of an earlier power-on firing in the next is reported, and one pending while off', () => {
    const f = fleetHarness();
    // A scope that forgets to cancel: the stream's start-up timer outlives the power-off.
    vi.spyOn(TimerScope.prototype, 'clear').mockImplementation(() => {});
    f.startStream('U1', 'CH-OUT');
    f.unit('U1').setPower(false);
    expect(named(f, 'off-holds-nothing')).toEqual(['[off-holds-nothing] U1: is off but holds 1 timer(s) of its last power-on']);
    f.unit('U1').setPower(true);
    f.advance(2000);
    expect(named(f, 'timer-life')).toEqual(['[timer-life] U1: 1 timer(s) of an earlier power-on fired in power-on 2']);
    // The stale timer did nothing: the unit came back idle, not streaming.
    expect(f.unit('U1').applications).toEqual({});
  });

  it('video-return-owner: a video return channel left collecting for a unit that stopped is reported', () => {
    const f = fleetHarness();
    expect(f.unit('U1').startApp('videoReturn', { vrChannelId: 'VR-1' })).toEqual({ ok: true });
    f.advance(1500);
    vi.spyOn(ServerDevice.prototype, 'releaseVideoReturn').mockImplementation(() => {});
    f.unit('U1').stopApp('videoReturn');
    f.advance(1000);
    expect(named(f, 'video-return-owner')).toEqual(['[video-return-owner] VR-1: collects for U1, which runs no video return']);
  });
});

describe('fleet invariants against what the core is told and answers', () => {
  it('read-model: a channel change never reported (no channelState) is reported against the truth', () => {
    const f = fleetHarness();
    vi.spyOn(ServerDevice.prototype as unknown as { reportChannel(): void }, 'reportChannel').mockImplementation(() => {});
    f.startStream('U1', 'CH-OUT');
    f.advance(2000);
    const view = fold(f.sent);
    view.channels.set('CH-OUT', { status: 'idle', allocatedTo: null });
    expect(compareReadModel(truthOf(f), view).map(describeViolation)).toEqual([
      '[read-model] CH-OUT: reports says idle; the channel is collecting (U1 streams to it)',
      '[read-model] CH-OUT: reports says allocated to nobody; the channel is allocated to U1',
    ]);
  });

  it('read-model: a unit state the core did not apply shows as a status the applications do not give', () => {
    const f = fleetHarness();
    f.startStream('U1', 'CH-OUT');
    f.advance(2000);
    // A core that lost the reports since the start: the unit looks idle.
    const view = fold(f.sent.filter((m) => !(m.kind === 'state' && m.applications.video)));
    expect(compareReadModel(truthOf(f), view).map(describeViolation)).toEqual(['[read-model] U1: reports says idle; the unit runs video running (streaming)']);
    // Its own rule and the domain's agree on every report the unit sent.
    for (const m of f.sent) if (m.kind === 'state') expect(fold([m]).units.get(m.unitId)?.status).toBe(deriveUnitStatusFromReport(m));
  });

  it('ws-equals-rest: a view that folded one event less than REST answers is reported', () => {
    const rest = emptyCoreView('REST');
    const ws = emptyCoreView('/ws');
    rest.channels.set('CH-OUT', { status: 'collecting' });
    ws.channels.set('CH-OUT', { status: 'idle' });
    rest.units.set('U1', { status: 'streaming' });
    ws.units.set('U1', { status: 'streaming' });
    expect(compareViews(rest, ws).map(describeViolation)).toEqual(['[ws-equals-rest] CH-OUT: channel: /ws folds to idle, REST answers collecting']);
  });

  it('derived-counters: counters, group statuses and counter transitions off the §4 rules are reported; the domain’s agree', () => {
    const channels = [
      { channelId: 'a', status: 'idle' },
      { channelId: 'b', status: 'collecting' },
      { channelId: 'c', status: 'unavailable' },
      { channelId: 'd', status: 'upgrading' },
    ] as const;
    const subjects = channels.map((c) => ({
      status: c.status,
      type: 'preview' as const,
      hasSdi: false,
      hasSmpte: false,
      hasCdn: false,
      isStudio: false,
      isSharing: false,
      isDistributor: false,
      isOutput: false,
      isInput: false,
    }));
    const domain = countChannels(subjects);
    expect(checkDerived([{ subject: 'grp', channels, counters: domain, status: 'idle' }], [])).toEqual([]);
    expect(checkDerived([{ subject: 'grp', channels, counters: { ...domain, busy: 1 }, status: 'collecting' }], []).map(describeViolation)).toEqual([
      '[derived-counters] grp: busy counter is 1; its 4 channels give 2',
      '[derived-counters] grp: group channel status is collecting; its channels (idle, collecting, unavailable, upgrading) give idle',
    ]);
    const statuses = ['offline', 'idle', 'streaming', 'storeandforward', 'speedtest', 'forwarding', 'unavailable'] as const;
    for (const previous of statuses) {
      for (const status of statuses) {
        expect(checkDerived([], [{ unitId: 'U1', previous, status, change: statusChangeEvent(previous, status) }])).toEqual([]);
      }
    }
    expect(checkDerived([], [{ unitId: 'U1', previous: 'idle', status: 'streaming', change: 'offlineToStreaming' }]).map(describeViolation)).toEqual([
      '[derived-counters] U1: unit.status idle → streaming carries offlineToStreaming transition; the §4 rule gives onlineToStreaming',
    ]);
  });

  it('command-effect: an accepted start that never takes effect is reported once its start-up time has passed', () => {
    const f = fleetHarness();
    const ledger = new CommandLedger(5000);
    expect(f.startStream('U1', 'CH-OUT')).toEqual({ ok: true });
    ledger.streamAccepted('U1', 'CH-OUT', f.clock.now(), 'POST v2/units/U1/stream {channelId: CH-OUT}');
    // Accepted, and the application never starts.
    vi.spyOn(UnitApplications.prototype, 'start').mockReturnValue(true);
    expect(f.startStream('U2', 'CH-PREVIEW')).toEqual({ ok: true });
    ledger.streamAccepted('U2', 'CH-PREVIEW', f.clock.now(), 'POST v2/units/U2/stream {channelId: CH-PREVIEW}');
    f.advance(2000);
    expect(ledger.check(truthOf(f))).toEqual([]);
    f.advance(3000);
    expect(ledger.check(truthOf(f)).map(describeViolation)).toEqual([
      '[command-effect] U2: POST v2/units/U2/stream {channelId: CH-PREVIEW} was accepted 5000 ms ago, yet the unit has video not running and nothing ended the stream',
    ]);
    expect(ledger.pending).toBe(0);
  });
});
