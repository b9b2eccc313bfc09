import { describe, expect, it } from 'vitest';
import type { RecordingLine } from '@fleet/contracts';
import { REDACTED } from '@fleet/contracts/recording-file';
import { callOf, captureFleet } from './fleet-capture.js';
import { answer, header, unit } from './fleet-capture.fixtures.js';

describe('the fleet a recording saw', () => {
  it('finds the catalogue call an answer belongs to, fixed paths before parameters, under the core prefix only', () => {
    expect(callOf({ method: 'GET', path: '/api/v2/units/U1?x=1' }, '/api')?.path).toBe('/v2/units/{id}');
    expect(callOf({ method: 'GET', path: '/api/v2/admin/inventories/count' }, '/api')?.path).toBe('/v2/admin/inventories/count');
    expect(callOf({ method: 'GET', path: '/api/v2/admin/inventories/I1' }, '/api')?.path).toBe('/v2/admin/inventories/{id}');
    expect(callOf({ method: 'DELETE', path: '/api/devices/fetch' }, '/api')).toBeNull();
    expect(callOf({ method: 'GET', path: '/other/devices/fetch' }, '/api')).toBeNull();
  });

  it('takes each object as the recording last saw it, from answers and events in order', () => {
    const lines: RecordingLine[] = [
      answer(1, '/api/users/current', { groups: [{ id: 'G1', name: 'Crew', inventoryId: 'I1' }], inventories: [{ id: 'I1', name: 'News' }] }),
      answer(2, '/api/devices/fetch', [unit()]),
      answer(3, '/api/v2/units/U1', {
        ...unit({ name: 'Cam-1b' }),
        serialNumber: 'S1',
        license: { valid: true },
        modems: [],
        bitrateSamples: [
          { t: 1, kbps: 10 },
          { t: 2, kbps: 20 },
        ],
        lastReboot: null,
      }),
      {
        kind: 'event',
        t: 4,
        topic: 'group:G1',
        event: {
          type: 'unit.telemetry',
          unitId: 'U1',
          battery: { connected: true, charging: false, percentage: 5 },
          location: null,
          modems: [],
          totalBitrate: 30,
          cameraConnected: false,
          sample: { t: 3, kbps: 30 },
          at: 4,
        },
      },
      {
        kind: 'event',
        t: 5,
        topic: 'group:G1',
        event: {
          type: 'unit.status',
          unitId: 'U1',
          status: 'streaming',
          previous: 'idle',
          change: null,
          applications: { stream: { state: 'running' } } as never,
          at: 5,
        },
      },
      answer(6, '/api/channels/fetch', {
        channels: [{ channelId: 'C1', channelName: 'Ch-1', serverId: 'S9', serverName: 'Hub', status: 'idle', version: 2 }],
        counters: {},
      }),
      {
        kind: 'event',
        t: 7,
        topic: 'group:G1',
        event: { type: 'channel.status', channelId: 'C1', serverId: 'S9', status: 'collecting', previous: 'idle', at: 7 },
      },
      {
        kind: 'event',
        t: 8,
        topic: 'group:G1',
        event: { type: 'channel.status', channelId: 'C2', serverId: 'S9', status: 'collecting', previous: 'idle', at: 8 },
      },
      answer(9, '/api/v2/admin/servers', { items: [{ id: 'S8', name: 'Gone', serverType: 'mmh_server' }], total: 1 }),
      answer(10, '/api/v2/units/U2', { error: { code: 'NOT_FOUND' } }, 404),
      answer(11, '/api/v2/admin/vrChannels', {
        items: [{ uniqueId: 'V1', name: 'Ret', configuration: { inputType: 'srt', url: null, passphrase: REDACTED, destinationPort: 9000, latency: 120 } }],
      }),
      { kind: 'end', t: 12 },
    ];
    const fleet = captureFleet({ header, lines });
    expect(fleet.inventories.get('I1')?.columns).toEqual({ name: 'News' });
    expect(fleet.groups.get('G1')?.columns).toEqual({ name: 'Crew', inventoryId: 'I1' });
    const u = fleet.units.get('U1')!;
    expect(u.columns).toMatchObject({
      name: 'Cam-1b',
      productType: 'LU800',
      serialNumber: 'S1',
      selectedChannelId: 'C1',
      version: 3,
      latitude: 1,
      longitude: 2,
      lastReboot: null,
    });
    expect(u).toMatchObject({ inventoryIds: ['I1'], groupIds: ['G1'], licenseValid: true });
    // The last word on each live value: the telemetry after the detail, the status after that; samples the detail's and the event's.
    expect(u.live).toMatchObject({
      online: true,
      applications: { stream: { state: 'running' } },
      battery: { percentage: 5 },
      location: null,
      cameraConnected: false,
      totalBitrate: 30,
    });
    expect(u.live.samples).toEqual([
      { t: 1, kbps: 10 },
      { t: 2, kbps: 20 },
      { t: 3, kbps: 30 },
    ]);
    expect(fleet.channels.get('C1')?.columns).toEqual({ name: 'Ch-1', serverId: 'S9', status: 'collecting', version: 2 });
    // A channel only a status event named: its status, no name (an import makes nothing new of it).
    expect(fleet.channels.get('C2')?.columns).toEqual({ status: 'collecting' });
    expect(fleet.servers.get('S9')?.columns).toEqual({ name: 'Hub' });
    expect(fleet.servers.get('S8')?.columns).toEqual({ name: 'Gone', serverType: 'mmh_server' });
    expect(fleet.units.has('U2')).toBe(false);
    // A secret the recording left out is not a value.
    expect(fleet.vrChannels.get('V1')?.columns).toEqual({ name: 'Ret', inputType: 'srt', url: null, destinationPort: 9000, latency: 120 });
  });

  it('drops what the recording saw removed', () => {
    const lines: RecordingLine[] = [
      answer(1, '/api/devices/fetch', [unit(), unit({ uniqueId: 'U2', name: 'Cam-2' })]),
      { kind: 'event', t: 2, topic: 'group:G1', event: { type: 'device.removed', unitId: 'U2', at: 2 } },
      { kind: 'end', t: 3 },
    ];
    expect([...captureFleet({ header, lines }).units.keys()]).toEqual(['U1']);
  });
});

// ── Units' configuration, servers' configuration tabs, alerts, users, audio rooms ──────────────
