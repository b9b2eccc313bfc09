import { describe, expect, it } from 'vitest';
import { checkCore, checkUnit } from './expect.js';

const unit = {
  status: 'streaming',
  applications: { video: { state: 'running' } },
  modems: [
    { port: 1, connected: true, enabled: true, roaming: false, activeSim: 'A', uplinkKbps: 2000 },
    { port: 2, connected: false, enabled: true, roaming: false, activeSim: 'B', uplinkKbps: 0 },
  ],
  battery: { connected: true, charging: false, percentage: 8 },
  totalBitrate: 2000,
  cameraConnected: true,
  licenseValid: true,
  swVersion: '8.5',
  tally: null,
  location: { lat: 51.5, lng: -0.1, address: 'London' },
  alerts: [{ type: 'battery', level: 'critical' }],
  bitrateSamples: [
    { t: 1, kbps: 1 },
    { t: 2, kbps: 2 },
  ],
};

describe('expectations on what the core reports', () => {
  it('pass when every field given holds', () => {
    expect(
      checkUnit(unit, {
        status: ['streaming', 'streamingandforwarding'],
        applications: { has: ['video'], lacks: ['store'], states: { video: 'running' } },
        modems: [{ port: 2, connected: false, activeSim: 'B', uplinkKbps: { below: 1 } }],
        connectedModems: { below: 2 },
        battery: { percentage: { below: 10 }, charging: false },
        totalBitrate: { above: 1000 },
        alerts: { has: [{ type: 'battery', level: 'critical' }], lacks: ['bitrateDrop'] },
        location: { lat: { above: 51, below: 52 } },
        tally: null,
        bitrateSamples: { above: 1 },
      }),
    ).toEqual([]);
  });

  it('name each mismatch', () => {
    expect(
      checkUnit(unit, { status: 'idle', modems: [{ port: 3 }], battery: { percentage: { above: 50 } }, alerts: { has: [{ type: 'cameraDisconnected' }] } }),
    ).toEqual([
      'status = "streaming", expected idle',
      'modem 3 not reported',
      'battery % = 8, expected above 50',
      'alerts: no cameraDisconnected alert (have critical battery)',
    ]);
    expect(checkUnit(null, { status: 'idle' })).toEqual(['status = undefined, expected idle']);
  });

  it('check the core views: upgrades, alerts, files, selection, servers, channels', () => {
    const views = {
      unit: {
        upgrade: { state: 'failed', failureCode: 6199, targetVersion: '8.5' },
        activeAlerts: [{ type: 'bitrateDrop', level: 'warning' }],
        files: [
          { fileName: 'a_part1.mp4', status: 'uploaded' },
          { fileName: 'a_part2.mp4', status: 'pending' },
        ],
        transfersStarted: 1,
        transfersCompleted: 1,
        selection: { channelId: 'CH1', external: true, attempts: 1 },
      },
      channel: { status: 'collecting' },
    };
    expect(
      checkCore(views, {
        upgrade: { state: 'failed', failureCode: 6199 },
        activeAlerts: { has: [{ type: 'bitrateDrop' }] },
        files: { count: { above: 1 }, withStatus: 'uploaded', namesMatch: '_part[0-9]+\\.mp4$', transfersCompleted: { above: 0 } },
        selection: { external: true },
        channel: { channelId: 'CH1', status: ['collecting', 'online'] },
      }),
    ).toEqual([]);
    expect(checkCore(views, { upgrade: { failureCode: 6808 }, files: { withStatus: 'rejected' }, server: { status: 'online' } })).toEqual([
      'upgrade failureCode = 6199, expected 6808',
      'files: none rejected (have uploaded, pending)',
      'server status = undefined, expected "online"',
    ]);
  });

  it('checks a channel’s point-to-multipoint receivers by uid: status and bitrate', () => {
    const views = {
      channel: {
        channelId: 'CH-1',
        status: 'collecting',
        ptmpStatuses: [
          { uid: 'A', status: 'streaming', bitrate: 5200 },
          { uid: 'B', status: 'lost', bitrate: 0 },
        ],
      },
    };
    const ptmp = (want: { uid: string; status?: string; bitrate?: { above?: number; below?: number } }[]) =>
      checkCore(views, { channel: { channelId: 'CH-1', ptmp: want } });
    expect(
      ptmp([
        { uid: 'A', status: 'streaming', bitrate: { above: 1000 } },
        { uid: 'B', status: 'lost', bitrate: { below: 1 } },
      ]),
    ).toEqual([]);
    expect(ptmp([{ uid: 'B', status: 'streaming', bitrate: { above: 1000 } }, { uid: 'C' }])).toEqual([
      'ptmp receiver B status = "lost", expected "streaming"',
      'ptmp receiver B bitrate = 0, expected above 1000',
      'channel CH-1: no ptmp receiver C',
    ]);
  });
});
