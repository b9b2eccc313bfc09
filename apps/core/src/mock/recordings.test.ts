import { describe, expect, it } from 'vitest';
import { RECORDING_FORMAT, RECORDING_VERSION, type DeviceSpec, type Recording, type ServerSpec } from '@fleet/contracts';
import { createdIdOf, fileNameOf, recordedFleet, summarise } from './recordings.js';

describe('createdIdOf', () => {
  it('takes the id the answer names, else its uniqueId', () => {
    expect(createdIdOf('{"id":"grp-1","uniqueId":"U-1"}')).toBe('grp-1');
    expect(createdIdOf(Buffer.from('{"uniqueId":"LU800-0001","name":"x"}'))).toBe('LU800-0001');
  });

  it('is null for anything else: no answer, not JSON, not an object, ids that are not strings', () => {
    expect(createdIdOf(null)).toBeNull();
    expect(createdIdOf('')).toBeNull();
    expect(createdIdOf('{not json')).toBeNull();
    expect(createdIdOf('[{"id":"a"}]')).toBeNull();
    expect(createdIdOf('"a"')).toBeNull();
    expect(createdIdOf('{"id":7}')).toBeNull();
    expect(createdIdOf('{"unit":{"id":"nested"}}')).toBeNull();
  });
});

describe('fileNameOf', () => {
  it('keeps a recording name as it is and makes any other fit for a file name', () => {
    expect(fileNameOf('modem-failure')).toBe('modem-failure.ndjson.gz');
    expect(fileNameOf('from a "real" core!')).toBe('from-a-real-core.ndjson.gz');
    expect(fileNameOf('../../etc/passwd')).toBe('etc-passwd.ndjson.gz');
    expect(fileNameOf('   ')).toBe('recording.ndjson.gz');
  });
});

describe('recordedFleet', () => {
  it('keeps what a replay recreates a unit and a server from, and no more', () => {
    const device: DeviceSpec = {
      unitId: 'LU800-0001',
      name: 'Cam 1',
      productType: 'LU800',
      typeGroup: 'fieldUnits',
      swVersion: '8.5',
      capabilities: { ptmp: false },
    };
    const server = {
      serverId: 'MMH-0001',
      name: 'Hub',
      serverType: 'mmh',
      productType: 'MMH',
      swVersion: '3.1',
      maxChannels: 4,
      channels: [{ channelId: 'MMH-0001-CH1', name: 'Ch 1', type: 'sdi', swVersion: '3.1', licensed: true }],
      vrChannels: [{ vrChannelId: 'VR-1', name: 'Return 1', inputType: 'sdi', status: 'off' }],
    } as unknown as ServerSpec; // only the fields the recording keeps matter here
    expect(recordedFleet([device], [server])).toEqual({
      units: [{ unitId: 'LU800-0001', name: 'Cam 1', productType: 'LU800', typeGroup: 'fieldUnits', swVersion: '8.5' }],
      servers: [
        {
          serverId: 'MMH-0001',
          name: 'Hub',
          serverType: 'mmh',
          channels: [{ channelId: 'MMH-0001-CH1', name: 'Ch 1' }],
          vrChannels: [{ vrChannelId: 'VR-1', name: 'Return 1' }],
        },
      ],
    });
  });
});

describe('summarise', () => {
  it('counts the lines by kind and takes the duration from the end line', () => {
    const recording: Recording = {
      header: {
        format: RECORDING_FORMAT,
        version: RECORDING_VERSION,
        name: 'r',
        source: 'core',
        startedAt: 1000,
        seed: null,
        clock: null,
        fleet: { units: [], servers: [] },
      },
      lines: [
        // Events as far as a summary looks at them (their kind); the rest of their shape does not matter here.
        { kind: 'event', t: 5, topic: 'group:g1', event: { type: 'unit.status', unitId: 'U', status: 'idle', previous: null } as never },
        { kind: 'request', t: 7, userId: 'u', method: 'POST', path: '/x', status: 201, createdId: null },
        { kind: 'event', t: 9, topic: 'group:g1', event: { type: 'unit.status', unitId: 'U', status: 'offline', previous: 'idle' } as never },
        { kind: 'answer', t: 11, method: 'GET', path: '/api/devices/fetch', status: 200, response: [], durationMs: 2 },
        { kind: 'end', t: 42 },
      ],
    };
    expect(summarise('abc', recording, 321)).toEqual({
      id: 'abc',
      name: 'r',
      source: 'core',
      startedAt: 1000,
      durationMs: 42,
      counts: { device: 0, request: 1, event: 2, answer: 1 },
      bytes: 321,
      active: false,
    });
  });
});
