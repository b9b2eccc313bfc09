/** Video return channels for the unit tests of the video return area and the system entities. */
import type { GroupVrChannelList, VrChannelDetail } from '@fleet/contracts';
import { countVrChannels } from '../features/video-return/vrFilters';

export function vrChannel(uniqueId: string, patch: Partial<VrChannelDetail> = {}): VrChannelDetail {
  return {
    uniqueId,
    name: `VR-${uniqueId}`,
    description: '',
    status: 'idle',
    uptime: null,
    serialNumber: null,
    inputStandard: null,
    inputParameters: {},
    p2MPStreamingStatuses: [],
    urlData: {},
    serverId: 'VRS-1',
    serverName: 'VRS-1',
    configuration: { inputType: 'disabled', url: null, passphrase: null, destinationPort: null, latency: null },
    inventoryIds: ['inv-1'],
    groupIds: ['grp-1'],
    version: 1,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...patch,
  };
}

export function groupList(items: VrChannelDetail[], groupId = 'grp-1'): GroupVrChannelList {
  return { groupId, items, counters: countVrChannels(items) };
}
