import { describe, expect, it } from 'vitest';
import type { ServerCommand } from '@fleet/contracts';
import { DEFAULT_SERVER_TIMINGS } from '../timings.js';
import { harness } from '../testing/harness.js';
import { reactToServerCommand } from './server-commands.js';
import { applyServerFault } from './server-faults.js';

const configure = (setting: string, payload: Record<string, string | number | boolean | string[] | null>): ServerCommand => ({
  type: 'configureServer',
  setting,
  payload,
});

describe('server configuration reactions', () => {
  it('changes the IFB mode only while the server is idle; other settings are taken while busy', () => {
    const h = harness();
    const hub = h.world.server('MMH-1')!;
    expect(reactToServerCommand(hub, configure('configuration', { ifbMode: 'V2' }))).toEqual({ ok: true });
    expect(hub.ifbMode).toBe('V2');
    expect(hub.allocate('CH-OUT', 'U1')).toBe(true);
    expect(reactToServerCommand(hub, configure('configuration', { ifbMode: 'V1' }))).toEqual({ ok: false, error: 'IFB_MODE_SERVER_NOT_IDLE' });
    expect(hub.ifbMode).toBe('V2');
    // The same mode again is no change; a port is not an IFB mode change.
    expect(reactToServerCommand(hub, configure('configuration', { ifbMode: 'V2', webrtcPort: 8443 }))).toEqual({ ok: true });
    hub.release('CH-OUT', 'U1');
    applyServerFault(hub, { type: 'serverBusy', busy: true });
    expect(reactToServerCommand(hub, configure('configuration', { ifbMode: 'V1' }))).toEqual({ ok: false, error: 'IFB_MODE_SERVER_NOT_IDLE' });
  });

  it('deletes a certificate only while idle, and answers nothing while offline', () => {
    const hub = harness().world.server('MMH-1')!;
    expect(reactToServerCommand(hub, configure('removeCertificate', { certificateId: 'crt-1' }))).toEqual({ ok: true });
    hub.allocate('CH-PREVIEW', 'U1');
    expect(reactToServerCommand(hub, configure('removeCertificate', { certificateId: 'crt-1' }))).toEqual({
      ok: false,
      error: 'CERTIFICATE_DELETION_DEVICE_BUSY',
    });
    hub.setPower(false);
    expect(reactToServerCommand(hub, configure('removeCertificate', { certificateId: 'crt-1' }))).toEqual({ ok: false, error: 'DEVICE_UNREACHABLE' });
  });

  it('fails certificate deletions while the certificate-deletion fault is on (spec 001 §8 certificate deletion failed)', () => {
    const hub = harness().world.server('MMH-1')!;
    applyServerFault(hub, { type: 'certificateDeletion', fails: true });
    expect(reactToServerCommand(hub, configure('removeCertificate', { certificateId: 'crt-1' }))).toEqual({ ok: false, error: 'CERTIFICATE_DELETION_FAILED' });
    // Other settings are still taken.
    expect(reactToServerCommand(hub, configure('configuration', { webrtcPort: 8443 }))).toEqual({ ok: true });
    applyServerFault(hub, { type: 'certificateDeletion', fails: false });
    expect(reactToServerCommand(hub, configure('removeCertificate', { certificateId: 'crt-1' }))).toEqual({ ok: true });
  });

  it('reports how long the server has been up: counting while up, none while down, from zero again after a reset instance, on another public address', () => {
    const h = harness();
    const hub = h.world.server('MMH-1')!;
    hub.start();
    h.advance(120_000);
    expect(hub.upTime()).toBeGreaterThanOrEqual(120);
    const publicAddress = () =>
      h
        .events('serverInfo')
        .filter((e) => e.serverId === 'MMH-1')
        .at(-1)
        ?.ips.find((ip) => ip.name === 'public')?.address;
    const before = publicAddress();
    reactToServerCommand(hub, { type: 'resetInstance' });
    expect(hub.upTime()).toBeNull();
    h.advance(DEFAULT_SERVER_TIMINGS.resetMs[1] + 1_000);
    expect(hub.upTime()).toBeLessThanOrEqual(Math.ceil((DEFAULT_SERVER_TIMINGS.resetMs[1] - DEFAULT_SERVER_TIMINGS.resetMs[0] + 1_000) / 1000));
    expect(
      h
        .events('serverState')
        .filter((e) => e.serverId === 'MMH-1')
        .at(-1)?.upTime,
    ).not.toBeNull();
    expect(before).toMatch(/^203\.0\.113\.\d+$/);
    expect(publicAddress()).not.toBe(before);
  });

  it('reports whether it runs and its interface hardware with its state: stopped and unseen while down, a plug pulled and put back; a reset instance on a new cloud instance', () => {
    const h = harness();
    const hub = h.world.server('MMH-1')!;
    hub.start();
    const last = () =>
      h
        .events('serverState')
        .filter((e) => e.serverId === 'MMH-1')
        .at(-1);
    const info = () =>
      h
        .events('serverInfo')
        .filter((e) => e.serverId === 'MMH-1')
        .at(-1);
    hub.reportServer();
    expect(last()).toMatchObject({ state: 'running', tallyHwStatus: 'connected', audioHwStatus: 'connected' });
    expect(applyServerFault(hub, { type: 'interfaceHw', hw: 'tally', connected: false })).toEqual({ ok: true });
    expect(last()).toMatchObject({ tallyHwStatus: 'disconnected', audioHwStatus: 'connected' });
    applyServerFault(hub, { type: 'interfaceHw', hw: 'tally', connected: true });
    expect(last()?.tallyHwStatus).toBe('connected');
    const before = info();
    reactToServerCommand(hub, { type: 'resetInstance' });
    expect(last()).toMatchObject({ state: 'stopped', tallyHwStatus: null, audioHwStatus: null });
    h.advance(DEFAULT_SERVER_TIMINGS.resetMs[1] + 1_000);
    expect(last()).toMatchObject({ state: 'running', tallyHwStatus: 'connected' });
    expect(info()?.deviceId).toBe(before?.deviceId ?? 'reported before the reset');
    expect(info()?.cloudInstance).not.toBe(before?.cloudInstance);
  });

  it('connects the IP pipe (connecting, then connected), fails it on fault, reports not connected when disabled', () => {
    const h = harness();
    const hub = h.world.server('MMH-1')!;
    const states = () =>
      h
        .events('serverConfigState')
        .filter((e) => e.serverId === 'MMH-1')
        .map((e) => e.state);
    reactToServerCommand(hub, configure('ippipe', { enabled: true, port: 7000, servers: ['a'] }));
    expect(states()).toEqual(['connecting']);
    h.advance(DEFAULT_SERVER_TIMINGS.ipPipeConnectMs[1]);
    expect(states()).toEqual(['connecting', 'connected']);
    hub.ipPipeFails = true;
    reactToServerCommand(hub, configure('ippipe', { enabled: true, port: 7001, servers: ['a'] }));
    // Overtaken at once by a disabling change: the first connection reports nothing more.
    reactToServerCommand(hub, configure('ippipe', { enabled: false, port: 7001, servers: [] }));
    h.advance(DEFAULT_SERVER_TIMINGS.ipPipeConnectMs[1]);
    expect(states()).toEqual(['connecting', 'connected', 'connecting', 'not_connected']);
    reactToServerCommand(hub, configure('ippipe', { enabled: true, port: 7001, servers: [] }));
    h.advance(DEFAULT_SERVER_TIMINGS.ipPipeConnectMs[1]);
    expect(states().at(-1)).toBe('failed');
  });

  it('resets the instance: offline with its channels (a unit’s allocation dropped), then back online and idle', () => {
    const h = harness();
    const hub = h.world.server('MMH-1')!;
    hub.allocate('CH-OUT', 'U1');
    expect(reactToServerCommand(hub, { type: 'resetInstance' })).toEqual({ ok: true });
    expect(hub.status()).toBe('offline');
    expect(hub.channels.get('CH-OUT')).toMatchObject({ status: 'offline', allocatedTo: null });
    // Asked again while down for that reset: the same reset, accepted; a configuration still cannot be sent.
    expect(reactToServerCommand(hub, { type: 'resetInstance' })).toEqual({ ok: true });
    expect(reactToServerCommand(hub, configure('smpte', {}))).toEqual({ ok: false, error: 'DEVICE_UNREACHABLE' });
    h.advance(DEFAULT_SERVER_TIMINGS.resetMs[1]);
    expect(hub.status()).toBe('online');
    expect(hub.channels.get('CH-OUT')?.status).toBe('idle');
    expect(
      h
        .events('serverState')
        .map((e) => e.status)
        .slice(-2),
    ).toEqual(['offline', 'online']);
  });

  it('takes a new spec: channels added are reported, removed ones forgotten, running ones keep their state', () => {
    const h = harness();
    const hub = h.world.server('MMH-1')!;
    hub.allocate('CH-OUT', 'U1');
    const [keep] = hub.spec.channels.filter((c) => c.channelId === 'CH-OUT');
    hub.updateSpec({ ...hub.spec, channels: [keep!, { ...keep!, channelId: 'CH-NEW', name: 'new' }] });
    expect([...hub.channels.keys()]).toEqual(['CH-OUT', 'CH-NEW']);
    expect(hub.channels.get('CH-OUT')).toMatchObject({ status: 'collecting', allocatedTo: 'U1' });
    expect(h.events('channelState').at(-1)).toMatchObject({ channelId: 'CH-NEW', status: 'idle' });
  });
});

describe('a server going offline mid-stream', () => {
  it('takes the unit’s stream with its channel, and the channel is idle once the server is back', () => {
    const h = harness();
    const hub = h.world.server('MMH-1')!;
    expect(h.startStream('CH-OUT')).toEqual({ ok: true });
    h.advance(2000);
    expect(h.device.applications.video?.state).toBe('running');
    expect(hub.channels.get('CH-OUT')).toMatchObject({ status: 'collecting', allocatedTo: h.device.spec.unitId });
    hub.setPower(false);
    h.advance(10_000);
    expect(h.device.applications.video).toBeUndefined();
    hub.setPower(true);
    expect(hub.channels.get('CH-OUT')?.status).toBe('idle');
  });
});
