import { describe, expect, it } from 'vitest';
import { addressText, capabilityRows, idBatches, ptmpReceivers, serverLicences, stunTurnLifetimeMs } from './channelDetails';
import { makeChannel } from '../../test-utils/channels';

describe('channel detail helpers', () => {
  it('splits ids into requests of at most 100, without duplicates or blanks', () => {
    const ids = Array.from({ length: 230 }, (_, i) => `c${i}`);
    const batches = idBatches([...ids, 'c1', ' ']);
    expect(batches.map((b) => b.length)).toEqual([100, 100, 30]);
    expect(batches.flat()).toEqual(ids);
    expect(idBatches([])).toEqual([]);
  });

  it('words the addresses the server reports', () => {
    expect(addressText('10.0.0.1')).toBe('10.0.0.1');
    expect(addressText({ ip: '10.0.0.2', name: 'eth0' })).toBe('10.0.0.2 (eth0)');
    expect(addressText({ address: '2001:db8::1' })).toBe('2001:db8::1');
    expect(addressText({ other: 1 })).toBe('{"other":1}');
  });

  it('lists capabilities by name', () => {
    expect(capabilityRows({ sdi: true, codecs: ['h264'], model: 'LU800' })).toEqual([
      ['codecs', '["h264"]'],
      ['model', 'LU800'],
      ['sdi', 'true'],
    ]);
  });

  it('keeps STUN/TURN information for turnExpiration seconds (spec 001 §9)', () => {
    expect(stunTurnLifetimeMs({ turnExpiration: 3600 })).toBe(3_600_000);
    expect(stunTurnLifetimeMs(undefined)).toBe(0);
  });

  it('joins the chosen receivers with what the server reports of them', () => {
    const rows = ptmpReceivers({
      machines: [{ uid: 'u1' }, { uid: 'u2' }],
      ptmpStatuses: [
        { uid: 'u2', status: 'connected', bitrate: 4000 },
        { uid: 'u9', status: 'connecting', bitrate: 0 },
      ],
    });
    expect(rows).toEqual([
      { uid: 'u1', chosen: true, status: null, bitrate: null },
      { uid: 'u2', chosen: true, status: 'connected', bitrate: 4000 },
      { uid: 'u9', chosen: false, status: 'connecting', bitrate: 0 },
    ]);
  });

  it('gives each server’s output licence once, by server name', () => {
    const licences = serverLicences([
      { channel: makeChannel({ channelId: 'a', serverId: 's2', serverName: 'zeta' }), outputLicence: { licensed: 4, used: 3 } },
      { channel: makeChannel({ channelId: 'b', serverId: 's1', serverName: 'alpha' }), outputLicence: { licensed: null, used: 1 } },
      { channel: makeChannel({ channelId: 'c', serverId: 's2', serverName: 'zeta' }), outputLicence: { licensed: 4, used: 3 } },
    ]);
    expect(licences).toEqual([
      { serverId: 's1', serverName: 'alpha', licensed: null, used: 1 },
      { serverId: 's2', serverName: 'zeta', licensed: 4, used: 3 },
    ]);
  });
});
