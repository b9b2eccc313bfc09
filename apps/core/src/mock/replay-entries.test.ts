import { describe, expect, it } from 'vitest';
import { RECORDING_FORMAT, RECORDING_VERSION, type Recording, type RecordingHeader, type RecordingLine } from '@fleet/contracts';
import { deviceMessageOf, durationOf, mentionedDevices, replayEntries, splitEntries, unitOfMessage, type DerivationContext } from './replay-entries.js';
import { mapIds } from './replays.js';

const header = (source: 'mock' | 'core'): RecordingHeader => ({
  format: RECORDING_FORMAT,
  version: RECORDING_VERSION,
  name: 'test',
  source,
  startedAt: 1_000_000,
  seed: source === 'mock' ? 1 : null,
  clock: null,
  fleet: {
    units: [{ unitId: 'U-1', name: 'one', productType: 'LU800', typeGroup: 'fieldUnits' }],
    servers: [
      {
        serverId: 'S-1',
        name: 'hub',
        serverType: 'mmh_server',
        channels: [{ channelId: 'S-1-CH1', name: 'ch1' }],
        vrChannels: [{ vrChannelId: 'VR-1', name: 'vr' }],
      },
    ],
  },
});

const context: DerivationContext = {
  serverOfChannel: (id) => (id === 'S-1-CH1' ? 'S-1' : null),
  serverOfVrChannel: (id) => (id === 'VR-1' ? 'S-1' : null),
  serverSwVersion: () => '10.1',
};

const telemetry = {
  kind: 'telemetry' as const,
  unitId: 'U-2',
  battery: null,
  location: null,
  modems: [],
  cameraConnected: true,
  sample: { t: 5, kbps: 0 },
  at: 5,
};

const mockLines: RecordingLine[] = [
  { kind: 'device', t: 0, message: { kind: 'state', unitId: 'U-1', online: true, applications: {}, at: 1 } },
  { kind: 'event', t: 1, topic: 'inventory:inv-1', event: { type: 'device.added', unitId: 'U-1', at: 1 } },
  { kind: 'request', t: 2, userId: 'user-1', method: 'PUT', path: 'v2/units/U-1', body: { name: 'x' }, status: 200, createdId: null },
  {
    kind: 'device',
    t: 3,
    message: {
      kind: 'event',
      event: { type: 'channelState', serverId: 'S-9', channelId: 'S-9-CH4', status: 'idle', allocatedToUnitUid: null, licensed: true },
      at: 3,
    },
  },
  { kind: 'device', t: 5, message: telemetry },
  { kind: 'end', t: 7 },
];

describe('replayEntries', () => {
  it('plays a mock recording’s device reports and REST writes, never its events', () => {
    const plan = replayEntries({ header: header('mock'), lines: mockLines }, context);
    expect(plan.entries.map((e) => [e.kind, e.t])).toEqual([
      ['device', 0],
      ['request', 2],
      ['device', 3],
      ['device', 5],
    ]);
    // The request entry names its line (index among the lines after the header).
    expect(plan.entries[1]).toEqual({ kind: 'request', t: 2, index: 2 });
    expect(plan.notReplayable).toBe(0);
  });

  it('derives device reports from an events-only recording and counts what no device causes', () => {
    const lines: RecordingLine[] = [
      {
        kind: 'event',
        t: 0,
        topic: 'inventory:inv-1',
        event: { type: 'unit.status', unitId: 'U-1', status: 'offline', previous: 'online', change: null, applications: {}, at: 10 },
      },
      {
        kind: 'event',
        t: 1,
        topic: 'inventory:inv-1',
        event: {
          type: 'unit.telemetry',
          unitId: 'U-1',
          battery: { connected: true, charging: false, percentage: 40 },
          location: null,
          modems: [],
          totalBitrate: 0,
          cameraConnected: false,
          sample: { t: 11, kbps: 0 },
          at: 11,
        },
      },
      {
        kind: 'event',
        t: 2,
        topic: 'inventory:inv-1',
        event: { type: 'channel.status', channelId: 'S-1-CH1', serverId: null, status: 'collecting', previous: 'idle', at: 12 },
      },
      {
        kind: 'event',
        t: 3,
        topic: 'inventory:inv-1',
        event: { type: 'vrChannel.status', vrChannelId: 'VR-1', status: 'inputConnected', previous: 'offline', at: 13 },
      },
      { kind: 'event', t: 4, topic: 'inventory:inv-1', event: { type: 'server.status', serverId: 'S-1', status: 'rebooting', previous: 'online', at: 14 } },
      {
        kind: 'event',
        t: 5,
        topic: 'inventory:inv-1',
        event: { type: 'alert.cleared', alertId: 'a1', alertType: 'battery', unitId: 'U-1', serverId: null, channelId: null, at: 15 },
      },
      { kind: 'event', t: 6, topic: 'inventory:inv-1', event: { type: 'device.removed', unitId: 'U-1', at: 16 } },
      {
        kind: 'event',
        t: 7,
        topic: 'inventory:inv-1',
        event: { type: 'channel.status', channelId: 'UNKNOWN', serverId: null, status: 'idle', previous: null, at: 17 },
      },
      { kind: 'end', t: 8 },
    ];
    const plan = replayEntries({ header: header('core'), lines }, context);
    expect(plan.notReplayable).toBe(2);
    const messages = plan.entries.map((e) => (e.kind === 'device' ? e.message : null));
    expect(messages[0]).toEqual({ kind: 'state', unitId: 'U-1', online: false, applications: {}, at: 10 });
    expect(messages[1]).toMatchObject({ kind: 'telemetry', unitId: 'U-1', battery: { percentage: 40 }, cameraConnected: false, at: 11 });
    expect(messages[2]).toEqual({
      kind: 'event',
      at: 12,
      event: { type: 'channelState', serverId: 'S-1', channelId: 'S-1-CH1', status: 'collecting', allocatedToUnitUid: null, licensed: true },
    });
    expect(messages[3]).toEqual({ kind: 'event', at: 13, event: { type: 'vrChannelState', serverId: 'S-1', vrChannelId: 'VR-1', status: 'inputConnected' } });
    // Another core's wording of a server's status counts as up.
    expect(messages[4]).toEqual({
      kind: 'event',
      at: 14,
      event: { type: 'serverState', serverId: 'S-1', online: true, status: 'online', cpu: 0, storage: 0, swVersion: '10.1' },
    });
    expect(messages[5]).toMatchObject({ kind: 'event', event: { type: 'alert', unitId: 'U-1', alertType: 'battery', level: null } });
  });

  it('turns raised alerts and upgrades back into device events', () => {
    const raised = deviceMessageOf(
      {
        kind: 'event',
        t: 0,
        topic: 'inventory:inv-1',
        event: {
          type: 'alert.raised',
          alert: {
            id: 'a',
            type: 'serverCpu',
            level: 'critical',
            message: 'hot',
            unitId: null,
            serverId: 'S-1',
            channelId: null,
            raisedAt: '2026-01-01T00:00:00.000Z',
          },
          at: 3,
        },
      },
      context,
    );
    expect(raised).toEqual({
      kind: 'event',
      at: 3,
      event: {
        type: 'alert',
        unitId: null,
        serverId: 'S-1',
        channelId: null,
        alertType: 'serverCpu',
        level: 'critical',
        message: 'hot',
        value: null,
        sound: true,
      },
    });
  });
});

describe('splitEntries', () => {
  it('gives a unit’s reports to its shard and everything else to the first', () => {
    const plan = replayEntries({ header: header('mock'), lines: mockLines }, context);
    const parts = splitEntries(plan.entries, 2, (unitId) => (unitId === 'U-2' ? 1 : unitId === 'U-1' ? 0 : null));
    expect(parts[0]!.map((e) => e.t)).toEqual([0, 2, 3]);
    expect(parts[1]!.map((e) => e.t)).toEqual([5]);
    // A unit no shard runs goes to the first.
    expect(splitEntries(plan.entries, 2, () => null)[0]).toHaveLength(4);
  });

  it('names the unit of a device report', () => {
    expect(unitOfMessage(telemetry)).toBe('U-2');
    const upgrading = (deviceType: 'server' | 'unit', deviceId: string) =>
      unitOfMessage({
        kind: 'event',
        at: 0,
        event: { type: 'upgrade', deviceType, deviceId, fromVersion: '1', targetVersion: '2', state: 'upgrading', progress: 1, failureCode: null },
      });
    expect(upgrading('server', 'S-1')).toBeNull();
    expect(upgrading('unit', 'U-3')).toBe('U-3');
  });
});

describe('mentionedDevices', () => {
  it('collects the header’s fleet and every id the lines name', () => {
    const recording: Recording = { header: header('mock'), lines: mockLines };
    const m = mentionedDevices(recording);
    expect([...m.units.keys()].sort()).toEqual(['U-1', 'U-2']);
    expect(m.units.get('U-1')?.name).toBe('one');
    expect([...m.servers.keys()].sort()).toEqual(['S-1', 'S-9']);
    expect([...m.servers.get('S-9')!.channels.keys()]).toEqual(['S-9-CH4']);
    expect(m.servers.get('S-1')!.vrChannels.get('VR-1')).toBe('vr');
    expect(durationOf(recording)).toBe(7);
  });
});

describe('mapIds', () => {
  it('replaces recorded ids in a path and in body strings that are exactly one', () => {
    const ids = new Map([['old-1', 'new-1']]);
    expect(mapIds('v2/stories/old-1/units?x=old-1', ids)).toBe('v2/stories/new-1/units?x=new-1');
    expect(mapIds({ id: 'old-1', list: ['old-1', 'old-12x'], n: 3 }, ids)).toEqual({ id: 'new-1', list: ['new-1', 'old-12x'], n: 3 });
    expect(mapIds({ id: 'old-1' }, new Map())).toEqual({ id: 'old-1' });
  });
});
