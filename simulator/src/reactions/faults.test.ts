import { describe, expect, it } from 'vitest';
import type { DeviceEvent, DeviceSpec, UnitFault } from '@fleet/contracts';
import { engineHarness, SERVERS, unitSpec as unit } from '../testing/harness.js';

/** An engine with the test playing the core; faults as a scenario applies them. */
async function world(devices: DeviceSpec[]) {
  const { engine, log } = await engineHarness({
    devices,
    servers: SERVERS,
    seed: 11,
    timings: { initiallyOffShare: 0, meanTimeBetweenOutagesMs: 0, selectionFailureChance: 0 },
  });
  engine.clock.advance(5000); // booted
  const events = <T extends DeviceEvent['type']>(type: T) =>
    log.flatMap((m) => (m.kind === 'event' && m.event.type === type ? [m.event as Extract<DeviceEvent, { type: T }>] : []));
  const apps = (unitId: string) => engine.device(unitId)!.applications;
  const fault = (unitId: string, f: UnitFault) => engine.inject({ unitId, fault: f });
  return { engine, log, events, apps, fault, advance: (ms: number) => engine.clock.advance(ms) };
}

describe('scenario faults and operations, through the engine', () => {
  it('marks a selection External when the channel is unknown or unlicensed; a good one takes one attempt', async () => {
    const w = await world([unit('U1')]);
    w.fault('U1', { type: 'selectChannel', channelId: 'CH-NOLIC' });
    w.fault('U1', { type: 'selectChannel', channelId: 'NOPE' });
    w.fault('U1', { type: 'selectChannel', channelId: 'CH-OUT' });
    expect(w.events('channelSelection').map((e) => [e.channelId, e.ok, e.external, e.attempts])).toEqual([
      ['CH-NOLIC', true, true, 1],
      ['NOPE', true, true, 1],
      ['CH-OUT', true, false, 1],
    ]);
  });

  it('retries a selection 7 times while the server is offline, then gives up; succeeds once it is back', async () => {
    const w = await world([unit('U1'), unit('U2')]);
    w.engine.inject({ serverId: 'MMH-2', fault: { type: 'serverPower', on: false } });
    w.fault('U1', { type: 'selectChannel', channelId: 'CH-2' });
    w.advance(30_000);
    expect(w.events('channelSelection').at(-1)).toMatchObject({ ok: false, attempts: 7 });
    w.fault('U2', { type: 'selectChannel', channelId: 'CH-2' });
    w.advance(5000);
    w.engine.inject({ serverId: 'MMH-2', fault: { type: 'serverPower', on: true } });
    w.advance(10_000);
    const last = w.events('channelSelection').at(-1)!;
    expect(last).toMatchObject({ unitId: 'U2', ok: true, external: false });
    expect(last.attempts).toBeGreaterThan(1);
  });

  it('streams to the selected channel: collecting and tally program on an output, released on stop', async () => {
    const w = await world([unit('U1')]);
    w.fault('U1', { type: 'camera', connected: true });
    w.fault('U1', { type: 'selectChannel', channelId: 'CH-OUT' });
    expect(w.fault('U1', { type: 'stream', start: true })).toEqual({ applied: true });
    expect(w.apps('U1').video?.state).toBe('connecting');
    w.advance(5000);
    expect(w.apps('U1').video?.state).toBe('running');
    expect(w.events('channelState').at(-1)).toMatchObject({ channelId: 'CH-OUT', status: 'collecting', allocatedToUnitUid: 'U1' });
    expect(w.events('tally').at(-1)?.tally).toBe('program');
    w.fault('U1', { type: 'stream', start: false });
    expect(w.apps('U1').video?.state).toBe('disconnecting');
    w.advance(5000);
    expect(w.apps('U1').video).toBeUndefined();
    expect(w.events('channelState').at(-1)).toMatchObject({ channelId: 'CH-OUT', status: 'idle' });
    expect(w.events('tally').at(-1)?.tally).toBe('off');
  });

  it('refuses upgrades by the rules (6802, 6803, 6810, 6199, 6808) and fails one with 6199 when the server drops', async () => {
    const w = await world([
      unit('OLD', { swVersion: '5.1' }),
      unit('LU600', { productType: 'LU600 H.264', capabilities: { hevc: false } }),
      unit('U1'),
      unit('U2'),
    ]);
    expect(w.fault('OLD', { type: 'upgrade', target: '8.5' })).toEqual({ applied: true, error: 'UPGRADE_6802' });
    expect(w.fault('U1', { type: 'upgrade', target: '11.0' })).toEqual({ applied: true, error: 'UPGRADE_6802' });
    expect(w.fault('LU600', { type: 'upgrade', target: '8.5' })).toEqual({ applied: true, error: 'UPGRADE_6803' });
    expect(w.fault('U1', { type: 'upgrade', target: '8.5', supportedProducts: ['LU300'] })).toEqual({ applied: true, error: 'UPGRADE_6810' });
    w.engine.inject({ serverId: 'MMH-1', fault: { type: 'serverBusy', busy: true } });
    expect(w.fault('U1', { type: 'upgrade', target: '8.5' })).toEqual({ applied: true, error: 'UPGRADE_6808' });
    w.engine.inject({ serverId: 'MMH-1', fault: { type: 'serverBusy', busy: false } });
    w.fault('U2', { type: 'upgradeOutcome', code: null });
    expect(w.fault('U2', { type: 'upgrade', target: '8.5' })).toEqual({ applied: true });
    w.advance(20_000);
    expect(w.apps('U2').upgrade?.state).toBe('running');
    w.engine.inject({ serverId: 'MMH-1', fault: { type: 'serverPower', on: false } });
    expect(w.fault('U1', { type: 'upgrade', target: '8.5' })).toEqual({ applied: true, error: 'UPGRADE_6199' });
    w.advance(10_000);
    expect(
      w
        .events('upgrade')
        .filter((e) => e.deviceId === 'U2')
        .at(-1),
    ).toMatchObject({ state: 'failed', failureCode: 6199 });
    expect(w.apps('U2').upgrade).toBeUndefined();
    expect(
      w
        .events('upgrade')
        .filter((e) => e.state === 'rejected')
        .map((e) => e.failureCode),
    ).toEqual([6802, 6802, 6803, 6810, 6808, 6199]);
  });

  it('runs a speed test in the speedtest state; a channel change cancels it', async () => {
    const w = await world([unit('U1')]);
    w.fault('U1', { type: 'selectChannel', channelId: 'CH-PREVIEW' });
    w.fault('U1', { type: 'speedTest', start: true });
    w.advance(4000);
    expect(w.apps('U1').video?.state).toBe('speedtest');
    w.advance(15_000);
    expect(w.events('speedTest').at(-1)).toMatchObject({ state: 'completed', error: null });
    expect(w.events('speedTest').at(-1)!.uplinkKbps).toBeGreaterThan(1000);
    w.advance(5000);
    w.fault('U1', { type: 'speedTest', start: true });
    w.advance(4000);
    w.fault('U1', { type: 'selectChannel', channelId: 'CH-OUT' });
    expect(w.events('speedTest').at(-1)).toMatchObject({ state: 'cancelled', error: 'CHANNEL_CHANGED_SPEED_TEST' });
  });

  it('refuses to send logs to a channel without logs, to a busy server, to a busy channel', async () => {
    const w = await world([unit('U1'), unit('U2'), unit('U3')]);
    expect(w.fault('U1', { type: 'fetchLogs', channelId: 'CH-IN' }).error).toBe('CHANNEL_NO_LOGS');
    expect(w.fault('U1', { type: 'fetchLogs', channelId: 'CH-PREVIEW' })).toEqual({ applied: true });
    expect(w.fault('U2', { type: 'fetchLogs', channelId: 'CH-OUT' }).error).toBe('SERVER_BUSY_SENDING_LOGS');
    w.advance(4000);
    expect(w.apps('U1').fetchlogs?.state).toBe('running');
    w.fault('U3', { type: 'camera', connected: true });
    w.fault('U3', { type: 'stream', start: true, channelId: 'CH-2' });
    w.advance(4000);
    expect(w.fault('U2', { type: 'fetchLogs', channelId: 'CH-2' }).error).toBe('CHANNEL_BUSY_OR_OFFLINE_LOGS');
  });

  it('refuses applications without their licence, and Store & Forward without an SD card', async () => {
    const w = await world([unit('NOLIC', { capabilities: { sdCard: false, databridge: false, videoReturn: false, multiCamera: false, intercom: false } })]);
    expect(w.fault('NOLIC', { type: 'app', app: 'databridge', start: true }).error).toBe('DATABRIDGE_LICENSE_DISABLED');
    expect(w.fault('NOLIC', { type: 'app', app: 'videoReturn', start: true }).error).toBe('NO_VIDEO_RETURN_LICENSE');
    expect(w.fault('NOLIC', { type: 'app', app: 'multiCamera', start: true }).error).toBe('NO_MULTI_CAMERA_LICENSE');
    expect(w.fault('NOLIC', { type: 'app', app: 'ifb', start: true }).error).toBe('INTERCOM_SERVER_MISMATCH');
    expect(w.fault('NOLIC', { type: 'record', start: true }).error).toBe('FEATURE_DISABLED');
    expect(w.apps('NOLIC')).toEqual({});
  });

  it('raises cameraDisconnected critical while live, warning when idle; stops databridge through stopping', async () => {
    const w = await world([unit('U1')]);
    w.fault('U1', { type: 'camera', connected: true });
    w.fault('U1', { type: 'stream', start: true });
    w.advance(4000);
    w.fault('U1', { type: 'camera', connected: false });
    expect(w.events('alert').at(-1)).toMatchObject({ alertType: 'cameraDisconnected', level: 'critical', sound: true });
    w.fault('U1', { type: 'stream', start: false });
    w.advance(10_000);
    expect(w.events('alert').at(-1)).toMatchObject({ alertType: 'cameraDisconnected', level: 'warning', sound: false });
    w.fault('U1', { type: 'app', app: 'databridge', start: true });
    w.advance(4000);
    w.fault('U1', { type: 'app', app: 'databridge', start: false });
    expect(w.apps('U1').databridge?.state).toBe('stopping');
  });
});
