import { describe, expect, it } from 'vitest';
import type { ServerSpec } from '@fleet/contracts';
import { channelSpec } from '../testing/harness.js';
import { cloudInstanceId, interfaceHwStatus, serverApplications, serverDeviceId, serverInfo, serverRunState } from './server-info.js';

const spec = (serverId: string, serverType: ServerSpec['serverType'], vr = 0): ServerSpec => ({
  serverId,
  name: serverId,
  serverType,
  productType: 'p',
  swVersion: '10.1',
  maxChannels: 4,
  channels: [],
  vrChannels: Array.from({ length: vr }, (_, i) => ({
    vrChannelId: `${serverId}-VR${i + 1}`,
    name: `vr${i + 1}`,
    inputType: 'sdi' as const,
    status: 'idle' as const,
  })),
});

describe('serverInfo (what a server reports about itself as it comes up)', () => {
  it('is the same for the same server and instance, whoever computes it', () => {
    expect(serverInfo(spec('MMH-1', 'mmh_server'), 0)).toEqual(serverInfo(spec('MMH-1', 'mmh_server'), 0));
    expect(serverInfo(spec('MMH-1', 'mmh_server'), 0).ips).not.toEqual(serverInfo(spec('MMH-2', 'mmh_server'), 0).ips);
  });

  it('a new instance has another public address and the same private one', () => {
    const [pub0, priv0] = serverInfo(spec('MMH-1', 'mmh_server'), 0).ips;
    const [pub1, priv1] = serverInfo(spec('MMH-1', 'mmh_server'), 1).ips;
    expect(pub0?.name).toBe('public');
    expect(pub0?.address).toMatch(/^203\.0\.113\.\d+$/);
    expect(priv0?.address).toMatch(/^10\.\d+\.\d+\.\d+$/);
    expect(pub1?.address).not.toBe(pub0?.address);
    expect(priv1).toEqual(priv0);
  });

  it.each<[ServerSpec['serverType'], string, string]>([
    ['mmh_server', 'smpte2110', 'videoReturn'],
    ['vr_server', 'videoReturn', 'smpte2110'],
    ['ingest_server', 'ingest', 'ifb'],
    ['transceiver_server', 'transceiverFeed', 'ingest'],
  ])('a %s has %s and not %s, every feature named', (type, has, hasNot) => {
    const info = serverInfo(spec('S-1', type), 0);
    expect(info.capabilities[has]).toBe(true);
    expect(info.capabilities[hasNot]).toBe(false);
    expect(Object.keys(info.capabilities)).toEqual(Object.keys(serverInfo(spec('S-2', 'mmh_server'), 0).capabilities));
    expect(info.specifications).toMatchObject({ cpuCores: expect.any(Number), memoryGb: expect.any(Number) });
  });

  it('says what each channel can do: 4K on a hub’s SDI-backed channels, not on its previews; logs as the channel supports them', () => {
    const channel = (channelId: string, type: 'preview' | 'output' | 'input') => channelSpec(channelId, type, { swVersion: '10.1' });
    const hub = { ...spec('MMH-1', 'mmh_server'), channels: [channel('P', 'preview'), channel('O', 'output'), channel('I', 'input')] };
    expect(serverInfo(hub, 0).channels.map((c) => [c.channelId, c.capabilities.fourK, c.capabilities.supportsLogs])).toEqual([
      ['P', false, true],
      ['O', true, true],
      ['I', true, false],
    ]);
    const ingest = { ...spec('ING-1', 'ingest_server'), channels: [channel('X', 'input')] };
    expect(serverInfo(ingest, 0).channels[0]?.capabilities).toMatchObject({ fourK: false, ndi: false, smpte2110: false });
  });

  it('gives each video return channel a receiving address on the public one, a port each', () => {
    const info = serverInfo(spec('VRS-1', 'vr_server', 2), 3);
    const pub = info.ips[0]?.address;
    expect(info.vrChannels).toEqual([
      { vrChannelId: 'VRS-1-VR1', ips: [`${pub}:9000`] },
      { vrChannelId: 'VRS-1-VR2', ips: [`${pub}:9001`] },
    ]);
  });

  it('keeps the device id through a reset instance; a new instance runs on a new cloud instance', () => {
    const [first, reset] = [serverInfo(spec('MMH-1', 'mmh_server'), 0), serverInfo(spec('MMH-1', 'mmh_server'), 1)];
    expect(first.deviceId).toBe(serverDeviceId('MMH-1'));
    expect(first.deviceId).toMatch(/^LU-SRV-[0-9A-F]{12}$/);
    expect(reset.deviceId).toBe(first.deviceId);
    expect(serverDeviceId('MMH-2')).not.toBe(first.deviceId);
    expect(first.cloudInstance).toMatch(/^i-[0-9a-f]{17}$/);
    expect(reset.cloudInstance).not.toBe(first.cloudInstance);
    expect(cloudInstanceId('MMH-1', 1)).toBe(reset.cloudInstance);
  });

  it('runs while up, is stopped while down', () => {
    expect(serverRunState(true)).toBe('running');
    expect(serverRunState(false)).toBe('stopped');
  });

  it.each<[ServerSpec['serverType'], 'tally' | 'audio', boolean, boolean, string | null]>([
    ['mmh_server', 'tally', true, false, 'connected'],
    ['mmh_server', 'audio', true, false, 'connected'],
    ['mmh_server', 'tally', true, true, 'disconnected'],
    ['mmh_server', 'audio', true, true, 'disconnected'],
    ['mmh_server', 'tally', false, false, null],
    ['vr_server', 'tally', true, false, null],
    ['ingest_server', 'audio', true, false, null],
    ['transceiver_server', 'audio', true, true, null],
  ])('a %s’s %s interface, up %s, unplugged %s: %s', (type, hw, online, unplugged, expected) => {
    expect(interfaceHwStatus(type, hw, online, unplugged)).toBe(expected);
  });
});

describe('serverApplications (what runs on a server, spec 001 §3 Server applications)', () => {
  it('is empty while the server is down, whatever its channels were doing', () => {
    expect(serverApplications(false, true, [{ status: 'collecting' }], [{ status: 'collecting' }])).toEqual({});
  });

  it('runs video while a channel takes a stream or plays a file out, video return while a return channel sends, upgrade while upgrading', () => {
    expect(serverApplications(true, false, [{ status: 'idle' }], [{ status: 'inputConnected' }])).toEqual({});
    expect(serverApplications(true, false, [{ status: 'idle' }, { status: 'collecting' }], [])).toEqual({ video: { state: 'running' } });
    expect(serverApplications(true, false, [{ status: 'PlayStoredFile' }], [])).toEqual({ video: { state: 'running' } });
    expect(serverApplications(true, false, [], [{ status: 'collecting' }])).toEqual({ videoReturn: { state: 'running' } });
    expect(serverApplications(true, true, [{ status: 'upgrading' }], [])).toEqual({ upgrade: { state: 'running' } });
  });
});
