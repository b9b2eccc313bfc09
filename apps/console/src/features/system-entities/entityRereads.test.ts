import { describe, expect, it } from 'vitest';
import { staleDeviceReads } from './entityRereads';

describe('system devices live reads', () => {
  it('reads the servers or the gateways again on systemDevice.changed, by kind', () => {
    expect(staleDeviceReads({ type: 'systemDevice.changed', kind: 'server', id: 's', removed: true, at: 1 })).toEqual(['searchAdminServers']);
    expect(staleDeviceReads({ type: 'systemDevice.changed', kind: 'dbGateway', id: 'g', removed: false, at: 1 })).toContain('getAdminDbGateway');
  });

  it('reads channels and video return channels again on their events, nothing on others', () => {
    expect(staleDeviceReads({ type: 'channel.removed', channelId: 'c', at: 1 })).toContain('searchAdminChannels');
    expect(staleDeviceReads({ type: 'vrChannel.removed', uniqueId: 'v', at: 1 })).toContain('searchAdminVrChannels');
    expect(staleDeviceReads({ type: 'device.added', unitId: 'u', at: 1 })).toEqual([]);
  });
});
