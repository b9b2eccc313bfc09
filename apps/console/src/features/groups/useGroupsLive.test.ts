import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { GroupDetail, GroupListRow } from '@fleet/contracts';
import { endpointKey } from '../../api/hooks';
import { applyToGroupCaches } from './useGroupsLive';

const row: GroupListRow = {
  id: 'g1',
  name: 'Studio',
  inventoryId: 'inv',
  inventoryName: 'Inv',
  createdOn: '2026-01-01T00:00:00.000Z',
  counts: { units: 1, channels: 0, vrChannels: 0, users: 2 },
  version: 3,
};
const listKey = endpointKey('fetchGroups', {});
const detailsKey = endpointKey('fetchGroupDetails', { query: { groupUid: 'g1' } });
const adhocKey = endpointKey('getGroupAdhocSettings', { params: { groupId: 'g1' } });

function client(): QueryClient {
  const qc = new QueryClient();
  qc.setQueryData(listKey, [row]);
  // Only the id and version of the open group matter here.
  qc.setQueryData(detailsKey, [{ ...row, members: { unitIds: [], channelIds: [], vrChannelIds: [], userIds: [] } } as unknown as GroupDetail]);
  qc.setQueryData(adhocKey, { groupId: 'g1', mode: null, period: '1d', code: null, codeCreatedAt: null, version: 3 });
  return qc;
}

describe('group caches follow /ws events', () => {
  it('a rename elsewhere patches the list row and marks the open group and its versioned reads stale', () => {
    const qc = client();
    applyToGroupCaches(qc, { type: 'group.changed', group: { ...row, name: 'Studio-Live', version: 4 }, at: 1 });
    expect(qc.getQueryData<GroupListRow[]>(listKey)?.[0]?.name).toBe('Studio-Live');
    expect(qc.getQueryState(detailsKey)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(adhocKey)?.isInvalidated).toBe(true);
  });

  it('the same version again (another topic) leaves the open group as read', () => {
    const qc = client();
    applyToGroupCaches(qc, { type: 'group.changed', group: row, at: 1 });
    expect(qc.getQueryState(detailsKey)?.isInvalidated).toBe(false);
  });

  it('a removal drops the row', () => {
    const qc = client();
    applyToGroupCaches(qc, { type: 'group.removed', groupId: 'g1', at: 1 });
    expect(qc.getQueryData<GroupListRow[]>(listKey)).toEqual([]);
    expect(qc.getQueryState(detailsKey)?.isInvalidated).toBe(true);
  });
});
